// One table's game, apart from any transport: it takes a command, applies it with the engine, stores it
// and publishes the result (server/table/publisher.ts), in that order. It keeps the seats (seats.ts) and
// what is said (talk.ts), runs the deadlines, the bots' turns and the away timers, and answers the
// host's settings. The Colyseus room (server/rooms) is one Publisher; a unit test is another.
import { randomBytes } from "node:crypto";
import { apply, createGameWithEvents, type GameState as EngineState } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import type { ChatMessage } from "../../shared/room-protocol.ts";
type Chat = ReturnType<(typeof ChatMessage)["parse"]>;
import type { GameEvent } from "../../shared/view.ts";
import { makeRandom, type Random } from "../bots/random.ts";
import type { GameStore } from "../store/index.ts";
import { newMemory, type BotMemory } from "../bots/index.ts";
import { WriteQueue } from "../store/write-queue.ts";
import * as metrics from "../metrics.ts";
import { DEFAULT_ROOM_LIMITS, TABLE_IDLE_MS, TradeLimiter, type RoomLimits } from "./limits.ts";
import type { Publisher, TableStatus } from "./publisher.ts";
import { BOT_NAMES, Seats, newSeat, type Seat } from "./seats.ts";
import { botSeed, type TableStart } from "./start.ts";
import { Talk } from "./talk.ts";
import { botTurn } from "./bot-turn.ts";
import { BotVoice } from "./bot-voice.ts";
import { BOT_CHOSE, BOT_PLAYED_AWAY } from "../../shared/bot-chose.ts";

/**
 * A bot waiting on its own trade proposal looks again after this long, and withdraws it after a few
 * looks (STALE_LOOKS): a person has about ten seconds to answer, and an ignored offer holds the table
 * no longer than that.
 */
export const BOT_TRADE_WAIT_MS = 2500;
import { Moves, Timers, Turns, type Timer } from "./turns.ts";

export type Refusal = { code: string; message: string };
interface Log { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export interface TableDeps {
  store: GameStore;
  publisher: Publisher;
  log: Log;
  limits?: Partial<RoomLimits>;
  /** True while the server shuts down: dropped players keep their seats in the store. */
  shuttingDown?: () => boolean;
  /** Names the table in log lines (the room's id). */
  roomId?: string;
  /** The bots' own randomness (a random seed when absent), apart from the game's seeded RNG. */
  botRandom?: Random;
}

export class Table {
  readonly code: string;
  readonly options: TableStart["options"];
  readonly seed: TableStart["seed"];
  readonly seats: Seats;
  readonly talk = new Talk();
  readonly limits: RoomLimits;
  game: EngineState | null = null;
  status: TableStatus = "lobby";
  hostSeat = -1;
  private commands: { seat: number; command: Command }[] = [];
  private moves = new Moves();
  private proposals: TradeLimiter;
  private idleTimer: Timer | null = null;
  private timers: Timers;
  private turns: Turns;
  readonly botRandom: Random;
  private p: Publisher;
  /** Store writes in order; a command's result is published only once the command is written. */
  private writes: WriteQueue;
  private voice: BotVoice;
  private lost = false;

  private readonly start: TableStart;
  private readonly deps: TableDeps;

  constructor(start: TableStart, deps: TableDeps) {
    this.start = start;
    this.deps = deps;
    this.code = start.code;
    this.options = start.options;
    this.seed = start.seed;
    this.seats = new Seats(start.options.seats);
    this.limits = { ...DEFAULT_ROOM_LIMITS, ...deps.limits };
    this.p = deps.publisher;
    this.proposals = new TradeLimiter(this.limits);
    this.botRandom = deps.botRandom ?? makeRandom(botSeed());
    this.timers = new Timers((err) => deps.log.error({ err, roomId: deps.roomId }, "room timer failed"));
    this.turns = new Turns(this.timers, (n) => this.botMove(n));
    this.writes = new WriteQueue({
      onError: (err, attempt) => deps.log.error({ err, attempt, roomId: deps.roomId }, "game store write failed: trying again"),
      onLost: (err) => {
        deps.log.error({ err, roomId: deps.roomId }, "another process holds this game now: closing this room");
        this.lost = true;
        this.p.close();
      },
    });
    this.voice = new BotVoice({
      seats: this.seats, talk: this.talk, publisher: this.p, chatOn: () => this.options.botChat !== false,
      writeChat: (chat, after) => this.writes.write(() => deps.store.appendChat(this.code, chat.seq, chat), after),
      writeWhisper: (seq, whisper, after) => this.writes.write(() => deps.store.appendWhisper(this.code, seq, whisper), after),
    });
  }

