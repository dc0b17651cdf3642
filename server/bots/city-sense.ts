// How a bot reads the table: what a threat point is worth to it now, how much threat each problem in
// the city is likely to cause, what a district's production is worth towards the demand, and whose
// capital it cares about (its own; against its rival's).
//
// Fair play: a bot reads only what its player could know. Public: the city, threat, supply, demand,
// round, capital, assets, emergency actions, the offers, support counts, hand sizes, the next event's
// category (the card back). Its own: hand, rival, investment, and what its own card lets it look at.
// Never another seat's hand, rival or investment, and never the order of any deck.
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { CorpId, DistrictId, NextDistrict, Resource } from "../../shared/catalog/types.ts";
import { districtAt, type District, type Table } from "./table.ts";

type DistrictState = District;

export type Problem = "humanFirst" | "orgcrime" | "outage" | "strike" | "protest" | "illness";

/** How much a bot minds its rival corp gaining capital, against its own gain. */
export const RIVAL_WEIGHT = 0.8;
/** With its own corp as rival a bot must out-earn most players: it minds everyone's gains a little. */
export const OWN_CORP_RIVAL_WEIGHT = 0.25;
/** Threat added when a unit or token reaches The Root, and when a card involves illness (A10). */
export const ROOT_THREAT = 2;
export const ILLNESS_THREAT = 2;
const THREAT_MAX = 25;

export interface Sense {
  s: Table;
  me: number;
  /** Capital one threat point is worth to me now (negative for a rich Federalist: it wants 25). */
  threatWeight: number;
  rivalSeat: number | null;
  ownCorpRival: boolean;
  /** The next event's category, printed on its back. */
  category: string | null;
  /** Supply still missing for the current demand, per resource. */
  shortfall: Record<Resource, number>;
  /** Threat points one needed unit of supply is worth (the demand penalty spread over the shortfall). */
  unitWorth: number;
  /** Production phases left before the next demand round. */
  productionsLeft: number;
  /** Guesses already made during this decision (card-value.ts), by title, then resolver. */
  memo: Map<string, unknown[]>;
  /** Sums about this city shared by every seat and step while it stays the same. */
  table: CityTable;
}

/** Memos of pure functions of the city (everything in cityKey), shared between decisions. */
export interface CityTable {
  /** The public reading of the table, the same for every seat. */
  shared: { shortfall: Record<Resource, number>; unitWorth: number; productionsLeft: number } | null;
  problem: number[];
  place: number[];
  android: number[];
  /** Card guesses (card-value.ts), by title. */
  guesses: Map<string, unknown>;
}
const PROBLEM_INDEX: Record<Problem, number> = { humanFirst: 0, orgcrime: 1, outage: 2, strike: 3, protest: 4, illness: 5 };
const MOVER_INDEX = { humanFirst: 0, orgcrime: 1, outage: 2, illness: 3 } as const;
const SLOTS = 16; // district ids 1..10 (and room for overrides)
const tables = new Map<string, CityTable>();
const TABLES_KEPT = 32;

/** Information Procurement is funded more often from this threat on (card-value.ts). */
export const PROCUREMENT_THREAT = 12;
const CONDITION_CODE = { none: 0, protest: 1, strike: 2, outage: 3 } as const;

/** Everything the city sums read, as a short string (a pure memo key: same key, same sums). */
function cityKey(s: Table, category: string | null): string {
  // the card guesses read threat only against Information Procurement's threshold
  const codes: number[] = [s.players, s.round, s.threat >= PROCUREMENT_THREAT ? 1 : 0];
  for (const d of s.districts) {
    codes.push(
      CONDITION_CODE[d.condition] | (d.illness ? 4 : 0) | (d.development ? 8 : 0) | (d.android ? 16 : 0) | (d.humanFirst ? 32 : 0) | (d.orgcrime ? 64 : 0) | (d.prisec ? 128 : 0),
    );
  }
  // supply matters as far as the demand still lacks it (and credits for Spin Doctors)
  const demand = s.demand;
  for (const r of RESOURCES) codes.push(Math.max(0, (demand.targets[r] ?? 0) - s.supply[r]));
  codes.push(s.supply.credits > 0 ? 1 : 0);
  // the board's layout (overrides included) and the rules the guesses read
  const r = s.rules;
  const layout = s.districts.map((d) => `${d.tier}${d.primary}${d.secondary}${d.production.primary}${d.production.secondary}${d.next}`).join(",");
  return String.fromCharCode(...codes) + demand.id + "|" + category + "|" + r.contractScope + r.melangeContract + r.prisecBlocksEnemyUnits + r.tieWinner + "|" + layout;
}

function cityTable(s: Table, category: string | null): CityTable {
  const key = cityKey(s, category);
  let t = tables.get(key);
  if (!t) {
    if (tables.size >= TABLES_KEPT) tables.delete(tables.keys().next().value!);
    t = {
      shared: null,
      problem: new Array<number>(6 * SLOTS).fill(NaN),
      place: new Array<number>(4 * SLOTS).fill(NaN),
      android: new Array<number>(2 * SLOTS).fill(NaN),
      guesses: new Map(),
    };
    tables.set(key, t);
  }
  return t;
}

