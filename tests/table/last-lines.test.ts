// The public log's last lines, kept compactly (server/table/last-lines.ts): the same lines as an array would keep.
import { describe, expect, it } from "vitest";
import { LastLines } from "../../server/table/last-lines.ts";
import { LOG_LINES, Talk } from "../../server/table/talk.ts";

describe("the last lines of a log", () => {
  it("are the last `keep` lines pushed, in order, at every count", () => {
    for (const keep of [20, 33, 200]) {
      const kept = new LastLines(keep);
      const all: string[] = [];
      for (let i = 0; i < 3 * keep + 7; i++) {
        const line = `line ${i}: Ann pays 2 capital.`;
        kept.push(line);
        all.push(line);
        expect(kept.length).toBe(Math.min(keep, all.length));
        expect(kept.lines()).toEqual(all.slice(-keep));
      }
    }
  });

  it("keep a line whole whatever it holds", () => {
    const kept = new LastLines(20);
    for (const line of ["", "two\nlines", "a\u0000b", "é ✓"]) kept.push(line);
    expect(kept.lines()).toEqual(["", "two\nlines", "a\uFFFDb", "é ✓"]);
  });

  it("hold a table's history in a few strings, not one a line", () => {
    const talk = new Talk();
    for (let i = 0; i < LOG_LINES + 50; i++) talk.log(`line ${i}`);
    talk.takeUnsentLog(); // as the room's next patch does
    expect(talk.logHistory(null)).toMatchObject({ from: 50, lines: Array.from({ length: LOG_LINES }, (_, i) => `line ${i + 50}`) });
    // Each line a string of its own costs its header and a slot: 200 lines ~5 KB a live room (#32).
    const strings = Object.values(talk).flatMap((v) => Array.isArray(v) ? v : []).filter((v) => typeof v === "string").length;
    const inside = Object.values(talk).flatMap((v) => v && typeof v === "object" ? Object.values(v).flatMap((w) => Array.isArray(w) ? w : []) : []).filter((v) => typeof v === "string").length;
    expect(strings + inside).toBeLessThan(LOG_LINES / 4);
  });
});
