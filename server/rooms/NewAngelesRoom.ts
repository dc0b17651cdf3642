// The authoritative game room `new_angeles`: the only place where a game's state changes.
// It seats players and spectators, validates every message, hands game commands to the engine,
// projects the result into the schema state and sends the patch at once. Bots play empty seats,
// away players' seats, and any decision whose deadline passes.
import { randomBytes } from "node:crypto";
import { CloseCode, ErrorCode, Protocol, Room, ServerError, logger, matchMaker, type Client, type AuthContext } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { apply, createGameWithEvents, isSeed, legal, secretViewFor, viewFor, waitingFor, type GameState as EngineState, type Seed } from "../engine/index.ts";
import { parseCommand, type Command } from "../../shared/protocol.ts";
import { ChatMessage, HostMessage, JoinOptions, PlayerName, TableOptions, type ChatLine } from "../../shared/room-protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { normalizeCode } from "../lobby/codes.ts";
import { Access, LimitRefusal } from "../lobby/throttle.ts";
import { botCommand } from "../bots/index.ts";
import { makeRandom, type Random } from "../bots/random.ts";
import { hashSeatToken, memoryStore, type GameStore, type StoredPlayer, type StoredWhisper } from "../store/index.ts";
import { TABLE_IDLE_MS, redeemRestoreTicket } from "../store/restore.ts";
import { WriteQueue } from "../store/write-queue.ts";
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from "./limits.ts";
import { variantProblem } from "../engine/variant-schema.ts";
import * as metrics from "../metrics.ts";
import { projectPublic, projectSecret } from "./projection.ts";
import { GameState, SecretState, SeatState, TableState } from "./schema.ts";

const LOG_LINES = 200;
const CHAT_LINES = 100;
const CHAT_PER_10S = 8;
const IDLE_DISPOSE_MS = TABLE_IDLE_MS;

export interface TableMetadata {
  code: string;
  status: "lobby" | "playing" | "finished";
  private: boolean;
  seats: number;
  players: { seat: number; name: string; corp: string; bot: boolean; connected: boolean }[];
  spectators: number;
  createdAt: number;
}

/** What the room knows of each seat beyond the public schema. */
interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  token: string | null;
  /** What the store keeps: a restored seat knows only this until its player comes back with the token. */
  tokenHash: string | null;
  sessionId: string | null;
  connected: boolean;
  botControlled: boolean;
  awayTimer: { clear(): void } | null;
}

type Auth =
  | { role: "spectator" }
  | { role: "player"; name: string; reclaim: number | null };

/**
 * Commands that change nothing public: a trade proposed, withdrawn or declined is known to its two parties
 * alone. They do not count in the public `moves`; their sender's answer is a patch of its own secret.
 */
const PRIVATE_COMMANDS: ReadonlySet<Command["type"]> = new Set(["trade-propose", "trade-cancel", "trade-decline"]);

/**
 * Sends a frame to this client unless it is a patch with nothing in it. Colyseus sends every client a
 * patch when any field changed, and one whose changes are all in another seat's secret is empty: it
 * would still tell a spectator that something private happened, and when.
 */
function rawWithoutEmptyPatches(this: Client, data: Uint8Array | Buffer, ...rest: unknown[]): void {
  if (data.length === 1 && data[0] === Protocol.ROOM_STATE_PATCH) return;
  // The class's raw, looked up at each call (tests record the wire by wrapping it).
  return (Object.getPrototypeOf(this) as Client).raw.call(this, data, ...(rest as []));
}

/**
 * The server-side switch for a fixed seed (tests and tools only): given to createServer, it reaches the
 * room through its defineRoom options, which no client request can set. Undefined: a random seed.
 */
export type SeedSource = (code: string) => Seed | undefined;

/** A new table's seed: 128 bits from the operating system's CSPRNG, unless the server fixes it. */
function tableSeed(source: unknown, code: string): Seed {
  const fixed = typeof source === "function" ? (source as SeedSource)(code) : undefined;
  if (fixed === undefined) return randomBytes(16).toString("hex");
  if (!isSeed(fixed)) throw new Error("A fixed seed is a whole number or 32 hex digits.");
  return fixed;
}

/** The bots' own randomness: seeded apart from the game, so the game's seed cannot be derived from their play. */
function botSeed(): number {
  return randomBytes(4).readUInt32LE(0);
}

/** How often the room clock (read by Colyseus's message-rate limit) advances. */
const CLOCK_TICK_MS = 250;

export class NewAngelesRoom extends Room<{ state: TableState; metadata: TableMetadata }> {
  state = new TableState();
  maxClients = 64;
  /** Over this a client is disconnected as abusive; fast scripted clients stay well below it. */
  maxMessagesPerSecond = 100;
  autoDispose = false;
  patchRate = null; // every change is sent at once with broadcastPatch()

