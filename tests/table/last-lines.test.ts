// The log's last lines, kept compactly (server/table/last-lines.ts): the same lines, in the same wire form,
// as an array of them would keep, in a few strings and a fraction of the text's characters.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { LastLines, packLine, unpackLine } from "../../server/table/last-lines.ts";
import { LOG_LINES, Talk } from "../../server/table/talk.ts";
import { decodeLogLine, decodeLogMessage, encodeLogLine } from "../../shared/wire/index.ts";
import { LOG_PHRASES } from "../../shared/wire/log-phrases.ts";
import { playGame } from "../../server/sim/play.ts";

/** A line of the book's phrases and odd characters (the private-use ones a packed line spends on phrases among them). */
const lineArb = fc.array(fc.oneof(
  fc.constantFrom(...LOG_PHRASES),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.constantFrom("\ue000", "\ue001", "\uefff", "\uf000", "\uf001", "\ufffd", "🙂", " ", "2"),
), { maxLength: 12 }).map((parts) => parts.join(""));

/** The strings an object holds, down to `depth` objects, arrays and maps deep. */
function stringsIn(v: unknown, depth: number): string[] {
  if (typeof v === "string") return [v];
  if (depth === 0 || !v || typeof v !== "object") return [];
  return [...(v instanceof Map ? v.values() : Object.values(v))].flatMap((w) => stringsIn(w, depth - 1));
}

describe("the last lines of a log", () => {
  it("are the last `keep` lines pushed, in order, at every count", () => {
    for (const keep of [20, 33, 200]) {
      const kept = new LastLines(keep);
      const all: string[] = [];
      for (let i = 0; i < 3 * keep + 7; i++) {
        const line = `line ${i}: Ann pays 2 capital.`;
        kept.push(encodeLogLine(line));
        all.push(line);
        expect(kept.length).toBe(Math.min(keep, all.length));
        expect(kept.lines().map(decodeLogLine)).toEqual(all.slice(-keep));
      }
    }
  });

  it("give back each line's wire form exactly, whatever the line holds", () => {
    fc.assert(fc.property(lineArb, (text) => {
      const wire = encodeLogLine(text.replaceAll("\u0000", ""));
      expect(unpackLine(packLine(wire))).toEqual(wire);
      const kept = new LastLines(20);
      kept.push("before");
      kept.push(wire);
      kept.push("after");
      expect(kept.lines()).toEqual(["before", wire, "after"]);
    }), { numRuns: 2000 });
    const kept = new LastLines(20);
    for (const line of ["", "two\nlines", "a\u0000b", "é ✓"]) kept.push(line);
    expect(kept.lines()).toEqual(["", "two\nlines", "a\uFFFDb", "é ✓"]);
    expect(() => packLine([LOG_PHRASES.length + 0x1000])).toThrow(RangeError);
  });

  it("keep a game's lines in under a third of their text's bytes", () => {
    const talk = new Talk();
    const kept: string[] = [];
    playGame(6, 904, undefined, undefined, { check: null, observe: (_s, events) => {
      for (const e of events) {
        if (e.to) for (const seat of e.to) talk.logPrivate(seat, e.text);
        else talk.log(e.text);
        kept.push(e.text);
      }
    } });
    talk.takeUnsentLog();
    expect(talk.gameLogCount).toBeGreaterThan(LOG_LINES);
    // Every line the table still keeps, read back as text, against the characters the table holds: a
    // packed line of phrases is a two-byte string; the text, one byte a character.
    const text = [...talk.gameLog, ...[0, 1, 2, 3, 4, 5].flatMap((seat) => talk.privateLines(seat))];
    expect(text.length).toBeGreaterThan(LOG_LINES);
    for (const line of text) expect(kept).toContain(line);
    const bytes = (all: string[]) => all.reduce((n, s) => n + s.length * (/[^\u0000-\u00ff]/.test(s) ? 2 : 1), 0);
    expect(bytes(stringsIn(talk, 4))).toBeLessThan(bytes(text) / 3);
  });

  it("hold a table's history in a few strings, not one a line", () => {
    const talk = new Talk();
    for (let i = 0; i < LOG_LINES + 50; i++) talk.log(`line ${i}`);
    for (let i = 0; i < 30; i++) talk.logPrivate(2, `You drew card ${i}.`);
    talk.takeUnsentLog(); // as the room's next patch does
    expect(decodeLogMessage(talk.logHistory(2))).toEqual({
      from: 50, lines: Array.from({ length: LOG_LINES }, (_, i) => `line ${i + 50}`), history: true,
      private: Array.from({ length: 30 }, (_, i) => `You drew card ${i}.`),
    });
    expect(talk.gameLog).toEqual(Array.from({ length: LOG_LINES }, (_, i) => `line ${i + 50}`));
    expect(talk.privateLines(2)).toHaveLength(30);
    // Each line a string of its own costs its header and a slot: 200 lines ~5 KB a live room (#32).
    expect(stringsIn(talk, 4).length).toBeLessThan((LOG_LINES + 30) / 4);
  });
});
