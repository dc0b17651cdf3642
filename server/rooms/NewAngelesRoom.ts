// The Colyseus room `new_angeles`: one table (server/table, which keeps the game, the seats and the
// talk) on sockets. The room checks who may join, reads every message through one table of validated
// messages, and sends what the table publishes: the schema state as patches (corked, empty ones
// dropped) and private messages to one seat's connection.
import { CloseCode, ErrorCode, OnMessageException, Room, ServerError, logger, matchMaker, type Client, type AuthContext, type RoomException, type RoomMethodName } from "@colyseus/core";
import { parseCommand } from "../../shared/protocol.ts";
import { AnswersMessage, ChatMessage, GuideMessage, HintMessage, HostMessage, JoinOptions, PlayerName } from "../../shared/room-protocol.ts";
import { AdjournMessage, ResumeMessage } from "../../shared/adjourn-protocol.ts";
import { VacationMessage, VoteMessage } from "../../shared/vote-protocol.ts";
import { SEAT_PLAYED_ELSEWHERE } from "../../shared/seat-elsewhere.ts";
import { normalizeCode } from "../access/codes.ts";
import { quickCommand, waitingFor } from "../engine/index.ts";
import type { TableMetadata } from "../access/metadata.ts";
import { Access, LimitRefusal, RESERVATION_SECONDS, TALK_ROW_BYTES, addressKey } from "../access/throttle.ts";
import * as metrics from "../metrics.ts";
import { hashSeatToken, memoryStore, type GameStore } from "../store/index.ts";
import { hostAction } from "../table/host.ts";
import { DEFAULT_ROOM_LIMITS } from "../table/limits.ts";
import type { Seat } from "../table/seats.ts";
import { newTable, storedTable, type TableStart } from "../table/start.ts";
import { Table, type Refusal, type TableDeps, type TurnEvents } from "../table/table.ts";
import { handOver, redeemRestoreTicket } from "./restore.ts";
import { TableState } from "./schema.ts";
import { corked, fullStateSent, withoutEmptyPatches, zodParser, type MessageRule } from "./sockets.ts";
import { afterFullState, aroundSeatReservations, clientView, freshPatchViews, quietClock } from "./colyseus-internals.ts";
import { statePublisher } from "./table-state.ts";

export type { SeedSource } from "../table/start.ts";
export type { TableMetadata };

/** Who a connection is, and the address (addressKey) it is counted under. */
type Auth = ({ role: "spectator" } | { role: "player"; name: string; reclaim: number | null }) & { address: string };

/** How often the room clock (read by Colyseus's message-rate limit) advances. */
const CLOCK_TICK_MS = 250;

export class NewAngelesRoom extends Room<{ state: TableState; metadata: TableMetadata }> {
  state = new TableState();
  // No maxClients: a full room locks, and a locked room turns away everyone, a seat's holder too. Each
  // kind of connection has its own bound instead: seats (a holder, or a free seat at a table in the
  // lobby), spectators (Access's limits per table and per address, reservations included), and seat
  // reservations per address (Access).
  /** Over this a client is disconnected as abusive; fast scripted clients stay well below it. */
  maxMessagesPerSecond = 100;
  autoDispose = false;
  patchRate = null; // every change is sent at once with broadcastPatch()

  private table!: Table;
  /** The server's access limits: here, the count of wrong invite codes. */
  private access!: Access;
  private store!: GameStore;
  /** Dropped players' connections that may still come back (allowReconnection), by session. */
  private reconnections = new Map<string, ReturnType<Room["allowReconnection"]>>();
  /** Spectators at the table, by session: the address each is counted under. */
  private watchers = new Map<string, string>();
  /** Spectators' seat reservations not yet taken up, by session: their address, and their expiry. */
  private watchersComing = new Map<string, { key: string; timer: NodeJS.Timeout }>();
  private publishedMetadata = "";

