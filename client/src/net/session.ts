// One connection to a table: joins the Colyseus room, keeps the latest state, your seat, the public
// chat, private messages and the server's last refusal, and tells the screen when any of it changes.
// A lost connection comes back by itself: the SDK's own reconnection for a dropped socket, then, if the
// room is gone (a server restart), a fresh join by invite code and seat token (reconnect.ts: keepTrying).
import type { Room } from "@colyseus/sdk";
import type { Command } from "../../../shared/protocol.ts";
import type { AbsentChoice, AdjournMessage } from "../../../shared/adjourn-protocol.ts";
import type { VacationMessage, VoteMessage } from "../../../shared/vote-protocol.ts";
import type { AnswersMessage, ChatLine, GuideMessage, HostMessage, ServerMessages } from "../../../shared/room-protocol.ts";
import { decodeLogMessage, GameLogReader, readTable, sameBooks, type TableSnapshot, type WireTable, type Whisper } from "../../../shared/wire/index.ts";
import { ApiError, findTable, serverUptime, type TableInfo } from "./api.ts";
import { SDK_MAX_DELAY_MS, closedOnPurpose, joinProblem, keepTrying, type Outcome } from "./reconnect.ts";
import { REFUSAL_READ_MS, refusalOutlived, type About, type Refusal } from "./refusal.ts";
import { chatHistory, chatLine, logBatches, whisper, whisperList, type Heard, type Held, type LogBatch, type Settled } from "./heard.ts";
import { forgetSeat, rememberName, rememberSeat, rememberedSeat } from "./seat-memory.ts";

/**
 * The Colyseus SDK is most of the client's code and the lobby needs none of it, so it is a chunk of its
 * own: the page paints without it, then fetches it once loaded, while the player types a name.
 */
const loadSdk = () => import("@colyseus/sdk");
if (typeof window !== "undefined") window.addEventListener("load", () => void loadSdk().catch(() => {}), { once: true });

export type { About, Refusal } from "./refusal.ts";


/**
 * connected; reconnecting (by itself, see `retryAt`); gone (the table cannot be reached any more:
 * `leftReason` says why); left (you left, or your seat is played from another page: `playedElsewhere`).
 */
export type Link = "connected" | "reconnecting" | "gone" | "left";

export type { Heard, LogBatch } from "./heard.ts";

/** Log batches the client keeps for the phase reports. */
const BATCH_KEEP = 30;

/** Log lines the client keeps (the server's history holds as many). */
const LOG_KEEP = 200;
/** Public chat lines the client keeps (the server's history holds as many). */
const CHAT_KEEP = 100;

/** The game server: this page's own origin, except under `vite dev`, which serves only the client
 * (the server then runs beside it on its default port). */
function serverEndpoint(): string {
  const origin = import.meta.env.DEV ? `${location.protocol}//${location.hostname}:2567` : location.origin;
  return origin.replace(/^http/, "ws");
}

/**
 * The server reads and writes with other phrase books than this page (a deploy since it loaded): reload
 * once, to take the server's new build (sessionStorage keeps a second try from looping when the page
 * served is still the old one).
 */
function reloadForBooks(books: string): void {
  const key = "na-reloaded-for-books";
  try {
    if (sessionStorage.getItem(key) === books) return;
    sessionStorage.setItem(key, books);
  } catch { return; /* no storage: no reload that might loop */ }
  location.reload();
}