  private options!: TableOptions;
  /** The game's seed: kept in the store for the replay, sent to no client before the game is over. */
  private seed!: Seed;
  private seatsBySeat = new Map<number, Seat>();
  private seatBySession = new Map<string, number>();
  private game: EngineState | null = null;
  private commands: { seat: number; command: Command }[] = [];
  /** Accepted commands that are public (not in PRIVATE_COMMANDS): the state's `moves`. */
  private publicMoves = 0;
  /** When each seat's last proposals were made (this minute's), for limits.tradeProposalsPerMinute. */
  private proposalTimes = new Map<number, number[]>();
  private whispers: StoredWhisper[] = [];
  private chatTimes = new Map<string, number[]>();
  private botTimers = new Map<number, { clear(): void }>();
  private deadlineTimers = new Map<number, { clear(): void }>();
  private idleTimer: { clear(): void } | null = null;
  /** The bots' own randomness, apart from the game's seeded RNG. */
  private botRandom: Random = Math.random;
  private store!: GameStore;
  /** Set by the server (createServer's `limits`), never by a client. */
  private limits: RoomLimits = DEFAULT_ROOM_LIMITS;
  /** The server's limits: here, the count of wrong invite codes. */
  private access!: Access;
  /** Store writes in order; a command's result is sent only once the command is written. */
  private writes = new WriteQueue({
    onError: (err, attempt) => logger.error({ err, attempt, roomId: this.roomId }, "game store write failed: trying again"),
    onLost: (err) => {
      logger.error({ err, roomId: this.roomId }, "another process holds this game now: closing this room");
      this.lost = true;
      this.disconnect().catch(() => {});
    },
  });
  private lost = false;
  // Public chat travels as "chat" messages, not in the state (like the game log): a late joiner's full
  // state does not grow with the talk. The last CHAT_LINES lines are kept for every (re)join.
  private chatLines: ChatLine[] = [];
  private chatCount = 0;

  async onCreate(raw: unknown) {
    // With patchRate null Colyseus ticks each room's clock 60 times a second (3,000 timer callbacks a
    // second per 50 tables). Only its message-rate limit reads that clock, and a quarter second is
    // precise enough for it; the room's own timers are plain ones (later()).
    this.setTimestep(() => {}, CLOCK_TICK_MS);
    this.patchRate = null; // drops the 60-a-second ticker now that the timestep ticks the clock
    const input = (raw ?? {}) as Record<string, unknown>;
    this.store = (input.store as GameStore | undefined) ?? fallbackStore();
    this.limits = { ...DEFAULT_ROOM_LIMITS, ...(input.limits as Partial<RoomLimits> | undefined) };
    this.access = input.access instanceof Access ? input.access : fallbackAccess();
    const code = normalizeCode(input.code);
    if (!code) throw new Error("A table needs a valid invite code: create it through POST /api/games.");
    if (input.restoreTicket !== undefined) {
      if (!redeemRestoreTicket(input.restoreTicket)) throw new Error("Only the server restores games.");
      return this.restore(code);
    }
    const parsed = TableOptions.safeParse(input.options ?? {});
    if (!parsed.success) throw this.turnAway("table", parsed.error.issues[0]?.message ?? "Bad table options.");
    const problem = variantProblem(parsed.data.variant);
    if (problem) throw this.turnAway("table", problem);
    this.options = parsed.data;
    this.seed = tableSeed(input.seeds, code);
    this.botRandom = makeRandom(botSeed());
    await this.store.createGame({ code, roomId: this.roomId, options: this.storedOptions(), createdAt: Date.now() });

    this.state.code = code;
    this.state.seatCount = this.options.seats;
    this.state.stepSeconds = this.options.stepSeconds;
    this.state.game = new GameState();
    this.setPrivate(this.options.private);
    for (let i = 0; i < this.options.bots; i++) this.seatBot(this.options.seats - 1 - i);

    this.listen();

    this.startIdleTimer();
    if (this.freeSeat() === null) this.startGame(); // a table of bots only plays at once
    else this.publishMetadata();
  }

  private listen(): void {
    this.onMessage("command", (client, payload) => { metrics.messageReceived("command"); this.onCommand(client, payload); });
    this.onMessage("chat", (client, payload) => { metrics.messageReceived("chat"); this.onChat(client, payload); });
    this.onMessage("host", (client, payload) => { metrics.messageReceived("host"); this.onHost(client, payload); });
    this.onMessage("*", (client, type) => { metrics.messageReceived(type); this.refuse(client, "unknown-message", `There is no message "${String(type).slice(0, 40)}".`); });
  }

  // ---- joining ---------------------------------------------------------------------------------

  /**
   * A join or table turned down as it should be (wrong code, full table, bad options): the client gets
   * the sentence, the log an info line. Colyseus logs no ServerError; any other error stays an error.
   */
  private turnAway(what: "join" | "table", reason: string, ip?: string): ServerError {
    logger.info({ roomId: this.roomId, ip, reason }, `${what} refused`);
    return new ServerError(ErrorCode.APPLICATION_ERROR, reason);
  }