  /** Every message a client may send. Anything else is refused as unknown. */
  private readonly rules: Record<string, MessageRule<any>> = {
    command: {
      guard: (c) => !this.seatOf(c) ? { code: "not-a-player", message: "Spectators cannot play: join with a seat to send game commands." }
        : !this.table.game ? { code: "not-started", message: "The game has not started yet." } : null,
      // The engine's fast check accepts only what the schema accepts; the schema words every refusal.
      parse: (p) => {
        const quick = quickCommand(p);
        if (quick) return { ok: true, value: quick };
        const r = parseCommand(p);
        return r.ok ? { ok: true, value: r.command } : r;
      },
      bad: "bad-command",
      handle: (c, command, receivedAt) => this.table.command(this.seatOf(c)!.seat, command, receivedAt, (r) => this.refuse(c, r)),
    },
    chat: {
      parse: zodParser(ChatMessage, "Bad chat message."),
      bad: "bad-chat",
      handle: (c, msg) => {
        // What the line costs the store counts against its address's day (Access.spendTalk).
        const seat = this.seatOf(c);
        const bytes = Buffer.byteLength(msg.text) + Buffer.byteLength(seat?.name ?? "Spectator") + TALK_ROW_BYTES;
        return this.table.chat(c.sessionId, seat, msg, () => this.access.spendTalk((c.auth as Auth | undefined)?.address ?? "unknown", bytes));
      },
    },
    /** Take back your last decision (server/table/take-back.ts); the payload is ignored. */
    "take-back": {
      guard: (c) => this.seatOf(c) ? null : { code: "not-a-player", message: "Only a player can take back a decision." },
      parse: () => ({ ok: true, value: null }),
      bad: "bad-message",
      handle: (c) => this.table.takeBack(this.seatOf(c)!.seat, (r) => this.refuse(c, r)),
    },
    /** Your answers in advance (server/table/standing-answers.ts). */
    answers: {
      guard: (c) => this.seatOf(c) ? null : { code: "not-a-player", message: "Only a player has answers in advance." },
      parse: zodParser(AnswersMessage, "Bad answers message."),
      bad: "bad-answers",
      handle: (c, msg) => this.table.setAnswers(this.seatOf(c)!.seat, msg),
    },
    host: {
      guard: (c) => this.seatOf(c)?.seat === this.table.hostSeat ? null : { code: "not-host", message: "Only the host can change the table." },
      parse: zodParser(HostMessage, "Bad host message."),
      bad: "bad-message",
      handle: (_c, msg) => hostAction(this.table, msg),
    },
    // Adjourning (server/table/adjourn.ts): the host at once, the others by majority; the host resumes.
    adjourn: {
      guard: (c) => this.seatOf(c) ? null : { code: "not-a-player", message: "Only the people seated can adjourn the game." },
      parse: zodParser(AdjournMessage, "Bad adjourn message."),
      bad: "bad-message",
      handle: (c, msg) => this.table.askToAdjourn(this.seatOf(c)!.seat, msg),
    },
    resume: {
      guard: (c) => this.seatOf(c)?.seat === this.table.hostSeat ? null : { code: "not-host", message: "Only the host can resume the game." },
      parse: zodParser(ResumeMessage, "Bad resume message."),
      bad: "bad-message",
      handle: (_c, msg) => this.table.resume(msg.absent),
    },
    // Votes (server/table/votes.ts): end now, cancel, pause, resume, give an away seat to a newcomer.
    vote: {
      guard: (c) => this.seatOf(c) ? null : { code: "not-a-player", message: "Only the people seated vote." },
      parse: zodParser(VoteMessage, "Bad vote message."),
      bad: "bad-vote",
      handle: (c, msg) => this.table.vote(this.seatOf(c)!.seat, msg),
    },
    // Vacations (server/table/vacations.ts): a seated person marks days away, or ends them.
    vacation: {
      guard: (c) => this.seatOf(c) ? null : { code: "not-a-player", message: "Only a person seated marks a vacation." },
      parse: zodParser(VacationMessage, "Bad vacation message."),
      bad: "bad-vacation",
      handle: (c, msg) => this.table.vacation(this.seatOf(c)!.seat, msg),
    },
    hint: { parse: zodParser(HintMessage, "Bad hint message."), bad: "bad-message", handle: (c) => this.table.hint(this.seatOf(c)) },
    guide: { parse: zodParser(GuideMessage, "Bad guide message."), bad: "bad-message", handle: (c, msg) => this.table.guideAction(this.seatOf(c), msg.action, msg.moment) },
  };

