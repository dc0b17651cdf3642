// What the table's talk and log messages do to what the page holds, as pure functions (session.ts applies
// them): each takes the lines held and the page's arrival counter, and gives the new lines and counter. A
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

/** The board after the last batch: what the next one changed it from. */
export interface Settled { supply: Record<string, number>; demand: string }

/**
 * A `log` message, for the phase reports: its fresh lines (`fresh`, what the page had not read yet) are a
 * new batch with the board before them, kept with the last `keep`. A history (a page opened mid-game)
 * gives the lines since the last Production as batch 0, so its report can be shown again; lines that
 * come before the page knows the board start no batch.
 */
export function logBatches(held: Held<LogBatch>, m: { from: number; lines: readonly string[]; history?: boolean }, fresh: { from: number; lines: string[] },
  settled: Settled | null, keep: number): Held<LogBatch> {
  if (m.history) {
    const last = m.lines.lastIndexOf("Production Phase.");
    if (held.lines.length > 0 || last < 0) return held;
    return { lines: [{ n: 0, from: m.from + last, lines: m.lines.slice(last), supplyBefore: null, demandBefore: "" }], arrivals: held.arrivals };
  }
  if (fresh.lines.length === 0 || !settled) return held;
  const arrivals = held.arrivals + 1;
  return { lines: [...held.lines, { n: arrivals, from: fresh.from, lines: fresh.lines, supplyBefore: settled.supply, demandBefore: settled.demand }].slice(-keep), arrivals };
}