  async onAuth(client: Client, raw: unknown, context: AuthContext): Promise<Auth> {
    this.access.seatTaken(client.sessionId); // the seat reservation is used: it no longer counts
    const parsed = JoinOptions.safeParse(raw ?? {});
    if (!parsed.success) throw this.turnAway("join", "Bad join options.", context.ip);
    const opts = parsed.data;
    // A right code always passes; a wrong one is counted, and refused (over the limit, as such).
    try {
      await this.access.checkCode(context.ip, normalizeCode(opts.code), this.state.code);
    } catch (e) {
      if (e instanceof LimitRefusal) throw this.turnAway("join", e.message, context.ip);
      throw e;
    }
    if (opts.spectator) return { role: "spectator" };

    if (opts.seatToken) {
      const hash = hashSeatToken(opts.seatToken);
      const seat = [...this.seatsBySeat.values()].find((s) => s.tokenHash !== null && s.tokenHash === hash);
      if (!seat) throw this.turnAway("join", "That seat token is not valid at this table.", context.ip);
      seat.token = opts.seatToken;
      return { role: "player", name: seat.name, reclaim: seat.seat };
    }
    const name = PlayerName.safeParse(opts.name ?? "");
    if (!name.success) throw this.turnAway("join", name.error.issues[0]?.message ?? "Bad name.", context.ip);
    if (this.state.status !== "lobby") throw this.turnAway("join", "This game has already started: join as a spectator.", context.ip);
    if (this.freeSeat() === null) throw this.turnAway("join", "This table is full: join as a spectator.", context.ip);
    const taken = [...this.seatsBySeat.values()].some((s) => s.name.toLowerCase() === name.data.toLowerCase());
    if (taken) throw this.turnAway("join", `The name "${name.data}" is already taken at this table.`, context.ip);
    return { role: "player", name: name.data, reclaim: null };
  }

  async onJoin(client: Client, _options: unknown, auth: Auth) {
    this.stopIdleTimer();
    client.raw = rawWithoutEmptyPatches;
    client.view = new StateView();
    if (auth.role === "spectator") {
      client.userData = { spectator: true };
      this.state.spectators++;
      this.sendChatHistory(client);
      this.sendLogHistory(client, null);
      this.afterChange();
      return;
    }
    let seat: Seat;
    if (auth.reclaim !== null) {
      seat = this.seatsBySeat.get(auth.reclaim)!;
      if (seat.sessionId) this.replaceConnection(seat.sessionId);
    } else {
      // Checked again here: another join may have taken the last seat or the name since onAuth.
      const free = this.freeSeat();
      if (free === null || this.state.status !== "lobby") throw this.turnAway("join", "This table is full: join as a spectator.");
      if ([...this.seatsBySeat.values()].some((s) => s.name.toLowerCase() === auth.name.toLowerCase())) {
        throw this.turnAway("join", `The name "${auth.name}" is already taken at this table.`);
      }
      const token = randomBytes(18).toString("base64url");
      seat = { seat: free, name: auth.name, bot: false, token, tokenHash: hashSeatToken(token), sessionId: null, connected: false, botControlled: false, awayTimer: null };
      this.seatsBySeat.set(free, seat);
      this.saveSeat(seat);
      this.state.seats.set(String(free), new SeatState({ seat: free, name: auth.name, secret: new SecretState() }));
      if (this.state.hostSeat < 0) this.state.hostSeat = free;
    }
    seat.sessionId = client.sessionId;
    this.seatBySession.set(client.sessionId, seat.seat);
    this.markConnected(seat, true);
    const seatState = this.state.seats.get(String(seat.seat))!;
    seatState.secret.seatToken = seat.token!;
    client.view.add(seatState);
    client.send("seat", { seat: seat.seat, seatToken: seat.token });
    client.send("whispers", { messages: this.whispers.filter((w) => w.from === seat.seat || w.to === seat.seat) });
    this.sendChatHistory(client);
    this.sendLogHistory(client, seat.seat);
    this.logEvent(`${seat.name} ${auth.reclaim !== null ? "is back" : "sits down"} at seat ${seat.seat + 1}.`);
    if (this.state.status === "lobby" && this.freeSeat() === null) this.startGame();
    else this.afterChange();
    // The joining client gets its seat token (queued until the join completes) once the seat is stored.
    await this.writes.idle();
  }

  onDrop(client: Client) {
    const seat = this.seatOf(client);
    if (!seat) return;
    this.markConnected(seat, false);
    this.afterChange();
    const reconnection = this.allowReconnection(client, this.options.graceSeconds + 30);
    this.reconnections.set(client.sessionId, reconnection);
    reconnection
      .catch(() => { /* expired, cancelled or disposed: onLeave follows */ })
      .finally(() => { if (this.reconnections.get(client.sessionId) === reconnection) this.reconnections.delete(client.sessionId); });
  }

  /** Dropped players' connections that may still come back (allowReconnection), by session. */
  private reconnections = new Map<string, ReturnType<Room["allowReconnection"]>>();

  /**
   * A seat-token join takes the seat from an older connection: that one is closed for good, and if it
   * had dropped, its reconnection is cancelled. It never hears of the seat again.
   */
  private replaceConnection(sessionId: string): void {
    this.seatBySession.delete(sessionId);
    const old = this.clients.getById(sessionId);
    if (old) {
      old.view = new StateView(); // nothing more of the seat, even before the socket has closed
      old.leave(CloseCode.CONSENTED, "Your seat was taken back from another connection.");
    }
    this.reconnections.get(sessionId)?.reject(new Error("replaced by a seat-token join"));
    this.reconnections.delete(sessionId);
  }

  onReconnect(client: Client) {
    client.raw = rawWithoutEmptyPatches; // a new connection object
    const seat = this.seatOf(client);
    if (!seat && !client.userData?.spectator) {
      // Its seat went to another connection while it was coming back.
      client.view = new StateView();
      client.leave(CloseCode.CONSENTED, "Your seat was taken back from another connection.");
      return;
    }
    this.sendChatHistory(client);
    this.sendLogHistory(client, seat?.seat ?? null);
    if (!seat) return;
    this.markConnected(seat, true);
    this.afterChange();
  }

