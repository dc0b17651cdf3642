// The whole game as plain JSON data: no classes, no Maps, no functions. The RNG state lives here too,
// so the same seed, variant and commands always give the same state.
import type { ActionType, CorpId, DistrictId, DrawSlot, Resource, RivalId } from "../../shared/catalog/types.ts";
import type { RngState, Seed } from "./rng.ts";
import type { Variant } from "./variant.ts";
import type { DistrictBoardState, ThreatSourceName } from "../../shared/view.ts";

export { DISTRICT_FLAGS } from "../../shared/view.ts";

export type Condition = DistrictBoardState["condition"];

/** A district: its board (shared/view.ts DISTRICT_BOARD; unrest and outage share one slot, its condition: A10.2). */
export interface DistrictState extends DistrictBoardState {
  id: DistrictId;
}

export interface EmergencyHeld {
  id: string; // emergency action id
  faceup: boolean;
}

export interface AssetHeld {
  id: string;
  exhausted: boolean;
}

export interface PlayerState {
  seat: number;
  corp: CorpId;
  capital: number;
  /** Action card instance ids ("a0".."a99"). */
  hand: string[];
  emergency: EmergencyHeld[];
  assets: AssetHeld[];
  investment: string | null;
  rival: RivalId;
}

export interface Offer {
  seat: number;
  /** An action card instance id, or an emergency action id. */
  card: string;
  emergency: boolean;
}

export interface SupportGiven {
  seat: number;
  offer: "main" | "counter";
  cards: string[];
  /** Support added by an asset (Isabel McGuire's deck card): not the seat's own support. */
  asset?: string;
}

export interface Deal {
  asset: string | null;
  main: Offer | null;
  /** The counteroffer box, bottom first; the last one is visible and in contention. */
  counters: Offer[];
  /** Seats still to get their counteroffer chance, in order. */
  counterQueue: number[];
  /** Seats still to support or abstain, in order. */
  supportQueue: number[];
  supports: SupportGiven[];
  abstained: number[];
  winner: "main" | "counter" | null;
  /** Support was tied at Resolution (the tie window opened). */
  tied?: boolean;
  // what assets did during this deal; all of it ends with the deal
  /** Mark Yale: seats that may not trade until the deal ends. */
  noTrade?: number[];
  /** Chief Gorman: seats that may not counter again this turn. */
  noCounter?: number[];
  /** Locust Company: seats that may not support the counteroffer. */
  noCounterSupport?: number[];
  /** Jackson Howard: who bet on whom to win the deal. */
  bets?: { owner: number; named: number }[];
  /** Caprice Nisei: the declared picks for an offered card, by card id. */
  declared?: Record<string, (string | number)[]>;
}

/** A card (or later an asset) being resolved, one pick at a time. */
export interface EffectFrame {
  /** Action card title id or emergency action id. */
  source: string;
  seat: number;
  step: number;
  /** Picks made at the current step. */
  count: number;
  vars: Record<string, unknown>;
  illnessInvolved: boolean;
  threatAtStart: number;
  /** Seats that supported the offer being resolved (Vanity Project, Puff Piece). */
  supporters: number[];
  illnessFree: boolean;
  /** An asset's ability (source = the asset id), not an action card: no illness threat, no contracts. */
  asset?: boolean;
}

/** A corp-sheet draw in progress (General slots wait for a type pick). */
export interface DrawInProgress {
  seat: number;
  slots: DrawSlot[];
  drawn: ActionType[];
  cards: string[];
  then: Stage;
}

export type Pending =
  | { kind: "main-offer"; seat: number }
  | { kind: "counteroffer"; seat: number }
  | { kind: "support"; seat: number }
  | { kind: "general-draw"; seat: number }
  | { kind: "effect"; seat: number }
  | { kind: "hand-limit"; seat: number; count: number }
  | { kind: "investment"; seat: number; cards: string[] };

export type Stage =
  | "setup-hands"
  | "setup-investments"
  | "turn-start"
  | "draw"
  | "asset"
  | "main-offer"
  | "counteroffer"
  | "support"
  | "resolution"
  | "tally"
  | "deal-won"
  | "resolve"
  | "effect"
  | "claim"
  | "deal-end"
  | "end-of-turn"
  | "hand-limit"
  | "next-turn"
  | "production"
  | "event"
  | "next-round"
  | "demand-score"
  | "demand-pay"
  | "demand-reveal"
  | "demand-invest"
  | "finished";

