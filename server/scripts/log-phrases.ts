// Writes shared/wire/log-phrases.ts, the phrase book the game log travels in (shared/wire/log-codec.ts).
//   node server/scripts/log-phrases.ts
// The candidates are the fixed words of the code that writes log lines (the string and template literals of
// server/engine, server/table and shared/, each part between its ${…}) and the catalog's names; each is
// kept when it saves bytes in the lines of seeded games (bot and random players); then the characters and
// pairs most often left between phrases (spaces, stops, digits); the book is ordered by use in those lines,
// so the most used phrases travel as one byte. Rerun it when the log's wording changes a
// lot: a line with words the book lacks still travels, as its text.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { catalog } from "../../shared/catalog/index.ts";
import { playGame } from "../sim/play.ts";
import { makeRandom, randomCommand } from "../bots/random.ts";
import { pack } from "msgpackr";
import type { WireLogLine } from "../../shared/room-protocol.ts";
import { encodeLogLineWith } from "../../shared/wire/log-codec.ts";
import { greedyBook } from "./lib/phrase-book.ts";

const logLineBytes = (line: WireLogLine) => pack(line).byteLength;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const OUT = path.join(root, "shared/wire/log-phrases.ts");
/** Phrases of one byte on the wire (MessagePack's positive fixint), then two (uint8), then three. */
const MAX_PHRASES = 1024;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith(".ts") ? [p] : [];
  });
}

/** The fixed parts of every string and template literal of these files. */
function literals(files: string[]): Set<string> {
  const out = new Set<string>();
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.add(node.text);
      else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) out.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

function catalogNames(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) catalogNames(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if ((k === "name" || k === "title") && typeof v === "string") out.add(v);
      else catalogNames(v, out);
    }
  }
  return out;
}

// The corpus: every line shown in seeded games, public and private.
const lines: string[] = [];
const keep = (events: { text: string }[]) => { for (const e of events) lines.push(e.text); };
for (const players of [4, 5, 6] as const) {
  for (let seed = 1; seed <= 8; seed++) {
    playGame(players, seed, undefined, undefined, { check: null, observe: (_s, events) => keep(events) });
    const random = makeRandom(seed);
    playGame(players, 100 + seed, undefined, (_v, legal) => randomCommand(legal, random), { check: null, observe: (_s, events) => keep(events) });
  }
}

const candidates = new Set<string>();
for (const l of literals([...sourceFiles(path.join(root, "server/engine")), ...sourceFiles(path.join(root, "server/table")), ...sourceFiles(path.join(root, "shared"))])) {
  if (l.length >= 3 && !l.includes("\n")) candidates.add(l);
}
catalogNames(catalog, candidates);
// And the runs of words the lines share most (a template's fixed words with a name or a number inside them).
const runs = new Map<string, number>();
for (const line of lines) {
  const words = line.split(/(?<=[ (])/);
  for (let a = 0; a < words.length; a++) {
    let run = "";
    for (let b = a; b < Math.min(words.length, a + 8); b++) {
      run += words[b];
      if (run.length >= 4) runs.set(run, (runs.get(run) ?? 0) + 1);
    }
  }
}
for (const [run, n] of [...runs].sort((x, y) => y[1] * y[0].length - x[1] * x[0].length).slice(0, 3000)) if (n >= 20) candidates.add(run);

// Greedy: each round encodes the corpus with the book so far and adds the candidate that saves the most.
// Scoring every candidate each round costs too much; instead a candidate's score is how often it occurs
// times its length, recomputed on the text the book leaves as literals.
const sample = lines.filter((_, n) => n % 3 === 0); // a sample: scoring is the slow part
const { book, literal: literalText } = greedyBook({
  pool: [...candidates], sample, max: MAX_PHRASES, perRound: 32, phraseCost: (n) => (n < 128 ? 1 : 2), size: (c) => c.length,
  literal: (book) => {
    const codec = encodeLogLineWith(book);
    return sample.map((l) => { const e = codec(l); return typeof e === "string" ? e : e.filter((x) => typeof x === "string").join("\u0000"); });
  },
});

// The residue's most frequent characters and pairs (spaces, stops, digits), then the book ordered by
// use: the phrases the lines use most get the one-byte numbers. The encoder takes the cheapest split,
// so a short phrase never costs a line bytes.
const glue = new Map<string, number>();
for (const text of literalText) {
  for (let i = 0; i < text.length; i++) {
    for (const g of [text[i]!, text.slice(i, i + 2)]) if (g.length && !g.includes("\u0000")) glue.set(g, (glue.get(g) ?? 0) + 1);
  }
}
for (const [g] of [...glue].sort((a, b) => b[1] - a[1]).slice(0, 64)) if (!book.includes(g)) book.push(g);
for (let round = 0; round < 3; round++) {
  const used = new Map<number, number>();
  const codec = encodeLogLineWith(book);
  for (const line of lines) {
    const e = codec(line);
    if (typeof e !== "string") for (const x of e) if (typeof x === "number") used.set(x, (used.get(x) ?? 0) + 1);
  }
  const order = [...used].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([n]) => book[n]!);
  book.splice(0, book.length, ...order);
}

const codec = encodeLogLineWith(book);
const textBytes = lines.reduce((n, l) => n + Buffer.byteLength(l), 0);
const wireBytes = lines.reduce((n, l) => n + logLineBytes(codec(l)), 0);
fs.writeFileSync(OUT, [
  "// Written by server/scripts/log-phrases.ts (do not edit by hand): the phrase book of the game log's wire",
  "// form (log-codec.ts). A phrase's place is its number on the wire, so server and client must hold the same",
  "// book: the client is served by the server's own build (a page loaded before a deploy reads a new book's",
  "// lines wrongly until it is reloaded, as it would any other change of the wire).",
  `export const LOG_PHRASES: readonly string[] = ${JSON.stringify(book, null, 0).replace(/","/g, "\",\n  \"").replace(/^\[/, "[\n  ").replace(/\]$/, ",\n]")};`,
  "",
].join("\n"));
console.log(`${book.length} phrases; ${lines.length} lines, ${textBytes} bytes as text, ${wireBytes} encoded (${(100 * wireBytes / textBytes).toFixed(1)}%)`);