  /** Opens the table, new or restored: seats, chat, idle timer, and the game when it is under way. */
  open(): void {
    const { options, restored } = this.start;
    this.p.opened({ code: this.code, seats: options.seats, stepSeconds: options.stepSeconds, private: options.private });
    this.talk.watchersOpen = options.watchersOpen;
    this.p.watchersOpenChanged(options.watchersOpen);
    this.p.botChatChanged(options.botChat !== false);
    if (!restored) {
      for (let i = 0; i < options.bots; i++) this.seatBot(options.seats - 1 - i);
      this.startIdle();
      if (this.seats.free() === null) this.startGame(); // a table of bots only plays at once
      else this.p.listingChanged();
      return;
    }
    for (const s of restored.seats) {
      this.seats.add(newSeat(s.seat, s.name, s.bot, null, s.tokenHash));
      this.p.seatAdded(s.seat, s.name, s.bot);
    }
    this.setHost(restored.seats.find((s) => !s.bot)?.seat ?? -1);
    this.talk.restore(restored.chat, restored.whispers);
    const roomId = this.deps.roomId ?? "";
    this.writes.write(() => this.deps.store.setRoomId(this.code, roomId));
    // A table nobody joined has been idle since it was created: it closes when that idle time is up.
    const neverJoined = restored.status === "lobby" && restored.seats.every((s) => s.bot);
    this.startIdle(neverJoined ? Math.max(0, restored.createdAt + TABLE_IDLE_MS - Date.now()) : TABLE_IDLE_MS);
    if (!restored.rebuilt) {
      // A player who does not come back loses the seat, as after a dropped connection.
      for (const seat of this.seats.all()) {
        if (seat.bot) continue;
        seat.awayTimer = this.timers.later(() => {
          seat.awayTimer = null;
          this.freeSeatOf(seat);
          this.p.flush(true);
        }, (options.graceSeconds + 30) * 1000);
      }
      this.p.listingChanged();
      return;
    }
    this.game = restored.rebuilt.game;
    this.commands = [...restored.commands];
    for (const { seat, command } of this.commands) this.moves.count(seat, command.type);
    this.setStatus("playing");
    this.talk.log("The server restarted: the game goes on.");
    // Humans are away until they rejoin with their seat token; after the grace period a bot plays for them.
    for (const seat of this.seats.all()) if (!seat.bot) this.markConnected(seat, false);
    this.afterGameChange(restored.rebuilt.events);
  }

  // ---- seats -----------------------------------------------------------------------------------

  /**
   * Seats a player who passed the checks at the door: a new player in the lowest free seat, or one
   * coming back to their seat (`replace` closes the connection that held it). Checked again here:
   * another join may have taken the last seat or the name meanwhile.
   */
  sit(sessionId: string, name: string, reclaim: number | null, replace: (sessionId: string) => void): Seat | Refusal {
    let seat: Seat;
    if (reclaim !== null) {
      seat = this.seats.get(reclaim)!;
      if (seat.sessionId) replace(seat.sessionId);
    } else {
      const free = this.seats.free();
      if (free === null || this.status !== "lobby") return { code: "full", message: "This table is full: join as a spectator." };
      if (this.seats.nameTaken(name)) return { code: "name-taken", message: `The name "${name}" is already taken at this table.` };
      seat = newSeat(free, name, false, randomBytes(18).toString("base64url"));
      this.seats.add(seat);
      this.saveSeat(seat);
      this.p.seatAdded(free, name, false);
      if (this.hostSeat < 0) this.setHost(free);
    }
    this.seats.attach(seat, sessionId);
    this.markConnected(seat, true);
    return seat;
  }

