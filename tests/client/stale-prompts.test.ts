// What goes out of date on the table screen once the game moves on: a refused move (it would
// contradict the next decision) and an open hint (it would stay open, and the Hint button gone, for
// the rest of the game). Both are seen first; then they go.
import { describe, expect, it } from "vitest";
import { REFUSAL_READ_MS, refusalOutlived, type Refusal } from "../../client/src/net/refusal.ts";
import { hintDone } from "../../client/src/table/hint-done.ts";

describe("a refused move", () => {
  const refused: Refusal = { code: "not-your-turn", message: "It is not your decision: waiting for Globalsec.", at: 1000, about: "move", moves: 12 };

  it("goes once the game has moved on and it has been in view a moment", () => {
    expect(refusalOutlived(refused, 13, 1000 + REFUSAL_READ_MS)).toBe(true);
  });

  it("stays while the game has not moved, or until it has been read", () => {
    expect(refusalOutlived(refused, 12, 1000 + 60_000)).toBe(false);
    expect(refusalOutlived(refused, 13, 1000 + REFUSAL_READ_MS - 1)).toBe(false);
  });

  it("leaves refusals of other things (a trade, a chat line) to the person", () => {
    for (const about of ["trade", "chat", "vote", "host", "adjourn", "vacation"] as const) {
      expect(refusalOutlived({ ...refused, about }, 13, 1000 + 60_000)).toBe(false);
    }
    expect(refusalOutlived(null, 13, 1000 + 60_000)).toBe(false);
  });
});

describe("an open hint", () => {
  const asked = { at: 5000, moves: 20 };

  it("is done once the person decides for themselves", () => {
    expect(hintDone(asked, 21, true, 5200)).toBe(true);
    expect(hintDone(asked, 20, true, 5200)).toBe(true);
  });

  it("is done once the game moved past it and the person has nothing to decide", () => {
    expect(hintDone(asked, 23, false, 0)).toBe(true);
  });

  it("stays while the person still decides: stale, with Ask again, or fresh", () => {
    expect(hintDone(asked, 21, true, 4000)).toBe(false);
    expect(hintDone(asked, 20, true, 4000)).toBe(false);
    expect(hintDone(asked, 20, false, 4000)).toBe(false);
    expect(hintDone(null, 21, false, 9000)).toBe(false);
  });
});
