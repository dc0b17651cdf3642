// The Production Phase (A5.2): every district with an android is exploited. It produces (strike or
// outage: nothing; orgcrime: no primary; development: primary +1), then its unrest rises one stage,
// or two with a Human First unit, which places an outage when unrest cannot rise two stages.
import type { Resource } from "../../shared/catalog/types.ts";
import { D, place, raiseUnrest } from "./city.ts";
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { district, districtName } from "./data.ts";
import type { GameState } from "./state.ts";
import { productionSupplyLine } from "../../shared/phase-lines.ts";

export function addSupply(c: Ctx, r: Resource, n: number): number {
  const s = c.s;
  const before = s.supply[r];
  s.supply[r] = Math.max(0, Math.min(s.variant.supplyMax, before + n));
  return s.supply[r] - before;
}

/** What a district yields now; `ignoreOrgcrime` for Liquidation. */
export function yieldOf(s: GameState, id: number, ignoreOrgcrime = false): Partial<Record<Resource, number>> {
  const d = D(s, id);
  const def = district(s, id);
  const out: Partial<Record<Resource, number>> = {};
  if (d.condition === "strike" || d.condition === "outage") return out;
  if (!d.orgcrime || ignoreOrgcrime) out[def.primary] = def.production.primary + (d.development ? 1 : 0);
  if (def.secondary) out[def.secondary] = (out[def.secondary] ?? 0) + def.production.secondary;
  return out;
}

/** Adds a district's yield to the supply; returns a phrase for the log. */
export function produce(c: Ctx, id: number, ignoreOrgcrime = false): string {
  const parts: string[] = [];
  for (const [r, n] of Object.entries(yieldOf(c.s, id, ignoreOrgcrime)) as [Resource, number][]) {
    if (n > 0) parts.push(`${addSupply(c, r, n)} ${r}`);
  }
  return parts.length ? parts.join(" and ") : "nothing";
}

export function exploit(c: Ctx, id: number): void {
  const s = c.s;
  const got = produce(c, id);
  log(c, "production", `${districtName(id)} produces ${got}.`);
  const d = D(s, id);
  if (d.humanFirst) {
    // two stages, or an outage when it cannot rise two (a new outage moves if there already is one)
    if (d.condition === "none") raiseUnrest(c, id, 2);
    else place(c, "outage", id);
  } else {
    raiseUnrest(c, id, 1);
  }
}

/** The "production" stage. */
export function runProduction(c: Ctx): void {
  const s = c.s;
  log(c, "phase", "Production Phase.");
  const before = { ...s.supply };
  const ids = s.districts.filter((d) => d.android).map((d) => d.id);
  ids.sort((a, b) => (s.variant.exploitationOrder === "ascending" ? a - b : b - a));
  for (const id of ids) {
    if (s.result) return;
    exploit(c, id);
  }
  if (s.result) return;
  // The phase's account, for its report: the supply before and after.
  log(c, "production", productionSupplyLine(before, s.supply));
  s.stage = "event";
}
