// One connection to a table: joins the Colyseus room, keeps the latest state, your seat, the public
// chat, private messages and the server's last refusal, and tells the screen when any of it changes.
import { Client, type Room } from "@colyseus/sdk";
import type { Command } from "../../../shared/protocol.ts";
import type { ChatLine, ServerMessages } from "../../../shared/room-protocol.ts";
import { GameLogReader, readTable, type TableSnapshot, type WireTable, type Whisper } from "../../../shared/wire/index.ts";
import { findTable } from "./api.ts";
import { forgetSeat, rememberName, rememberSeat, rememberedSeat } from "./seat-memory.ts";

/** What a refusal answers: the server replies in order, so it is about the last thing sent. */
export type About = "move" | "trade" | "chat" | "host";
export interface Refusal { code: string; message: string; at: number; about: About }

export type Link = "connected" | "reconnecting" | "left";

/** A chat line or private message with `n`, the order it arrived in this page (0: came with a history). */
export type Heard<T> = T & { n: number };

/**
 * The public log lines one change of the game wrote (numbered from `from`), with the board as it stood
 * before that change (null for the lines of a history, whose board before is not known).
 */
export interface LogBatch {
  n: number;
  from: number;
  lines: string[];
  supplyBefore: Record<string, number> | null;
  demandBefore: string;
}

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
  private settled: { supply: Record<string, number>; demand: string } | null = null;
  refusal: Refusal | null = null;
  link: Link = "connected";
  /** When this page last sent a game command (to tell your own moves from the bot's after a deadline). */
  lastCommandAt = 0;
  leftReason = "";
  private lastSent: About = "move";
  /** The game log arrives as messages (see ServerMessages["log"] and ["event"]). */
  private log = new GameLogReader(LOG_KEEP);
  private room: Room;
  private listeners = new Set<() => void>();

  private constructor(room: Room, code: string, spectator: boolean) {
    this.room = room;
    this.code = code;
    this.spectator = spectator;
    const take = (state: unknown) => {
      this.state = (state as { toJSON(): WireTable }).toJSON();
      // Your seat is the one whose secret you receive; its token brings you back after a reload.
      const mine = Object.values(this.state.seats ?? {}).find((s) => s.secret?.seatToken);
      if (mine && this.mySeat !== mine.seat) {
        this.mySeat = mine.seat;
        rememberSeat(code, { seat: mine.seat, seatToken: mine.secret!.seatToken, name: mine.name });
      }
      this.changed();
    };
    room.onStateChange(take);
    // The first full state can arrive before join() returns (the server only patches on changes).
    if (room.state) take(room.state);
    room.onMessage("seat", (m: { seat: number; seatToken: string }) => {
      this.mySeat = m.seat;
      const name = this.state?.seats?.[String(m.seat)]?.name ?? rememberedSeat(code)?.name ?? "";
      rememberSeat(code, { seat: m.seat, seatToken: m.seatToken, name });
      this.changed();
    });
    room.onMessage("error", (m: { code: string; message: string }) => {
      this.refusal = { code: m.code, message: m.message, at: Date.now(), about: this.lastSent };
      this.changed();
    });
    room.onMessage("chat-history", (m: ServerMessages["chat-history"]) => {
      this.chatLines = m.lines.map((l) => ({ ...l, n: 0 }));
      this.changed();
    });
    room.onMessage("chat", (line: ServerMessages["chat"]) => {
      // A line numbered at or below the last one held already came with the history.
      const last = this.chatLines[this.chatLines.length - 1];
      if (last && line.seq <= last.seq) return;
      this.chatLines = [...this.chatLines, { ...line, n: ++this.arrivals }].slice(-CHAT_KEEP);
      this.changed();
    });
    room.onMessage("whisper", (w: Whisper) => {
      this.whispers = [...this.whispers, { ...w, n: ++this.arrivals }];
      this.changed();
    });
    room.onMessage("event", (e: ServerMessages["event"]) => {
      this.log.readEvent(e);
      this.changed();
    });
    room.onMessage("log", (m: ServerMessages["log"]) => {
      const fresh = this.log.read(m);
      if (m.history) {
        // A page opened mid-game: the lines since the last Production, so its reports can be shown again.
        const last = m.lines.lastIndexOf("Production Phase.");
        if (this.logBatches.length === 0 && last >= 0) {
          this.logBatches = [{ n: 0, from: m.from + last, lines: m.lines.slice(last), supplyBefore: null, demandBefore: "" }];
        }
      } else if (fresh.lines.length > 0 && this.settled) {
        const batch = { n: ++this.arrivals, from: fresh.from, lines: fresh.lines, supplyBefore: this.settled.supply, demandBefore: this.settled.demand };
        this.logBatches = [...this.logBatches, batch].slice(-BATCH_KEEP);
      }
      const game = this.state?.game;
      if (game) this.settled = { supply: { ...(game.supply ?? {}) }, demand: game.demand };
      this.changed();
    });
    room.onMessage("whispers", (m: { messages: Whisper[] }) => {
      this.whispers = m.messages.map((w) => ({ ...w, n: 0 }));
      this.changed();
    });
    room.onDrop(() => {
      this.link = "reconnecting";
      this.changed();
    });
    room.onReconnect(() => {
      this.link = "connected";
      this.changed();
    });
    room.onLeave((code, reason) => {
      this.link = "left";
      this.leftReason = reason || (code === 1000 ? "You left the table." : `The connection closed (${code}).`);
      this.changed();
    });
  }

  /**
   * Joins the table with this invite code: back into your seat if this browser holds its seat token,
   * else as a new player with `name`, or as a spectator.
   */
  static async join(rawCode: string, how: { name?: string; spectator?: boolean }): Promise<TableSession> {
    const info = await findTable(rawCode);
    const code = info.code;
    const client = new Client(serverEndpoint());
    const remembered = how.spectator ? null : rememberedSeat(code);
    if (remembered) {
      try {
        return new TableSession(await client.joinById(info.roomId, { code, seatToken: remembered.seatToken }), code, false);
      } catch (e) {
        forgetSeat(code); // the token no longer opens a seat here: join afresh below
        if (!how.name) throw e;
      }
    }
    if (how.name && !how.spectator) rememberName(how.name);
    const options = how.spectator ? { code, spectator: true } : { code, name: how.name ?? "" };
    return new TableSession(await client.joinById(info.roomId, options), code, !!how.spectator);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the table afresh and tells the listeners. */
  private changed(): void {
    this.table = this.state
      ? readTable(this.state, { log: this.log.lines, privateLog: this.log.privateLines, chat: this.chatLines, whispers: this.whispers }, this.mySeat)
      : null;
    for (const l of this.listeners) l();
  }

  /** Sends a game command; any refusal arrives as `refusal`. */
  command(command: Command): void {
    this.refusal = null;
    this.lastSent = command.type.startsWith("trade-") ? "trade" : "move";
    if (!command.type.startsWith("trade-")) this.lastCommandAt = Date.now();
    this.room.send("command", command);
    this.changed();
  }

  chat(text: string, to?: number): void {
    this.refusal = null;
    this.lastSent = "chat";
    this.room.send("chat", to === undefined ? { text } : { text, to });
    this.changed();
  }

  host(message: { action: "start" } | { action: "add-bot" } | { action: "remove-bot"; seat: number } | { action: "watchers"; open: boolean }): void {
    this.refusal = null;
    this.lastSent = "host";
    this.room.send("host", message);
  }

  dismissRefusal(): void {
    this.refusal = null;
    this.changed();
  }

  leave(): void {
    // Before the game starts, leaving frees the seat, so its token opens nothing any more.
    if (this.table?.status === "lobby" && !this.spectator) forgetSeat(this.code);
    void this.room.leave(true);
  }
}