/** A district's layout (tier, resources, production, next district) as this table plays it. */
export function districtDef(s: Table, id: DistrictId): District {
  return districtAt(s, id);
}

export function seatOfCorp(s: Table, corp: CorpId | string): number {
  return s.seats.findIndex((p) => p.corp === corp);
}

function productionsBeforeDemand(s: Table): number {
  let n = 0;
  for (let r = s.round; r < s.roundTrack.length && s.roundTrack[r] !== "D"; r++) n++;
  return n;
}

/** How the bot at `s.me` reads its table. */
export function readTable(s: Table): Sense {
  const me = s.me;
  const mine = s.seats[me]!;
  // only the category: the back of the top card is public, its face is not
  const category = s.category;
  const table = cityTable(s, category);
  const sense: Sense = {
    s,
    me,
    threatWeight: 0,
    rivalSeat: null,
    ownCorpRival: s.rival === mine.corp,
    category,
    shortfall: table.shared?.shortfall ?? ({} as Record<Resource, number>),
    unitWorth: table.shared?.unitWorth ?? 0,
    productionsLeft: table.shared?.productionsLeft ?? 1,
    memo: new Map(),
    table,
  };
  if (!table.shared) {
    const demand = s.demand;
    let missing = 0;
    for (const r of RESOURCES) {
      sense.shortfall[r] = Math.max(0, (demand?.targets[r] ?? 0) - s.supply[r]);
      missing += sense.shortfall[r];
    }
    sense.unitWorth = missing > 0 ? Math.min(1.5, (demand?.penalty ?? USUAL_PENALTY) / Math.max(missing, 3)) : 0.1;
    sense.productionsLeft = Math.max(1, productionsBeforeDemand(s));
    table.shared = { shortfall: sense.shortfall, unitWorth: sense.unitWorth, productionsLeft: sense.productionsLeft };
  }
  if (s.rival !== "federalist" && s.rival !== mine.corp) {
    const seat = seatOfCorp(s, s.rival);
    sense.rivalSeat = seat >= 0 ? seat : null;
  }
  sense.threatWeight = threatWeight(sense, projectedThreat(sense));
  return sense;
}

/** Threat a round adds on average (events, The Root, illness), for projecting where threat will end. */
export const THREAT_PER_ROUND = 2.5;
/** Chance that a future demand (not yet revealed) goes unmet, and its usual penalty. */
const FUTURE_DEMAND_MISS = 0.4;
const USUAL_PENALTY = 6;

/** Where threat is heading by the end of the game if play goes on as usual. */
export function projectedThreat(sense: Sense): number {
  const s = sense.s;
  let standard = 0;
  let demands = 0;
  for (let r = s.round; r < s.roundTrack.length; r++) {
    if (s.roundTrack[r] === "D") demands++;
    else standard++;
  }
  const missing = RESOURCES.reduce((n, r) => n + sense.shortfall[r], 0);
  const demand = s.demand;
  const thisDemand = demands > 0 ? Math.min(1, missing / (4 * sense.productionsLeft + 1)) * (demand?.penalty ?? USUAL_PENALTY) : 0;
  const later = Math.max(0, demands - 1) * FUTURE_DEMAND_MISS * USUAL_PENALTY;
  return s.threat + expectedEventThreat(sense) + THREAT_PER_ROUND * Math.max(0, standard - 1) + thisDemand + later;
}

/** Capital per threat point: everyone loses at 25, so a point weighs more the closer threat heads to 25. */
function threatWeight(sense: Sense, heading: number): number {
  const { s, me } = sense;
  const normal = 0.5 + 8 / (1 + Math.exp(-(heading - THREAT_MAX) / 3));
  if (s.rival !== "federalist") return normal;
  // The Federalist never wins at a normal end; at 25 threat it wins with at least 25 capital.
  const capital = s.seats[me]!.capital;
  if (capital >= 25) return -0.6;
  if (capital >= 20) return 0.1;
  return normal * 0.5;
}

/** What a capital gain for `seat` is worth to me. */
export function capitalWorth(sense: Sense, seat: number, amount: number): number {
  if (seat === sense.me) return amount;
  if (seat === sense.rivalSeat) return -RIVAL_WEIGHT * amount;
  if (sense.ownCorpRival) return -OWN_CORP_RIVAL_WEIGHT * amount;
  return 0;
}

// ---- the city ----

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

/** Threat points the coming event is likely to add, from its category and the city now. */
export function expectedEventThreat(sense: Sense): number {
  const s = sense.s;
  let hf = 0;
  let oc = 0;
  let outage = 0;
  let unrest = 0;
  let strike = 0;
  for (const d of s.districts) {
    if (d.humanFirst) hf++;
    if (d.orgcrime) oc++;
    if (d.condition === "outage") outage++;
    if (d.condition === "strike") strike++;
    if (d.condition === "protest" || d.condition === "strike") unrest++;
  }
  switch (sense.category) {
    case "human-first":
      return Math.min(4, hf * 0.9);
    case "orgcrime":
      return Math.min(4, oc * 0.9);
    case "outage":
      return Math.min(5, outage * 1.2);
    case "protest-strike":
      return Math.min(5, unrest * 0.5 + strike * 0.5);
    default:
      return 1;
  }
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
