// The legal commands' wire form (a seat's secret `legal` and `legalTrades`): their compact JSON
// (legal.ts) with the phrases of a book (legal-phrases.ts, made from the legal commands of seeded games:
// the JSON's keys and punctuation, prompts and option labels) written as one character each. The first
// 31 phrases are the control characters U+0001–U+001F (one byte of UTF-8), the others U+0080–U+07FF (two
// bytes): JSON.stringify writes neither (it escapes control characters, and the other non-ASCII
// characters are escaped here first), so every such character is a phrase. A phrase is a run of whole
// pieces between the JSON's quotes (it stands only where quotes, or the ends, bound it), and none holds
// a catalog id: an id travels as it is, quoted ("the-id"), which the wire-secrecy tests search for. Reading it back gives the same JSON (up to those escapes).
import { LEGAL_PHRASES } from "./legal-phrases.ts";

const ONE_BYTE = 31;
const QUOTE = 34;
/** A phrase's character. */
export const phraseChar = (n: number) => String.fromCharCode(n < ONE_BYTE ? 1 + n : 0x80 + n - ONE_BYTE);
/** The phrase number of a character, or -1 for a literal. */
function phraseOf(c: number): number {
  if (c >= 1 && c <= ONE_BYTE) return c - 1;
  if (c >= 0x80 && c < 0x800) return ONE_BYTE + c - 0x80;
  return -1;
}
/** How many phrases a book may hold. */
export const MAX_LEGAL_PHRASES = ONE_BYTE + 0x800 - 0x80;

const NON_ASCII = /[^\x00-\x7f]/g;

/** JSON with every non-ASCII character escaped (\uXXXX), as JSON.parse reads it the same. */
function asciiJson(json: string): string {
  return json.search(NON_ASCII) < 0 ? json : json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The key of the `length` (2 or 3) ASCII characters at `i`: never the same for a pair as for a triple. */
function startKey(text: string, i: number, length: number): number {
  const pair = (text.charCodeAt(i) << 7) | text.charCodeAt(i + 1);
  return length === 2 ? pair : (1 << 21) | (pair << 7) | text.charCodeAt(i + 2);
}

/** The encoder of a book: the cheapest split of a JSON string into phrases and literal characters. */
export function packLegalWith(book: readonly string[]): (json: string) => string {
  // The phrases by their first two characters (those of two) or three (longer ones), in the book's order.
  // The JSON is ASCII (asciiJson), so a phrase that is not cannot match: it is left out.
  const byStart = new Map<number, number[]>();
  book.forEach((p, n) => {
    if (p.length < 2 || p.search(NON_ASCII) >= 0) return;
    const key = p.length === 2 ? startKey(p, 0, 2) : startKey(p, 0, 3);
    const list = byStart.get(key) ?? [];
    list.push(n);
    byStart.set(key, list);
  });
  const chars = book.map((_, n) => phraseChar(n));
  let best = new Float64Array(0);
  let take = new Int32Array(0);
  return (raw) => {
    if (raw.length < 3) return raw;
    const json = asciiJson(raw);
    const n = json.length;
    if (best.length < n + 1) { best = new Float64Array(2 * n + 1); take = new Int32Array(2 * n + 1); }
    best[n] = 0;
    for (let i = n - 1; i >= 0; i--) {
      let cost = 1 + best[i + 1]!;
      let phrase = -1;
      // a phrase starts only at the start or after a quote: elsewhere there is nothing to look up
      if (i + 1 < n && (i === 0 || json.charCodeAt(i - 1) === QUOTE)) {
        for (let length = 2; length <= 3 && i + length <= n; length++) {
          const list = byStart.get(startKey(json, i, length));
          if (!list) continue;
          for (const p of list) {
            const text = book[p]!;
            const end = i + text.length;
            // whole pieces between quotes only: an id (a piece no phrase holds) is never cut
            if ((end < n && json.charCodeAt(end) !== QUOTE) || !json.startsWith(text, i)) continue;
            const c = (p < ONE_BYTE ? 1 : 2) + best[end]!;
            // the cheapest; of those as cheap, the first in the book (a literal when no phrase is cheaper)
            if (c < cost || (c === cost && phrase >= 0 && p < phrase)) { cost = c; phrase = p; }
          }
        }
      }
      best[i] = cost;
      take[i] = phrase;
    }
    let out = "";
    let from = 0; // the start of the literal run not yet written
    for (let i = 0; i < n;) {
      const p = take[i]!;
      if (p < 0) { i++; continue; }
      out += json.slice(from, i) + chars[p]!;
      i += book[p]!.length;
      from = i;
    }
    return out + json.slice(from);
  };
}

/** The legal commands' JSON in its wire form (legal-phrases.ts). */
export const packLegal: (json: string) => string = packLegalWith(LEGAL_PHRASES);

/** The JSON of a wire form (an unknown phrase reads as nothing; plain JSON reads as itself). */
export function unpackLegal(wire: string): string {
  let out = "";
  let from = 0;
  for (let i = 0; i < wire.length; i++) {
    const p = phraseOf(wire.charCodeAt(i));
    if (p < 0) continue;
    out += wire.slice(from, i) + (LEGAL_PHRASES[p] ?? "");
    from = i + 1;
  }
  return from === 0 ? wire : out + wire.slice(from);
}
