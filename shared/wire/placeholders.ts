// Wire forms that stand in for the view's: "" for null, JSON strings, and a catalog id for what the
// catalog names (a card, an asset, an investment, an emergency action: the reader adds the names back).
// Each encode has its decode beside it; the projection (server/rooms/projection.ts) encodes, the
// reader (table.ts) decodes.
import { catalog } from "../catalog/index.ts";
import {
  DISTRICT_BOARD, DISTRICT_BOARD_KEYS, DISTRICT_CONDITIONS,
  type CardView, type DealView, type DistrictBoardState, type GameView, type ResultView, type SeatView, type ThreatForecast, type ThreatSourceName, type TradeView,
} from "../view.ts";
import { ACTION_TYPES, RESOURCES } from "../catalog/types.ts";
import { SEAT_PUBLIC_FIELDS, pickFields } from "./fields.ts";
import type {
  DistrictBoard, WireCardId, WireDistrict, WireDeal, WireDecks, WireHeld, WireInvestment, WireOffer, WireSeatPublic, WireSupport,
} from "./types.ts";

/** null as "" (a string field cannot be null on the wire). */
export function encodeNullable(value: string | null | undefined): string {
  return value ?? "";
}
export function decodeNullable<T extends string>(value: string | undefined): T | null {
  return value ? (value as T) : null;
}

/** A JSON field: null as "". */
export function encodeJson(value: unknown): string {
  return value === null || value === undefined ? "" : JSON.stringify(value);
}
export function decodeJson<T>(json: string | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

/**
 * The result as sent, a list without keys: reason, winners, the rival under the board, then each seat as
 * [seat, corp, rival, capital, won (1 or 0), why], where a why said for an earlier seat is that seat's
 * place in the list (most seats share one: "Threat reached 25: the city is lost.").
 */
type WireResultSeat = [number, ResultView["seats"][number]["corp"], ResultView["seats"][number]["rival"], number, 0 | 1, string | number];
type WireResult = [ResultView["reason"], number[], ResultView["rivalUnderBoard"], ...WireResultSeat[]];
export function encodeResult(result: ResultView | null): string {
  if (!result) return "";
  const whys: string[] = [];
  const seats = result.seats.map((s): WireResultSeat => {
    const earlier = whys.indexOf(s.why);
    whys.push(s.why);
    return [s.seat, s.corp, s.rival, s.capital, s.won ? 1 : 0, earlier >= 0 ? earlier : s.why];
  });
  return JSON.stringify([result.reason, result.winners, result.rivalUnderBoard, ...seats] satisfies WireResult);
}
export function decodeResult(json: string | undefined): ResultView | null {
  const w = decodeJson<WireResult | ResultView | null>(json, null);
  if (!Array.isArray(w)) return w; // (the object itself, as an older server sent it)
  const [reason, winners, rivalUnderBoard, ...list] = w;
  const seats: ResultView["seats"] = [];
  for (const [seat, corp, rival, capital, won, why] of list) {
    seats.push({ seat, corp, rival, capital, won: won === 1, why: typeof why === "number" ? (seats[why]?.why ?? "") : why });
  }
  return { reason, winners, seats, rivalUnderBoard };
}

/** The threat sources, numbered on the wire (the forecast's round and total). */
const SOURCES: readonly ThreatSourceName[] = ["demand", "event", "illness", "root", "card"];
const eventIds = catalog.events.map((e) => e.id);
const eventNumbers = new Map(eventIds.map((id, n) => [id, n]));
const eventNames = new Map(catalog.events.map((e) => [e.id, e.name]));
/** A source's count by source as pairs of numbers: [source, count, …] (a source absent is not listed). */
type WireCounts = number[];
/**
 * The forecast as sent, a list without keys (it is re-sent whole when it changes, and it changes with
 * most commands): worst, illness, the demand's threat, the goods short (numbers into RESOURCES), this
 * round's and the whole game's threat by source, the event's category (null: no event), then each
 * candidate event as its number in the catalog (or its id, for one the catalog lacks) and its threat.
 * Names and the range are the catalog's and the reader's.
 */
type WireForecast = [number, number, number, number[], WireCounts, WireCounts, string | null, ...(number | string)[]];
const counts = (c: ThreatForecast["round"]): WireCounts => SOURCES.flatMap((k, n) => (c[k] === undefined ? [] : [n, c[k]!]));
function readCounts(w: unknown): ThreatForecast["round"] {
  const out: ThreatForecast["round"] = {};
  if (!Array.isArray(w)) return out;
  for (let i = 0; i + 1 < w.length; i += 2) {
    const k = SOURCES[w[i] as number];
    if (k) out[k] = Number(w[i + 1]);
  }
  return out;
}
export function encodeForecast(f: ThreatForecast): string {
  const wire: WireForecast = [
    f.worst, f.illness, f.demand.adds, f.demand.short.map((r) => RESOURCES.indexOf(r)), counts(f.round), counts(f.total),
    f.event ? f.event.category : null,
    ...(f.event ? f.event.candidates.flatMap((c) => [eventNumbers.get(c.id) ?? c.id, c.adds]) : []),
  ];
  return JSON.stringify(wire);
}
/** null for a server that sends none (or a broken field). */
export function decodeForecast(json: string | undefined): ThreatForecast | null {
  const w = decodeJson<WireForecast | null>(json, null);
  if (!Array.isArray(w) || !Array.isArray(w[3])) return null;
  const [worst, illness, demandAdds, short, round, total, category, ...pairs] = w;
  const candidates: { id: string; name: string; adds: number }[] = [];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const id = typeof pairs[i] === "number" ? (eventIds[pairs[i] as number] ?? "") : String(pairs[i]);
    candidates.push({ id, name: eventNames.get(id) ?? id, adds: Number(pairs[i + 1]) });
  }
  const adds = candidates.map((c) => c.adds);
  return {
    worst,
    demand: { adds: demandAdds, short: short.map((n) => RESOURCES[n]!).filter(Boolean) },
    event: category !== null ? { category, min: Math.min(...adds), max: Math.max(...adds), candidates } : null,
    illness,
    round: readCounts(round),
    total: readCounts(total),
  };
}