  async onCreate(raw: unknown) {
    // The room's clock ticks four times a second: only Colyseus's message-rate limit reads it, and a
    // quarter second is precise enough for that; the table's own timers are plain ones.
    quietClock(this, CLOCK_TICK_MS);
    freshPatchViews(this);
    // After a joining or returning client's full state, its view's pending changes are dropped.
    afterFullState(this, (client) => fullStateSent(client.view));
    // A spectator's seat reservation counts against the spectators' limits from the moment it is made
    // (a reservation not yet taken up holds a place as a joined spectator does); over them it is refused.
    aroundSeatReservations(this, async (reserve, { sessionId, options, seconds, reconnecting }) => {
      const asked = (options ?? {}) as { spectator?: unknown; address?: unknown };
      if (asked.spectator !== true || reconnecting) return reserve();
      const key = addressKey(typeof asked.address === "string" ? asked.address : undefined);
      if (this.spectatorRefusal(key)) return false;
      this.watcherComing(sessionId, key, seconds ?? RESERVATION_SECONDS);
      const made = await reserve();
      if (!made) this.watcherGone(sessionId);
      return made;
    });
    const input = (raw ?? {}) as Record<string, unknown>;
    const store = (input.store as GameStore | undefined) ?? fallbackStore();
    this.store = store;
    this.access = input.access instanceof Access ? input.access : fallbackAccess();
    const code = normalizeCode(input.code);
    if (!code) throw new Error("A table needs a valid invite code: create it through POST /api/games.");
    let start: TableStart;
    if (input.restoreTicket !== undefined) {
      if (!redeemRestoreTicket(input.restoreTicket)) throw new Error("Only the server restores games.");
      start = await storedTable(store, code, input.woken === true);
    } else {
      const made = await newTable(store, this.roomId, code, input.options ?? {}, input.seeds, { ...DEFAULT_ROOM_LIMITS, ...(input.limits as object | undefined) });
      if ("problem" in made) throw this.turnAway("table", made.problem);
      start = made;
    }
    const publisher = statePublisher(this.state, {
      toSeat: (seat, type, message) => this.clientOf(seat)?.send(type, message),
      broadcast: (type, message) => this.broadcast(type, message),
      toSpectators: (type, message) => { for (const c of this.clients) if (c.userData?.spectator) c.send(type, message); },
      setPrivate: (listed) => void this.setPrivate(listed),
      batch: (fn) => corked(this.clients, fn),
      flush: (listing) => listing ? this.afterChange() : void this.broadcastPatch(),
      listingChanged: () => this.publishMetadata(),
      close: () => void this.disconnect().catch(() => {}),
      closeIfEmpty: () => { if (this.clients.length === 0) void this.disconnect().catch(() => {}); },
    });
    const shuttingDown = () => matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN;
    const clock = typeof input.clock === "function" ? (input.clock as () => number) : undefined;
    const turnEvents = (input.turnEvents ?? undefined) as TurnEvents | undefined;
    const botThinker = (input.botThinker ?? undefined) as TableDeps["botThinker"];
    this.table = new Table(start, { store, publisher, log: logger, limits: input.limits as object | undefined, shuttingDown, roomId: this.roomId, clock, turnEvents, botThinker });
    for (const [type, rule] of Object.entries(this.rules)) {
      this.onMessage(type, (client, payload) => { metrics.messageReceived(type); this.receive(client, rule, payload); });
    }
    this.onMessage("*", (client, type) => {
      metrics.messageReceived(type);
      this.refuse(client, { code: "unknown-message", message: `There is no message "${String(type).slice(0, 40)}".` });
    });
    this.table.closeRevoked = (sessionId) => this.signedOut(sessionId);
    this.table.open();
  }