  onLeave(client: Client) {
    if (client.userData?.spectator) {
      this.state.spectators = Math.max(0, this.state.spectators - 1);
    } else {
      const seat = this.seatOf(client);
      if (seat) {
        this.seatBySession.delete(client.sessionId);
        seat.sessionId = null;
        if (this.state.status === "lobby") this.freeSeatOf(seat);
        else this.markConnected(seat, false);
      }
    }
    if (this.clients.length === 0) this.startIdleTimer();
    this.afterChange();
  }

  /**
   * Runs fn after ms on a plain timer (the room clock ticks only every CLOCK_TICK_MS, too coarse for
   * deadlines). An error is logged, never allowed to crash the process.
   */
  private later(fn: () => void, ms: number): { clear(): void } {
    const handle = setTimeout(() => {
      this.timers.delete(handle);
      try {
        fn();
      } catch (err) {
        logger.error({ err, roomId: this.roomId }, "room timer failed");
      }
    }, ms);
    this.timers.add(handle);
    return { clear: () => { clearTimeout(handle); this.timers.delete(handle); } };
  }

  private timers = new Set<NodeJS.Timeout>();

  onDispose() {
    for (const handle of this.timers) clearTimeout(handle);
    // Idle for too long: the game is closed for good. A server shutdown keeps it, to be restored.
    if (!this.shuttingDown() && !this.lost && this.state.status !== "finished") {
      this.writes.write(() => this.store.closeGame(this.state.code));
    }
    const flushed = this.writes.idle();
    const giveUp = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    return Promise.race([flushed, giveUp]).then(() => this.writes.stop());
  }

  private shuttingDown(): boolean {
    return matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
  }

  // ---- seats -----------------------------------------------------------------------------------

  private freeSeat(): number | null {
    for (let i = 0; i < this.options.seats; i++) if (!this.seatsBySeat.has(i)) return i;
    return null;
  }

  private seatOf(client: Client): Seat | undefined {
    const n = this.seatBySession.get(client.sessionId);
    return n === undefined ? undefined : this.seatsBySeat.get(n);
  }

  private seatBot(n: number): void {
    const names = ["Bot Ada", "Bot Bao", "Bot Cyd", "Bot Dex", "Bot Eli", "Bot Fen"];
    const seat: Seat = { seat: n, name: names[n]!, bot: true, token: null, tokenHash: null, sessionId: null, connected: false, botControlled: false, awayTimer: null };
    this.seatsBySeat.set(n, seat);
    this.saveSeat(seat);
    this.state.seats.set(String(n), new SeatState({ seat: n, name: names[n]!, bot: true, secret: new SecretState() }));
  }

  private freeSeatOf(seat: Seat): void {
    this.seatsBySeat.delete(seat.seat);
    // Players dropped by a server shutdown keep their seats in the store, to take them back after the restart.
    if (!this.shuttingDown()) this.writes.write(() => this.store.removeSeat(this.state.code, seat.seat));
    this.state.seats.delete(String(seat.seat));
    if (this.state.hostSeat === seat.seat) {
      const nextHuman = [...this.seatsBySeat.values()].filter((s) => !s.bot).sort((a, b) => a.seat - b.seat)[0];
      this.state.hostSeat = nextHuman?.seat ?? -1;
    }
  }

  private markConnected(seat: Seat, connected: boolean): void {
    seat.connected = connected;
    seat.awayTimer?.clear();
    seat.awayTimer = null;
    const s = this.state.seats.get(String(seat.seat));
    if (s) s.connected = connected;
    if (connected) {
      this.setBotControl(seat, false);
      if (this.state.status === "playing") this.scheduleDecisions(); // deadlines for decisions now theirs again
    } else if (this.state.status === "playing") {
      seat.awayTimer = this.later(() => {
        seat.awayTimer = null;
        this.setBotControl(seat, true);
        this.logEvent(`${seat.name} is away: a bot plays their seat until they return.`);
        if (this.state.status === "playing") this.scheduleDecisions();
        this.afterChange();
      }, this.options.graceSeconds * 1000);
    }
  }

  private setBotControl(seat: Seat, on: boolean): void {
    if (!on) {
      // The person is back: their decisions are theirs again.
      this.botTimers.get(seat.seat)?.clear();
      this.botTimers.delete(seat.seat);
    }
    seat.botControlled = on;
    const s = this.state.seats.get(String(seat.seat));
    if (s) s.botControlled = on;
  }

  private botDriven(n: number): boolean {
    const seat = this.seatsBySeat.get(n);
    return !seat || seat.bot || seat.botControlled;
  }

  // ---- the game --------------------------------------------------------------------------------

  private startGame(): void {
    for (let n = 0; n < this.options.seats; n++) if (!this.seatsBySeat.has(n)) this.seatBot(n);
    const { state, events } = createGameWithEvents({ players: this.options.seats as 4 | 5 | 6, seed: this.seed, variant: this.options.variant });
    this.game = state;
    this.state.status = "playing";
    this.writes.write(() => this.store.startGame(this.state.code));
    this.logEvent("The game begins.");
    for (const seat of this.seatsBySeat.values()) if (!seat.bot && !seat.connected) this.markConnected(seat, false);
    this.afterGameChange(events);
  }