  /** After the seated player has their seat and histories: the log line, and the game when the table is full. */
  seated(seat: Seat, reclaimed: boolean): Promise<void> {
    this.talk.log(`${seat.name} ${reclaimed ? "is back" : "sits down"} at seat ${seat.seat + 1}.`);
    if (this.status === "lobby" && this.seats.free() === null) this.startGame();
    else this.p.flush(true);
    // The joining client gets its seat token (queued until the join completes) once the seat is stored.
    return this.writes.idle();
  }

  /** A player's connection is gone for good: in the lobby the seat is freed, in a game it is away. */
  left(sessionId: string): void {
    const seat = this.seats.ofSession(sessionId);
    if (!seat) return;
    this.seats.detach(sessionId);
    seat.sessionId = null;
    if (this.status === "lobby") this.freeSeatOf(seat);
    else this.markConnected(seat, false);
  }

  markConnected(seat: Seat, connected: boolean): void {
    seat.connected = connected;
    seat.awayTimer?.clear();
    seat.awayTimer = null;
    this.p.seatConnected(seat.seat, connected);
    this.p.seatAwayUntil(seat.seat, 0);
    if (connected) {
      this.setBotControl(seat, false);
      if (this.status === "playing") this.scheduleDecisions(); // deadlines for decisions now theirs again
    } else if (this.status === "playing") {
      // Public: everyone's board counts down to the bot taking over.
      this.p.seatAwayUntil(seat.seat, Date.now() + this.options.graceSeconds * 1000);
      seat.awayTimer = this.timers.later(() => {
        seat.awayTimer = null;
        this.p.seatAwayUntil(seat.seat, 0);
        this.setBotControl(seat, true);
        this.talk.log(`${seat.name} is away: a bot plays their seat until they return.`);
        if (this.status === "playing") this.scheduleDecisions();
        this.p.flush(true);
      }, this.options.graceSeconds * 1000);
    }
  }

  private setBotControl(seat: Seat, on: boolean): void {
    if (!on) {
      // The person is back: their decisions are theirs again.
      this.turns.cancelBot(seat.seat);
    }
    seat.botControlled = on;
    this.p.seatBotControlled(seat.seat, on);
  }

  seatBot(n: number): void {
    const seat = newSeat(n, BOT_NAMES[n]!, true, null);
    this.seats.add(seat);
    this.saveSeat(seat);
    this.p.seatAdded(n, seat.name, true);
  }

  freeSeatOf(seat: Seat): void {
    this.seats.remove(seat.seat);
    // Players dropped by a server shutdown keep their seats in the store, to take them back after the restart.
    if (!this.deps.shuttingDown?.()) this.writes.write(() => this.deps.store.removeSeat(this.code, seat.seat));
    this.p.seatRemoved(seat.seat);
    if (this.hostSeat === seat.seat) this.setHost(this.seats.firstHuman());
  }

  private saveSeat(seat: Seat): void {
    const saved = Seats.stored(seat);
    this.writes.write(() => this.deps.store.setSeat(this.code, saved));
  }

  private setHost(seat: number): void {
    this.hostSeat = seat;
    this.p.hostChanged(seat);
  }

  private setStatus(status: TableStatus): void {
    this.status = status;
    this.p.statusChanged(status);
  }

  /** The players, as the lobby listing and the finished game show them. */
  players() {
    return this.seats.players((n) => this.game?.seats[n]?.corp ?? "");
  }

  // ---- host, chat ------------------------------------------------------------------------------

  /** A chat line from a connection (`sender`, for the rate limit), seated or not. */
  chat(sender: string, seat: Seat | undefined, msg: Chat): Refusal | null {
    return this.talk.say(sender, seat, msg, this.seats, this.p, (write, after) => this.writes.write(() => write(this.deps.store, this.code), after));
  }

