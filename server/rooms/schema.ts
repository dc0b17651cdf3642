// The synchronized state of a table, as @colyseus/schema classes. It is a projection of the engine's
// views (see projection.ts): public facts in plain fields, each seat's secrets in a `.view()` field
// that only that seat's StateView contains. Static catalog data (district names, card texts) is not
// sent: the client reads it from shared/catalog. Fields whose wire form differs from the view's (""
// for null, JSON strings, compacted lists) are encoded and decoded by shared/wire, which also declares
// the plain shape every reader gets from toJSON() (shared/wire/types.ts). Each class below declares
// every key of its wire type and no other (`Declares`), and its toJSON() must be that type (TableJSON):
// a field added to a wire type fails to compile here until its class has it.
import { schema, t, type SchemaType, type ToJSON } from "@colyseus/schema";
import type { CorpId } from "../../shared/catalog/types.ts";
import {
  type TableStatus, type WireDeal, type WireDecks,
  type WireGame, type WireOffer, type WireSeat, type WireSecret, type WireSupport, type WireTable,
} from "../../shared/wire/index.ts";

/** A schema class's fields: every key of its wire type W, and no other. */
type Declares<W> = Record<keyof W, unknown>;

/** One seat's secrets: only that seat's client ever receives this object. */
export const SecretState = schema({
  /** Lets this seat's person take the seat back after a reload or a bot takeover. */
  seatToken: t.string().default(""),
  /** The ids of this seat's cards (shared/wire decodeCard gives their titles and types). */
  hand: t.array("string"),
  rival: t.string().default(""),
  /** Your investment's id ("" for none; its name is the catalog's). */
  investment: t.string().default(""),
  /**
   * What this seat may send now, compacted (shared/wire encodeLegal): the decisions it owes, as JSON, and
   * its trade commands apart ("" for none), which change seldom.
   */
  legal: t.string().default("[]"),
  legalTrades: t.string().default(""),
  /** Trades this seat is part of (JSON of TradeView[]). */
  trades: t.string().default("[]"),
  /**
   * This seat's accepted private commands (a trade proposed, withdrawn or declined): each changes it, so
   * the sender's answer is a patch that only this seat receives. The public `moves` does not count them.
   */
  privateMoves: t.uint32().default(0),
  /** What this seat may take back now, in words ("support"), or "" (server/table/take-back.ts). */
  takeBack: t.string().default(""),
  /** This seat's answers in advance, JSON of StandingAnswers (server/table/standing-answers.ts). */
  answers: t.string().default(""),
  /** When a timed pass runs for this seat (epoch ms), else 0: apart from `answers` (shared/wire encodeAnswers). */
  passAt: t.number().default(0),
} satisfies Declares<WireSecret>, "SecretState");
export type SecretState = SchemaType<typeof SecretState>;

export const SeatState = schema({
  /** Secrets first: view-tagged fields early keep encoding on the fast path. */
  secret: t.ref(SecretState).view(),
  seat: t.uint8().default(0),
  name: t.string().default(""),
  /** A server bot sits here (from the start, or because the host added one). */
  bot: t.boolean().default(false),
  /** A human sits here and is connected now. */
  connected: t.boolean().default(false),
  /** A human's seat that a bot plays while they are away. */
  botControlled: t.boolean().default(false),
  /** Epoch milliseconds when a bot takes over this disconnected player's seat (0: none pending). */
  awayUntil: t.float64().default(0),
  /** A turn-based seat's time bank (ms) when its wait began, or as it stands while it owes nothing (0 at a live table). */
  bank: t.float64().default(0),
  /** While the seat owes a decision at a turn-based table: when its bank runs out (epoch ms), else 0. */
  bankDueAt: t.float64().default(0),
  /** Since when the seat owes its decision at a turn-based table (epoch ms), else 0. */
  owedSince: t.float64().default(0),
  corp: t.string<CorpId | "">().default(""),
  corpName: t.string().default(""),
  capital: t.uint16().default(0),
  handSize: t.uint8().default(0),
  hasInvestment: t.boolean().default(false),
  /**
   * The seat's emergency actions and its assets, each as one string of ids, marked when facedown or
   * exhausted (shared/wire encodeEmergencies, encodeAssets): a schema object apiece would cost the
   * server far more memory than a string.
   */
  emergency: t.string().default(""),
  assets: t.string().default(""),
} satisfies Declares<WireSeat>, "SeatState");
export type SeatState = SchemaType<typeof SeatState>;

/** An offer in the deal (the public DealView's OfferView). */
export const OfferState = schema({
  seat: t.uint8().default(0),
  /** The card's id (shared/wire decodeCard). */
  card: t.string().default(""),
} satisfies Declares<WireOffer>, "OfferState");
export type OfferState = SchemaType<typeof OfferState>;

export const SupportState = schema({
  seat: t.uint8().default(0),
  offer: t.string<"main" | "counter">().default("main"),
  count: t.uint8().default(0),
} satisfies Declares<WireSupport>, "SupportState");
export type SupportState = SchemaType<typeof SupportState>;

