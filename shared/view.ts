// What one seat (or a spectator) may know of a game: the client renders only this.
import type { ActionType, CorpId, Resource, RivalId } from "./catalog/types.ts";
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
}
