// Which phrase books this build reads and writes (the log's and the legal commands'): the server sends it
// with the table, so that a page loaded before a deploy that changed a book notices (the client reloads
// once to take the server's new build; see client/src/net/session.ts) instead of misreading lines.
import { LEGAL_PHRASES } from "./legal-phrases.ts";
import { LOG_PHRASES } from "./log-phrases.ts";

/** A short hash (FNV-1a, 32 bits) of the books. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

export const WIRE_BOOKS: string = hashOf(JSON.stringify([LOG_PHRASES, LEGAL_PHRASES]));

/** False when the table was sent by a server whose books differ from this build's (absent: an older server). */
export function sameBooks(state: { books?: string }): boolean {
  return !state.books || state.books === WIRE_BOOKS;
}
