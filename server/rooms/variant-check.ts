// Refuses variant options the engine does not know, or whose value has the wrong kind.
import { DEFAULT_VARIANT } from "../engine/variant.ts";

export function checkVariant(variant: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(variant)) {
    if (!(key in DEFAULT_VARIANT)) return `There is no variant option "${key}".`;
    const expected = (DEFAULT_VARIANT as unknown as Record<string, unknown>)[key];
    const kind = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);
    if (kind(value) !== kind(expected)) return `The variant option "${key}" must be of kind ${kind(expected)}.`;
    if (typeof expected === "string" && typeof value === "string") {
      // String options are enumerations; their allowed values are documented in the README.
      if (value.length > 40) return `The variant option "${key}" has an unknown value.`;
    }
  }
  return null;
}
