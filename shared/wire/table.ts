// The one way to read a table: the decoded state (the plain JSON of the server's TableState), the game
// log and chat that arrive as messages, your private messages and your seat, read into one typed, plain
// snapshot whose parts have the engine's view shapes (shared/view.ts). The client's screens, the scripts
// and the tests all read tables through readTable().
import type { LegalCommand } from "../protocol.ts";
import type { ChatLine, ServerMessages } from "../room-protocol.ts";
import type { VacationsShown, VoteView } from "../vote-protocol.ts";
import type { CardView, DealView, GameView, PendingView, ResultView, TradeView } from "../view.ts";
import { PRESENCE_FIELDS, SEAT_PUBLIC_FIELDS, pickFields } from "./fields.ts";
import { decodeAnswers } from "./answers.ts";
import { decodeLegal } from "./legal.ts";
import { decodePending } from "./pending.ts";
import {
  decodeAssets, decodeCard, decodeDeal, decodeDistrict, decodeEmergencies, decodeDecks, decodeForecast, decodeInvestment, decodeResult, decodeTrades,
} from "./placeholders.ts";
import { GAME_PLAIN, type DistrictBoard, type GamePlain, type SeatPresence, type TableStatus, type WireSeatPublic, type WireTable } from "./types.ts";

/** A private message between two players (never in the shared state). */
export type Whisper = ServerMessages["whisper"];

/** A seat as everyone sees it: the engine's SeatView (corp "" before the start) and who sits there. */
export interface TableSeat extends WireSeatPublic, SeatPresence {
  emergency: GameView["seats"][number]["emergency"];
  assets: GameView["seats"][number]["assets"];
}

/** Your own seat's secrets (present only for your seat). */
export interface SeatSecrets {
  /** Takes the seat back after a reload or a bot takeover. */
  seatToken: string;
  hand: CardView[];
  /** "" before the rivals are dealt. */
  rival: NonNullable<GameView["you"]>["rival"] | "";
  investment: NonNullable<GameView["you"]>["investment"];
  /** Your accepted private commands so far (each answered by a patch only you receive). */
  privateMoves: number;
  /** Your seat's private game-log lines (what you drew, what you saw). */
  log: string[];
  /** What you may take back now, in words ("support"), or "". */
  takeBack: string;
  /** Your answers in advance (JSON of StandingAnswers), or "" before the table sent them. */
  answers: string;
}

/** The public game: the engine's public view, as the table sends it. */
export interface TableGame extends Pick<GameView, GamePlain | "deal" | "decks" | "pending" | "result"> {
  supply: Partial<GameView["supply"]>;
  reserve: Partial<GameView["reserve"]>;
  /** The demand card's id (its targets and penalty are in the catalog). */
  demand: string;
  districts: DistrictBoard[];
  /** Epoch milliseconds when the pending decision times out (0: no deadline). */
  deadline: number;
  /** Public commands accepted so far. */
  moves: number;
  /** Where the threat is heading (null from a server that sends none). */
  forecast: GameView["forecast"] | null;
}

export interface TableSnapshot {
  code: string;
  status: TableStatus;
  seatCount: number;
  hostSeat: number;
  stepSeconds: number;
  /** When the game starts by itself, every seat being taken (epoch ms), or 0. */
  startsAt: number;
  spectators: number;
  /** Players see the spectators' channel of the chat. */
  watchersOpen: boolean;
  /** The bots talk (the host's setting). */
  botChat: boolean;
  /** While adjourned: when the players mean to meet again (epoch ms; 0: no time set). */
  meetAt: number;
  /** The seats that asked to adjourn, in seat order. */
  adjournVotes: number[];
  /** The open vote (end now, cancel, pause, resume, replace a seat), or null: public, who voted what too. */
  vote: VoteView | null;
  /** A turn-based table's vacations (its setting, who is away and until when), or null at a live table. */
  vacations: VacationsShown | null;
  /** A tutorial table's guide: whether it is one, whether the guide is on, the moment it is paused on ("" none). */
  guide: { tutorial: boolean; on: boolean; moment: string };
  /** Seats in seat order. */
  seats: TableSeat[];
  /** Your seat number, or null for a spectator. */
  mySeat: number | null;
  me: TableSeat | null;
  secret: SeatSecrets | null;
  /** What you may send now (none for a spectator). */
  legal: LegalCommand[];
  /** Trades you are part of. */
  trades: TradeView[];
  /** null before the start. */
  game: TableGame | null;
  /** The public game log you hold, oldest first. */
  log: string[];
  chat: ChatLine[];
  whispers: Whisper[];
}

