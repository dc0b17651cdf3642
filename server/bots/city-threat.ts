// What the things in the city cost, in threat points, as a bot reads them (city-sense.ts reads the
// table around them): each problem where it stands (the coming event, production lost, The Root),
// placing, moving or clearing one, unrest up or down, an android's and a district's production
// towards the demand, and an event card seen on top of the deck. The sums are pure functions of the
// city, kept in the city's memo (CityTable) while it stays the same.
import { catalog } from "../../shared/catalog/index.ts";
import type { DistrictId, NextDistrict, Resource } from "../../shared/catalog/types.ts";
import type { District as DistrictState, Table } from "./table.ts";
import { MOVER_INDEX, PROBLEM_INDEX, ROOT_THREAT, SLOTS, districtDef, type Problem, type Sense } from "./city-sense.ts";

function tierBonus(sense: Sense, id: DistrictId): number {
  const tier = districtDef(sense.s, id).tier;
  return tier === 3 ? 1 : tier === 2 ? 0.5 : 0;
}

/** Threat a unit or token near The Root brings when events move it (+2 when it enters). */
function rootRisk(sense: Sense, id: DistrictId): number {
  const next = districtDef(sense.s, id).next;
  if (next === "root") return 0.5;
  return districtDef(sense.s, next).next === "root" ? 0.2 : 0;
}

/** Threat points of supply one resource unit brings towards the demand. */
export function resourceWorth(sense: Sense, r: Resource, units: number): number {
  const need = sense.shortfall[r];
  const useful = Math.min(units, need);
  return (useful + (units - useful) * 0.1) * sense.unitWorth;
}

/** What a district produces per Production Phase, in threat points (0 unless it has an android or `asIf`). */
export function productionWorth(sense: Sense, d: DistrictState, asIf = false): number {
  if (!d.android && !asIf) return 0;
  if (d.condition === "strike" || d.condition === "outage") return 0;
  const def = districtDef(sense.s, d.id);
  let w = 0;
  if (!d.orgcrime) w += resourceWorth(sense, def.primary, def.production.primary + (d.development ? 1 : 0));
  if (def.secondary) w += resourceWorth(sense, def.secondary, def.production.secondary);
  return w * Math.min(2, sense.productionsLeft);
}

/** Expected threat points one problem causes where it stands (the coming event, production lost, The Root). */
export function problemThreat(sense: Sense, kind: Problem, d: DistrictState): number {
  if (d !== sense.s.districts[d.id - 1]) return problemThreatNow(sense, kind, d);
  const i = PROBLEM_INDEX[kind] * SLOTS + d.id;
  const known = sense.table.problem[i]!;
  if (!Number.isNaN(known)) return known;
  return (sense.table.problem[i] = problemThreatNow(sense, kind, d));
}

function problemThreatNow(sense: Sense, kind: Problem, d: DistrictState): number {
  const cat = sense.category;
  const prod = d.android ? productionWorth(sense, { ...d, condition: "none" }) : 0;
  switch (kind) {
    case "humanFirst":
      return 0.5 + (cat === "human-first" ? 1.2 + tierBonus(sense, d.id) : 0) + (d.android ? 0.8 : 0) + rootRisk(sense, d.id);
    case "orgcrime": {
      const def = districtDef(sense.s, d.id);
      const primary = d.android ? resourceWorth(sense, def.primary, def.production.primary) : 0;
      return 0.5 + (cat === "orgcrime" ? 1.2 + tierBonus(sense, d.id) : 0) + primary + rootRisk(sense, d.id);
    }
    case "outage":
      return 0.6 + (cat === "outage" ? 1.2 + tierBonus(sense, d.id) : 0) + prod;
    case "strike":
      return 0.4 + (cat === "protest-strike" ? 1 : 0) + prod;
    case "protest":
      return 0.15 + (cat === "protest-strike" ? 0.5 : 0) + (d.android ? 0.3 : 0);
    case "illness":
      return 0.8 + rootRisk(sense, d.id) * 0.5;
  }
}

/** Threat points of a district's condition (unrest or outage). */
export function conditionThreat(sense: Sense, d: DistrictState, condition: DistrictState["condition"]): number {
  return condition === "none" ? 0 : problemThreat(sense, condition, d);
}

/** Threat points saved by lowering unrest `stages` stages (outage is not unrest). */
export function lowerUnrestWorth(sense: Sense, d: DistrictState, stages: number): { worth: number; stages: number } {
  if (d.condition !== "protest" && d.condition !== "strike") return { worth: 0, stages: 0 };
  const level = d.condition === "strike" ? 2 : 1;
  const after = Math.max(0, level - stages);
  const to = after === 2 ? "strike" : after === 1 ? "protest" : "none";
  return { worth: conditionThreat(sense, d, d.condition) - conditionThreat(sense, d, to), stages: level - after };
}

/** Threat points added by raising unrest one stage (strike and outage do not change). */
export function raiseUnrestHarm(sense: Sense, d: DistrictState): number {
  if (d.condition === "strike" || d.condition === "outage") return 0;
  const to = d.condition === "protest" ? "strike" : "protest";
  return conditionThreat(sense, d, to) - conditionThreat(sense, d, d.condition);
}

