// What one seat (or a spectator) may know of a game: the client renders only this.
import type { ActionType, Catalog, CorpId, DistrictDef, DistrictId, DrawSlot, Resource, RivalId } from "./catalog/types.ts";
import type { LegalCommand } from "./protocol.ts";

/** A game-log line in plain words; without `to` it is public, with `to` only those seats see it. */
export interface GameEvent {
  type: string;
  text: string;
  to?: number[];
}

/**
 * A district's board flags: the tokens and units a district holds, each there or not (one of each at
 * most).
 */
export const DISTRICT_FLAGS = ["illness", "development", "android", "humanFirst", "orgcrime", "prisec"] as const;
export type DistrictFlag = (typeof DISTRICT_FLAGS)[number];
/** What stands on a district besides its tokens: nothing, a protest, a strike or an outage. */
export const DISTRICT_CONDITIONS = ["none", "protest", "strike", "outage"] as const;
export type DistrictCondition = (typeof DISTRICT_CONDITIONS)[number];

/**
 * A district's public state on the board, each field with its value before the setup places anything.
 * Declared once: the engine's district (server/engine/state.ts), its setup, its view, the view's reuse,
 * the bots' imagined district and the wire (shared/wire DISTRICT_FIELDS, encodeDistrict) are all made
 * from this. A field added here is a compile error where something must still be said of it (the
 * values the wire packs it in, unless it is a flag) and nowhere else; its engine rule is the rest.
 */
export const DISTRICT_BOARD = {
  condition: "none" as DistrictCondition,
  ...(Object.fromEntries(DISTRICT_FLAGS.map((f) => [f, false])) as Record<DistrictFlag, boolean>),
};
export type DistrictBoardState = typeof DISTRICT_BOARD;
export const DISTRICT_BOARD_KEYS = Object.freeze(Object.keys(DISTRICT_BOARD)) as readonly (keyof DistrictBoardState)[];

/** A district's board fields, as a new plain object. */
export function districtBoardOf(d: DistrictBoardState): DistrictBoardState {
  const out = {} as Record<string, unknown>;
  for (const k of DISTRICT_BOARD_KEYS) out[k] = d[k];
  return out as DistrictBoardState;
}

/** Whether two districts show the same board. */
export function sameDistrictBoard(a: DistrictBoardState, b: DistrictBoardState): boolean {
  for (const k of DISTRICT_BOARD_KEYS) if (a[k] !== b[k]) return false;
  return true;
}

/** Deep equality of plain JSON-like data (views, a state's parts); asked after every command, it makes no lists of keys. */
export function samePlain(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlain(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    if (!samePlain(x[k], y[k])) return false;
    keys++;
  }
  for (const _ in y) keys--;
  return keys === 0;
}

/** A district: its catalog facts (or the variant's overrides of them) and its board. */
export interface DistrictView extends DistrictDef, DistrictBoardState {}

export interface CardView {
  id: string;
  title: string;
  type: ActionType | "emergency";
}

export interface SeatView {
  seat: number;
  corp: CorpId;
  corpName: string;
  capital: number;
  handSize: number;
  emergency: { id: string; title: string; faceup: boolean }[];
  assets: { id: string; name: string; exhausted: boolean }[];
  hasInvestment: boolean;
  /** Cards this seat may hold at the end of its turn (assets change it). */
  handLimit: number;
}

export interface OfferView {
  seat: number;
  card: CardView;
}

export interface DealView {
  asset: { id: string; name: string } | null;
  main: OfferView | null;
  /** Bottom first; the last one is the visible counteroffer in contention. */
  counters: OfferView[];
  /** Who supported which offer with how many cards (the cards stay facedown until Resolution); `asset`: added by that asset (Isabel McGuire), not the seat's own support. */
  supports: { seat: number; offer: "main" | "counter"; count: number; asset?: string }[];
  abstained: number[];
  winner: "main" | "counter" | null;
}

/** The card or asset ability being resolved now (the top of the effect stack): public facts only. */
export interface EffectView {
  /** Action card title id, emergency action id or asset id. */
  source: string;
  /** Who resolves it (the asset's owner). */
  seat: number;
  asset: boolean;
  /** Seats that supported the offer being resolved. */
  supporters: number[];
  /** A district with illness was involved already (+2 threat when the card ends, unless illnessFree). */
  illnessInvolved: boolean;
  illnessFree: boolean;
  /** The seat this ability or card is aimed at, or the seat whose action opened the asset's window. */
  about: number | null;
  /** Seats already picked by this card (High-Risk Investments). */
  picked: number[];
  /** A corp contract already paid by this card (Haas-Bioroid's, for moving androids). */
  contractPaid: boolean;
  /** Capital chipped in so far, and seats still to be asked (Information Procurement). */
  pool: { total: number; askedAfter: number } | null;
}