  /**
   * The host lets players see the spectators' channel, or no longer: kept with the options, and each
   * seated connection gets the chat it may now see.
   */
  setWatchersOpen(open: boolean): void {
    if (this.options.watchersOpen === open) return;
    this.options.watchersOpen = open;
    this.talk.watchersOpen = open;
    this.optionsChanged(false);
    this.p.batch(() => {
      this.p.watchersOpenChanged(open);
      for (const seat of this.seats.all()) if (!seat.bot && seat.sessionId) this.p.chatHistory(seat.seat, this.talk.chatHistory(true));
      this.p.flush(true);
    });
  }

  // ---- the game --------------------------------------------------------------------------------

  startGame(): void {
    for (let n = 0; n < this.options.seats; n++) if (!this.seats.get(n)) this.seatBot(n);
    const { state, events } = createGameWithEvents({ players: this.options.seats as 4 | 5 | 6, seed: this.seed, variant: this.options.variant });
    this.game = state;
    this.setStatus("playing");
    this.writes.write(() => this.deps.store.startGame(this.code));
    this.talk.log("The game begins.");
    for (const seat of this.seats.all()) if (!seat.bot && !seat.connected) this.markConnected(seat, false);
    this.afterGameChange(events);
  }

  /**
   * A seat's command, in turn behind any pending store write; `refuse` hears why it was refused. Its
   * result is published once the command is written.
   */
  command(seat: number, command: Command, receivedAt: number, refuse: (r: Refusal) => void): void {
    this.writes.whenIdle(() => {
      if (this.play(seat, command, refuse)) this.writes.whenIdle(() => metrics.commandPatched(receivedAt));
    });
  }

  /** Applies one command for a seat; on refusal tells `refuse` (a bot's is logged) and changes nothing. */
  private play(seat: number, command: Command, refuse?: (r: Refusal) => void): boolean {
    if (!this.game) return false;
    const limited = command.type === "trade-propose" ? this.proposals.check(seat, this.game) : null;
    if (limited) {
      refuse?.(limited);
      return false;
    }
    const lap = metrics.stages();
    const result = apply(this.game, seat, command);
    if (!result.ok) {
      if (refuse) refuse({ code: result.code, message: result.message });
      else this.deps.log.warn({ seat, command: command.type, code: result.code }, "bot command refused");
      return false;
    }
    this.game = result.state;
    lap("engine");
    const seq = this.commands.length;
    this.commands.push({ seat, command });
    metrics.commandAccepted();
    if (command.type === "trade-propose") this.proposals.count(seat);
    // A trade is no answer to the decision the seat owes: its deadline runs on.
    if (this.moves.count(seat, command.type)) this.turns.reset(seat);
    // Written before anyone hears of it: a command whose result was sent survives a crash.
    this.writes.write(() => this.deps.store.appendCommand(this.code, seq, { seat, command }), () => {
      lap("store");
      this.afterGameChange(result.events, lap);
    });
    return true;
  }

  private afterGameChange(events: GameEvent[], lap?: (stage: metrics.Stage) => void): void {
    const game = this.game!;
    // Private lines, the patch and the log lines leave in one write per socket.
    this.p.batch(() => {
      for (const e of events) {
        if (!e.to) this.talk.log(e.text);
        else for (const n of e.to) {
          // Kept for reloads (sent with the log history) and sent to that seat's connection alone.
          if (this.seats.get(n)) this.talk.logPrivate(n, e.text);
          this.p.event(n, { type: e.type, text: e.text });
        }
      }
      this.p.gameChanged(game, this.moves.public, this.moves.private);
      if (game.result && this.status !== "finished") {
        this.setStatus("finished");
        const players = this.players();
        this.writes.write(() => this.deps.store.finishGame(this.code, game.result, players));
        this.turns.clear();
        this.p.deadlineChanged(0);
      }
      if (this.status === "playing") this.scheduleDecisions(); // before the patch: it carries the new deadline
      lap?.("views");
      this.p.flush(false);
    });
    lap?.("send");
    this.p.listingChanged();
  }

