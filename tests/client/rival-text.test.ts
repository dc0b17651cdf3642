// Your rival card in your corner says the case that is yours: the catalog's card names both (another
// corporation, or your own), which reads as a riddle when the corporation it names is your own.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import { myRivalText, rivalText } from "../../client/src/text.ts";

describe("your rival's words", () => {
  it("your own corporation: how many of the others you must beat, at this table's size", () => {
    expect(myRivalText("jinteki", "jinteki", 4)).toBe("Your own corporation: win with more capital than at least 2 of the 3 other players.");
    expect(myRivalText("jinteki", "jinteki", 6)).toBe("Your own corporation: win with more capital than at least 3 of the 5 other players.");
  });

  it("another corporation: only the case that applies, named", () => {
    expect(myRivalText("weyland", "jinteki", 5)).toBe("Win with more capital than Weyland Consortium.");
  });

  it("the Federalist: the card's own words", () => {
    expect(myRivalText("federalist", "nbn", 5)).toBe(rivalText("federalist"));
  });

  it("never the card's two-case riddle", () => {
    for (const r of catalog.rivals) for (const c of catalog.corps) expect(myRivalText(r.id, c.id, 5)).not.toMatch(/If .* is your own corporation/);
  });
});