export interface Trade {
  id: string;
  from: number;
  to: number;
  give: { capital: number; assets: string[] };
  get: { capital: number; assets: string[] };
  support?: { offer: "main" | "counter"; cards: string[] };
}

export interface SeatResult {
  seat: number;
  corp: CorpId;
  rival: RivalId;
  capital: number;
  won: boolean;
  why: string;
}

export interface GameResult {
  reason: "end" | "threat" | "vote" | "cancelled";
  winners: number[];
  seats: SeatResult[];
  rivalUnderBoard: RivalId;
}

/** Where threat comes from: an unmet demand, an event's top half, a card involving illness, The Root, a card's own effect. */
export type ThreatSource = ThreatSourceName;

export interface GameState {
  players: number;
  /** Kept for the replay; no view ever shows it. */
  seed: Seed;
  variant: Variant;
  rng: RngState;
  /** Index into ROUND_TRACK. */
  round: number;
  stage: Stage;
  pending: Pending | null;
  active: number;
  threat: number;
  /** Threat raised so far, by where it came from (public: every rise is announced). */
  threatFrom: Partial<Record<ThreatSource, number>>;
  /** The same, this round only (absent: none yet); a new round starts it again. */
  threatRound?: Partial<Record<ThreatSource, number>>;
  supply: Record<Resource, number>;
  demand: string;
  demandDeck: string[];
  districts: DistrictState[];
  /** Top of every deck is index 0. */
  actionDecks: Record<ActionType, string[]>;
  actionDiscards: Record<ActionType, string[]>;
  eventDeck: string[];
  eventDiscard: string[];
  assetDeck: string[];
  assetDiscard: string[];
  /** Five turn-track slots (slot 1 first); an id is a facedown asset. */
  turnTrack: (string | null)[];
  investmentDeck: string[];
  seats: PlayerState[];
  rivalUnderBoard: RivalId;
  deal: Deal | null;
  draw: DrawInProgress | null;
  effects: EffectFrame[];
  /** Where play goes when the effect stack empties. */
  effectsThen: Stage;
  /** Setup and demand-round progress: which seat is next. */
  cursor: number;
  trades: Trade[];
  /**
   * Proposals made so far by each ordered pair of seats (index from * players + to): a trade's id counts
   * its pair's proposals only, so it tells its two parties nothing of other seats' trades.
   */
  tradeCounts: number[];
  /** Demand rounds played so far. */
  demandRounds: number;
  result: GameResult | null;
  /** Asset data that outlives a deal: `skipHandLimit` (Toshiyuki Sakai: the seat that skips this turn's hand-limit discard). */
  assetState: Record<string, unknown>;
}

export const ROUND_TRACK = ["1", "2", "D", "3", "4", "D", "5", "6", "D"] as const;
export const HAND_LIMIT = 5; // [V]
export const TURN_TRACK_SLOTS = 5;
/** Units in the box [V]. */
export const UNIT_POOLS = { humanFirst: 9, orgcrime: 9, prisec: 6 } as const;
export const ANDROIDS = 3;
export const THREAT_MAX = 25;

/** `xs` less its item at `i`, as `xs.splice(i, 1)` would leave it, in a new array: parts a state shares are replaced, never changed. */
export function without<T>(xs: readonly T[], i: number): T[] {
  const out = xs.slice();
  out.splice(i, 1);
  return out;
}

/** Fast deep copy of plain JSON data (much faster than structuredClone for our small state). */
export function clonePlain<T>(x: T): T {
  if (x === null || typeof x !== "object") return x;
  if (Array.isArray(x)) {
    const out = new Array(x.length);
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      out[i] = v === null || typeof v !== "object" ? v : clonePlain(v);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in x) {
    const v = (x as Record<string, unknown>)[k];
    out[k] = v === null || typeof v !== "object" ? v : clonePlain(v);
  }
  return out as T;
}