export class TableSession {
  readonly code: string;
  readonly spectator: boolean;
  /** The table as last read (state, log, chat, whispers and your seat), or null before the first state. */
  table: TableSnapshot | null = null;
  /** The decoded state as plain JSON, as last received. */
  private state: WireTable | null = null;
  mySeat: number | null = null;
  /** The public chat arrives as messages, not in the state (see ServerMessages["chat"]), oldest first. */
  chatLines: Heard<ChatLine>[] = [];
  whispers: Heard<Whisper>[] = [];
  /** Counts what arrived (chat, private messages, log batches) since this page opened. */
  arrivals = 0;
  /** The last changes of the game as they arrived (none for a history), newest last. */
  logBatches: LogBatch[] = [];
  /** The supply and demand after the last log batch: the board as it stood before the next one. */
  private settled: Settled | null = null;
  refusal: Refusal | null = null;
  link: Link = "connected";
  /** While reconnecting: since when the table has been out of reach, and when the next try is due (ms). */
  downSince = 0;
  retryAt = 0;
  /** When this page last sent a game command (to tell your own moves from the bot's after a deadline). */
  lastCommandAt = 0;
  /** Why the table is gone or was left: a sentence for people. */
  leftReason = "";
  /**
   * Left because the seat was opened on another page (another device, browser or tab): this browser
   * still holds its key, so `playHereAgain` takes it back. True while that try is under way too.
   */
  playedElsewhere = false;
  /** `playHereAgain` is under way. */
  rejoining = false;
  private lastSent: About = "move";
  /** The game log arrives as messages (see ServerMessages["log"] and ["event"]). */
  private log = new GameLogReader(LOG_KEEP);
  /** The room in use; events of any other (an older one) are ignored. Null while coming back. */
  private room: Room | null = null;
  /** Whether a chat history and a list of private messages came already: any later one is a return. */
  private heard = { chat: false, whispers: false };
  /** Your seat's token, also kept here in case this browser's storage keeps nothing. */
  private seatToken = "";
  private closed = false;
  private comingBack = false;
  private wake: (() => void) | null = null;
  private listeners = new Set<() => void>();
  /** The last hint your seat was given (answer to askHint), with when it arrived: docs/guide.md. */
  hint: (ServerMessages["hint"] & { at: number }) | null = null;
  private unlisten: () => void = () => {};

  private constructor(room: Room, code: string, spectator: boolean) {
    this.code = code;
    this.spectator = spectator;
    this.seatToken = spectator ? "" : rememberedSeat(code)?.seatToken ?? "";
    this.attach(room);
    this.watchNetwork();
  }

