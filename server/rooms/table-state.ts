// The room's side of a table's Publisher: each change the table reports becomes a change of the
// schema state (which Colyseus sends as a patch) or a message; the sockets side (who gets a message,
// when the patch leaves) is the room's, through RoomSide.
import { publicViewSince, secretsTouched, secretViewFor, viewFor, type GameState as Game, type GameView } from "../engine/index.ts";
import type { ChatLine } from "../../shared/room-protocol.ts";
import { encodeAnswers } from "../../shared/wire/answers.ts";
import { WIRE_BOOKS } from "../../shared/wire/books.ts";
import { encodeLogLine } from "../../shared/wire/log-codec.ts";
import type { Publisher } from "../table/publisher.ts";
import { projectPublic, projectSecret } from "./projection.ts";
import { GameState, SecretState, SeatState, type TableState } from "./schema.ts";

/** What the room does with sockets on the table's behalf. */
export interface RoomSide {
  /** Sends a message to the connection that holds this seat, if any. */
  toSeat(seat: number, type: string, message: unknown): void;
  broadcast(type: string, message: ChatLine): void;
  /** Sends a message to every spectator's connection. */
  toSpectators(type: string, message: ChatLine): void;
  setPrivate(listed: boolean): void;
  batch(fn: () => void): void;
  flush(listing: boolean): void;
  listingChanged(): void;
  close(): void;
  /** Closes the room now if no client is connected (an adjourned table waits in the store). */
  closeIfEmpty?(): void;
}

/** A seat's projection, as a plain object (reading schema fields costs more): its secret, the game that secret was last projected from (engine states never change once made) and its private moves. */
interface SeatProjection {
  seat: number;
  secret: SecretState;
  from: Game | null;
  privateMoves: number;
  /** The answers' string last projected (answersChanged): the same string changes nothing. */
  answersSent?: string;
}

/** A room with no sockets: the state alone (the bench's views, the patch and golden-digest tests). */
export function noSockets(): RoomSide {
  const nothing = () => {};
  return {
    toSeat: nothing, broadcast: nothing, toSpectators: nothing, setPrivate: nothing,
    batch: (fn) => fn(), flush: nothing, listingChanged: nothing, close: nothing,
  };
}

export function statePublisher(state: TableState, room: RoomSide): Publisher {
  const seats = new Map<number, SeatProjection>();
  return {
    ...tableFields(state, room),
    ...seatFields(state, seats),
    gameChanged: gameProjector(state, seats),
    hint: (seat, hint) => room.toSeat(seat, "hint", hint),
    parkIfEmpty: () => room.closeIfEmpty?.(),
    // Not afterNextPatch: a private frame staged that way skips the queue of a client still joining.
    // Its words in the log's wire form (shared/wire/log-codec.ts), put in it once when the line was kept.
    event: (seat, event) => room.toSeat(seat, "event", { type: event.type, text: event.line ?? encodeLogLine(event.text) }),
    whisper: (seat, whisper) => room.toSeat(seat, "whisper", whisper),
    chat: (line, audience) => audience === "spectators" ? room.toSpectators("chat", line) : room.broadcast("chat", line),
    chatHistory: (seat, lines) => room.toSeat(seat, "chat-history", { lines }),
    batch: (fn) => room.batch(fn),
    flush: (listing) => room.flush(listing),
    listingChanged: () => room.listingChanged(),
    close: () => room.close(),
  };
}

