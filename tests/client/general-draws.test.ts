// "The same every round" at a General draw (client/src/table/general-draws.ts): picks made one at a
// time, or at a step the standing answer could not fill, add up to one answer in the order picked.
import { describe, expect, it } from "vitest";
import { standingDraws } from "../../client/src/table/general-draws.ts";

describe("the standing General draws after a pick", () => {
  it("are the picks when none stood, and the standing ones then the new ones when one did", () => {
    expect(standingDraws(undefined, ["media", "labor"])).toEqual(["media", "labor"]);
    // a step of two draws, picked one at a time: the first pick stands, the second joins it
    expect(standingDraws(["media"], ["labor"])).toEqual(["media", "labor"]);
    // a type already named keeps its place; no type twice
    expect(standingDraws(["media", "labor"], ["labor", "biotech", "biotech"])).toEqual(["media", "labor", "biotech"]);
    // at most the five types
    expect(standingDraws(["media", "labor", "biotech", "security"], ["construction", "x"])).toEqual(["media", "labor", "biotech", "security", "construction"]);
  });
});