  /** Reads everything one room sends; once another room replaces it, its events are ignored. */
  private attach(room: Room): void {
    this.room = room;
    const live = () => this.room === room;
    const on = <T,>(type: string, fn: (m: T) => void) => room.onMessage(type, (m: T) => { if (live()) fn(m); });
    room.reconnection.maxDelay = SDK_MAX_DELAY_MS;
    const take = (state: unknown) => {
      if (!live()) return;
      this.state = (state as { toJSON(): WireTable }).toJSON();
      if (!sameBooks(this.state)) reloadForBooks(this.state.books!);
      this.dropOutlivedRefusal();
      // Your seat is the one whose secret you receive; its token brings you back after a reload.
      const mine = Object.values(this.state.seats ?? {}).find((s) => s.secret?.seatToken);
      if (mine && (this.mySeat !== mine.seat || this.seatToken !== mine.secret!.seatToken)) {
        this.mySeat = mine.seat;
        this.seatToken = mine.secret!.seatToken;
        rememberSeat(this.code, { seat: mine.seat, seatToken: mine.secret!.seatToken, name: mine.name });
      }
      this.changed();
    };
    room.onStateChange(take);
    // The first full state can arrive before join() returns (the server only patches on changes).
    if (room.state) take(room.state);
    on("seat", (m: { seat: number; seatToken: string }) => {
      this.mySeat = m.seat;
      this.seatToken = m.seatToken;
      const name = this.state?.seats?.[String(m.seat)]?.name ?? rememberedSeat(this.code)?.name ?? "";
      rememberSeat(this.code, { seat: m.seat, seatToken: m.seatToken, name });
      this.changed();
    });
    on("error", (m: { code: string; message: string }) => {
      const refusal: Refusal = { code: m.code, message: m.message, at: Date.now(), about: this.lastSent, moves: this.state?.game?.moves };
      this.refusal = refusal;
      // looked at again once it has been read: the game may have moved on meanwhile, with no change after
      if (refusal.about === "move") setTimeout(() => { if (this.refusal === refusal && this.dropOutlivedRefusal()) this.changed(); }, REFUSAL_READ_MS);
      this.changed();
    });
    on("chat-history", (m: ServerMessages["chat-history"]) => {
      // After a reconnection, the lines said while this page was away count as new (unread).
      const back = this.heard.chat;
      this.heard.chat = true;
      this.chatLines = this.take(chatHistory({ lines: this.chatLines, arrivals: this.arrivals }, m.lines, back));
      this.changed();
    });
    on("chat", (line: ServerMessages["chat"]) => {
      // A line numbered at or below the last one held already came with the history.
      const next = chatLine({ lines: this.chatLines, arrivals: this.arrivals }, line, CHAT_KEEP);
      if (!next) return;
      this.chatLines = this.take(next);
      this.changed();
    });
    on("whisper", (w: Whisper) => {
      this.whispers = this.take(whisper({ lines: this.whispers, arrivals: this.arrivals }, w));
      this.changed();
    });
    on("hint", (h: ServerMessages["hint"]) => {
      this.hint = { ...h, at: Date.now() };
      this.changed();
    });
    on("event", (e: ServerMessages["event"]) => {
      this.log.readEvent(e);
      this.changed();
    });
    on("log", (wire: ServerMessages["log"]) => {
      const m = decodeLogMessage(wire);
      const fresh = this.log.read(m);
      this.logBatches = this.take(logBatches({ lines: this.logBatches, arrivals: this.arrivals }, m, fresh, this.settled, BATCH_KEEP));
      const game = this.state?.game;
      if (game) this.settled = { supply: { ...(game.supply ?? {}) }, demand: game.demand };
      this.changed();
    });
    on("whispers", (m: { messages: Whisper[] }) => {
      // Private messages held keep their place; those sent while this page was away count as new.
      const back = this.heard.whispers;
      this.heard.whispers = true;
      this.whispers = this.take(whisperList({ lines: this.whispers, arrivals: this.arrivals }, m.messages, back));
      this.changed();
    });
    // A dropped socket: the SDK tries the same room again by itself (room.reconnection).
    room.onDrop(() => {
      if (!live() || this.closed) return;
      this.down();
    });
    room.onReconnect(() => {
      if (!live()) return;
      this.link = "connected";
      this.changed();
    });
    room.onLeave((code, reason) => {
      if (!live() || this.closed) return;
      const onPurpose = closedOnPurpose(code, reason, this.spectator);
      if (onPurpose) {
        // Closed on purpose: you left, or your seat is played from another page (the server says so).
        this.room = null;
        this.link = "left";
        this.leftReason = onPurpose.reason;
        this.playedElsewhere = onPurpose.playedElsewhere;
        this.changed();
        return;
      }
      // The server restarted, or the SDK could not get the same room back: join it afresh.
      this.room = null;
      void this.comeBack();
    });
  }