  private onCommand(client: Client, payload: unknown): void {
    const receivedAt = metrics.now();
    const seat = this.seatOf(client);
    if (!seat) return this.refuse(client, "not-a-player", "Spectators cannot play: join with a seat to send game commands.");
    if (!this.game) return this.refuse(client, "not-started", "The game has not started yet.");
    const parsed = parseCommand(payload);
    if (!parsed.ok) return this.refuse(client, "bad-command", parsed.message);
    const command = parsed.command;
    // Commands take turns behind a pending store write; the patch goes out once the command is written.
    this.writes.whenIdle(() => {
      if (this.play(seat.seat, command, client)) this.writes.whenIdle(() => metrics.commandPatched(receivedAt));
    });
  }

  /**
   * The room's limits on a seat's trade proposals (the engine knows nothing of time): so many open at
   * once, so many a minute. A proposal loop would otherwise write commands to the store as fast as a
   * socket can send them. They hold for a bot playing the seat too.
   */
  private tradeLimit(seat: number, command: Command): { code: string; message: string } | null {
    if (command.type !== "trade-propose" || !this.game) return null;
    const { openTradesPerSeat: maxOpen, tradeProposalsPerMinute: perMinute } = this.limits;
    if (this.game.trades.filter((t) => t.from === seat).length >= maxOpen) {
      return { code: "too-many-trades", message: `You already have ${maxOpen} open trade proposals: withdraw one first.` };
    }
    const now = Date.now();
    const times = (this.proposalTimes.get(seat) ?? []).filter((t) => now - t < 60_000);
    this.proposalTimes.set(seat, times);
    if (times.length >= perMinute) {
      const wait = Math.max(1, Math.ceil((times[0]! + 60_000 - now) / 1000));
      return { code: "trade-rate", message: `You can propose at most ${perMinute} trades a minute: try again in ${wait} s.` };
    }
    return null;
  }

  /** Applies one command for a seat; on refusal tells the sender (if any) and changes nothing. */
  private play(seat: number, command: Command, client?: Client): boolean {
    if (!this.game) return false;
    const limited = this.tradeLimit(seat, command);
    if (limited) {
      if (client) this.refuse(client, limited.code, limited.message);
      return false;
    }
    const lap = metrics.stages();
    const result = apply(this.game, seat, command);
    if (!result.ok) {
      if (client) this.refuse(client, result.code, result.message);
      else logger.warn({ seat, command: command.type, code: result.code }, "bot command refused");
      return false;
    }
    this.game = result.state;
    lap("engine");
    const seq = this.commands.length;
    this.commands.push({ seat, command });
    metrics.commandAccepted();
    if (command.type === "trade-propose") this.proposalTimes.get(seat)!.push(Date.now()); // tradeLimit() made the list
    const privately = PRIVATE_COMMANDS.has(command.type);
    // A trade is no answer to the decision the seat owes: its deadline runs on.
    if (privately) this.privateMoves[seat] = (this.privateMoves[seat] ?? 0) + 1;
    else {
      this.publicMoves++;
      this.resetDeadline(seat);
    }
    // Written before anyone hears of it: a command whose result was sent survives a crash.
    this.writes.write(() => this.store.appendCommand(this.state.code, seq, { seat, command }), () => {
      lap("store");
      this.afterGameChange(result.events, lap);
    });
    return true;
  }

  /** Each seat's accepted private commands: its secret `privateMoves`. */
  private privateMoves: number[] = [];

  private afterGameChange(events: GameEvent[], lap?: (stage: metrics.Stage) => void): void {
    const game = this.game!;
    // Private lines, the patch and the log lines leave in one write per socket.
    this.corked(() => {
      for (const e of events) {
        if (!e.to) this.logEvent(e.text);
        else for (const n of e.to) {
          const secret = this.state.seats.get(String(n))?.secret;
          if (secret) {
            // Kept for reloads (sent with the log history) and sent to that seat's connection alone.
            const lines = this.privateLogs.get(n) ?? [];
            lines.push(e.text);
            while (lines.length > LOG_LINES) lines.shift();
            this.privateLogs.set(n, lines);
          }
          const sessionId = this.seatsBySeat.get(n)?.sessionId;
          // Not afterNextPatch: a private frame staged that way skips the queue of a client still joining.
          if (sessionId) this.clients.getById(sessionId)?.send("event", { type: e.type, text: e.text });
        }
      }
      projectPublic(this.state.game, this.state.seats, viewFor(game, "spectator"));
      this.state.game.moves = this.publicMoves;
      for (const s of this.state.seats.values()) {
        projectSecret(s.secret, secretViewFor(game, s.seat));
        s.secret.privateMoves = this.privateMoves[s.seat] ?? 0;
      }
      if (game.result && this.state.status !== "finished") {
        this.state.status = "finished";
        const players = this.players();
        this.writes.write(() => this.store.finishGame(this.state.code, game.result, players));
        this.clearTimers();
      }
      if (this.state.status === "playing") this.scheduleDecisions(); // before the patch: it carries the new deadline
      lap?.("views");
      this.broadcastPatch();
    });
    lap?.("send");
    this.publishMetadata();
  }