/**
 * The table's rules: every rule we could not read in official text is a named option, with its
 * best-evidenced reading as the default (server/engine/variant.ts: the defaults and each option's
 * documentation). The host chose them, so they are public: every view carries them whole (`rules`).
 */
export interface Variant {
  /** Cards a player must discard to propose a counteroffer: "cards-in-box" = k cards when k counteroffers are already in the box [R]; "free" = no cost. */
  counterofferCost: "cards-in-box" | "free";
  /** Who may support: "non-offerers" = players with no offer in contention (Part E default) [V-fan]; "everyone" = all players, offerers included. */
  supportEligibility: "non-offerers" | "everyone";
  /** Where the clockwise Support round starts [R]: "left-of-active" (Part E) or "active-first" (the active player, when eligible, first). */
  supportOrder: "left-of-active" | "active-first";
  /** Which offer wins a tie in support [R]. */
  tieWinner: "main" | "counter";
  /** The active player has no action card and no faceup emergency action [R]: "empty-main" = the deal runs with no main offer (a counteroffer wins, else the asset is discarded); "discard-asset" = the deal is skipped and the asset discarded. */
  noMainOffer: "empty-main" | "discard-asset";
  /** With no counteroffer, the main offer wins at once and Support is skipped [R]. */
  noCounterofferSkipsSupport: boolean;
  /** The active player may also propose a counteroffer (normally only via The Fall Guy) [R]. */
  activePlayerMayCounter: boolean;
  /** Enemy units cannot be placed in or stop in a district holding prisec; they move on [R]. */
  prisecBlocksEnemyUnits: boolean;
  /** Top of each resource supply track; supply is clamped here [?]. */
  supplyMax: number;
  /** Starting capital, six values (10, 11, 12 [V-fan]; 13, 14, 15 extrapolated [R]), handed out as startingCapitalBy says. */
  startingCapital: number[];
  /** Who gets which startingCapital value [R]: "seat" = by seat, clockwise from the first player (the fan solo variant gives freely chosen corps 10, 11, 12 "as normal"); "corporation" = by the corp's place in corpOrder. The two agree in the first game. */
  startingCapitalBy: "seat" | "corporation";
  /** Investments at setup: "draw-2-keep-1" (complete setup, Part E default) [V-fan] or "draw-1" (first-game setup). */
  setupInvestments: "draw-2-keep-1" | "draw-1";
  /** Order in which corporations are taken, clockwise from the first player [R] (Jinteki first is verified). */
  corpOrder: CorpId[];
  /** Corporations at setup [R]: "random" = N of the six, dealt at random (complete game); "order" = the first N of corpOrder, clockwise from the first player (the first-game sidebar, or the host's pick). */
  corpAssignment: "random" | "order";
  /** Starting hand (A3.1 step 9, D4) [R]: how many corp-sheet draws each seat makes at setup, clockwise from the first player. */
  startingHand: number[];
  /** Overrides of district data (tier, resources, production, next district) by district number [R]. */
  districtOverrides: Partial<Record<DistrictId, Partial<Omit<DistrictDef, "id">>>>;
  /** The City Setup (what each district starts with) [?]; null = the catalog's first-game layout. */
  citySetup: Catalog["citySetup"] | null;
  /** Overrides of corp-sheet draw boxes (secondary types and Melange Mining are [?]). */
  corpDraws: Partial<Record<CorpId, { fourPlayers?: DrawSlot[]; fiveSixPlayers?: DrawSlot[] }>>;
  /** Overrides of an event's number of turns for the next Action Phase, by event id [R]. */
  eventTurns: Record<string, number>;
  /** The five effect contracts (all but Melange Mining's) pay for effects of "any-card" resolved by anyone, or only "own-card" (cards the corp's player resolves) [R]. */
  contractScope: "any-card" | "own-card";
  /** Haas-Bioroid's contract [R]: +2 once "per-card" that moves androids, or +2 "per-android-moved". */
  haasBioroidContract: "per-card" | "per-android-moved";
  /** Melange Mining's contract, +3 when a card is completely resolved without threat rising by 2 [V-fan]: "event-card" = after each event card (the fan tool's corp sheet); "any-card" = after any action card anyone resolves, "own-card" = after its own (an e-mail script's wording); "off". */
  melangeContract: "event-card" | "any-card" | "own-card" | "off";
  /** Covered counteroffers at the end of the deal [R]: "discard" (to their discard piles) or "return" (to their owner's hand). Emergency actions always go back faceup. */
  coveredCounteroffers: "discard" | "return";
  /** A stolen emergency action returns after use to its "original" corporation (official text) or to the "thief" who proposed it. */
  stolenEmergencyOwner: "thief" | "original";
  /** An empty action deck is rebuilt by shuffling its discard pile [R]. */
  reshuffleEmptyDecks: boolean;
  /** A resolved event goes to the "bottom" of the event deck, or out of the game ("discard") [R]. */
  resolvedEvents: "bottom" | "discard";
  /** Order in which the android districts are exploited in Production [R]. */
  exploitationOrder: "ascending" | "descending";
  /** How many tokens of each kind exist; placing fails when the reserve is empty [?] (units are verified: 9/9/6). */
  tokenPools: { illness: number; outage: number; development: number };
  /** The Federalist can win at a normal game end, with at least 25 capital as at threat 25 (the fan text says it cannot) [V-fan]. */
  federalistWinsNormally: boolean;
  /** Claim-and-discard assets (Bryan Stinson, Gurren Imaishi, Hernando Cortez, Naoko Watanabe, Toshiyuki Sakai) [R]: "on-claim" = the ability resolves when claimed, then the card is discarded; "keep-until-used" = the owner may use it when claimed or at any later End of Turn of theirs. */
  oneShotAssets: "on-claim" | "keep-until-used";
  /** Assets claimed through Naoko Watanabe trigger their own "when you claim this card" abilities [R]. */
  naokoClaimTriggers: boolean;
  /** Braintrust doubles the General slots too (each doubled General draws a type not yet drawn) [R]. */
  braintrustDoublesGeneral: boolean;
  /** An asset stolen by Hernando Cortez arrives "as-is" (keeps its ready/exhausted state), "ready" or "exhausted" [R]. */
  stolenAssetState: "as-is" | "ready" | "exhausted";
  /** "Draw cards of the top type on your corp sheet" for a corp with no top type (Melange Mining) [R]: "chosen-type" = the drawer picks one type; "nothing" = no draw. */
  noTopTypeDraws: "chosen-type" | "nothing";
}