  /** The browser knows when it loses the network, sooner than a socket does: come back once it returns. */
  private watchNetwork(): void {
    if (typeof window === "undefined") return;
    const offline = () => {
      if (this.closed || !this.room) return;
      const old = this.room;
      this.room = null;
      old.reconnection.enabled = false;
      void old.leave(false).catch(() => {});
      void this.comeBack();
    };
    const wakeUp = () => { if (document.visibilityState !== "hidden") this.tryNow(); };
    window.addEventListener("offline", offline);
    window.addEventListener("online", wakeUp);
    document.addEventListener("visibilitychange", wakeUp);
    this.unlisten = () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", wakeUp);
      document.removeEventListener("visibilitychange", wakeUp);
    };
  }

  private down(): void {
    if (this.link !== "reconnecting") this.downSince = Date.now();
    this.link = "reconnecting";
    this.retryAt = 0;
    this.changed();
  }

  /** While reconnecting: try at once instead of at `retryAt`. */
  tryNow(): void {
    this.wake?.();
  }

  private pause(ms: number): Promise<void> {
    this.retryAt = Date.now() + ms;
    this.changed();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = done;
    }).then(() => { this.wake = null; this.retryAt = 0; });
  }

  /**
   * Back to the same table by a fresh join (invite code, then seat token or as a spectator), trying
   * with backoff until it works or the table is known to be gone (reconnect.ts keepTrying). One loop at a time.
   */
  private async comeBack(): Promise<void> {
    this.down();
    if (this.comingBack) return;
    this.comingBack = true;
    try {
      const end = await keepTrying({
        code: this.code,
        closed: () => this.closed,
        downSince: () => this.downSince,
        pause: (ms) => this.pause(ms),
        online: () => typeof navigator === "undefined" || navigator.onLine !== false,
        tryOnce: () => this.tryComeBack(),
        uptime: serverUptime,
      });
      if (end.kind === "gone") this.gone(end.message);
    } finally {
      this.comingBack = false;
    }
  }

  private async tryComeBack(): Promise<Outcome> {
    let info: TableInfo;
    try {
      info = await findTable(this.code);
    } catch (e) {
      // A right code is never throttled: "too many wrong codes" also says the table is not live.
      return e instanceof ApiError && (e.code === "unknown-code" || e.code === "too-many-wrong-codes") ? { kind: "unknown" } : { kind: "later" };
    }
    if (info.status === "finished") return { kind: "gone", message: `The game at table ${this.code} ended while you were away.` };
    const seatToken = rememberedSeat(this.code)?.seatToken ?? this.seatToken;
    if (!this.spectator && !seatToken) return { kind: "gone", message: `This browser no longer holds your seat at table ${this.code}.` };
    let room: Room;
    try {
      const options = this.spectator ? { code: this.code, spectator: true } : { code: this.code, seatToken };
      room = await new (await loadSdk()).Client(serverEndpoint()).joinById(info.roomId, options);
    } catch (e) {
      const problem = joinProblem(e, this.code);
      return problem.final ? { kind: "gone", message: problem.message } : { kind: "later" };
    }
    if (this.closed) {
      void room.leave(true);
      return { kind: "back" };
    }
    this.link = "connected";
    this.leftReason = "";
    this.attach(room);
    this.changed();
    return { kind: "back" };
  }

  /**
   * "Play here again": the seat was opened on another page, and this browser still holds its key; a
   * fresh join with it takes the seat back here (the other page is told the same in turn). If the key
   * no longer opens it (signed out), the table is gone with the reason; if the server cannot be
   * reached, the usual tries to come back follow.
   */
  async playHereAgain(): Promise<void> {
    if (this.link !== "left" || !this.playedElsewhere || this.rejoining || this.closed) return;
    this.rejoining = true;
    this.changed();
    let end: Outcome;
    try {
      end = await this.tryComeBack();
    } finally {
      this.rejoining = false;
    }
    if (end.kind === "back") {
      this.playedElsewhere = false;
      return;
    }
    if (end.kind === "gone") {
      this.playedElsewhere = false;
      return this.gone(end.message);
    }
    this.playedElsewhere = false;
    void this.comeBack();
  }

  private gone(message: string): void {
    this.link = "gone";
    this.leftReason = message;
    this.changed();
  }

  /**
   * Joins the table with this invite code: back into your seat if this browser holds its seat token,
   * else as a new player with `name`, or as a spectator. A failure is an ApiError whose message is a
   * sentence for people.
   */
  static async join(rawCode: string, how: { name?: string; spectator?: boolean }): Promise<TableSession> {
    const sdk = loadSdk();
    const info = await findTable(rawCode);
    const code = info.code;
    if (info.status === "finished") throw new ApiError("finished", `The game at table ${code} is over.`);
    const client = new (await sdk).Client(serverEndpoint());
    const remembered = how.spectator ? null : rememberedSeat(code);
    if (remembered) {
      try {
        return new TableSession(await client.joinById(info.roomId, { code, seatToken: remembered.seatToken }), code, false);
      } catch (e) {
        const problem = joinProblem(e, code);
        if (!problem.final) throw new ApiError("unreachable", problem.message);
        forgetSeat(code); // the token no longer opens a seat here: join afresh below
        if (!how.name) throw new ApiError("seat-gone", `Your seat at table ${code} is not yours any more: ${problem.message}`);
      }
    }
    if (how.name && !how.spectator) rememberName(how.name);
    const options = how.spectator ? { code, spectator: true } : { code, name: how.name ?? "" };
    try {
      return new TableSession(await client.joinById(info.roomId, options), code, !!how.spectator);
    } catch (e) {
      throw new ApiError("refused", joinProblem(e, code).message);
    }
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the table afresh and tells the listeners. */
  /** Keeps a reducer's arrival counter (heard.ts); gives its lines. */
  private take<T>(held: Held<T>): Heard<T>[] {
    this.arrivals = held.arrivals;
    return held.lines;
  }

  private changed(): void {
    this.table = this.state
      ? readTable(this.state, { log: this.log.lines, privateLog: this.log.privateLines, chat: this.chatLines, whispers: this.whispers }, this.mySeat)
      : null;
    for (const l of this.listeners) l();
  }

  /** The room to send to, or null (and a refusal saying so) while the table is out of reach. */
  private sendable(about: About): Room | null {
    this.refusal = null;
    this.lastSent = about;
    if (this.room && this.link === "connected") return this.room;
    this.refusal = {
      code: "not-connected", about, at: Date.now(),
      message: this.link === "reconnecting"
        ? "You are not connected just now, so nothing was sent. Try again once the table is back."
        : "You are no longer connected to this table, so nothing was sent.",
    };
    this.changed();
    return null;
  }

  /** Sends a game command; any refusal arrives as `refusal`. */
  command(command: Command): void {
    const room = this.sendable(command.type.startsWith("trade-") ? "trade" : "move");
    if (!room) return;
    if (!command.type.startsWith("trade-")) this.lastCommandAt = Date.now();
    room.send("command", command);
    this.changed();
  }

  /** Takes back your last decision (the server refuses when it can no longer be). */
  takeBack(): void {
    this.sendable("move")?.send("take-back", {});
    this.changed();
  }

  /** Changes your answers in advance (server/table/standing-answers.ts). */
  answers(change: AnswersMessage): void {
    this.sendable("move")?.send("answers", change);
  }

  chat(text: string, to?: number): void {
    const room = this.sendable("chat");
    if (!room) return;
    room.send("chat", to === undefined ? { text } : { text, to });
    this.changed();
  }

  /** Host-only table settings: the message as the server reads it (shared/room-protocol.ts). */
  host(message: HostMessage): void {
    this.sendable("host")?.send("host", message);
  }

  /** Adjourns the game (the host), or asks to (anyone seated); `withdraw` takes one's request back. */
  adjourn(how: AdjournMessage): void {
    this.sendable("adjourn")?.send("adjourn", how);
  }

  /** The host resumes the adjourned game, choosing what becomes of the seats of people not back. */
  resume(absent: AbsentChoice): void {
    this.sendable("adjourn")?.send("resume", { absent });
  }

  /** Opens a vote or answers the open one (shared/vote-protocol.ts; server/table/votes.ts counts them). */
  vote(message: VoteMessage): void {
    this.sendable("vote")?.send("vote", message);
  }

  /** Marks a vacation or ends yours (shared/vote-protocol.ts; server/table/vacations.ts). */
  vacation(message: VacationMessage): void {
    this.sendable("vacation")?.send("vacation", message);
  }

  /** Asks what the bot would do for your seat now, and why (the answer arrives as `hint`). */
  askHint(): void {
    this.sendable("move")?.send("hint", {});
  }

  /** A tutorial table's guide: "Got it", or the guide off or on again. */
  guide(action: GuideMessage["action"], moment?: string): void {
    this.sendable("move")?.send("guide", moment ? { action, moment } : { action });
  }

  /** Drops a refused move the game has moved past (refusalOutlived); says whether it did. */
  private dropOutlivedRefusal(): boolean {
    if (!refusalOutlived(this.refusal, this.state?.game?.moves, Date.now())) return false;
    this.refusal = null;
    return true;
  }

  dismissRefusal(): void {
    this.refusal = null;
    this.changed();
  }

  leave(): void {
    this.closed = true;
    this.unlisten();
    this.wake?.();
    // Before the game starts, leaving frees the seat, so its token opens nothing any more.
    if (this.table?.status === "lobby" && !this.spectator) forgetSeat(this.code);
    const room = this.room;
    this.room = null;
    if (room) void room.leave(true).catch(() => {});
  }
}