  private receive(client: Client, rule: MessageRule<unknown>, payload: unknown): void {
    const receivedAt = metrics.now();
    const refused = rule.guard?.(client);
    if (refused) return this.refuse(client, refused);
    const parsed = rule.parse(payload);
    if (!parsed.ok) return this.refuse(client, { code: rule.bad, message: parsed.message });
    const answer = rule.handle(client, parsed.value, receivedAt);
    if (answer) this.refuse(client, answer);
  }

  private refuse(client: Client, { code, message }: Refusal): void {
    metrics.rejected(code);
    client.send("error", { code, message });
  }

  /**
   * Colyseus hands over what the room's own code threw (a bug): it is logged at error level and
   * counted (`newangeles_room_exceptions_total`), and a message's sender hears that it was not handled
   * rather than waiting for an answer. A refusal at the door (a ServerError) is no fault.
   */
  onUncaughtException(error: RoomException, method: RoomMethodName): void {
    const cause = (error as Error & { cause?: unknown }).cause ?? error;
    if (cause instanceof ServerError) return;
    metrics.roomException(method);
    logger.error({ err: cause, roomId: this.roomId, method, ...(error instanceof OnMessageException ? { type: String(error.type) } : {}) }, "room code threw");
    if (error instanceof OnMessageException) this.refuse(error.client as Client, { code: "internal", message: "The server could not handle that message; the fault has been logged." });
  }

  // ---- joining and leaving ---------------------------------------------------------------------

  /**
   * A join or table turned down as it should be (wrong code, full table, bad options): the client gets
   * the sentence, the log an info line. Colyseus logs no ServerError; any other error stays an error.
   */
  private turnAway(what: "join" | "table", reason: string, ip?: string): ServerError {
    logger.info({ roomId: this.roomId, ip, reason }, `${what} refused`);
    return new ServerError(ErrorCode.APPLICATION_ERROR, reason);
  }

  /**
   * Why a seat reservation with these join options (its code already checked) would be refused, or
   * null; asked by the matchmaking guard (app.ts) before it reserves, so that the refusal is a clear
   * answer to the request. onAuth checks everything again when the websocket arrives.
   */
  admission(raw: unknown, ip: string | undefined): { status: number; message: string } | null {
    const parsed = JoinOptions.safeParse(raw ?? {});
    if (!parsed.success) return null; // onAuth words it
    const opts = parsed.data;
    if (opts.spectator) return this.spectatorRefusal(addressKey(ip));
    if (opts.seatToken) return this.table.seats.holds(opts.seatToken) ? null : { status: 403, message: "That seat token is not valid at this table." };
    // A game under way takes a newcomer only into a seat opened to one (at resume, or by vote), as onAuth does.
    const open = this.table.status === "playing" && this.table.seats.openSeat() !== undefined;
    if (this.table.status !== "lobby" && !open) return { status: 403, message: "This game has already started: join as a spectator." };
    if (this.table.seats.free() === null && !open) return { status: 403, message: "This table is full: join as a spectator." };
    return null;
  }

  /** Why one more spectator from this address (its key) may not watch: the table's limit, or the address's. */
  private spectatorRefusal(key: string): { status: number; message: string } | null {
    const { spectatorsPerTable: most, spectatorsPerAddress: each } = this.access.limits;
    const counted = [...this.watchers.values(), ...[...this.watchersComing.values()].map((w) => w.key)];
    if (counted.length >= most) return { status: 429, message: `This table has ${most} spectators, as many as it takes: try again later.` };
    if (counted.filter((k) => k === key).length >= each) {
      return { status: 429, message: `Your address already has ${each} spectators at this table, as many as it may.` };
    }
    return null;
  }