  /** Deadlines and bot moves for every seat the game waits for. */
  private scheduleDecisions(): void {
    const game = this.game!;
    const waiting = new Set(waitingFor(game));
    for (const t of game.trades) if (this.botDriven(t.to)) waiting.add(t.to);
    for (const n of [...this.deadlineTimers.keys()]) if (!waiting.has(n)) this.resetDeadline(n);
    let deadline = 0;
    for (const n of waiting) {
      if (this.botDriven(n)) {
        if (!this.botTimers.has(n)) {
          this.botTimers.set(n, this.later(() => { this.botTimers.delete(n); this.botMove(n); }, this.botDelayMs()));
        }
      } else if (this.options.stepSeconds > 0 && !this.deadlineTimers.has(n)) {
        // When the deadline passes, the bot policy decides for this seat.
        this.deadlineAt.set(n, Date.now() + this.options.stepSeconds * 1000);
        this.deadlineTimers.set(n, this.later(() => { this.deadlineTimers.delete(n); this.botMove(n); }, this.options.stepSeconds * 1000));
      }
      if (this.options.stepSeconds > 0 && n === game.pending?.seat) deadline = this.deadlineAt.get(n) ?? 0;
    }
    this.state.game.deadline = deadline;
  }

  private deadlineAt = new Map<number, number>();

  /** How long a bot waits before it acts: the table's botDelayMs, but never under the server's floor. */
  botDelayMs(): number {
    return Math.max(this.options.botDelayMs, this.limits.botDelayMinMs);
  }

  private resetDeadline(seat: number): void {
    this.deadlineTimers.get(seat)?.clear();
    this.deadlineTimers.delete(seat);
    this.deadlineAt.delete(seat);
  }

  private botMove(n: number): void {
    if (this.writes.pending) return this.writes.whenIdle(() => this.botMove(n));
    if (!this.game || this.state.status !== "playing") return;
    // What the move was scheduled for may be gone (a trade withdrawn before the bot answered it).
    if (!waitingFor(this.game).includes(n) && !this.game.trades.some((t) => t.to === n)) return;
    // The bot gets what the seat may know: its view, its legal commands and its private lines.
    const view = viewFor(this.game, n);
    const shown = (this.privateLogs.get(n) ?? []).map((text) => ({ type: "private", text, to: [n] }));
    const command = botCommand(view, view.you?.legal ?? [], shown, this.botRandom);
    if (command && this.play(n, command)) return;
    // A bot that cannot decide must never stall the table: fall back to the simplest way out.
    for (const fallback of [{ type: "pass" }, { type: "abstain" }, { type: "choose", option: "done" }] as Command[]) {
      if (this.play(n, fallback)) return;
    }
    logger.error({ seat: n, legal: legal(this.game, n).map((l) => l.type) }, "bot found no command");
  }

  private clearTimers(): void {
    for (const t of [...this.botTimers.values(), ...this.deadlineTimers.values()]) t.clear();
    this.botTimers.clear();
    this.deadlineTimers.clear();
    this.state.game.deadline = 0;
  }

  // ---- host, chat ------------------------------------------------------------------------------

  private onHost(client: Client, payload: unknown): void {
    const seat = this.seatOf(client);
    if (!seat || seat.seat !== this.state.hostSeat) return this.refuse(client, "not-host", "Only the host can change the table.");
    const parsed = HostMessage.safeParse(payload);
    if (!parsed.success) return this.refuse(client, "bad-message", parsed.error.issues[0]?.message ?? "Bad host message.");
    if (this.state.status !== "lobby") return this.refuse(client, "started", "The game has already started.");
    const msg = parsed.data;
    switch (msg.action) {
      case "start":
        this.startGame();
        return;
      case "add-bot": {
        const free = this.freeSeat();
        if (free === null) return this.refuse(client, "full", "Every seat is taken.");
        this.seatBot(free);
        this.logEvent(`A bot sits down at seat ${free + 1}.`);
        break;
      }
      case "remove-bot": {
        const target = this.seatsBySeat.get(msg.seat);
        if (!target?.bot) return this.refuse(client, "not-a-bot", "There is no bot in that seat.");
        this.freeSeatOf(target);
        break;
      }
      case "settings": {
        if (msg.variant) {
          const problem = variantProblem(msg.variant);
          if (problem) return this.refuse(client, "bad-variant", problem);
          this.options.variant = msg.variant;
        }
        if (msg.stepSeconds !== undefined) this.options.stepSeconds = this.state.stepSeconds = msg.stepSeconds;
        const options = this.storedOptions();
        this.writes.write(() => this.store.setOptions(this.state.code, options));
        break;
      }
    }
    if (this.freeSeat() === null) this.startGame();
    else this.afterChange();
  }