  /** When each human seat's pending decision passes to the bot policy (ms since the epoch). */
  get deadlineAt(): ReadonlyMap<number, number> {
    return this.turns.deadlineAt;
  }

  /** Deadlines and bot moves for every seat the game waits for. */
  private scheduleDecisions(): void {
    const botDriven = (n: number) => this.seats.botDriven(n);
    this.p.deadlineChanged(this.turns.schedule(this.game!, botDriven, this.options.stepSeconds, this.botDelayMs()));
  }

  /** How long a bot waits before it acts: the table's botDelayMs, but never under the server's floor. */
  botDelayMs(): number {
    return Math.max(this.options.botDelayMs, this.limits.botDelayMinMs);
  }

  private botMove(n: number): void {
    if (this.writes.pending) return this.writes.whenIdle(() => this.botMove(n));
    if (!this.game || this.status !== "playing") return;
    let memory = this.botMemories.get(n);
    if (!memory) this.botMemories.set(n, (memory = newMemory()));
    const seat = this.seats.get(n);
    const human = !!seat && !seat.bot;
    const away = !!seat?.botControlled;
    const { say, wait, done } = botTurn(this.game, n, this.talk.privateLines(n), this.botRandom, memory, (command) => this.play(n, command), (legal) => this.deps.log.error({ seat: n, legal }, "bot found no command"));
    // A person's decision the bot made: they read on their screen what was chosen for them (and again after a reload).
    if (done && human) {
      const text = `${away ? BOT_PLAYED_AWAY : BOT_CHOSE} ${done}.`;
      this.talk.logPrivate(n, text);
      this.p.event(n, { type: "bot-chose", text });
    }
    // waiting on its own proposal: it looks again later (and withdraws it once it has gone stale)
    // At a table with deadlines a person has no longer than one to answer it.
    const step = this.options.stepSeconds > 0 ? this.options.stepSeconds * 1000 : BOT_TRADE_WAIT_MS;
    if (wait) this.timers.later(() => this.botMove(n), Math.max(this.botDelayMs(), Math.min(step, BOT_TRADE_WAIT_MS)));
    if (say) this.voice.say(n, say);
  }

  /** Each bot-driven seat's memory of this game (its proposals), kept while the room lives. */
  private botMemories = new Map<number, BotMemory>();

  // ---- time, the store, the end ----------------------------------------------------------------

  /** Nobody is connected: the table closes after ms unless someone joins. */
  startIdle(ms = TABLE_IDLE_MS): void {
    this.stopIdle();
    this.idleTimer = this.timers.later(() => this.p.close(), ms);
  }

  stopIdle(): void {
    this.idleTimer?.clear();
    this.idleTimer = null;
  }

  /** The host lets the bots talk, or silences them: kept with the options, and shown to everyone. */
  setBotChat(on: boolean): void {
    this.options.botChat = on;
    this.p.botChatChanged(on);
  }

  /** The host changed the options: written to the store, and new step seconds published. */
  optionsChanged(stepSeconds: boolean): void {
    if (stepSeconds) this.p.stepSecondsChanged(this.options.stepSeconds);
    const options = { ...this.options, seed: this.seed };
    this.writes.write(() => this.deps.store.setOptions(this.code, options));
  }

  /** Publishes the changes so far and the lobby listing. */
  changed(): void {
    this.p.flush(true);
  }

  /** Seed, variant and every accepted command: enough to replay the game exactly. */
  replayLog() {
    return { players: this.options.seats, seed: this.seed, variant: this.options.variant, commands: this.commands };
  }

  /**
   * Stops every timer and flushes the store's writes (at most 10 s). Idle for too long, the game is
   * closed for good; a server shutdown keeps it, to be restored.
   */
  close(): Promise<void> {
    this.timers.clearAll();
    if (!this.deps.shuttingDown?.() && !this.lost && this.status !== "finished") {
      this.writes.write(() => this.deps.store.closeGame(this.code));
    }
    const flushed = this.writes.idle();
    const giveUp = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    return Promise.race([flushed, giveUp]).then(() => this.writes.stop());
  }
}