  /** A spectator on the way (reserved or authorized, not yet joined): counted until it joins or `seconds` pass. */
  private watcherComing(sessionId: string, key: string, seconds: number): void {
    const timer = setTimeout(() => this.watchersComing.delete(sessionId), (seconds + 1) * 1000);
    timer.unref();
    this.watchersComing.set(sessionId, { key, timer });
  }

  private watcherGone(sessionId: string): void {
    const coming = this.watchersComing.get(sessionId);
    if (coming) clearTimeout(coming.timer);
    this.watchersComing.delete(sessionId);
    this.watchers.delete(sessionId);
  }

  async onAuth(client: Client, raw: unknown, context: AuthContext): Promise<Auth> {
    this.access.seatTaken(client.sessionId); // the seat reservation is used: it no longer counts
    const parsed = JoinOptions.safeParse(raw ?? {});
    if (!parsed.success) throw this.turnAway("join", "Bad join options.", context.ip);
    const opts = parsed.data;
    // A right code always passes; a wrong one is counted, and refused (over the limit, as such).
    try {
      await this.access.checkCode(context.ip, normalizeCode(opts.code), this.table.code);
    } catch (e) {
      if (e instanceof LimitRefusal) throw this.turnAway("join", e.message, context.ip);
      throw e;
    }
    if (opts.spectator) {
      // Its reservation was counted (see _reserveSeat); one made without it (a script's) is counted here.
      if (!this.watchersComing.has(client.sessionId)) {
        const refused = this.spectatorRefusal(addressKey(context.ip));
        if (refused) throw this.turnAway("join", refused.message, context.ip);
        this.watcherComing(client.sessionId, addressKey(context.ip), RESERVATION_SECONDS);
      }
      return { role: "spectator", address: addressKey(context.ip) };
    }
    if (opts.seatToken) {
      const seat = this.table.seats.claim(opts.seatToken);
      if (!seat) throw this.turnAway("join", "That seat token is not valid at this table.", context.ip);
      return { role: "player", name: seat.name, reclaim: seat.seat, address: addressKey(context.ip) };
    }
    const name = PlayerName.safeParse(opts.name ?? "");
    if (!name.success) throw this.turnAway("join", name.error.issues[0]?.message ?? "Bad name.", context.ip);
    if (this.table.status !== "lobby" && !(this.table.status === "playing" && this.table.seats.openSeat())) throw this.turnAway("join", "This game has already started: join as a spectator.", context.ip);
    if (this.table.seats.free() === null && !this.table.seats.openSeat()) throw this.turnAway("join", "This table is full: join as a spectator.", context.ip);
    const taken = this.table.seats.nameRefusal(name.data);
    if (taken) throw this.turnAway("join", taken, context.ip);
    return { role: "player", name: name.data, reclaim: null, address: addressKey(context.ip) };
  }

  async onJoin(client: Client, _options: unknown, auth: Auth) {
    this.table.stopIdle();
    withoutEmptyPatches(client);
    client.view = clientView();
    if (auth.role === "spectator") {
      const key = this.watchersComing.get(client.sessionId)?.key ?? "unknown";
      this.watcherGone(client.sessionId);
      this.watchers.set(client.sessionId, key);
      client.userData = { spectator: true };
      this.state.spectators++;
      this.sendHistories(client, null);
      this.afterChange();
      return;
    }
    const seat = this.table.sit(client.sessionId, auth.name, auth.reclaim, (old) => this.replaceConnection(old));
    if ("code" in seat) throw this.turnAway("join", seat.message);
    const seatState = this.state.seats.get(String(seat.seat))!;
    seatState.secret.seatToken = seat.token!;
    client.view.add(seatState);
    client.send("seat", { seat: seat.seat, seatToken: seat.token });
    client.send("whispers", { messages: this.table.talk.whispersOf(seat.seat) });
    this.sendHistories(client, seat.seat);
    await this.table.seated(seat, auth.reclaim !== null);
  }

