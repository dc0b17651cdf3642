// The last lines of a log, kept compactly for a live room's (re)joins. Each line is kept in its wire form
// (shared/wire/log-codec.ts: phrase numbers and literal text), packed into one string: a phrase is one
// character, so a line of the game's own words costs a quarter of its text. Every CHUNK lines become
// one string (one string's header and one slot instead of CHUNK of each); the newest lines wait apart
// until they make a chunk. Reading them back (a (re)join's history) splits the chunks and unpacks them.
import type { WireLogLine } from "../../shared/room-protocol.ts";

/** Lines per joined string. */
const CHUNK = 20;
/** Between two lines of a chunk: no log line holds it (names and chat cannot hold control characters). */
const SEP = "\u0000";
/** Phrase number n is the character PHRASE + n (a private-use character); the book has far fewer than ESCAPE - PHRASE. */
const PHRASE = 0xe000;
/** Before a literal character that would read as a phrase or as ESCAPE itself. */
const ESCAPE = 0xf000;
/** A literal that needs escaping (or SEP, which becomes U+FFFD). */
const SPECIAL = /[\u0000\ue000-\uf000]/;

/** A wire line in one string: its phrases as characters, its literal characters as themselves. */
export function packLine(line: WireLogLine): string {
  if (typeof line === "string") return literal(line);
  let packed = "";
  for (const part of line) {
    if (typeof part === "string") packed += literal(part);
    else if (Number.isInteger(part) && part >= 0 && part < ESCAPE - PHRASE) packed += String.fromCharCode(PHRASE + part);
    else throw new RangeError(`not a phrase number: ${part}`);
  }
  return packed;
}

function literal(text: string): string {
  if (!SPECIAL.test(text)) return text;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) out += "\uFFFD";
    else if (c >= PHRASE && c <= ESCAPE) out += String.fromCharCode(ESCAPE, c);
    else out += text[i];
  }
  return out;
}

/**
 * A packed line's wire form again. A wire line is a list exactly when it holds a phrase (the codec never
 * puts two texts side by side, nor a list without a number), so a string without one was a text.
 */
export function unpackLine(packed: string): WireLogLine {
  if (!/[\ue000-\uf000]/.test(packed)) return packed;
  const out: (number | string)[] = [];
  let text = "";
  let phrases = 0;
  for (let i = 0; i < packed.length; i++) {
    const c = packed.charCodeAt(i);
    if (c === ESCAPE && i + 1 < packed.length) text += packed[++i];
    else if (c >= PHRASE && c < ESCAPE) {
      if (text) { out.push(text); text = ""; }
      out.push(c - PHRASE);
      phrases++;
    } else text += packed[i];
  }
  if (text) out.push(text);
  return phrases ? out : (out[0] as string | undefined) ?? "";
}

export class LastLines {
  private chunks: string[] = [];
  private tail: string[] = [];
  /** The first chunk's lines that are no longer among the last `keep` (always fewer than CHUNK). */
  private dropped = 0;

  private readonly keep: number;

  constructor(keep: number) {
    this.keep = keep;
    if (keep < CHUNK) throw new Error(`LastLines keeps at least ${CHUNK} lines`);
  }

  get length(): number {
    return this.chunks.length * CHUNK - this.dropped + this.tail.length;
  }

  push(line: WireLogLine): void {
    this.tail.push(packLine(line));
    if (this.tail.length === CHUNK) {
      this.chunks.push(this.tail.join(SEP));
      this.tail = [];
    }
    const over = this.length - this.keep;
    if (over <= 0) return;
    this.dropped += over;
    while (this.dropped >= CHUNK) {
      this.chunks.shift();
      this.dropped -= CHUNK;
    }
  }

  /** The lines kept, oldest first, in their wire form (a new array). */
  lines(): WireLogLine[] {
    const all: WireLogLine[] = [];
    for (const chunk of this.chunks) for (const line of chunk.split(SEP)) all.push(unpackLine(line));
    for (const line of this.tail) all.push(unpackLine(line));
    return this.dropped ? all.slice(this.dropped) : all;
  }
}