export function encodeTrades(trades: TradeView[]): string {
  return JSON.stringify(trades);
}
export function decodeTrades(json: string | undefined): TradeView[] {
  return decodeJson<TradeView[]>(json, []);
}

const INVESTMENT_NAMES = new Map(catalog.investments.map((i) => [i.id, i.name]));
const EMERGENCY_TITLES = new Map(catalog.emergencyActions.map((e) => [e.id, e.title]));
const ASSET_NAMES = new Map(catalog.assets.map((a) => [a.id, a.name]));

type Investment = NonNullable<GameView["you"]>["investment"];
export function encodeInvestment(investment: Investment): WireInvestment {
  return { investment: investment?.id ?? "" };
}
export function decodeInvestment(w: Partial<WireInvestment> | undefined): Investment {
  return w?.investment ? { id: w.investment, name: INVESTMENT_NAMES.get(w.investment) ?? w.investment } : null;
}

/**
 * A seat's emergency actions and assets each travel as one string (WireHeld): the ids in order, joined by
 * HELD_SEPARATOR, each behind HELD_TURNED when it is facedown (an emergency action) or exhausted (an
 * asset): "!sweeps-week" (facedown), "aaron-marron,!braintrust" (the second exhausted). Catalog ids
 * are lowercase letters, digits and hyphens (tests/room/wire.test.ts checks every one), so neither
 * character is ever part of one; and the ids travel as they are, where the wire's byte searches
 * (tests/room/secrecy.test.ts) find them.
 */
export const HELD_SEPARATOR = ",";
export const HELD_TURNED = "!";

/** The ids, each behind the mark when `turned` says so, joined. */
function encodeHeld<T extends { id: string }>(items: readonly T[], turned: (item: T) => boolean): WireHeld {
  let out = "";
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (i > 0) out += HELD_SEPARATOR;
    if (turned(item)) out += HELD_TURNED;
    out += item.id;
  }
  return out;
}
/** Each item's id, and whether it was marked. */
function decodeHeld<T>(wire: WireHeld | undefined, item: (id: string, turned: boolean) => T): T[] {
  if (!wire) return [];
  return wire.split(HELD_SEPARATOR).map((x) => (x.startsWith(HELD_TURNED) ? item(x.slice(HELD_TURNED.length), true) : item(x, false)));
}