  private onChat(client: Client, payload: unknown): void {
    const parsed = ChatMessage.safeParse(payload);
    if (!parsed.success) return this.refuse(client, "bad-chat", parsed.error.issues[0]?.message ?? "Bad chat message.");
    const now = Date.now();
    const times = (this.chatTimes.get(client.sessionId) ?? []).filter((t) => now - t < 10_000);
    if (times.length >= CHAT_PER_10S) return this.refuse(client, "chat-rate", "You are sending messages too fast: wait a few seconds.");
    times.push(now);
    this.chatTimes.set(client.sessionId, times);
    const seat = this.seatOf(client);
    const { text, to } = parsed.data;
    if (to !== undefined) {
      if (!seat) return this.refuse(client, "not-a-player", "Spectators cannot send private messages.");
      const target = this.seatsBySeat.get(to);
      if (!target || target.bot || to === seat.seat) return this.refuse(client, "bad-recipient", "Private messages go to another human player.");
      const whisper: StoredWhisper = { from: seat.seat, to, fromName: seat.name, text, at: now };
      this.whispers.push(whisper);
      const seq = this.whispers.length - 1;
      // Written before its two parties hear of it, like a chat line or a command.
      this.writes.write(() => this.store.appendWhisper(this.state.code, seq, whisper), () => {
        for (const n of [seat.seat, to]) {
          const sessionId = this.seatsBySeat.get(n)?.sessionId;
          const c = sessionId ? this.clients.getById(sessionId) : undefined;
          c?.send("whisper", whisper);
        }
      });
      return;
    }
    const line: ChatLine = { seq: this.chatCount++, from: seat ? seat.name : "Spectator", seat: seat?.seat ?? -1, text, at: now };
    // Written before anyone hears of it, then kept for (re)joins and sent to everyone at the table.
    this.writes.write(() => this.store.appendChat(this.state.code, line.seq, line), () => {
      this.chatLines.push(line);
      while (this.chatLines.length > CHAT_LINES) this.chatLines.shift();
      this.broadcast("chat", line);
    });
  }

  /** The last CHAT_LINES public lines: sent on every (re)join, they replace what the client had. */
  private sendChatHistory(client: Client): void {
    client.send("chat-history", { lines: this.chatLines });
  }

  private refuse(client: Client, code: string, message: string): void {
    metrics.rejected(code);
    client.send("error", { code, message });
  }

  // ---- bookkeeping -----------------------------------------------------------------------------

  // The game log travels as "log" messages, not in the state: a late joiner's full state stays small,
  // and a patch carries state changes only. Each line has an index so a client never shows one twice.
  private gameLog: string[] = [];
  private gameLogCount = 0;
  private unsentLog: string[] = [];
  private privateLogs = new Map<number, string[]>();

  private logEvent(text: string): void {
    this.gameLog.push(text);
    this.gameLogCount++;
    while (this.gameLog.length > LOG_LINES) this.gameLog.shift();
    this.unsentLog.push(text);
  }

  /**
   * New log lines go out right after the patch of the change that wrote them (Colyseus's afterNextPatch).
   * Each client's socket is corked meanwhile, so the patch and the lines after it leave in one write: a
   * system call per client, not one per frame.
   */
  broadcastPatch(): boolean {
    if (this.unsentLog.length > 0) {
      this.broadcast("log", { from: this.gameLogCount - this.unsentLog.length, lines: this.unsentLog }, { afterNextPatch: true });
      this.unsentLog = [];
    }
    return this.corked(() => super.broadcastPatch());
  }

  /** Runs fn with every client's socket corked: what it sends leaves in one write per socket. */
  private corked<T>(fn: () => T): T {
    const sockets = this.clients.map((c) => (c as { ref?: { _socket?: { cork(): void; uncork(): void } } }).ref?._socket);
    for (const socket of sockets) socket?.cork();
    try {
      return fn();
    } finally {
      for (const socket of sockets) socket?.uncork();
    }
  }

  /** The last LOG_LINES public lines and, for a seat, its private ones: sent on every (re)join. */
  private sendLogHistory(client: Client, seat: number | null): void {
    const privateLines = seat === null ? [] : (this.privateLogs.get(seat) ?? []);
    client.send("log", { from: this.gameLogCount - this.gameLog.length, lines: this.gameLog, private: privateLines, history: true });
  }

  private afterChange(): void {
    this.broadcastPatch();
    this.publishMetadata();
  }

  private players(): (StoredPlayer & { connected: boolean })[] {
    return [...this.seatsBySeat.values()].sort((a, b) => a.seat - b.seat).map((s) => ({
      seat: s.seat,
      name: s.name,
      corp: this.state.seats.get(String(s.seat))?.corp ?? "",
      bot: s.bot,
      connected: s.bot || s.connected,
    }));
  }

  private publishedMetadata = "";

  /** Lobby listings read the metadata: it is written (to the driver, Redis with several processes) when it changes. */
  private publishMetadata(): void {
    const players = this.players();
    const metadata = {
      code: this.state.code,
      status: this.state.status as TableMetadata["status"],
      private: this.options.private,
      seats: this.options.seats,
      players,
      spectators: this.state.spectators,
    };
    const json = JSON.stringify(metadata);
    if (json === this.publishedMetadata) return;
    this.setMetadata({ ...metadata, createdAt: this.metadata?.createdAt ?? Date.now() })
      .then(() => { this.publishedMetadata = json; }) // a failed write is tried again at the next change
      .catch((e) => logger.warn({ err: e }, "metadata update failed"));
  }

  private startIdleTimer(ms = IDLE_DISPOSE_MS): void {
    this.stopIdleTimer();
    this.idleTimer = this.later(() => this.disconnect(), ms);
  }

  private stopIdleTimer(): void {
    this.idleTimer?.clear();
    this.idleTimer = null;
  }

