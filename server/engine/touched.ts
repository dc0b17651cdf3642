// What a change of state can have changed in the views, found by comparing the state before and after
// (apply() never changes its input, so both are at hand). A table recomputes only what may differ:
// a seat's own view and legal list (secretViewFor), and the public parts of the spectator's view.
// The rules here follow what view.ts, legal.ts and forecast.ts read; tests/room/incremental.test.ts checks over many
// random games that whatever they call unchanged is indeed unchanged.
import { ACTION_TYPES, RESOURCES } from "../../shared/catalog/types.ts";
import { illnessOwed } from "./forecast.ts";
import type { Deal, DistrictState, GameState, PlayerState, Trade } from "./state.ts";
import { sameDistrictBoard, samePlain } from "../../shared/view.ts";

/** Which parts of the spectator's view may differ between two states (the rest is cheap and always rebuilt). */
export interface PublicTouched {
  /** The districts and the reserve (what is not on the board). */
  districts: boolean;
  /** Deck and discard sizes, the next event's category. */
  decks: boolean;
  deal: boolean;
  /**
   * By seat: its public holdings (corp, capital, hand size, emergency actions, assets, investment held).
   * Not its hand size limit, which the rulebook's modifiers may compute from anything: compare that apart.
   */
  seats: boolean[];
  /** The threat forecast (forecast.ts): the districts, or anything else it reads. */
  forecast: boolean;
}

export function publicTouched(before: GameState, after: GameState): PublicTouched {
  // The variant (district overrides, token pools) never changes after setup; another game shares nothing.
  const other = !sameGame(before, after);
  const districts = other || !districtsEqual(before.districts, after.districts);
  return {
    districts,
    decks: other || !decksEqual(before, after),
    deal: other || !dealEqual(before.deal, after.deal),
    seats: after.seats.map((p, i) => other || !seatEqual(p, before.seats[i])),
    forecast: districts || !forecastReadsEqual(before, after),
  };
}

/**
 * What threatForecast reads besides the districts: the demand and the supply, the threat and its
 * counts, the next event's card and the resolved ones (its events' memo key), an illness owed, the result.
 */
function forecastReadsEqual(a: GameState, b: GameState): boolean {
  if (a.result !== null || b.result !== null || a.demand !== b.demand || a.threat !== b.threat) return false;
  if (a.eventDeck[0] !== b.eventDeck[0] || !sameStrings(a.eventDiscard, b.eventDiscard) || illnessOwed(a) !== illnessOwed(b)) return false;
  for (const r of RESOURCES) if (a.supply[r] !== b.supply[r]) return false;
  return samePlain(a.threatFrom, b.threatFrom) && samePlain(a.threatRound, b.threatRound);
}

function districtsEqual(a: readonly DistrictState[], b: readonly DistrictState[]): boolean {
  if (a === b) return true; // shared by apply() when no district changed
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x === y) continue;
    if (x.id !== y.id || !sameDistrictBoard(x, y)) return false;
  }
  return true;
}

function decksEqual(a: GameState, b: GameState): boolean {
  for (const t of ACTION_TYPES) {
    if (a.actionDecks[t].length !== b.actionDecks[t].length || a.actionDiscards[t].length !== b.actionDiscards[t].length) return false;
  }
  return a.eventDeck.length === b.eventDeck.length && a.eventDeck[0] === b.eventDeck[0] && a.assetDeck.length === b.assetDeck.length
    && a.assetDiscard.length === b.assetDiscard.length && a.investmentDeck.length === b.investmentDeck.length
    && a.demandDeck.length === b.demandDeck.length;
}

/** The whole deal, every field (more than the view shows: a cheap and safe test). */
function dealEqual(a: Deal | null, b: Deal | null): boolean {
  return samePlain(a, b);
}

function seatEqual(p: PlayerState, q: PlayerState | undefined): boolean {
  if (!q || p.seat !== q.seat || p.corp !== q.corp || p.capital !== q.capital || p.hand.length !== q.hand.length
    || (p.investment === null) !== (q.investment === null)) return false;
  if (p.emergency.length !== q.emergency.length || p.assets.length !== q.assets.length) return false;
  // apply() shares both lists while they do not change (state.ts)
  if (p.emergency !== q.emergency) for (let i = 0; i < p.emergency.length; i++) {
    if (p.emergency[i]!.id !== q.emergency[i]!.id || p.emergency[i]!.faceup !== q.emergency[i]!.faceup) return false;
  }
  if (p.assets !== q.assets) for (let i = 0; i < p.assets.length; i++) {
    if (p.assets[i]!.id !== q.assets[i]!.id || p.assets[i]!.exhausted !== q.assets[i]!.exhausted) return false;
  }
  return true;
}

/**
 * The seats whose secretViewFor (hand, rival, investment, trades, legal commands) may differ between
 * `before` and `after`. A seat not listed has exactly the same secret view in both.
 */
export function secretsTouched(before: GameState, after: GameState): number[] {
  const all = after.seats.map((p) => p.seat);
  // The end of the game empties every legal list; another game changes everything.
  if (before.result !== null || after.result !== null || !sameGame(before, after)) return all;
  // Every seat's trade-propose lists every partner's capital and assets, and who may trade.
  if (!holdingsEqual(before.seats, after.seats) || !sameNumbers(before.deal?.noTrade, after.deal?.noTrade)) return all;
  const touched = new Set<number>();
  // The seat owing a decision gets (or loses) options that read nearly the whole state.
  if (before.pending) touched.add(before.pending.seat);
  if (after.pending) touched.add(after.pending.seat);
  for (const p of after.seats) {
    const q = before.seats[p.seat]!;
    if (p.rival !== q.rival || p.investment !== q.investment || !sameStrings(p.hand, q.hand)) touched.add(p.seat);
  }
  tradesTouched(before.trades, after.trades, touched);
  // Whether a trade with support attached may be accepted reads the deal: its receiver is always recomputed.
  for (const t of after.trades) if (t.support) touched.add(t.to);
  return [...touched].sort((a, b) => a - b);
}

/** Two states of one game (a trade id, for one, means the same trade only within a game). */
function sameGame(a: GameState, b: GameState): boolean {
  return a.seed === b.seed && a.players === b.players && a.variant === b.variant;
}

/** Adds both parties of every trade opened or closed between the two lists (a trade never changes in place). */
function tradesTouched(before: readonly Trade[], after: readonly Trade[], touched: Set<number>): void {
  if (before.length === after.length && before.every((t, i) => t.id === after[i]!.id)) return;
  const ids = (ts: readonly Trade[]) => new Set(ts.map((t) => t.id));
  const was = ids(before);
  const is = ids(after);
  for (const t of before) if (!is.has(t.id)) touched.add(t.from).add(t.to);
  for (const t of after) if (!was.has(t.id)) touched.add(t.from).add(t.to);
}

/** Same capital and the same assets (ids, in order) at every seat. */
function holdingsEqual(a: readonly PlayerState[], b: readonly PlayerState[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!;
    const q = b[i]!;
    if (p.capital !== q.capital || p.assets.length !== q.assets.length) return false;
    if (p.assets !== q.assets) for (let j = 0; j < p.assets.length; j++) if (p.assets[j]!.id !== q.assets[j]!.id) return false;
  }
  return true;
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameNumbers(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  if (a === undefined || b === undefined) return (a?.length ?? 0) === (b?.length ?? 0);
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