type Emergency = SeatView["emergency"][number];
export function encodeEmergencies(list: readonly Emergency[]): WireHeld {
  return encodeHeld(list, (e) => !e.faceup);
}
export function decodeEmergencies(wire: WireHeld | undefined): Emergency[] {
  return decodeHeld(wire, (id, facedown) => ({ id, title: EMERGENCY_TITLES.get(id) ?? id, faceup: !facedown }));
}

type Asset = SeatView["assets"][number];
export function encodeAssets(list: readonly Asset[]): WireHeld {
  return encodeHeld(list, (a) => a.exhausted);
}
export function decodeAssets(wire: WireHeld | undefined): Asset[] {
  return decodeHeld(wire, (id, exhausted) => ({ id, name: assetName(id), exhausted }));
}
/** The ids of the assets a seat holds, from its wire form (what it can trade: decodeLegal). */
export function assetIds(wire: WireHeld | undefined): string[] {
  return decodeHeld(wire, (id) => id);
}
/** An asset's name, as the engine gives it (its id when the catalog has none). */
function assetName(id: string): string {
  return ASSET_NAMES.get(id) ?? id;
}

/**
 * The cards an id stands for, as the engine deals them: action card copies are "a0", "a1"... in the
 * catalog's order, copies together; any other id is an emergency action's (tests/room/wire.test.ts checks
 * every id against the engine's cardView).
 */
const CARDS = new Map<string, CardView>();
const EMERGENCY_CARD_TITLES = new Map(catalog.emergencyActions.map((e) => [e.id, e.title]));
for (const def of catalog.actionCards) {
  for (let i = 0; i < def.copies; i++) {
    const id = `a${CARDS.size}`;
    CARDS.set(id, { id, title: def.title, type: def.type });
  }
}

/** A card travels as its id. */
export function encodeCard(card: CardView): WireCardId {
  return card.id;
}
export function decodeCard(id: WireCardId): CardView {
  const card = CARDS.get(id);
  return card ? { ...card } : { id, title: EMERGENCY_CARD_TITLES.get(id) ?? id, type: "emergency" };
}

// ---- districts -------------------------------------------------------------------------------------------

/**
 * What each field of a district's board may hold, beside the flags (true or false): a string field its
 * values in a fixed order, a number field how many values (0 up to that, less one). A field added to
 * DISTRICT_BOARD that is not a flag fails to compile here until it is said.
 */
type BoardDomains = {
  readonly [K in keyof DistrictBoardState as DistrictBoardState[K] extends boolean ? never : K]:
    DistrictBoardState[K] extends string ? readonly DistrictBoardState[K][] : number;
};
const BOARD_DOMAINS: BoardDomains = {
  condition: DISTRICT_CONDITIONS,
};
/** Ids below this fit (the catalog's are 1 to 10). */
const DISTRICT_IDS = 256;
/** Each board field as a digit of a mixed-radix number: its base (how many values it may take) and its values. */
const BOARD_DIGITS = DISTRICT_BOARD_KEYS.map((key) => {
  const start: unknown = DISTRICT_BOARD[key];
  const domain = (BOARD_DOMAINS as Record<string, readonly unknown[] | number | undefined>)[key];
  const values: readonly unknown[] = typeof start === "boolean" ? [false, true]
    : typeof domain === "number" ? Array.from({ length: domain }, (_, i) => i)
    : domain ?? [];
  if (values.length < 2 || !values.includes(start)) throw new Error(`a district's board field the wire cannot pack: ${key}`);
  return { key, values };
});
if (BOARD_DIGITS.reduce((n, d) => n * d.values.length, DISTRICT_IDS) > 2 ** 32) throw new Error("a district's board no longer fits a uint32");

/**
 * A district travels as one whole number: its id, then each board field in DISTRICT_BOARD's order as a
 * digit whose base is the number of values it may take (a flag 0 or 1; a condition its place in
 * DISTRICT_CONDITIONS). One number a district keeps the schema to one list for the whole board; a
 * value outside its field's domain is refused (an error), never sent as another.
 */