export interface PendingView {
  kind: string;
  seat: number;
  /** A short public description ("NBN is choosing a counteroffer"). */
  text: string;
}

export interface TradeView {
  id: string;
  from: number;
  to: number;
  give: { capital: number; assets: string[] };
  get: { capital: number; assets: string[] };
  support?: { offer: "main" | "counter"; count: number };
}

export interface ResultView {
  reason: "end" | "threat" | "vote" | "cancelled";
  winners: number[];
  seats: { seat: number; corp: CorpId; rival: RivalId; capital: number; won: boolean; why: string }[];
  rivalUnderBoard: RivalId;
}

/** Where threat comes from (the engine's tally). */
export type ThreatSourceName = "demand" | "event" | "illness" | "root" | "card";

/**
 * Where the threat is heading, from public facts only: what the next event (only its category is known:
 * every event of that category not yet resolved) and the current demand (if paid with today's supply)
 * would add if scored now, the +2 a card being resolved owes for illness, and the threat raised so far
 * by source, this round and in the whole game. `worst`: today's threat plus every worst case, at most 25.
 */
export interface ThreatForecast {
  worst: number;
  demand: { adds: number; short: Resource[] };
  event: { category: string; min: number; max: number; candidates: { id: string; name: string; adds: number }[] } | null;
  /** +2 when the card being resolved involved a district with illness (paid when it ends). */
  illness: number;
  round: Partial<Record<ThreatSourceName, number>>;
  total: Partial<Record<ThreatSourceName, number>>;
}

export interface GameView {
  /** The seat this view is for, or null for a spectator. */
  seat: number | null;
  players: number;
  round: number;
  roundTrack: string[];
  stage: string;
  active: number;
  threat: number;
  supply: Record<Resource, number>;
  demand: { id: string; name: string; targets: Record<Resource, number>; penalty: number };
  districts: DistrictView[];
  reserve: { humanFirst: number; orgcrime: number; prisec: number; illness: number; outage: number; development: number };
  seats: SeatView[];
  /** Facedown assets on the turn track (slot 1 first): the number of turns left in this Action Phase. */
  turnTrack: boolean[];
  turnsLeft: number;
  deal: DealView | null;
  /** Seats still to support or abstain in this deal, in order (empty outside the Support step). */
  supportQueue: number[];
  decks: {
    action: Record<ActionType, { deck: number; discard: number }>;
    events: number;
    /** The category printed on the back of the next event card. */
    nextEventCategory: string | null;
    assets: number;
    assetDiscard: number;
    investments: number;
    demands: number;
  };
  pending: PendingView | null;
  /** The card or ability being resolved now. */
  effect: EffectView | null;
  /** The table's rules, every option (public). */
  rules: Variant;
  /** Trades this seat is part of (spectators see none). */
  trades: TradeView[];
  /** This seat's secrets and options; absent for spectators. */
  you?: {
    hand: CardView[];
    rival: RivalId;
    investment: { id: string; name: string } | null;
    legal: LegalCommand[];
  };
  result: ResultView | null;
  /** Where the threat is heading (public). */
  forecast: ThreatForecast;
}
