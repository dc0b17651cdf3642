import { describe, expect, it } from "vitest";
import { legal } from "../../server/engine/index.ts";
import { advanceTo, atFirstMainOffer, giveAsset, giveCard, ok, rejected, texts } from "./helpers.ts";

describe("Action Phase (A5.1)", () => {
  it("Refresh readies only the active player's own exhausted assets, at the start of their turn", () => {
    let s = atFirstMainOffer();
    giveAsset(s, 1, "midori", true);
    giveAsset(s, 2, "tanaka", true);
    s = advanceTo(s, (x) => x.active === 1 && x.pending?.kind === "main-offer");
    expect(s.seats[1]!.assets.find((a) => a.id === "midori")!.exhausted).toBe(false);
    expect(s.seats[2]!.assets.find((a) => a.id === "tanaka")!.exhausted).toBe(true);
  });

  it("End of Turn: the active player discards down to 5, choosing exactly the surplus", () => {
    let s = atFirstMainOffer();
    for (const t of ["clean-slate", "clinical-trials", "ark-construction"]) giveCard(s, 0, t);
    // 9 cards; offering 1 leaves 8, so 3 must go
    s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
    s = advanceTo(s, (x) => x.pending?.kind === "hand-limit");
    const l = legal(s, 0).find((x) => x.type === "discard");
    expect(l).toMatchObject({ cards: { min: 3, max: 3 } });
    const hand = s.seats[0]!.hand;
    rejected(s, 0, { type: "discard", cards: hand.slice(0, 2) }, "discard-count");
    rejected(s, 0, { type: "discard", cards: [hand[0]!, hand[0]!, hand[1]!] }, "not-in-hand");
    const after = ok(s, 0, { type: "discard", cards: hand.slice(0, 3) });
    expect(after.state.seats[0]!.hand).toHaveLength(5);
    expect(texts(after.events)).toContain("discards 3 cards down to the hand limit");
    expect(after.state.active).toBe(1);
  });

  it("[R] only the active player is held to the hand limit", () => {
    let s = atFirstMainOffer();
    for (const t of ["clean-slate", "clinical-trials", "ark-construction"]) giveCard(s, 2, t);
    s = advanceTo(s, (x) => x.active === 1);
    expect(s.seats[2]!.hand.length).toBeGreaterThan(5);
  });

  it("the active-player token passes left, and the phase ends when the turn track is empty", () => {
    let s = atFirstMainOffer(5);
    const actives: number[] = [];
    for (let i = 0; i < 3; i++) {
      actives.push(s.active);
      s = advanceTo(s, (x) => x.active !== actives[actives.length - 1] || x.stage !== "main-offer");
      s = advanceTo(s, (x) => x.pending?.kind === "main-offer");
    }
    // three turns in round 1, then Production and Event, then round 2 goes on from seat 3
    expect(actives).toEqual([0, 1, 2]);
    expect(s.round).toBe(1);
    expect(s.active).toBe(3);
  });
});