  onDrop(client: Client) {
    const seat = this.seatOf(client);
    if (!seat) return;
    this.table.markConnected(seat, false);
    this.afterChange();
    // An adjourned table whose last connection dropped leaves memory at once (it waits in the store).
    if (this.table.status === "adjourned" && this.clients.length === 0) return this.table.emptied();
    // An empty turn-based table parks after the grace time (a reconnection in time stops that).
    if (this.table.banks && this.clients.length === 0) this.table.emptied();
    const reconnection = this.allowReconnection(client, this.table.options.graceSeconds + 30);
    this.reconnections.set(client.sessionId, reconnection);
    reconnection
      .catch(() => { /* expired, cancelled or disposed: onLeave follows */ })
      .finally(() => { if (this.reconnections.get(client.sessionId) === reconnection) this.reconnections.delete(client.sessionId); });
  }

  /**
   * A seat-token join takes the seat from an older connection: that one is closed for good, and if it
   * had dropped, its reconnection is cancelled. It never hears of the seat again; its page is told the
   * seat is played elsewhere (shared/seat-elsewhere.ts) and may take it back with its own key.
   */
  private replaceConnection(sessionId: string, reason = SEAT_PLAYED_ELSEWHERE): void {
    this.table.seats.detach(sessionId);
    const old = this.clients.getById(sessionId);
    if (old) {
      old.view = clientView(); // nothing more of the seat, even before the socket has closed
      old.leave(CloseCode.CONSENTED, reason);
    }
    this.reconnections.get(sessionId)?.reject(new Error("replaced by a seat-token join"));
    this.reconnections.delete(sessionId);
  }

  /** The seat's owner signed this connection's device out (seat-keys.ts): it is closed, its seat left away. */
  private signedOut(sessionId: string): void {
    const seat = this.table.seats.ofSession(sessionId);
    this.replaceConnection(sessionId, "This device was signed out of the seat by its owner.");
    if (!seat) return;
    seat.sessionId = null;
    this.table.markConnected(seat, false);
    this.afterChange();
  }

  onReconnect(client: Client) {
    withoutEmptyPatches(client); // a new connection object
    const seat = this.seatOf(client);
    if (!seat && !client.userData?.spectator) {
      // Its seat went to another connection while it was coming back.
      client.view = clientView();
      client.leave(CloseCode.CONSENTED, SEAT_PLAYED_ELSEWHERE);
      return;
    }
    this.table.stopIdle();
    this.sendHistories(client, seat?.seat ?? null);
    if (!seat) return;
    this.table.markConnected(seat, true);
    this.afterChange();
  }

  onLeave(client: Client) {
    this.watcherGone(client.sessionId);
    if (client.userData?.spectator) this.state.spectators = Math.max(0, this.state.spectators - 1);
    else this.table.left(client.sessionId);
    if (this.clients.length === 0) this.table.emptied();
    this.afterChange();
  }

  onDispose() {
    const table = this.table;
    // On shutdown, once its writes are flushed, the game is handed over to another process (restore.ts).
    return table?.close().then(() => handOver(this.store, table.code, logger));
  }

  // ---- sending ---------------------------------------------------------------------------------

  private seatOf(client: Client): Seat | undefined {
    return this.table.seats.ofSession(client.sessionId);
  }

  private clientOf(seat: number): Client | undefined {
    const sessionId = this.table.seats.get(seat)?.sessionId;
    return sessionId ? this.clients.getById(sessionId) : undefined;
  }

  /** The last chat lines, the last log lines and (for a seat) its private ones: sent on every (re)join. */
  private sendHistories(client: Client, seat: number | null): void {
    client.send("chat-history", { lines: this.table.talk.chatHistory(seat !== null) });
    client.send("log", this.table.talk.logHistory(seat));
  }

  /**
   * New log lines go out right after the patch of the change that wrote them (Colyseus's afterNextPatch).
   * Each client's socket is corked meanwhile, so the patch and the lines after it leave in one write: a
   * system call per client, not one per frame.
   */
  broadcastPatch(): boolean {
    const log = this.table?.talk.takeUnsentLog();
    if (log) this.broadcast("log", log, { afterNextPatch: true });
    return corked(this.clients, () => super.broadcastPatch());
  }

