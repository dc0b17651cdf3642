// How a table tells the world what changed. The table core (server/table) knows nothing of sockets or
// Colyseus: the room implements this interface by writing its schema state and sending messages, a unit
// test by recording the calls. Calls come in the order the table makes its changes, and a patch leaves
// only at flush(): what is changed between two flushes travels together.
import type { GameState } from "../engine/index.ts";
import type { ChatLine, WireLogLine } from "../../shared/room-protocol.ts";
import type { StoredWhisper } from "../store/index.ts";
import type { VoteView } from "../../shared/vote-protocol.ts";

export type TableStatus = "lobby" | "playing" | "adjourned" | "finished";

/** What a private event sends to its seat alone; `line`: its text already in the log's wire form (kept by Talk.logPrivate). */
export interface PrivateEvent { type: string; text: string; line?: WireLogLine }

export interface Publisher {
  /** The table's facts, once, before anything else: invite code, seats, step seconds, listing. */
  opened(info: { code: string; seats: number; stepSeconds: number; private: boolean }): void;
  seatAdded(seat: number, name: string, bot: boolean): void;
  seatRemoved(seat: number): void;
  seatConnected(seat: number, connected: boolean): void;
  seatBotControlled(seat: number, on: boolean): void;
  /** When a bot takes over this disconnected player's seat (ms since the epoch), or 0. */
  seatAwayUntil(seat: number, at: number): void;
  /** Whether players see the spectators' channel. */
  watchersOpenChanged(open: boolean): void;
  /** Whether the bots talk (the host's setting). */
  botChatChanged(on: boolean): void;
  hostChanged(seat: number): void;
  statusChanged(status: TableStatus): void;
  stepSecondsChanged(seconds: number): void;
  /** When the game starts by itself, every seat being taken (ms since the epoch), or 0 (optional: tests' recorders may skip it). */
  startsAtChanged?(at: number): void;
  /** When the decision the game waits for is made by a bot instead (ms since the epoch), or 0. */
  deadlineChanged(at: number): void;
  /**
   * The game after a change: public view, every seat's secret, public and private move counts. The room
   * keeps `game` and compares the next one with it to recompute only what changed: a state once passed
   * here must never be changed in place (the engine's apply() makes a new one).
   */
  gameChanged(game: GameState, publicMoves: number, privateMoves: readonly number[]): void;
  /** What this seat may take back now, in words ("support"), or "": its own alone (take-back.ts). */
  takeBackChanged?(seat: number, what: string): void;
  /** This seat's standing answers (JSON of StandingAnswers): its own alone (standing-answers.ts). */
  answersChanged?(seat: number, answers: string): void;
  /**
   * A turn-based seat's time bank (public): ms it held when its wait began, and while it runs, when it
   * runs out and since when the decision is owed (optional: tests' recorders may skip it).
   */
  bankChanged?(seat: number, bank: { leftMs: number; dueAt?: number; owedSince?: number } | null): void;
  /** A private event for one seat's connection, if it has one. */
  event(seat: number, event: PrivateEvent): void;
  /** The guide of a tutorial table: whether it is one, whether its guide is on, the moment it is paused on ("" none). */
  guideChanged?(guide: { tutorial: boolean; on: boolean; moment: string }): void;
  /** A hint for one seat's connection alone (server/bots/hint.ts). */
  hint?(seat: number, hint: { command: unknown; action: string; why: string }): void;
  /** A private message to one seat's connection, if it has one. */
  whisper(seat: number, whisper: StoredWhisper): void;
  /** A public chat line to everyone at the table, or (`spectators`) to the spectators alone. */
  chat(line: ChatLine, audience?: "spectators"): void;
  /** The chat lines this seat's connection may see, replacing what it had. */
  chatHistory(seat: number, lines: ChatLine[]): void;
  /** Runs fn so that everything it sends leaves together (one write per socket). */
  batch(fn: () => void): void;
  /** Sends the changes so far (with the new log lines); `listing` also updates the lobby listing. */
  flush(listing: boolean): void;
  /** The adjournment as everyone sees it: the meeting time (0: none) and the seats that asked to adjourn. */
  adjournmentChanged(meetAt: number, votes: readonly number[]): void;
  /** The open vote as everyone sees it (votes.ts), or null when none is open (optional: tests' recorders may skip it). */
  voteChanged?(vote: VoteView | null): void;
  /** A turn-based table's vacations as everyone sees them (JSON of VacationsShown: seats and times only). */
  vacationsChanged?(shown: string): void;
  /** A seat opened to a newcomer has a new person in it. */
  seatRenamed(seat: number, name: string): void;
  /** The table is adjourned: the room leaves memory at once if nobody is connected to it. */
  parkIfEmpty(): void;
  /** Updates the lobby listing alone. */
  listingChanged(): void;
  /** The table is over for this process (idle, or another process holds the game): close it. */
  close(): void;
}
