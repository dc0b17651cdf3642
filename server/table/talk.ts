// What is said at a table: public chat, the spectators' own channel (players see it only when the host
// opens it), private messages between two players, and the game log (public lines for everyone, private
// lines for one seat). Chat and the log travel as messages, not in the
// state: a late joiner's full state does not grow with them. The last lines of each are kept here for
// every (re)join; each line has an index so a client never shows one twice.
import type { ChatLine, ChatMessage, ServerMessages, WireLogLine } from "../../shared/room-protocol.ts";
import { decodeLogLine, encodeLogLine, wireLogMessage } from "../../shared/wire/log-codec.ts";
import type { GameEvent } from "../../shared/view.ts";
type Chat = ReturnType<(typeof ChatMessage)["parse"]>;
import type { GameStore, StoredChatLine, StoredWhisper, Write } from "../store/index.ts";
import type { Publisher } from "./publisher.ts";
import type { Seat, Seats } from "./seats.ts";
import { LastLines } from "./last-lines.ts";

/** A store write for this table, then what follows it once it is done. */
type WriteThen = (write: (store: GameStore, code: string) => Write, after: () => void) => void;

export const LOG_LINES = 200;
/** Chat lines of each channel kept (here and in the store: TALK_LINES_KEPT) for (re)joins. */
export const CHAT_LINES = 100;
/** Private messages of each pair of players kept (here and in the store), sent on every (re)join. */
export const WHISPER_LINES = 100;
export const CHAT_PER_10S = 8;

export const TALK_QUOTA = { code: "talk-quota", message: "Your address has sent as much chat as the server keeps from one address in a day: try again tomorrow." };

export class Talk {
  /** The last CHAT_LINES lines of each channel (players' public chat, spectators' channel), in order. */
  chatLines: ChatLine[] = [];
  /** Players see the spectators' channel (the host's setting, kept in the table's options). */
  watchersOpen = false;
  chatCount = 0;
  /** The last WHISPER_LINES private messages of each pair of players, of whisperCount in all. */
  whispers: StoredWhisper[] = [];
  whisperCount = 0;
  /** The last LOG_LINES public log lines, of gameLogCount in all, in their wire form, kept compactly (last-lines.ts). */
  private lastLog = new LastLines(LOG_LINES);
  gameLogCount = 0;
  private unsentLog: WireLogLine[] = [];
  /** Each seat's last LOG_LINES private lines, kept as the public ones are. */
  private privateLogs = new Map<number, LastLines>();
  private chatTimes: Map<string, number[]> | null = null; // made at the first line: an empty Map costs ~0.15 KB a room

  /**
   * Takes back what the store kept: the last CHAT_LINES lines of each channel, with their numbers (new
   * lines are numbered on from chat.total), and every private message.
   */
  restore(chat: { lines: StoredChatLine[]; total: number }, whispers: StoredWhisper[], whisperTotal = whispers.length): void {
    this.whispers = [];
    for (const w of whispers) this.keepWhisper(w);
    this.whisperCount = Math.max(whisperTotal, whispers.length);
    this.chatLines = chat.lines.map((l) => this.withChannel({ seq: l.seq, from: l.from, seat: l.seat, text: l.text, at: l.at }));
    this.chatCount = chat.total;
  }

  /**
   * A chat message from a connection (`sender`, for the rate limit), seated or not: a public line for
   * everyone, a spectator's line in the spectators' channel, or a private message between two human
   * players. Written to the store before anyone hears it. `afford` spends what the line costs its
   * address's day, once the line is otherwise acceptable (a refused line costs nothing).
   */
  say(sender: string, seat: Seat | undefined, msg: Chat, seats: Seats, p: Publisher, write: WriteThen, afford: () => boolean): { code: string; message: string } | null {
    const now = Date.now();
    if (!this.mayChat(sender, now)) return { code: "chat-rate", message: "You are sending messages too fast: wait a few seconds." };
    const { text, to } = msg;
    if (to !== undefined) {
      if (!seat) return { code: "not-a-player", message: "Spectators cannot send private messages." };
      const target = seats.get(to);
      if (!target || target.bot || to === seat.seat) return { code: "bad-recipient", message: "Private messages go to another human player." };
    }
    if (!afford()) return TALK_QUOTA;
    if (to !== undefined && seat) {
      const whisper: StoredWhisper = { from: seat.seat, to, fromName: seat.name, text, at: now };
      const seq = this.addWhisper(whisper);
      write((store, code) => store.appendWhisper(code, seq, whisper), () => {
        for (const n of [seat.seat, to]) p.whisper(n, whisper);
      });
      return null;
    }
    const line = this.chatLine(seat ? seat.name : "Spectator", seat?.seat ?? -1, text, now);
    // Kept for (re)joins and sent once written: to everyone, or a spectator's to those who may see it.
    const { watchers: _, ...stored } = line;
    write((store, code) => store.appendChat(code, line.seq, stored), () => {
      this.keepChat(line);
      if (line.watchers && !this.watchersOpen) p.chat(line, "spectators");
      else p.chat(line);
    });
    return null;
  }