  // ---- persistence (server/store) --------------------------------------------------------------

  private storedOptions() {
    return { ...this.options, seed: this.seed };
  }

  private saveSeat(seat: Seat): void {
    const saved = { seat: seat.seat, name: seat.name, bot: seat.bot, tokenHash: seat.tokenHash };
    this.writes.write(() => this.store.setSeat(this.state.code, saved));
  }

  /**
   * Rebuilds a game from the store after a restart: options, seats (humans come back disconnected),
   * every accepted command replayed in order, and the public chat. A game that cannot be rebuilt (a
   * variant the engine cannot play, a command that no longer applies) throws before the room starts
   * anything: the caller marks it broken in the store.
   */
  private async restore(code: string): Promise<void> {
    const saved = await this.store.getGame(code);
    if (!saved || saved.status === "finished") throw new Error(`There is no unfinished game ${code} to restore.`);
    const [commands, chat, whispers] = await Promise.all([
      this.store.commands(code), this.store.chat(code, CHAT_LINES), this.store.whispers(code),
    ]);
    this.whispers = whispers;
    // Options added since the game was stored take their defaults.
    const { seed, ...options } = saved.options;
    this.options = { ...TableOptions.parse({}), ...options };
    this.seed = seed;
    const problem = variantProblem(this.options.variant);
    if (problem) throw new Error(`The stored variant of game ${code} cannot be played: ${problem}`);
    // Replayed first: a game that cannot be rebuilt throws before any timer or write starts.
    let rebuilt: { game: EngineState; events: GameEvent[] } | null = null;
    if (saved.status !== "lobby") {
      const created = createGameWithEvents({ players: this.options.seats as 4 | 5 | 6, seed: this.seed, variant: this.options.variant });
      let game = created.state;
      const events = [...created.events];
      for (const [i, { seat, command }] of commands.entries()) {
        const result = apply(game, seat, command);
        if (!result.ok) throw new Error(`Command ${i} of game ${code} no longer applies: ${result.message}`);
        game = result.state;
        events.push(...result.events);
      }
      rebuilt = { game, events };
    }
    this.botRandom = makeRandom(botSeed());
    this.state.code = code;
    this.state.seatCount = this.options.seats;
    this.state.stepSeconds = this.options.stepSeconds;
    this.state.game = new GameState();
    this.setPrivate(this.options.private);
    for (const s of saved.seats) {
      this.seatsBySeat.set(s.seat, { seat: s.seat, name: s.name, bot: s.bot, token: null, tokenHash: s.tokenHash, sessionId: null, connected: false, botControlled: false, awayTimer: null });
      this.state.seats.set(String(s.seat), new SeatState({ seat: s.seat, name: s.name, bot: s.bot, secret: new SecretState() }));
    }
    this.state.hostSeat = saved.seats.find((s) => !s.bot)?.seat ?? -1;
    // The stored lines are the last of chat.total: number them on from where they start.
    const firstSeq = chat.total - chat.lines.length;
    this.chatLines = chat.lines.map((l, i) => ({ seq: firstSeq + i, from: l.from, seat: l.seat, text: l.text, at: l.at }));
    this.chatCount = chat.total;
    this.writes.write(() => this.store.setRoomId(code, this.roomId));

    this.listen();
    // A table nobody joined has been idle since it was created: it closes when that idle time is up.
    const neverJoined = saved.status === "lobby" && saved.seats.every((s) => s.bot);
    this.startIdleTimer(neverJoined ? Math.max(0, saved.createdAt + IDLE_DISPOSE_MS - Date.now()) : IDLE_DISPOSE_MS);

    if (!rebuilt) {
      // A player who does not come back loses the seat, as after a dropped connection.
      for (const seat of this.seatsBySeat.values()) {
        if (seat.bot) continue;
        seat.awayTimer = this.later(() => {
          seat.awayTimer = null;
          this.freeSeatOf(seat);
          this.afterChange();
        }, (this.options.graceSeconds + 30) * 1000);
      }
      this.publishMetadata();
      return;
    }
    const { game, events } = rebuilt;
    this.game = game;
    this.commands = commands;
    for (const { seat, command } of commands) {
      if (PRIVATE_COMMANDS.has(command.type)) this.privateMoves[seat] = (this.privateMoves[seat] ?? 0) + 1;
      else this.publicMoves++;
    }
    this.state.status = "playing";
    this.logEvent("The server restarted: the game goes on.");
    // Humans are away until they rejoin with their seat token; after the grace period a bot plays for them.
    for (const seat of this.seatsBySeat.values()) if (!seat.bot) this.markConnected(seat, false);
    this.afterGameChange(events);
  }

  /** Seed, variant and every accepted command: enough to replay the game exactly. */
  replayLog() {
    return { players: this.options.seats, seed: this.seed, variant: this.options.variant, commands: this.commands };
  }
}

let sharedMemoryStore: GameStore | null = null;

/** A room created without a store (a test server, a script) keeps its games in memory. */
let defaultAccess: Access | null = null;
/** Limits for a room made without the server's (a test's matchMaker.createRoom): the defaults. */
function fallbackAccess(): Access {
  return (defaultAccess ??= new Access());
}

function fallbackStore(): GameStore {
  return (sharedMemoryStore ??= memoryStore());
}