/**
 * The public DealView as fields, so that one support or offer patches a few bytes. `open` is false when
 * no deal runs; `asset` "" and `main` are absent when the view's are null; `winner` "" is null.
 */
export const DealState = schema({
  open: t.boolean().default(false),
  /** The asset for sale's id ("" for none). */
  asset: t.string().default(""),
  main: t.ref(OfferState),
  counters: t.array(OfferState),
  supports: t.array(SupportState),
  abstained: t.array("uint8"),
  winner: t.string().default(""),
} satisfies Declares<WireDeal>, "DealState");
export type DealState = SchemaType<typeof DealState>;

/** Deck sizes and the next event's category ("" when there is none), as the view's `decks`. */
export const DecksState = schema({
  /** The action piles' sizes, in ACTION_TYPES' order (shared/wire encodePiles). */
  actionDecks: t.array("uint8"),
  actionDiscards: t.array("uint8"),
  events: t.number().default(0),
  nextEventCategory: t.string().default(""),
  assets: t.number().default(0),
  assetDiscard: t.number().default(0),
  investments: t.number().default(0),
  demands: t.number().default(0),
} satisfies Declares<WireDecks>, "DecksState");
export type DecksState = SchemaType<typeof DecksState>;

export const GameState = schema({
  round: t.uint8().default(0),
  stage: t.string().default(""),
  active: t.uint8().default(0),
  threat: t.uint8().default(0),
  supply: t.map("uint8"),
  demand: t.string().default(""),
  /** Each district as one number: its id and board (shared/wire encodeDistrict). */
  districts: t.array("uint32"),
  turnsLeft: t.uint8().default(0),
  /** The public deal (offers, support counts, who abstained). */
  deal: t.ref(DealState),
  /** Deck sizes and the next event's category. */
  decks: t.ref(DecksState),
  /** The reserve counts, by token kind. */
  reserve: t.map("uint8"),
  pendingKind: t.string().default(""),
  pendingSeat: t.int8().default(-1),
  pendingText: t.string().default(""),
  /** Epoch milliseconds when the pending decision times out (0: no deadline). */
  deadline: t.float64().default(0),
  /** JSON of the ResultView once the game is over (rivals revealed). */
  result: t.string().default(""),
  /**
   * Public commands accepted so far. Every one changes it, so every command is answered by a patch (or an
   * `error`) even when its result looks the same, as when a seat passes on one of two identical asset
   * windows in a row. Private commands (trades not carried out) count in their sender's
   * `secret.privateMoves` instead: nobody else may learn that, when or how often they happen.
   */
  moves: t.uint32().default(0),
  /** JSON of where the threat is heading (public: shared/wire's encodeForecast). */
  forecast: t.string().default(""),
} satisfies Declares<WireGame>, "GameState");
export type GameState = SchemaType<typeof GameState>;

export const TableState = schema({
  code: t.string().default(""),
  status: t.string<TableStatus>().default("lobby"),
  seatCount: t.uint8().default(4),
  hostSeat: t.int8().default(-1),
  stepSeconds: t.float32().default(0),
  /** When the game starts by itself, every seat being taken (epoch ms), or 0. */
  startsAt: t.float64().default(0),
  spectators: t.uint16().default(0),
  /** Players see the spectators' channel of the chat (the host's setting). */
  watchersOpen: t.boolean().default(false),
  /** The bots talk (the host's setting). */
  botChat: t.boolean().default(true),
  /** While adjourned: when the players mean to meet again (epoch ms; 0: no time set). */
  meetAt: t.float64().default(0),
  /** The seats that asked to adjourn (public: a majority of the people seated adjourns). */
  adjournVotes: t.array("uint8"),
  /** The open vote, JSON of VoteView ("" none): public, as who voted what is (server/table/votes.ts). */
  vote: t.string().default(""),
  /** A turn-based table's vacations, JSON of VacationsShown ("" at a live table): public, seats and times only. */
  vacations: t.string().default(""),
  /** A tutorial table; its guide is on; the guide moment the table is paused on ("" none): server/table/guide.ts. */
  tutorial: t.boolean().default(false),
  guideOn: t.boolean().default(false),
  guideMoment: t.string().default(""),
  seats: t.map(SeatState),
  game: t.ref(GameState),
  /** The phrase books this server reads and writes with (shared/wire WIRE_BOOKS): a page of another build notices. */
  books: t.string().default(""),
} satisfies Declares<WireTable>, "TableState");
export type TableState = SchemaType<typeof TableState>;

/**
 * What toJSON() of a decoded TableState gives must be the wire shape the reader takes (shared/wire's
 * WireTable): a field renamed, retyped or removed here fails the typecheck until the reader agrees.
 */
type ReadableAs<T extends WireTable> = T;
export type TableJSON = ReadableAs<ToJSON<TableState>>;