/** The table's own fields: what changes them. */
function tableFields(state: TableState, room: RoomSide): Pick<Publisher, "opened" | "watchersOpenChanged" | "botChatChanged" | "guideChanged" | "hostChanged" | "adjournmentChanged" | "voteChanged" | "vacationsChanged" | "statusChanged" | "stepSecondsChanged" | "startsAtChanged" | "deadlineChanged"> {
  return {
    opened(info) {
      state.code = info.code;
      state.books = WIRE_BOOKS;
      state.seatCount = info.seats;
      state.stepSeconds = info.stepSeconds;
      state.game = new GameState();
      room.setPrivate(info.private);
    },
    watchersOpenChanged(open) {
      state.watchersOpen = open;
    },
    botChatChanged(on) {
      state.botChat = on;
    },
    guideChanged(guide) {
      state.tutorial = guide.tutorial;
      state.guideOn = guide.on;
      state.guideMoment = guide.moment;
    },
    hostChanged(seat) {
      state.hostSeat = seat;
    },
    adjournmentChanged(meetAt, votes) {
      state.meetAt = meetAt;
      while (state.adjournVotes.length > 0) state.adjournVotes.pop();
      for (const v of votes) state.adjournVotes.push(v);
    },
    voteChanged(vote) {
      state.vote = vote ? JSON.stringify(vote) : "";
    },
    vacationsChanged(shown) {
      state.vacations = shown;
    },
    statusChanged(status) {
      state.status = status;
    },
    stepSecondsChanged(seconds) {
      state.stepSeconds = seconds;
    },
    startsAtChanged(at) {
      state.startsAt = at;
    },
    deadlineChanged(at) {
      state.game.deadline = at;
    },
  };
}

/** The seats' fields and secrets: what changes them. */
function seatFields(state: TableState, seats: Map<number, SeatProjection>): Pick<Publisher, "seatAdded" | "seatRemoved" | "seatConnected" | "seatBotControlled" | "seatAwayUntil" | "bankChanged" | "seatRenamed" | "takeBackChanged" | "answersChanged"> {
  const seatState = (n: number) => state.seats.get(String(n));
  return {
    seatAdded(seat, name, bot) {
      const secret = new SecretState();
      state.seats.set(String(seat), new SeatState({ seat, name, bot, secret }));
      seats.set(seat, { seat, secret, from: null, privateMoves: 0 });
    },
    seatRemoved(seat) {
      state.seats.delete(String(seat));
      seats.delete(seat);
    },
    seatConnected(seat, connected) {
      const s = seatState(seat);
      if (s) s.connected = connected;
    },
    seatBotControlled(seat, on) {
      const s = seatState(seat);
      if (s) s.botControlled = on;
    },
    seatAwayUntil(seat, at) {
      const s = seatState(seat);
      if (s) s.awayUntil = at;
    },
    bankChanged(seat, bank) {
      const s = seatState(seat);
      if (!s) return;
      s.bank = bank?.leftMs ?? 0;
      s.bankDueAt = bank?.dueAt ?? 0;
      s.owedSince = bank?.owedSince ?? 0;
    },
    seatRenamed(seat, name) {
      const s = seatState(seat);
      if (s) s.name = name;
    },
    takeBackChanged(seat, what) {
      const s = seats.get(seat);
      if (s && s.secret.takeBack !== what) s.secret.takeBack = what;
    },
    answersChanged(seat, sent) {
      const s = seats.get(seat);
      if (!s || s.answersSent === sent) return;
      s.answersSent = sent;
      const w = encodeAnswers(sent);
      if (s.secret.answers !== w.answers) s.secret.answers = w.answers;
      if (s.secret.passAt !== w.passAt) s.secret.passAt = w.passAt;
    },
  };
}

/** The game's projection: the spectator's view into the state, and each seat's secret it may have changed. */
function gameProjector(state: TableState, seats: Map<number, SeatProjection>): Publisher["gameChanged"] {
  let previous: Game | null = null;
  /** The spectator's view of `previous`: the parts a change cannot have touched are reused from it. */
  let previousView: GameView | null = null;
  return (game, publicMoves, privateMoves) => {
    const view = previous && previousView ? publicViewSince(previous, previousView, game) : viewFor(game, "spectator");
    projectPublic(state.game, state.seats, view);
    state.game.moves = publicMoves;
    // Only the seats whose own view may have changed since the game last projected are projected again;
    // a secret projected from another game (a new seat, the first change) is projected whole.
    const touched = previous ? secretsTouched(previous, game) : null;
    for (const s of seats.values()) {
      if (!touched || s.from !== previous || touched.includes(s.seat)) projectSecret(s.secret, secretViewFor(game, s.seat));
      s.from = game;
      const moves = privateMoves[s.seat] ?? 0;
      if (s.privateMoves !== moves) s.secret.privateMoves = s.privateMoves = moves;
    }
    previous = game;
    previousView = view;
  };
}