  /** Counts a message from this sender; false when it has sent CHAT_PER_10S in the last ten seconds. */
  mayChat(sender: string, now: number): boolean {
    const times = (this.chatTimes?.get(sender) ?? []).filter((t) => now - t < 10_000);
    if (times.length >= CHAT_PER_10S) return false;
    times.push(now);
    (this.chatTimes ??= new Map()).set(sender, times);
    return true;
  }

  /** A new public line, numbered (kept only once it is written: see keepChat); a spectator's (seat -1) is in their channel. */
  chatLine(from: string, seat: number, text: string, at: number): ChatLine {
    return this.withChannel({ seq: this.chatCount++, from, seat, text, at });
  }

  /** Keeps a line; each channel keeps its last CHAT_LINES, so talkative spectators never push out the players' lines. */
  keepChat(line: ChatLine): void {
    this.chatLines.push(line);
    const same = this.chatLines.filter((l) => !!l.watchers === !!line.watchers);
    if (same.length > CHAT_LINES) this.chatLines.splice(this.chatLines.indexOf(same[0]!), 1);
  }

  /** The host opened or closed the spectators' channel to players: each seated connection gets the chat it may now see. */
  setWatchersOpen(open: boolean, seats: Seats, p: Publisher): void {
    this.watchersOpen = open;
    p.batch(() => {
      p.watchersOpenChanged(open);
      for (const seat of seats.all()) if (!seat.bot && seat.sessionId) p.chatHistory(seat.seat, this.chatHistory(true));
      p.flush(true);
    });
  }

  /** The chat lines a connection may see: everything for a spectator, the spectators' channel for a player only when open. */
  chatHistory(player: boolean): ChatLine[] {
    return player && !this.watchersOpen ? this.chatLines.filter((l) => !l.watchers) : this.chatLines;
  }

  private withChannel(line: ChatLine): ChatLine {
    return line.seat < 0 ? { ...line, watchers: true } : line;
  }

  /** Keeps a private message; returns its number in this game. */
  addWhisper(whisper: StoredWhisper): number {
    this.keepWhisper(whisper);
    return this.whisperCount++;
  }

  /** Keeps a private message; its pair keeps its last WHISPER_LINES (a talkative pair never pushes out another's). */
  private keepWhisper(whisper: StoredWhisper): void {
    this.whispers.push(whisper);
    const pair = (w: StoredWhisper) => Math.min(w.from, w.to) * 8 + Math.max(w.from, w.to);
    const same = this.whispers.filter((w) => pair(w) === pair(whisper));
    if (same.length > WHISPER_LINES) this.whispers.splice(this.whispers.indexOf(same[0]!), 1);
  }

  whispersOf(seat: number): StoredWhisper[] {
    return this.whispers.filter((w) => w.from === seat || w.to === seat);
  }

  /** The last LOG_LINES public log lines, as text (a new array each time). */
  get gameLog(): string[] {
    return this.lastLog.lines().map(decodeLogLine);
  }

  /** A public log line: kept, and sent with the next patch (put in its wire form once, here). */
  log(text: string): void {
    const line = encodeLogLine(text);
    this.lastLog.push(line);
    this.gameLogCount++;
    this.unsentLog.push(line);
  }

  /** A private log line for one seat, kept for its reloads; returns it in its wire form (to send it as is). */
  logPrivate(seat: number, text: string): WireLogLine {
    let lines = this.privateLogs.get(seat);
    if (!lines) this.privateLogs.set(seat, (lines = new LastLines(LOG_LINES)));
    const line = encodeLogLine(text);
    lines.push(line);
    return line;
  }

  /** A seat's private log lines (the last LOG_LINES), as text. */
  privateLines(seat: number): string[] {
    return this.privateLogs.get(seat)?.lines().map(decodeLogLine) ?? [];
  }

  /** A seat's private lines as the events a bot deciding for it (or a hint to it) is shown. */
  shownTo(seat: number): GameEvent[] {
    return this.privateLines(seat).map((text) => ({ type: "private", text, to: [seat] }));
  }

  /** The public lines not sent yet as the `log` message that sends them, or null; they count as sent from now. */
  takeUnsentLog(): ServerMessages["log"] | null {
    if (this.unsentLog.length === 0) return null;
    const message = wireLogMessage({ from: this.gameLogCount - this.unsentLog.length, lines: this.unsentLog });
    this.unsentLog = [];
    return message;
  }

  /** The `log` message of every (re)join: the last LOG_LINES public lines and, for a seat, its private ones. */
  logHistory(seat: number | null): ServerMessages["log"] {
    const privateLines = seat === null ? [] : (this.privateLogs.get(seat)?.lines() ?? []);
    const lines = this.lastLog.lines();
    return wireLogMessage({ from: this.gameLogCount - lines.length, lines, private: privateLines, history: true });
  }
}
