// The suggested hand-limit discard (client/src/table/suggest-discard.ts): the extra copies first, then
// from the type held most, among equals the card later in the hand; never more than asked, only from
// the cards offered.
import { describe, expect, it } from "vitest";
import { suggestDiscard, toggled } from "../../client/src/table/suggest-discard.ts";

const hand = [
  { id: "a1", title: "Ark Construction", type: "construction" },
  { id: "b1", title: "Clinical Trials", type: "biotech" },
  { id: "c1", title: "Budget Renovations", type: "construction" },
  { id: "b2", title: "Clinical Trials", type: "biotech" },
  { id: "d1", title: "Information Procurement", type: "biotech" },
  { id: "e1", title: "Spin Doctors", type: "media" },
];
const ids = hand.map((c) => c.id);

describe("the suggested discard", () => {
  it("discards an extra copy before anything else", () => {
    expect(suggestDiscard(ids, hand, 1)).toEqual(["b2"]);
  });
  it("then takes from the type held most, the later card first", () => {
    // after b2 goes: biotech 2 (b1, d1), construction 2 (a1, c1): equal, so the later of them, d1
    expect(suggestDiscard(ids, hand, 2)).toEqual(["b2", "d1"]);
    // then biotech 1, construction 2: c1
    expect(suggestDiscard(ids, hand, 3)).toEqual(["b2", "d1", "c1"]);
  });
  it("picks only from the cards offered, and at most as many as there are", () => {
    expect(suggestDiscard(["a1", "e1"], hand, 1)).toEqual(["e1"]);
    expect(suggestDiscard(["a1"], hand, 3)).toEqual(["a1"]);
    expect(suggestDiscard(ids, hand, 0)).toEqual([]);
  });
});

describe("changing the cards ticked", () => {
  it("swaps a card for the first one ticked once as many as may be picked are ticked: one click a card changed", () => {
    expect(toggled(["b2", "d1"], "a1", true, 2)).toEqual(["d1", "a1"]);
    expect(toggled(["b2"], "a1", true, 2)).toEqual(["b2", "a1"]);
    expect(toggled(["b2", "d1"], "b2", false, 2)).toEqual(["d1"]);
    // with no bound (support), every card ticked stays ticked
    expect(toggled(["b2", "d1"], "a1", true)).toEqual(["b2", "d1", "a1"]);
  });
});
