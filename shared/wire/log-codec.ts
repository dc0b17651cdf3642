// The game log's wire form. A line travels as its text, or, when that is shorter, as a list of phrase
// numbers and literal text: the phrases come from the phrase book (log-phrases.ts: the fixed words of the
// code that writes log lines, and the catalog's names), so "Weyland Consortium does not counter." is two
// small numbers. Reading it back gives the same text, character for character; a line whose words are
// not in the book travels as text, unchanged. The client is served by the server's own build, so both
// read the same book.
import type { ServerMessages, WireLogLine } from "../room-protocol.ts";
import { LOG_PHRASES } from "./log-phrases.ts";

/** A line's wire form with this phrase book (see encodeLogLine). */
export function encodeLogLineWith(book: readonly string[]): (line: string) => WireLogLine {
  // The phrases by their first two characters, longest first: the longest phrase at each place is taken.
  const byStart = new Map<string, number[]>();
  book.forEach((p, n) => {
    if (p.length < 2) return;
    const key = p.slice(0, 2);
    const list = byStart.get(key) ?? [];
    list.push(n);
    byStart.set(key, list);
  });
  for (const list of byStart.values()) list.sort((a, b) => book[b]!.length - book[a]!.length || a - b);
  return (line) => {
    const out: (number | string)[] = [];
    let literal = 0; // where the pending literal text began
    let saved = 0; // characters the phrases stand for, less what their numbers cost
    let i = 0;
    while (i < line.length) {
      const found = byStart.get(line.slice(i, i + 2))?.find((n) => line.startsWith(book[n]!, i));
      if (found === undefined) { i++; continue; }
      if (literal < i) out.push(line.slice(literal, i));
      out.push(found);
      saved += book[found]!.length - (found < 128 ? 1 : found < 256 ? 2 : 3);
      i += book[found]!.length;
      literal = i;
    }
    if (literal < line.length) out.push(line.slice(literal));
    // A list costs a byte, and each literal in it one more than as part of one string.
    return saved > 1 + out.filter((x) => typeof x === "string").length ? out : line;
  };
}

/** A log line's wire form. */
export const encodeLogLine: (line: string) => WireLogLine = encodeLogLineWith(LOG_PHRASES);

/** A log line's text from its wire form ("" for what is not one: an unknown phrase number reads as nothing). */
export function decodeLogLine(line: unknown): string {
  if (typeof line === "string") return line;
  if (!Array.isArray(line)) return "";
  let text = "";
  for (const x of line) text += typeof x === "string" ? x : typeof x === "number" ? (LOG_PHRASES[x] ?? "") : "";
  return text;
}

/** A log message as text: the public lines numbered from `from`; a history also the seat's private lines. */
export interface LogText { from: number; lines: string[]; history?: true; private?: string[] }

/** A log message as text (see ServerMessages["log"]): its lines (and private lines) read from their wire form. */
export function decodeLogMessage(m: ServerMessages["log"] | LogText): LogText {
  if (Array.isArray(m)) return { from: Number(m[0]) || 0, lines: m.slice(1).map(decodeLogLine) };
  const text: LogText = { from: m.from, lines: m.lines.map(decodeLogLine) };
  if (m.history) text.history = true;
  if (m.private) text.private = m.private.map(decodeLogLine);
  return text;
}

/** A log message in its wire form: a history with its lines (and private lines), or the lines a change wrote. */
export function encodeLogMessage(m: { from: number; lines: readonly string[]; history?: true; private?: readonly string[] }): ServerMessages["log"] {
  if (!m.history) return [m.from, ...m.lines.map(encodeLogLine)];
  const wire: ServerMessages["log"] = { from: m.from, lines: m.lines.map(encodeLogLine), history: true };
  if (m.private) wire.private = m.private.map(encodeLogLine);
  return wire;
}