type Mover = "humanFirst" | "orgcrime" | "outage" | "illness";

function canHold(s: Table, kind: Mover, d: DistrictState): boolean {
  if (kind === "illness") return !d.illness;
  if (kind === "outage") return d.condition !== "outage";
  if (d[kind]) return false;
  return !(s.rules.prisecBlocksEnemyUnits && d.prisec);
}

/** Where a placed (or moving) unit or token would end: the first district along `next` that can hold it. */
export function landing(sense: Sense, kind: Mover, start: NextDistrict): NextDistrict {
  let at = start;
  for (let guard = 0; at !== "root" && guard < 20; guard++) {
    const d = sense.s.districts[at - 1]!;
    if (canHold(sense.s, kind, d)) return at;
    at = districtDef(sense.s, at).next;
  }
  return "root";
}

/** Threat points of placing one `kind` in district `id` (a surplus copy moves on, maybe into The Root). */
export function placeHarm(sense: Sense, kind: Mover, id: DistrictId): number {
  const i = MOVER_INDEX[kind] * SLOTS + id;
  const known = sense.table.place[i]!;
  if (!Number.isNaN(known)) return known;
  return (sense.table.place[i] = placeHarmNow(sense, kind, id));
}

function placeHarmNow(sense: Sense, kind: Mover, id: DistrictId): number {
  const at = landing(sense, kind, id);
  if (at === "root") return ROOT_THREAT;
  const d = sense.s.districts[at - 1]!;
  if (kind === "outage") return problemThreat(sense, "outage", d) - conditionThreat(sense, d, d.condition);
  return problemThreat(sense, kind, d);
}

/** Threat points of moving one `kind` out of district `id` (it lands further on, or in The Root). */
export function moveOnHarm(sense: Sense, kind: "humanFirst" | "orgcrime", id: DistrictId): number {
  const d = sense.s.districts[id - 1]!;
  const next = districtDef(sense.s, id).next;
  const at = landing(sense, kind, next);
  const there = at === "root" ? ROOT_THREAT : problemThreat(sense, kind, sense.s.districts[at - 1]!);
  return there - problemThreat(sense, kind, d);
}

/** Threat points one android produces where it stands (a worse district is a better one to move it from). */
export function androidWorth(sense: Sense, d: DistrictState, asIf = false): number {
  if (d !== sense.s.districts[d.id - 1]) return androidWorthNow(sense, d, asIf);
  const i = (asIf ? SLOTS : 0) + d.id;
  const known = sense.table.android[i]!;
  if (!Number.isNaN(known)) return known;
  return (sense.table.android[i] = androidWorthNow(sense, d, asIf));
}

function androidWorthNow(sense: Sense, d: DistrictState, asIf: boolean): number {
  let w = productionWorth(sense, d, asIf);
  if (d.humanFirst) w -= 0.8; // production there doubles unrest
  if (d.condition === "protest") w -= 0.3; // one more production and it strikes
  return w;
}

/** Threat points of an event card, were it to come next (for a player looking at the top of the deck). */
export function eventThreat(sense: Sense, eventId: string): number {
  const e = catalog.events.find((x) => x.id === eventId);
  if (!e) return 0;
  const s = sense.s;
  const count = (test: (d: DistrictState) => boolean) => s.districts.filter(test).length;
  const matches = (d: DistrictState, c: "outage" | "strike" | "protest-or-strike") =>
    c === "outage" ? d.condition === "outage" : c === "strike" ? d.condition === "strike" : d.condition === "protest" || d.condition === "strike";
  const movers = (unit: "humanFirst" | "orgcrime", times: number) =>
    s.districts.filter((d) => d[unit]).reduce((n, d) => n + (rootRisk(sense, d.id) > 0 ? ROOT_THREAT * Math.min(1, times * 0.5) : 0), 0);
  const t = e.threat;
  let threat = 0;
  switch (t.kind) {
    case "move-all":
      threat = movers(t.unit, t.times);
      break;
    case "per-unit":
      threat = t.amount * count((d) => d[t.unit]);
      break;
    case "per-district":
      threat = t.amount * count((d) => matches(d, t.condition));
      break;
    case "if-at-least":
      threat = count((d) => matches(d, t.condition)) >= t.count ? t.amount : 0;
      break;
    case "if-in-tier": {
      const holds = (d: DistrictState) => (t.what === "outage" ? d.condition === "outage" : d[t.what]);
      const hit = t.tiers.find(({ tier }) => s.districts.some((d) => holds(d) && districtDef(s, d.id).tier === tier));
      threat = hit ? hit.amount : t.otherwise === "move-all" && t.what !== "outage" ? movers(t.what, 1) : 0;
    }
  }
  // its bottom half adds problems too
  const placed = e.place.humanFirst.length + e.place.orgcrime.length + e.place.outage.length + e.place.illness.length;
  return threat + placed * 0.4;
}
