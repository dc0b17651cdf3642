// What resolving a card would do, as a bot guesses it before the deal: capital each seat gains (direct
// effects and corp contracts, B3), threat now, threat the city is likely to cause later, and cards
// drawn. The guess comes from the engine's own rules: the card is resolved on an imagined copy of the
// game built from the public view alone (server/engine/imagine.ts), each pick made as a sensible
// player would (choices.ts, read without anyone's secrets), and the city, tracks, capital and hands
// afterwards are compared with now. Imagined outcomes are public facts, shared by every seat while
// the table stays the same. A decision looks at IMAGINED_PER_DECISION imagined outcomes at most
// (cached or not, so the bound does not depend on what other decisions did before): past them a
// card's guess is blank, which bounds the time one decision can take. The few cards that cannot be
// imagined fairly keep a hand-written model (card-models.ts says which and why). utility() turns a
// guess into capital for one seat, weighing its rival and the threat.
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { ActionType, Resource } from "../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../shared/protocol.ts";
import { imagineCard, type ImaginedView } from "../engine/imagine.ts";
import { MODELED, MODELS, melangeAfterEvent, melangeContract, type Guess } from "./card-models.ts";
import { argmax, chooseForEffect } from "./choices.ts";
import { ASSET_WORTH, CARD_WORTH, ILLNESS_THREAT, capitalWorth, districtCode, layoutId, readTable, rulesId, seatOfCorp, type Sense } from "./city-sense.ts";
import { androidWorth, conditionThreat, problemThreat, resourceWorth } from "./city-threat.ts";
import { makeRandom, type Random } from "./random.ts";
import { publicTable, type District, type Table } from "./table.ts";

export { ASSET_WORTH, CARD_WORTH } from "./city-sense.ts";

export interface Outcome {
  /** Capital gained, by seat. */
  gains: number[];
  /** Threat added now (negative: lowered). */
  threat: number;
  /** Threat the city is likely to cause later: problems added minus problems removed, in threat points. */
  city: number;
  /** Action cards drawn, by seat. */
  cards: number[];
  /** Supply gained (negative: spent), by resource, when the card was imagined; read by hints (hint.ts), never by utility(). */
  supply?: Partial<Record<Resource, number>>;
}

/** A guess as the cache keeps it. */
interface CachedGuess extends Guess {
  /** The whole outcome when every contract pays and nothing depends on the resolver (read-only). */
  whoever: Outcome | null;
}

const emergencyIds = new Set(catalog.emergencyActions.map((e) => e.id));
const illnessFree = new Map<string, boolean>([
  ...catalog.actionCards.map((c) => [c.id, c.illnessFree] as const),
  ...catalog.emergencyActions.map((e) => [e.id, e.illnessFree] as const),
]);
const typeOfTitle = new Map(catalog.actionCards.map((c) => [c.id, c.type]));

export function isEmergency(id: string): boolean {
  return emergencyIds.has(id);
}
export function actionType(titleId: string) {
  return typeOfTitle.get(titleId);
}

/** Cards whose outcome depends on who resolves them (see byResolver). */
const RESOLVER_TITLES = new Set(["vanity-project", "high-risk-investments", "full-deployment"]);

/** The part of a card that depends on who resolves it: capital and cards for seats they pick. */
function byResolver(o: Outcome, titleId: string, resolver: number, sense: Sense): void {
  const others = o.gains.length - 1;
  switch (titleId) {
    case "vanity-project": {
      // the resolver takes the capital, and loses an asset if they hold one
      const assets = sense.s.seats[resolver]!.assets.length;
      o.gains[resolver]! += 2 - (assets > 0 ? ASSET_WORTH * 0.75 : 0);
      break;
    }
    case "high-risk-investments":
      // 3 to the resolver; 2 and 1 to two of the others (unknown which: spread evenly)
      o.gains[resolver]! += 3;
      for (let i = 0; i < o.gains.length; i++) if (i !== resolver) o.gains[i]! += 3 / others;
      break;
    case "full-deployment":
      // five cards to someone the resolver picks (not the resolver)
      for (let i = 0; i < o.cards.length; i++) if (i !== resolver) o.cards[i]! += 5 / others;
      break;
  }
}

function baseGuess(sense: Sense, titleId: string): CachedGuess {
  const city = sense.table.guesses as Map<string, CachedGuess>;
  const known = city.get(titleId);
  if (known) return known;
  const n = sense.s.players;
  const g: CachedGuess = {
    sense,
    free: illnessFree.get(titleId) ?? false,
    involved: false,
    contracts: new Array(n).fill(0),
    gains: new Array(n).fill(0),
    threat: 0,
    city: 0,
    cards: new Array(n).fill(0),
    whoever: null,
  };
  MODELS[titleId]?.(g);
  if (g.involved) g.threat += ILLNESS_THREAT;
  melangeContract(g);
  if (!RESOLVER_TITLES.has(titleId)) g.whoever = { gains: g.gains.map((x, seat) => x + g.contracts[seat]!), threat: g.threat, city: g.city, cards: g.cards };
  g.sense = null as unknown as Sense; // the cache must not keep a table alive
  city.set(titleId, g);
  return g;
}

