// The engine's side of the rule options: the defaults and their documentation are public
// (shared/variant.ts, the lobby's form lists them); here the engine fills a table's choices in.
import type { Variant } from "../../shared/view.ts";
import { DEFAULT_VARIANT } from "../../shared/variant.ts";

/** The options, one by one: declared with the views (shared/view.ts), since every player sees them. */
export type { Variant };

export { DEFAULT_VARIANT, VARIANT_DOCS, type VariantDoc } from "../../shared/variant.ts";

/** The first game's corporations: the Corporation Setup sidebar's order, clockwise from the first player (Jinteki first). */
export const FIRST_GAME_CORPS: Partial<Variant> = { corpAssignment: "order" };

/** Fills in the defaults; unknown keys are dropped so that the state holds only real options. */
export function resolveVariant(v: Partial<Variant> | undefined): Variant {
  const out: Variant = { ...DEFAULT_VARIANT };
  for (const k of Object.keys(DEFAULT_VARIANT) as (keyof Variant)[]) {
    if (v && v[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = v[k];
  }
  out.tokenPools = { ...DEFAULT_VARIANT.tokenPools, ...(v?.tokenPools ?? {}) };
  return out;
}
