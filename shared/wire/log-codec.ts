// The game log's wire form. A line travels as its text, or, when that is shorter, as a list of phrase
// numbers and literal text: the phrases come from the phrase book (log-phrases.ts: the fixed words of the
// code that writes log lines, and the catalog's names), so "Weyland Consortium does not counter." is two
// small numbers. Reading it back gives the same text, character for character; a line whose words are
// not in the book travels as text, unchanged. The client is served by the server's own build, so both
// read the same book.
import type { ServerMessages, WireLogLine } from "../room-protocol.ts";
import { LOG_PHRASES } from "./log-phrases.ts";

/** What a phrase number costs in MessagePack: one byte below 128, two below 256, three above. */
const numberBytes = (n: number) => (n < 128 ? 1 : n < 256 ? 2 : 3);
/** What the UTF-16 code unit at i costs in UTF-8 (a surrogate pair's halves 2 each). */
function unitBytes(line: string, i: number): number {
  const c = line.charCodeAt(i);
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xe000 ? 2 : 3;
}

/**
 * A line's wire form with this phrase book: the cheapest split of the line into phrases and literal
 * runs (each run costs a byte of its own), or the text itself when that is no dearer.
 */
export function encodeLogLineWith(book: readonly string[]): (line: string) => WireLogLine {
  // The phrases by their first two characters, and those of one character: in arrays indexed by the
  // characters' codes when those are ASCII (most lines are), in maps otherwise.
  const singleAscii = new Int32Array(128).fill(-1);
  const single = new Map<number, number>();
  const pairsAscii: (number[] | undefined)[] = new Array(128 * 128).fill(undefined);
  const pairs = new Map<number, number[]>();
  book.forEach((p, n) => {
    if (p.length === 0) return;
    const a = p.charCodeAt(0);
    if (p.length === 1) {
      if (a < 128) { if (singleAscii[a] < 0) singleAscii[a] = n; }
      else if (!single.has(a)) single.set(a, n);
      return;
    }
    const b = p.charCodeAt(1);
    let list: number[] | undefined;
    if (a < 128 && b < 128) list = pairsAscii[a * 128 + b] ??= [];
    else {
      const key = a * 0x10000 + b;
      list = pairs.get(key);
      if (!list) pairs.set(key, (list = []));
    }
    list.push(n);
  });
  const singleOf = (a: number) => (a < 128 ? singleAscii[a]! : (single.get(a) ?? -1));
  const startingWith = (a: number, b: number) => (a < 128 && b < 128 ? pairsAscii[a * 128 + b] : pairs.get(a * 0x10000 + b));
  // Scratch arrays, grown for the longest line so far.
  let fresh = new Float64Array(0);
  let inRun = new Float64Array(0);
  let takeFresh = new Int32Array(0);
  let takeInRun = new Int32Array(0);
  return (line) => {
    const n = line.length;
    if (fresh.length < n + 1) {
      const size = Math.max(n + 1, 2 * fresh.length);
      fresh = new Float64Array(size); inRun = new Float64Array(size); takeFresh = new Int32Array(size); takeInRun = new Int32Array(size);
    }
    // fresh[i]: the cheapest wire form of line[i..] when a literal run would start at i (its byte
    // counted); inRun[i]: the same inside a run begun before i. take*[i]: the phrase taken at i, or -1
    // for the character.
    fresh[n] = 0;
    inRun[n] = 0;
    for (let i = n - 1; i >= 0; i--) {
      let best = Infinity;
      let phrase = -1;
      const c = line.charCodeAt(i);
      const one = singleOf(c);
      if (one >= 0) { best = numberBytes(one) + fresh[i + 1]!; phrase = one; }
      const list = i + 1 < n ? startingWith(c, line.charCodeAt(i + 1)) : undefined;
      if (list) {
        for (const p of list) {
          const text = book[p]!;
          if (!line.startsWith(text, i)) continue;
          const cost = numberBytes(p) + fresh[i + text.length]!;
          if (cost < best) { best = cost; phrase = p; }
        }
      }
      const char = unitBytes(line, i);
      const startRun = 1 + char + inRun[i + 1]!;
      const goOn = char + inRun[i + 1]!;
      fresh[i] = Math.min(best, startRun);
      takeFresh[i] = best <= startRun ? phrase : -1;
      inRun[i] = Math.min(best, goOn);
      takeInRun[i] = best <= goOn ? phrase : -1;
    }
    const out: (number | string)[] = [];
    let run = -1; // where the literal run being read began
    for (let i = 0; i < n;) {
      const p = run < 0 ? takeFresh[i]! : takeInRun[i]!;
      if (p < 0) { if (run < 0) run = i; i++; continue; }
      if (run >= 0) { out.push(line.slice(run, i)); run = -1; }
      out.push(p);
      i += book[p]!.length;
    }
    if (run >= 0) out.push(line.slice(run));
    // The list costs a byte of its own; the text, its bytes and a byte.
    return out.length > 1 || typeof out[0] === "number" ? (1 + fresh[0]! < 1 + utf8Bytes(line) ? out : line) : line;
  };
}

function utf8Bytes(line: string): number {
  let b = 0;
  for (let i = 0; i < line.length; i++) b += unitBytes(line, i);
  return b;
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

/** A log message of lines in their wire form: a history with its lines (and private lines), or the lines a change wrote. */
export function wireLogMessage(m: { from: number; lines: WireLogLine[]; history?: true; private?: WireLogLine[] }): ServerMessages["log"] {
  if (!m.history) return [m.from, ...m.lines];
  const wire: ServerMessages["log"] = { from: m.from, lines: m.lines, history: true };
  if (m.private) wire.private = m.private;
  return wire;
}