/** A guess of what resolving `titleId` (an action card title or an emergency action id) by `resolver` does. */
export function guessOutcome(sense: Sense, titleId: string, resolver: number): Outcome {
  let mine = sense.memo.get(titleId) as Outcome[] | undefined;
  if (!mine) sense.memo.set(titleId, (mine = []));
  const known = mine[resolver];
  if (known) return known;
  let out = MODELED.has(titleId) ? modeled(sense, titleId, resolver) : imagined(sense, titleId, resolver, "sensible");
  const q = sense.distrust ?? 0;
  if (q > 0 && resolver !== sense.me && !MODELED.has(titleId)) out = blend(out, imagined(sense, titleId, resolver, "careless"), q);
  mine[resolver] = out;
  return out;
}

/** (1 - q) of `a` and q of `b`. */
function blend(a: Outcome, b: Outcome, q: number): Outcome {
  const mix = (x: number, y: number) => (1 - q) * x + q * y;
  const out: Outcome = { gains: a.gains.map((x, i) => mix(x, b.gains[i]!)), threat: mix(a.threat, b.threat), city: mix(a.city, b.city), cards: a.cards.map((x, i) => mix(x, b.cards[i]!)) };
  if (a.supply || b.supply) {
    out.supply = {};
    for (const r of RESOURCES) out.supply[r] = mix(a.supply?.[r] ?? 0, b.supply?.[r] ?? 0);
  }
  return out;
}

// ---- imagined outcomes ----

/** A prisec unit on the board, in threat points it keeps off (riot control spends one). */
const PRISEC_WORTH = 0.3;
/**
 * Distinct imagined outcomes (title, resolver, sensible or careless) one decision may look at; past
 * it a guess is blank. In 1,002 games of 4 to 6 players (plain bots, negotiators, random seats) no
 * decision looked at more than 17: the bound is a guard against a table that asks for every card
 * by every seat.
 */
export const IMAGINED_PER_DECISION = 40;
/** Since the process started: cards imagined (each run of the engine), and the most one decision looked at and imagined afresh. */
export const imagineStats = { runs: 0, mostLooked: 0, mostFresh: 0 };
/** Imagined outcomes by the public table they were imagined on (few tables: the latest ones). */
const imaginedByTable = new Map<string, Map<string, (Outcome | undefined)[]>>();
const TABLES_KEPT = 64;
const tableKeys = new WeakMap<Table, string>();
const tableOutcomes = new WeakMap<Table, Map<string, (Outcome | undefined)[]>>();
/** Cards being imagined now: a pick that itself asks what a card is worth gets a blank guess. */
let imagining = 0;

/** Everything an imagined outcome can depend on, as a string (capital and hands left out: the cards that read them are modeled). */
function publicKey(s: Table): string {
  let key = tableKeys.get(s);
  if (key === undefined) {
    // a short string, each field in a fixed order
    const v = s.view;
    key = `${v.players},${v.round},${v.threat},${v.demand.id},${v.decks.nextEventCategory}`;
    for (const r in v.supply) key += `,${v.supply[r as keyof typeof v.supply]}`;
    // the board: its layout by number, then one character per district for what stands there
    key += `|${layoutId(v.districts)}|`;
    for (const d of v.districts) key += String.fromCharCode(districtCode(d));
    const x = v.reserve;
    key += `|${x.humanFirst},${x.orgcrime},${x.prisec},${x.illness},${x.outage},${x.development}`;
    key += `|${rulesId(v.rules)}`;
    for (const p of v.seats) {
      key += `|${p.corp}`;
      for (const a of p.assets) key += `,${a.id}${a.exhausted ? "!" : ""}`;
    }
    tableKeys.set(s, key);
  }
  return key;
}

/** Threat points the city will cause from here: its problems where they stand, less what its androids and prisec bring. */
function cityLoad(sense: Sense, districts: readonly District[]): number {
  let load = 0;
  for (const d of districts) {
    if (d.humanFirst) load += problemThreat(sense, "humanFirst", d);
    if (d.orgcrime) load += problemThreat(sense, "orgcrime", d);
    if (d.illness) load += problemThreat(sense, "illness", d);
    load += conditionThreat(sense, d, d.condition);
    if (d.android) load -= androidWorth(sense, d);
    if (d.prisec) load -= PRISEC_WORTH;
  }
  return load;
}

