// What one seat (or a spectator) may know of a game: the client renders only this.
import type { ActionType, CorpId, NextDistrict, Resource, RivalId } from "./catalog/types.ts";
import type { LegalCommand } from "./protocol.ts";

/** A game-log line in plain words; without `to` it is public, with `to` only those seats see it. */
export interface GameEvent {
  type: string;
  text: string;
  to?: number[];
}

export interface DistrictView {
  id: number;
  name: string;
  tier: 1 | 2 | 3;
  primary: Resource;
  secondary: Resource | null;
  /** What an android here produces per Production Phase (before development and problems). */
  production: { primary: number; secondary: number };
  /** Where a unit or token moving on from here goes. */
  next: NextDistrict;
  condition: "none" | "protest" | "strike" | "outage";
  illness: boolean;
  development: boolean;
  android: boolean;
  humanFirst: boolean;
  orgcrime: boolean;
  prisec: boolean;
}

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

/** Table rules (variant options) the players agreed on: public. */
export interface RulesView {
  tieWinner: "main" | "counter";
  contractScope: "any-card" | "own-card";
  melangeContract: "event-card" | "any-card" | "own-card" | "off";
  prisecBlocksEnemyUnits: boolean;
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
  reason: "end" | "threat";
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
  rules: RulesView;
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
