// What the table's talk messages do to what the page holds, as pure functions (session.ts applies them):
// each takes the lines held and the page's arrival counter, and gives the new lines and counter. A
// line's `n` is the order it arrived in this page (0: it came with a history); after a reconnection,
// what was said while the page was away counts as new.
import type { ChatLine } from "../../../shared/room-protocol.ts";
import type { Whisper } from "../../../shared/wire/index.ts";

/** A chat line or private message with `n`, the order it arrived in this page (0: came with a history). */
export type Heard<T> = T & { n: number };

/** Lines held, and the page's arrival counter after them. */
export interface Held<T> {
  lines: Heard<T>[];
  arrivals: number;
}

/** A chat history: lines held keep their number; after a return (`back`), lines past the last held are new. */
export function chatHistory(held: Held<ChatLine>, lines: readonly ChatLine[], back: boolean): Held<ChatLine> {
  const numbers = new Map(held.lines.map((l) => [l.seq, l.n]));
  const last = held.lines.at(-1)?.seq ?? -1;
  let arrivals = held.arrivals;
  return { lines: lines.map((l) => ({ ...l, n: numbers.get(l.seq) ?? (back && l.seq > last ? ++arrivals : 0) })), arrivals };
}

/** One chat line, kept with the last `keep`; null when it is numbered at or below the last held (it came with the history). */
export function chatLine(held: Held<ChatLine>, line: ChatLine, keep: number): Held<ChatLine> | null {
  const last = held.lines.at(-1);
  if (last && line.seq <= last.seq) return null;
  const arrivals = held.arrivals + 1;
  return { lines: [...held.lines, { ...line, n: arrivals }].slice(-keep), arrivals };
}

/** A whole list of private messages: those held keep their number; after a return (`back`), the others are new. */
export function whisperList(held: Held<Whisper>, messages: readonly Whisper[], back: boolean): Held<Whisper> {
  const key = (w: Whisper) => `${w.from}|${w.to}|${w.at}|${w.text}`;
  const numbers = new Map(held.lines.map((w) => [key(w), w.n]));
  let arrivals = held.arrivals;
  return { lines: messages.map((w) => ({ ...w, n: numbers.get(key(w)) ?? (back ? ++arrivals : 0) })), arrivals };
}

/** One private message, new. */
export function whisper(held: Held<Whisper>, w: Whisper): Held<Whisper> {
  const arrivals = held.arrivals + 1;
  return { lines: [...held.lines, { ...w, n: arrivals }], arrivals };
}
