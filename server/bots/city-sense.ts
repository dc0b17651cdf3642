// How a bot reads the table: what a threat point is worth to it now (where threat is heading), what
// the demand still lacks, and whose capital it cares about (its own; against its rival's). What each
// problem in the city costs, and a district's production towards the demand: city-threat.ts.
//
// Fair play: a bot reads only what its player could know. Public: the city, threat, supply, demand,
// round, capital, assets, emergency actions, the offers, support counts, hand sizes, the next event's
// category (the card back). Its own: hand, rival, investment, and what its own card lets it look at.
// Never another seat's hand, rival or investment, and never the order of any deck.
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { CorpId, DistrictId, Resource } from "../../shared/catalog/types.ts";
import type { Variant } from "../../shared/view.ts";
import { districtAt, type District, type Table } from "./table.ts";

export type Problem = "humanFirst" | "orgcrime" | "outage" | "strike" | "protest" | "illness";

/** What holding one action card is worth (it can be offered, support a deal or pay for a counteroffer). */
export const CARD_WORTH = 1.2;
/** What claiming the revealed asset is worth to the deal's winner. */
export const ASSET_WORTH = 2;
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
  /**
   * How far the bot doubts another player's picks when it resolves a card: this share of the guess
   * comes from careless (random) picks (card-value.ts). 0 or absent: it trusts them to pick sensibly.
   */
  distrust?: number;
  /** How much of its usual worth keeping a faceup emergency action for later has (policy.ts; absent: all of it). */
  emergencyKeep?: number;
  /**
   * The share of a hand card's worth as my next offer that holding it keeps (policy.ts `holdWorth`;
   * absent: all of it). A player is active about four times a game and draws about three cards a
   * turn, so most cards held never become its offer.
   */
  holdShare?: number;
  /** The share of a counteroffer card's hold worth counted as spent (absent: half; the card is discarded whether it wins or loses). */
  counterSpent?: number;
  /**
   * What each title is worth to me as my own offer (card-value.ts `myUtility`), as imagined in recent
   * rounds: the negotiator keeps them in its memory and reads them where a rough worth will do
   * (holding a card, drawing a type, screening its options). Absent: always imagined afresh.
   */
  roundWorth?: RoundWorth;
  /** Guesses already made during this decision (card-value.ts), by title, then resolver. */
  memo: Map<string, unknown[]>;
  /** Imagined outcomes this decision has looked at, and how many of them it imagined afresh (card-value.ts keeps it under a budget). */
  looked: { n: number; fresh: number };
  /** Sums about this city shared by every seat and step while it stays the same. */
  table: CityTable;
}

/** Utilities of titles as my own offer, by title, each with the round it was imagined in (a bot's memory). */
export type RoundWorth = Map<string, { u: number; round: number }>;

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
export const PROBLEM_INDEX: Record<Problem, number> = { humanFirst: 0, orgcrime: 1, outage: 2, strike: 3, protest: 4, illness: 5 };
export const MOVER_INDEX = { humanFirst: 0, orgcrime: 1, outage: 2, illness: 3 } as const;
export const SLOTS = 16; // district ids 1..10 (and room for overrides)
const tables = new Map<string, CityTable>();
const TABLES_KEPT = 32;

/** Information Procurement is funded more often from this threat on (card-value.ts). */
export const PROCUREMENT_THREAT = 12;
const CONDITION_CODE = { none: 0, protest: 1, strike: 2, outage: 3 } as const;

/** What stands in a district (its condition, tokens and units), as a number under 256. */
export function districtCode(d: District): number {
  return CONDITION_CODE[d.condition] | (d.illness ? 4 : 0) | (d.development ? 8 : 0) | (d.android ? 16 : 0) | (d.humanFirst ? 32 : 0) | (d.orgcrime ? 64 : 0) | (d.prisec ? 128 : 0);
}

/** Everything the city sums read, as a short string (a pure memo key: same key, same sums). */
function cityKey(s: Table, category: string | null): string {
  // the card guesses read threat only against Information Procurement's threshold
  const codes: number[] = [s.players, s.round, s.threat >= PROCUREMENT_THREAT ? 1 : 0];
  for (const d of s.districts) codes.push(districtCode(d));
  // supply matters as far as the demand still lacks it (and credits for Spin Doctors)
  const demand = s.demand;
  for (const r of RESOURCES) codes.push(Math.max(0, (demand.targets[r] ?? 0) - s.supply[r]));
  codes.push(s.supply.credits > 0 ? 1 : 0);
  // the board's layout (overrides included) and the rules the guesses read
  return String.fromCharCode(...codes) + demand.id + "|" + category + "|" + rulesId(s.rules) + "|" + layoutId(s.districts);
}

/** The tables' rules seen so far, each with a short number, by its options written out and by the object. */
const rulesIds = new Map<string, number>();
const rulesIdOf = new WeakMap<Variant, number>();
let nextRules = 0;
const RULES_KEPT = 256;

/** A table's rules (the whole variant) as a short number: the same number for the same options. */
export function rulesId(rules: Variant): number {
  let id = rulesIdOf.get(rules);
  if (id !== undefined) return id;
  const key = JSON.stringify(rules);
  id = rulesIds.get(key);
  if (id === undefined) {
    // a process serves few variants; the map is bounded all the same (numbers are never reused)
    if (rulesIds.size >= RULES_KEPT) rulesIds.clear();
    rulesIds.set(key, (id = nextRules++));
  }
  rulesIdOf.set(rules, id);
  return id;
}

/** Layouts seen so far, each with a short number (few: one per variant of the board), and the last one read. */
const layouts = new Map<string, number>();
let lastLayout: { districts: readonly District[]; id: number } | null = null;
let nextLayout = 0;
const LAYOUTS_KEPT = 256;

function sameLayout(a: readonly District[], b: readonly District[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.tier !== y.tier || x.primary !== y.primary || x.secondary !== y.secondary || x.next !== y.next) return false;
    if (x.production.primary !== y.production.primary || x.production.secondary !== y.production.secondary) return false;
  }
  return true;
}

/** The board's layout as a short number: the same number for the same layout. */
export function layoutId(districts: readonly District[]): number {
  if (lastLayout && (lastLayout.districts === districts || sameLayout(lastLayout.districts, districts))) return lastLayout.id;
  const key = districts.map((d) => `${d.tier}${d.primary}${d.secondary}${d.production.primary}${d.production.secondary}${d.next}`).join(",");
  let id = layouts.get(key);
  if (id === undefined) {
    // a process serves few variants of the board; the map is bounded all the same (numbers are never reused)
    if (layouts.size >= LAYOUTS_KEPT) layouts.clear();
    layouts.set(key, (id = nextLayout++));
  }
  lastLayout = { districts, id };
  return id;
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
    looked: { n: 0, fresh: 0 },
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
export function threatWeight(sense: Sense, heading: number): number {
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
