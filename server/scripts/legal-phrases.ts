// Writes shared/wire/legal-phrases.ts, the phrase book the legal commands travel in (shared/wire/legal-codec.ts).
//   node server/scripts/legal-phrases.ts
// The corpus: each seat's compact legal commands (shared/wire encodeLegal, `legal` and `legalTrades`)
// each time they change, in seeded games of bots and of random players (other seeds than the bench's).
// The candidates are runs of up to 8 of the pieces between the JSON's quotes, so that no phrase begins
// or ends with a quote, and none holds a catalog id (an id travels as it is: see legal-codec.ts). The
// greedy choice takes the candidates that save the most bytes on what the book so far leaves literal;
// the book is ordered by use, so the most used phrases are one byte. Rerun it when the legal commands'
// shape or wording changes a lot: JSON with words the book lacks still travels, literally.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ACTION_CARD_IDS, ASSET_IDS, DEMAND_IDS, DISTRICT_IDS, EMERGENCY_ACTION_IDS, EVENT_IDS, INVESTMENT_IDS, RIVAL_IDS } from "../../shared/catalog/index.ts";
import { engine } from "../engine/index.ts";
import { playGame } from "../sim/play.ts";
import { makeRandom, randomCommand } from "../bots/random.ts";
import { encodeLegal } from "../../shared/wire/legal.ts";
import { MAX_LEGAL_PHRASES, packLegalWith } from "../../shared/wire/legal-codec.ts";
import { greedyBook } from "./lib/phrase-book.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(root, "shared/wire/legal-phrases.ts");
const IDS = new Set<string>([...ACTION_CARD_IDS, ...ASSET_IDS, ...DEMAND_IDS, ...DISTRICT_IDS, ...EMERGENCY_ACTION_IDS, ...EVENT_IDS, ...INVESTMENT_IDS, ...RIVAL_IDS].map(String));
const utf8 = (s: string) => Buffer.byteLength(s);

// The corpus: every change of a seat's two strings.
const corpus: string[] = [];
for (const players of [4, 5, 6] as const) {
  for (let seed = 1; seed <= 6; seed++) {
    for (const random of [null, makeRandom(500 + seed)]) {
      const last = new Map<string, string>();
      playGame(players, (random ? 600 : 700) + seed, undefined, random ? (_v, legal) => randomCommand(legal, random) : undefined, {
        check: null,
        observe: (state) => {
          for (let seat = 0; seat < players; seat++) {
            const w = encodeLegal(engine.legal(state, seat), state.seats[seat]!.hand);
            for (const [k, s] of [[`${seat}l`, w.legal], [`${seat}t`, w.legalTrades]] as const) {
              if (last.get(k) !== s) { last.set(k, s); if (s.length > 2) corpus.push(s); }
            }
          }
        },
      });
    }
  }
}

// Candidates: runs of the pieces between quotes, with no catalog id among them.
const runs = new Map<string, number>();
for (const json of corpus) {
  const pieces = json.split('"');
  for (let a = 0; a < pieces.length; a++) {
    let run = "";
    for (let b = a; b < Math.min(pieces.length, a + 8); b++) {
      if (IDS.has(pieces[b]!)) break;
      run += (b > a ? '"' : "") + pieces[b];
      if (run.length >= 3 && !run.startsWith('"') && !run.endsWith('"')) runs.set(run, (runs.get(run) ?? 0) + 1);
    }
  }
}
const pool = [...runs].filter(([, n]) => n >= 3).sort((x, y) => y[1] * y[0].length - x[1] * x[0].length).slice(0, 6000).map(([r]) => r);

// Greedy (lib/phrase-book.ts), on every other string of the corpus.
const sample = corpus.filter((_, n) => n % 2 === 0);
const { book } = greedyBook({
  pool, sample, max: MAX_LEGAL_PHRASES, perRound: 64, phraseCost: (n) => (n < 31 ? 1 : 2), size: utf8,
  // what is left literal, the phrases cut out (a NUL stands between the pieces)
  literal: (book) => { const pack = packLegalWith(book); return sample.map((s) => pack(s).replace(/[\x01-\x1f\u0080-\u07ff]/g, "\u0000")); },
});

// Ordered by use: the most used get the one-byte characters; unused ones go.
for (let round = 0; round < 3; round++) {
  const used = new Map<number, number>();
  const pack = packLegalWith(book);
  for (const s of corpus) {
    for (const ch of pack(s)) {
      const c = ch.charCodeAt(0);
      const n = c >= 1 && c <= 31 ? c - 1 : c >= 0x80 && c < 0x800 ? 31 + c - 0x80 : -1;
      if (n >= 0) used.set(n, (used.get(n) ?? 0) + 1);
    }
  }
  const order = [...used].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([n]) => book[n]!);
  book.splice(0, book.length, ...order);
}

const pack = packLegalWith(book);
const textBytes = corpus.reduce((n, s) => n + utf8(s), 0);
const wireBytes = corpus.reduce((n, s) => n + utf8(pack(s)), 0);
fs.writeFileSync(OUT, [
  "// Written by server/scripts/legal-phrases.ts (do not edit by hand): the phrase book of the legal commands'",
  "// wire form (legal-codec.ts). A phrase's place is its character on the wire, so server and client must hold",
  "// the same book (the client is served by the server's own build).",
  "export const LEGAL_PHRASES: readonly string[] = [",
  ...book.map((p) => `  ${JSON.stringify(p)},`),
  "];",
  "",
].join("\n"));
console.log(`${book.length} phrases; ${corpus.length} strings, ${textBytes} bytes as JSON, ${wireBytes} encoded (${(100 * wireBytes / textBytes).toFixed(1)}%)`);