/** How an imagined resolver picks: as a sensible player, or carelessly (any option alike). */
export type Picks = "sensible" | "careless";
/**
 * Careless picks are imagined this many times (fixed seeds) and averaged. Once: they weigh DISTRUST
 * (0.3) of another seat's card, and a second run cost a tenth of a negotiating game's cards; the
 * strength targets hold with one (docs/performance.md, "Bots' imagination, fourth round").
 */
const CARELESS_RUNS = 1;

/** Picks on an imagined card: each chooser as a sensible player reading only the public table, or at random. */
function picker(picks: Picks, seed: number): (chooser: number, options: ChoiceOption[], now: () => ImaginedView) => string | number {
  const random = makeRandom(seed);
  if (picks === "careless") return (_chooser, options) => options[Math.floor(random() * options.length)]!.value;
  return (chooser, options, now) => chooseForEffect(pickReading(now(), chooser), options, random);
}

/**
 * The last pick's reading of the table. A chooser on an imagined card reads the table without
 * secrets (its own corp stands in for its rival), so what it makes of the city, the tracks and the
 * supply (threat's worth, the demand's shortfall, the city memos) is the same for every chooser:
 * the next pick reuses it while those stand (the same districts, as the views share them, the same
 * threat, round, supply, demand, rules and next event), and reads afresh otherwise.
 */
let lastPick: { view: ImaginedView; sense: Sense } | null = null;

function sameCity(a: ImaginedView, b: ImaginedView): boolean {
  if (a.districts !== b.districts || a.threat !== b.threat || a.round !== b.round || a.players !== b.players) return false;
  if (a.demand.id !== b.demand.id || a.decks.nextEventCategory !== b.decks.nextEventCategory) return false;
  if (a.roundTrack.length !== b.roundTrack.length || a.roundTrack.some((r, i) => r !== b.roundTrack[i])) return false;
  for (const r in a.supply) if (a.supply[r as keyof typeof a.supply] !== b.supply[r as keyof typeof b.supply]) return false;
  return rulesId(a.rules) === rulesId(b.rules);
}

function pickReading(view: ImaginedView, chooser: number): Sense {
  const s = publicTable(view, chooser);
  const last = lastPick;
  if (last && sameCity(last.view, view)) return { ...last.sense, s, me: chooser, memo: new Map(), looked: { n: 0, fresh: 0 } };
  const sense = readTable(s);
  sense.ownCorpRival = false; // publicTable stands its own corp in for the unknown rival
  lastPick = { view, sense };
  return sense;
}

function blank(n: number): Outcome {
  return { gains: new Array(n).fill(0), threat: 0, city: 0, cards: new Array(n).fill(0) };
}

/** The outcomes imagined on this table so far (found once per decision's table, not once per card). */
function outcomesOf(s: Table): Map<string, (Outcome | undefined)[]> | undefined {
  let byTitle = tableOutcomes.get(s);
  if (byTitle) return byTitle;
  byTitle = imaginedByTable.get(publicKey(s));
  if (byTitle) tableOutcomes.set(s, byTitle);
  return byTitle;
}

function imagined(sense: Sense, titleId: string, resolver: number, picks: Picks): Outcome {
  const s = sense.s;
  if (++sense.looked.n > IMAGINED_PER_DECISION) return blank(s.players);
  if (sense.looked.n > imagineStats.mostLooked) imagineStats.mostLooked = sense.looked.n;
  let byTitle = outcomesOf(s);
  const slot = picks === "sensible" ? resolver : s.players + resolver;
  const known = byTitle?.get(titleId)?.[slot];
  if (known) return known;
  if (imagining > 0) return blank(s.players);
  const runs = picks === "sensible" ? 1 : CARELESS_RUNS;
  imagineStats.runs += runs;
  sense.looked.fresh += runs;
  if (sense.looked.fresh > imagineStats.mostFresh) imagineStats.mostFresh = sense.looked.fresh;
  const out = blank(s.players);
  for (let run = 0; run < runs; run++) {
    imagining++;
    let one: Outcome;
    try {
      one = imagineOnce(sense, titleId, resolver, picker(picks, 1 + run));
    } finally {
      imagining--;
    }
    for (let i = 0; i < s.players; i++) {
      out.gains[i]! += one.gains[i]! / runs;
      out.cards[i]! += one.cards[i]! / runs;
    }
    out.threat += one.threat / runs;
    out.city += one.city / runs;
    if (one.supply) {
      out.supply ??= {};
      for (const r of RESOURCES) out.supply[r] = (out.supply[r] ?? 0) + (one.supply[r] ?? 0) / runs;
    }
  }
  if (!byTitle) {
    if (imaginedByTable.size >= TABLES_KEPT) imaginedByTable.delete(imaginedByTable.keys().next().value!);
    imaginedByTable.set(publicKey(s), (byTitle = new Map()));
    tableOutcomes.set(s, byTitle);
  }
  let list = byTitle.get(titleId);
  if (!list) byTitle.set(titleId, (list = []));
  list[slot] = out;
  return out;
}

