// What a table's bots say: a public chat line, or a private answer to a person. Only a bot's own seat
// speaks (never a bot standing in for an away player or deciding at a person's deadline), at most one
// line per seat every BOT_LINE_MS, and not at all when the table's botChat is off.
import type { BotLine } from "../bots/index.ts";
import type { ChatLine } from "../../shared/room-protocol.ts";
import type { StoredWhisper } from "../store/index.ts";
import type { Publisher } from "./publisher.ts";
import type { Seats } from "./seats.ts";
import type { Talk } from "./talk.ts";

/** A bot says at most one line in this long. */
export const BOT_LINE_MS = 4000;

export interface BotVoiceDeps {
  seats: Seats;
  talk: Talk;
  publisher: Publisher;
  chatOn(): boolean;
  /** Store writes, in the table's order; `after` runs once the line is written. */
  writeChat(chat: ChatLine, after: () => void): void;
  writeWhisper(seq: number, whisper: StoredWhisper, after: () => void): void;
}

export class BotVoice {
  private lastAt = new Map<number, number>();
  private readonly d: BotVoiceDeps;
  constructor(deps: BotVoiceDeps) {
    this.d = deps;
  }

  say(n: number, line: BotLine): void {
    const { seats, talk, publisher } = this.d;
    const seat = seats.get(n);
    const now = Date.now();
    if (!this.d.chatOn() || !seat?.bot || now - (this.lastAt.get(n) ?? -Infinity) < BOT_LINE_MS) return;
    if (line.to !== undefined) {
      const target = seats.get(line.to);
      if (!target || target.bot) return;
      this.lastAt.set(n, now);
      const whisper: StoredWhisper = { from: n, to: line.to, fromName: seat.name, text: line.text, at: now };
      const seq = talk.addWhisper(whisper);
      this.d.writeWhisper(seq, whisper, () => {
        for (const m of [n, line.to!]) publisher.whisper(m, whisper);
      });
      return;
    }
    this.lastAt.set(n, now);
    const chat = talk.chatLine(seat.name, n, line.text, now);
    this.d.writeChat(chat, () => {
      talk.keepChat(chat);
      publisher.chat(chat);
    });
  }
}