export function encodeDistrict(d: DistrictBoard): WireDistrict {
  if (!Number.isInteger(d.id) || d.id < 0 || d.id >= DISTRICT_IDS) throw new Error(`a district id the wire cannot carry: ${d.id}`);
  let n = 0;
  for (let i = BOARD_DIGITS.length - 1; i >= 0; i--) {
    const digit = BOARD_DIGITS[i]!;
    const at = digit.values.indexOf(d[digit.key]);
    if (at < 0) throw new Error(`a district's ${digit.key} the wire cannot carry: ${String(d[digit.key])}`);
    n = n * digit.values.length + at;
  }
  return n * DISTRICT_IDS + d.id;
}
export function decodeDistrict(wire: WireDistrict): DistrictBoard {
  let n = Math.floor(wire / DISTRICT_IDS);
  const board: Record<string, unknown> = { id: wire % DISTRICT_IDS };
  for (const digit of BOARD_DIGITS) {
    board[digit.key] = digit.values[n % digit.values.length];
    n = Math.floor(n / digit.values.length);
  }
  return board as DistrictBoard;
}

export function encodeSeatPublic(s: SeatView): WireSeatPublic {
  return pickFields(s, SEAT_PUBLIC_FIELDS);
}

// ---- the deal and the decks ------------------------------------------------------------------------------

/** The deal's scalar fields and its parts; a closed deal is `open: false` with empty parts. */
export interface DealFields {
  open: boolean;
  winner: string;
  asset: string;
  main: WireOffer;
  counters: WireOffer[];
  supports: WireSupport[];
  abstained: number[];
}
const NO_OFFER: WireOffer = { seat: 0, card: "" };
const encodeOffer = (o: { seat: number; card: CardView }): WireOffer => ({ seat: o.seat, card: encodeCard(o.card) });
export function encodeDeal(view: DealView | null): DealFields {
  return {
    open: view !== null,
    winner: encodeNullable(view?.winner),
    asset: view?.asset?.id ?? "",
    main: view?.main ? encodeOffer(view.main) : NO_OFFER,
    counters: (view?.counters ?? []).map(encodeOffer),
    supports: (view?.supports ?? []).map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
    abstained: view?.abstained ?? [],
  };
}
export function decodeDeal(w: WireDeal | undefined): DealView | null {
  if (!w?.open) return null;
  const offer = (o: WireOffer) => ({ seat: o.seat, card: decodeCard(o.card) });
  return {
    asset: w.asset ? { id: w.asset, name: assetName(w.asset) } : null,
    main: w.main?.card ? offer(w.main) : null,
    counters: (w.counters ?? []).map(offer),
    supports: (w.supports ?? []).map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
    abstained: [...(w.abstained ?? [])],
    winner: decodeNullable<"main" | "counter">(w.winner),
  };
}

export function encodeDecks(view: GameView["decks"]): Required<Omit<WireDecks, "actionDecks" | "actionDiscards">> {
  return {
    events: view.events, nextEventCategory: encodeNullable(view.nextEventCategory), assets: view.assets,
    assetDiscard: view.assetDiscard, investments: view.investments, demands: view.demands,
  };
}
/** The action piles' sizes, each list in ACTION_TYPES' order. */
export function encodePiles(action: GameView["decks"]["action"]): { decks: number[]; discards: number[] } {
  return { decks: ACTION_TYPES.map((t) => action[t].deck), discards: ACTION_TYPES.map((t) => action[t].discard) };
}
export function decodeDecks(w: WireDecks | undefined): GameView["decks"] {
  const action = {} as GameView["decks"]["action"];
  ACTION_TYPES.forEach((t, i) => (action[t] = { deck: w?.actionDecks?.[i] ?? 0, discard: w?.actionDiscards?.[i] ?? 0 }));
  return {
    action,
    events: w?.events ?? 0,
    nextEventCategory: decodeNullable(w?.nextEventCategory),
    assets: w?.assets ?? 0,
    assetDiscard: w?.assetDiscard ?? 0,
    investments: w?.investments ?? 0,
    demands: w?.demands ?? 0,
  };
}
