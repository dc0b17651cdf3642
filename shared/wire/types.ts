// The wire's plain shapes: what toJSON() of a decoded TableState gives, and what every reader takes.
// server/rooms/schema.ts declares the same fields as schema classes (each class must have every key of
// its type here, and no other), and fields.ts lists the keys the projection and the reader copy.
// (Schema arrays, maps and refs a client has not received yet are absent from toJSON(): optional here.)
import type { CorpId } from "../catalog/types.ts";
import type { DistrictFlag, DistrictView, GameView, SeatView } from "../view.ts";

// ---- lists the wire's types are made from ------------------------------------------------------------

/** A district's board flags: the tokens and markers a district holds, each true or false (the view's list). */
export type BoardFlag = DistrictFlag;

/** The public game's fields that travel as the view has them. */
export const GAME_PLAIN = ["round", "stage", "active", "threat", "turnsLeft"] as const satisfies readonly (keyof GameView)[];
export type GamePlain = (typeof GAME_PLAIN)[number];

/** A district as read: its static facts (name, tier, resources) come from the catalog, not the wire. */
export type DistrictBoard = Omit<DistrictView, "name" | "tier" | "primary" | "secondary" | "production" | "next">;

/** A card as sent: its id alone (its title and type are the catalog's, see decodeCard). */
export type WireCardId = string;
/** A card as read (decodeCard). */
export interface WireCard { id: string; title: string; type: string }
export interface WireOffer { seat: number; card: WireCardId }
export interface WireSupport { seat: number; offer: "main" | "counter"; count: number }

/** The deal as fields: `open` false when none runs, "" ids and winner for null. */
export interface WireDeal {
  open: boolean;
  /** The asset's id, "" for none (its name is the catalog's). */
  asset: string;
  main?: WireOffer;
  counters?: WireOffer[];
  /** A support's `asset` (Isabel McGuire's added support) is not on the wire: see docs/protocol.md. */
  supports?: WireSupport[];
  abstained?: number[];
  winner: string;
}

/**
 * The view's decks, with "" for no next event category, and the action piles as two lists of sizes in
 * ACTION_TYPES' order (placeholders.ts: encodePiles): two lists of numbers cost the server less memory
 * than a schema object a pile.
 */
export type WireDecks = Partial<Omit<GameView["decks"], "nextEventCategory" | "action">> & {
  actionDecks?: number[];
  actionDiscards?: number[];
  nextEventCategory?: string;
};

/**
 * The pending decision as fields: "" kind for none. `pendingText` is "" when the text is the usual one
 * for its kind ("<corp name> <phrase>.", PENDING_PHRASES), else "~" and what follows the corp name, or
 * "=" and the whole text: a decision passing round the table does not re-send a sentence.
 */
export interface WirePending { pendingKind: string; pendingSeat: number; pendingText: string }

/** Your investment's id: "" when you hold none (its name is the catalog's). */
export interface WireInvestment { investment: string }

export interface WireSecret extends WireInvestment {
  seatToken: string;
  /** Your cards' ids (decodeCard). */
  hand?: WireCardId[];
  rival: string;
  /** encodeLegal() of your legal commands: the decisions, */
  legal: string;
  /** and the trade commands. */
  legalTrades: string;
  /** encodeTrades() of the trades you are part of. */
  trades: string;
  privateMoves: number;
  /** What you may take back now ("support"), or "" (absent from older servers). */
  takeBack?: string;
  /** Your answers in advance, JSON of StandingAnswers ("" or absent: the defaults). */
  answers?: string;
  /** While a timed pass runs for you: when (epoch ms), else 0 (encodeAnswers; absent from an older server). */
  passAt?: number;
}

/** Who sits in a seat (not in the engine's view: the room's own facts). */
export interface SeatPresence {
  name: string;
  /** A server bot sits here. */
  bot: boolean;
  /** A human sits here and is connected now. */
  connected: boolean;
  /** A human's seat that a bot plays while they are away. */
  botControlled: boolean;
  /** Epoch milliseconds when a bot takes over this disconnected player's seat (0: none pending). */
  awayUntil: number;
  /** A turn-based seat's time bank (ms) when its wait began, or as it stands while it owes nothing (0 at a live table). */
  bank: number;
  /** While the seat owes a decision at a turn-based table: when its bank runs out (epoch ms), else 0. */
  bankDueAt: number;
  /** Since when the seat owes its decision at a turn-based table (epoch ms), else 0. */
  owedSince: number;
}

/** A seat's public fields as sent: the SeatView, with "" for a corp not dealt yet (before the start). */
export type WireSeatPublic = Omit<SeatView, "corp" | "emergency" | "assets" | "handLimit"> & { corp: CorpId | "" };

/**
 * A seat's emergency actions, or its assets, as sent: one string of their ids in order (their titles and
 * names are the catalog's), each behind the mark of a facedown emergency action or an exhausted asset
 * when it is one, joined by a separator; "" for none (placeholders.ts: encodeEmergencies, encodeAssets).
 */
export type WireHeld = string;

export interface WireSeat extends WireSeatPublic, SeatPresence {
  secret?: WireSecret;
  emergency: WireHeld;
  assets: WireHeld;
}

/**
 * A district as sent: its id and board packed into one whole number (placeholders.ts: encodeDistrict),
 * a schema object apiece costing the server far more memory than a number.
 */
export type WireDistrict = number;

export interface WireGame extends WirePending, Pick<GameView, GamePlain> {
  supply?: Partial<GameView["supply"]>;
  demand: string;
  districts?: WireDistrict[];
  deal?: WireDeal;
  decks?: WireDecks;
  reserve?: Partial<GameView["reserve"]>;
  deadline: number;
  /** encodeResult() of the result. */
  result: string;
  moves: number;
  /** encodeForecast() of where the threat is heading (absent from an older server). */
  forecast?: string;
}

export type TableStatus = "lobby" | "playing" | "adjourned" | "finished";

export interface WireTable {
  code: string;
  status: TableStatus;
  seatCount: number;
  hostSeat: number;
  stepSeconds: number;
  /** When the game starts by itself (epoch ms), 0 for no countdown (absent from an older server). */
  startsAt?: number;
  spectators: number;
  /** Players see the spectators' channel of the chat. */
  watchersOpen: boolean;
  /** The bots talk (absent from an older server: they do). */
  botChat?: boolean;
  /** While adjourned: when the players mean to meet again (epoch ms; 0: no time set). */
  meetAt?: number;
  /** The seats that asked to adjourn (a majority of the people seated adjourns the game). */
  adjournVotes?: number[];
  /** The open vote (shared/vote-protocol.ts's VoteView as JSON; "" or absent: none). Public: who voted what is no secret. */
  vote?: string;
  /** A turn-based table's vacations (shared/vote-protocol.ts's VacationsShown as JSON; "" or absent: none). Public. */
  vacations?: string;
  /** A tutorial table, its guide on, the guide moment it is paused on (absent from an older server: none). */
  tutorial?: boolean;
  guideOn?: boolean;
  guideMoment?: string;
  seats?: Record<string, WireSeat>;
  game?: WireGame;
  /** The server's phrase books (books.ts WIRE_BOOKS; absent from an older server). */
  books?: string;
}

/** A table that is not live (a replay's step): its code and status, who sat where; nobody connected. */
export interface TableFacts {
  code: string;
  status: TableStatus;
  seatCount: number;
  seats: readonly { seat: number; name: string; bot: boolean }[];
}