/**
 * A deal's copy for apply(): its lists are copied (the rules push to them and pop from them), its
 * offers and supports are shared (the rules add and remove them, never change one in place). The same
 * keys in the same order.
 */
function cloneDeal(d: Deal): Deal {
  const out: Deal = {
    ...d,
    counters: d.counters.slice(),
    counterQueue: d.counterQueue.slice(),
    supportQueue: d.supportQueue.slice(),
    supports: d.supports.slice(),
    abstained: d.abstained.slice(),
  };
  if (d.noTrade) out.noTrade = d.noTrade.slice();
  if (d.noCounter) out.noCounter = d.noCounter.slice();
  if (d.noCounterSupport) out.noCounterSupport = d.noCounterSupport.slice();
  if (d.bets) out.bets = d.bets.map((b) => ({ ...b }));
  if (d.declared) out.declared = clonePlain(d.declared);
  return out;
}

/**
 * A whole copy of a state that its user may change at will: every part copied but the variant (never
 * changed after setup). For sandboxes and tests; apply() uses forkState.
 */
export function cloneState(s: GameState): GameState {
  const decks = {} as GameState["actionDecks"];
  const discards = {} as GameState["actionDiscards"];
  for (const t in s.actionDecks) {
    const k = t as keyof GameState["actionDecks"];
    decks[k] = s.actionDecks[k].slice();
    discards[k] = s.actionDiscards[k].slice();
  }
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    supply: { ...s.supply },
    threatFrom: { ...s.threatFrom },
    deal: clonePlain(s.deal),
    draw: clonePlain(s.draw),
    effects: s.effects.length === 0 ? [] : s.effects.map(cloneFrame),
    result: clonePlain(s.result),
    pending: clonePlain(s.pending),
    districts: s.districts.map((d) => ({ ...d })),
    seats: s.seats.map((p) => ({
      ...p,
      hand: p.hand.slice(),
      emergency: p.emergency.map((e) => ({ ...e })),
      assets: p.assets.map((a) => ({ ...a })),
    })),
    trades: clonePlain(s.trades),
    turnTrack: s.turnTrack.slice(),
    tradeCounts: s.tradeCounts.slice(),
    assetState: clonePlain(s.assetState),
    actionDecks: decks,
    actionDiscards: discards,
    eventDeck: s.eventDeck.slice(),
    eventDiscard: s.eventDiscard.slice(),
    assetDeck: s.assetDeck.slice(),
    assetDiscard: s.assetDiscard.slice(),
    investmentDeck: s.investmentDeck.slice(),
    demandDeck: s.demandDeck.slice(),
  };
}

/**
 * Copies a state for one apply(): only the parts the rules change in place are copied (the top level,
 * rng, supply, threatFrom, each seat's own fields, the deal and its lists, draw, effects, result). Every
 * other part is shared with `s` (structural sharing: a command copies only what it changes), and the
 * rules never change a shared part in place but replace it: a new array or record (pending, decks and
 * discard piles, hands, emergency actions, assets, trades, the turn track, trade counts, assetState, a
 * deal's offer or support), a district only through city.ts's W. The variant never changes after setup. A new GameState field the rules
 * change in place must be copied here; tests/engine/sharing.test.ts (apply on a deep-frozen input)
 * and the property test (apply never changes its input) catch a write to a shared part. `deal`
 * replaces the deal's copy (a caller that shares a deal no rule will write to, or that reads no deal).
 */
export function forkState(s: GameState, deal: Deal | null = s.deal && cloneDeal(s.deal)): GameState {
  return {
    ...s,
    rng: [s.rng[0], s.rng[1], s.rng[2], s.rng[3]],
    supply: { ...s.supply },
    threatFrom: { ...s.threatFrom },
    seats: s.seats.map((p) => ({ ...p })),
    deal,
    draw: clonePlain(s.draw),
    effects: s.effects.length === 0 ? [] : s.effects.map(cloneFrame),
    result: clonePlain(s.result),
  };
}

/** An effect frame's copy (clonePlain, faster for its known shape: its one list and its vars copied, the same keys in the same order). */
function cloneFrame(f: EffectFrame): EffectFrame {
  return { ...f, vars: clonePlain(f.vars), supporters: clonePlain(f.supporters) };
}