/** What arrives beside the state, as messages (ServerMessages["log"], ["event"], ["chat"], ["whisper"]). */
export interface TableTalk {
  log?: readonly string[];
  privateLog?: readonly string[];
  chat?: readonly ChatLine[];
  whispers?: readonly Whisper[];
}

/**
 * Reads a table. `state` is the decoded state's toJSON(); `mySeat` is your seat when you know it (the
 * `seat` message), else the seat whose secret you receive.
 */
export function readTable(state: WireTable, talk: TableTalk = {}, mySeat?: number | null): TableSnapshot {
  const wireSeats = Object.values(state.seats ?? {});
  const seats: TableSeat[] = wireSeats.map((s) => ({
    ...pickFields(s, SEAT_PUBLIC_FIELDS), ...pickFields(s, PRESENCE_FIELDS),
    awayUntil: s.awayUntil ?? 0, bank: s.bank ?? 0, bankDueAt: s.bankDueAt ?? 0, owedSince: s.owedSince ?? 0,
    emergency: decodeEmergencies(s.emergency),
    assets: decodeAssets(s.assets),
  })).sort((a, b) => a.seat - b.seat);
  const wireSecret = wireSeats.find((s) => s.secret && (mySeat == null || s.seat === mySeat));
  const seat = mySeat ?? wireSecret?.seat ?? null;
  const me = seat === null ? null : (seats.find((s) => s.seat === seat) ?? null);
  const w = wireSecret?.secret;
  const secret: SeatSecrets | null = w
    ? {
      seatToken: w.seatToken,
      hand: (w.hand ?? []).map(decodeCard),
      rival: w.rival as SeatSecrets["rival"],
      investment: decodeInvestment(w),
      privateMoves: w.privateMoves,
      log: [...(talk.privateLog ?? [])],
      takeBack: w.takeBack ?? "",
      answers: decodeAnswers(w.answers ?? "", w.passAt),
    }
    : null;
  const g = state.game;
  const game: TableGame | null = g
    ? {
      ...pickFields(g, GAME_PLAIN),
      supply: { ...g.supply }, reserve: { ...g.reserve }, demand: g.demand,
      districts: (g.districts ?? []).map(decodeDistrict),
      deal: decodeDeal(g.deal), decks: decodeDecks(g.decks), pending: decodePending(g, seats),
      result: decodeResult(g.result), deadline: g.deadline, moves: g.moves, forecast: decodeForecast(g.forecast),
    }
    : null;
  return {
    code: state.code, status: state.status, seatCount: state.seatCount, hostSeat: state.hostSeat,
    stepSeconds: state.stepSeconds, startsAt: state.startsAt ?? 0, spectators: state.spectators, watchersOpen: state.watchersOpen ?? false, botChat: state.botChat ?? true,
    meetAt: state.meetAt ?? 0, adjournVotes: [...(state.adjournVotes ?? [])].sort((a, b) => a - b),
    vote: state.vote ? (JSON.parse(state.vote) as VoteView) : null,
    vacations: state.vacations ? (JSON.parse(state.vacations) as VacationsShown) : null,
    guide: { tutorial: state.tutorial ?? false, on: state.guideOn ?? false, moment: state.guideMoment ?? "" },
    seats, mySeat: seat, me, secret,
    legal: decodeLegal(w?.legal, wireSeats, wireSecret ?? null, [...(w?.hand ?? [])], w?.legalTrades),
    trades: decodeTrades(w?.trades),
    game,
    log: [...(talk.log ?? [])],
    chat: [...(talk.chat ?? [])],
    whispers: [...(talk.whispers ?? [])],
  };
}

/** The seat numbered `seat`, if anyone sits there. */
export function seatOf(table: Pick<TableSnapshot, "seats">, seat: number): TableSeat | undefined {
  return table.seats.find((s) => s.seat === seat);
}

/** The first legal command of a type, typed by that type. */
export function legalOf<T extends LegalCommand["type"]>(table: Pick<TableSnapshot, "legal">, type: T): Extract<LegalCommand, { type: T }> | undefined {
  return table.legal.find((l) => l.type === type) as Extract<LegalCommand, { type: T }> | undefined;
}

export type { DealView, PendingView, ResultView, TradeView };