  private afterChange(): void {
    this.broadcastPatch();
    this.publishMetadata();
  }

  /** Lobby listings read the metadata: it is written (to the driver, Redis with several processes) when it changes. */
  private publishMetadata(): void {
    const t = this.table;
    // A turn-based seat's bank is public: the lobby turns it into the seconds left when asked.
    const players = t.banks ? t.players().map((p) => { const bank = t.bankOf(p.seat); return bank ? { ...p, bank } : p; }) : t.players();
    const metadata = {
      code: t.code, status: t.status, pace: t.options.pace, private: t.options.private, seats: t.options.seats, players, spectators: this.state.spectators,
      ...(t.banks ? { turn: t.banks.settings } : {}),
      ...(t.status === "adjourned" && t.adjournment.meetAt !== null ? { meetAt: t.adjournment.meetAt } : {}),
    };
    const json = JSON.stringify(metadata);
    if (json === this.publishedMetadata) return;
    this.setMetadata({ ...metadata, createdAt: this.metadata?.createdAt ?? Date.now() })
      .then(() => { this.publishedMetadata = json; }) // a failed write is tried again at the next change
      .catch((e) => logger.warn({ err: e }, "metadata update failed"));
  }

  /** The turn-based deadlines that have come run now (the deadline sweep, server/rooms/deadlines.ts). */
  runDeadlines(): void { this.table.runDeadlines(); }

  /** Called by the lobby (remoteRoomCall) for a finished game's replay. */
  replayLog() { return this.table.replayLog(); }
  /** How many game commands have been played (the replay log's length, read from no store). */
  commandCount(): number { return this.table.commandCount(); }
  botDelayMs(): number { return this.table.botDelayMs(); }

  // Seat keys (server/table/seat-keys.ts), called by the seat-link routes (remoteRoomCall): each
  // answers only the holder of a key of the seat, and never returns a key but to the one it is for.
  /** The seat a key opens, and what the game asks of it (for "My games"), or null. */
  seatOfKey(key: unknown) {
    const seat = typeof key === "string" ? this.table.seats.opening(hashSeatToken(key)) : undefined;
    if (!seat) return null;
    const game = this.table.game;
    return { seat: seat.seat, name: seat.name, yourMove: this.table.status === "playing" && !!game && waitingFor(game).includes(seat.seat) };
  }
  /** What a nudge needs of a seat now (server/notify; never a key or an address). */
  nudgeState(seat: unknown) { return typeof seat === "number" ? this.table.nudgeState(seat) : null; }
  hostSeatNow() { return this.table.hostSeat; }
  seatDevices(key: unknown) { return typeof key === "string" ? this.table.seatKeys.devices(key) : null; }
  signOutOthers(key: unknown) {
    const done = typeof key === "string" ? this.table.seatKeys.signOutOthers(key) : null;
    if (done) this.afterChange();
    return done;
  }
  issueSeatKey(seat: unknown, by: unknown) {
    if (typeof seat !== "number" || typeof by !== "string") return { refused: "revoked" as const };
    return this.table.seatKeys.issue(seat, by);
  }

  // Read by the tests and the fuzzer (its inspection of live rooms): the table's game and seats.
  get game() { return this.table?.game ?? null; }
  get seed() { return this.table.seed; }
  get options() { return this.table.options; }
  get seatsBySeat() { return this.table.seats.bySeat; }
  get deadlineAt() { return this.table.deadlineAt; }
  get gameLog() { return this.table.talk.gameLog; }
  get botRandom() { return this.table.botRandom; }
}

// A room created without the server's store and limits (a test's matchMaker.createRoom, a script)
// keeps its games in memory and counts wrong codes with the default limits.
let sharedMemoryStore: GameStore | null = null;
let defaultAccess: Access | null = null;
const fallbackStore = (): GameStore => (sharedMemoryStore ??= memoryStore());
const fallbackAccess = (): Access => (defaultAccess ??= new Access());