/** One imagined resolution, read as an outcome (blank if the engine could not imagine it). */
function imagineOnce(sense: Sense, titleId: string, resolver: number, choose: ReturnType<typeof picker>): Outcome {
  const s = sense.s;
  const r = imagineCard(s.view, titleId, resolver, choose);
  const out = blank(s.players);
  if (r.ok) {
    const after = r.view;
    for (let i = 0; i < s.players; i++) {
      out.gains[i] = after.seats[i]!.capital - s.seats[i]!.capital;
      out.cards[i] = after.seats[i]!.handSize - s.seats[i]!.handSize;
    }
    out.threat = after.threat - s.threat;
    out.city = cityLoad(sense, after.districts) - cityLoad(sense, s.districts);
    out.supply = {};
    for (const res of RESOURCES) {
      const more = after.supply[res] - s.supply[res];
      out.supply[res] = more;
      out.city -= more >= 0 ? resourceWorth(sense, res, more) : -resourceWorth(sense, res, -more);
    }
    melangeAfterEvent(sense, out);
  }
  return out;
}

// ---- modeled outcomes ----

function modeled(sense: Sense, titleId: string, resolver: number): Outcome {
  const g = baseGuess(sense, titleId);
  const ownCard = sense.s.rules.contractScope === "own-card";
  // Melange Mining's contract has its own scope (melangeContract)
  const melangeSeat = seatOfCorp(sense.s, "melange");
  const melangeOwn = sense.s.rules.melangeContract === "own-card";
  if (g.whoever && !ownCard && !melangeOwn) return g.whoever;
  const out: Outcome = { gains: g.gains.slice(), threat: g.threat, city: g.city, cards: g.cards.slice() };
  for (let seat = 0; seat < out.gains.length; seat++) {
    const own = seat === melangeSeat ? melangeOwn : ownCard;
    if (!own || seat === resolver) out.gains[seat]! += g.contracts[seat]!;
  }
  byResolver(out, titleId, resolver, sense);
  return out;
}

/** An outcome in capital, for seat `sense.me`. */
export function utility(sense: Sense, o: Outcome): number {
  let u = 0;
  for (let seat = 0; seat < o.gains.length; seat++) u += capitalWorth(sense, seat, o.gains[seat]! + CARD_WORTH * o.cards[seat]!);
  return u - sense.threatWeight * (o.threat + o.city);
}

/** A rough worth may have been imagined this many rounds before (a demand round between two standard rounds counts). */
export const ROUGH_AGE = 2;

/**
 * Which worth kept by the bot (sense.roundWorth) will do instead of one imagined afresh: none (false),
 * one imagined up to ROUGH_AGE rounds before (true), in this round ("this-round") or in any earlier
 * round of the game ("any-age").
 */
export type Rough = boolean | "this-round" | "any-age";

/** What `titleId` resolved by me is worth to me: kept, as `rough` allows, else afresh (and then kept for later). */
export function myUtility(sense: Sense, titleId: string, rough: Rough = false): number {
  const kept = sense.roundWorth;
  const round = sense.s.round;
  if (rough && kept) {
    const k = kept.get(titleId);
    const age = rough === "any-age" ? Infinity : rough === "this-round" ? 0 : ROUGH_AGE;
    if (k && k.round <= round && k.round >= round - age) return k.u;
  }
  const u = utility(sense, guessOutcome(sense, titleId, sense.me));
  kept?.set(titleId, { u, round });
  return u;
}

/** What a deal won by `winner` with `titleId` is worth to me: the card's outcome plus the asset to the winner. */
export function dealWorth(sense: Sense, titleId: string, winner: number, asset: boolean, rough: Rough = false): number {
  const u = winner === sense.me ? myUtility(sense, titleId, rough) : utility(sense, guessOutcome(sense, titleId, winner));
  return u + (asset ? capitalWorth(sense, winner, ASSET_WORTH) : 0);
}

/**
 * What drawing one card of a type is worth to me: the mean worth of its titles as my next offer. A draw
 * only ranks the types, so a worth kept from any earlier round will do (a title is imagined afresh
 * only the first time; the fresh worths of offers and counteroffers keep the memory current).
 */
export function typeWorth(sense: Sense, type: ActionType): number {
  const titles = catalog.actionCards.filter((c) => c.type === type);
  let sum = 0;
  for (const t of titles) sum += myUtility(sense, t.id, "any-age");
  return sum / titles.length;
}

export function bestType(sense: Sense, types: readonly ActionType[], random: Random): ActionType {
  return argmax(types, (t) => typeWorth(sense, t), random)!;
}
