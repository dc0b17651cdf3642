import { describe, expect, it } from "vitest";
import { legal } from "../../../server/engine/index.ts";
import { atFirstMainOffer, emptyHand, ok, rejected, runFlow, texts } from "../helpers.ts";

describe("Deal step 2: Main Offer", () => {
  it("the active player offers an action card from hand, faceup in the Main Offer box", () => {
    const s = atFirstMainOffer();
    const card = s.seats[0]!.hand[1]!;
    const r = ok(s, 0, { type: "offer", card });
    expect(r.state.deal!.main).toEqual({ seat: 0, card, emergency: false });
    expect(r.state.seats[0]!.hand).not.toContain(card);
    expect(texts(r.events)).toMatch(/Jinteki proposes .+ as the main offer/);
  });

  it("may offer the faceup emergency action instead (it is not part of the hand)", () => {
    const s = atFirstMainOffer();
    const hand = [...s.seats[0]!.hand];
    const r = ok(s, 0, { type: "offer", emergency: true });
    expect(r.state.deal!.main).toEqual({ seat: 0, card: "mandatory-quarantine", emergency: true });
    expect(r.state.seats[0]!.hand).toEqual(hand);
    expect(r.state.seats[0]!.emergency).toEqual([]);
  });

  it("rejects cards not in hand, two cards at once, a spent emergency action, and other seats", () => {
    const s = atFirstMainOffer();
    const other = s.seats[1]!.hand[0]!;
    rejected(s, 0, { type: "offer", card: other }, "not-in-hand");
    rejected(s, 0, { type: "offer", card: s.seats[0]!.hand[0]!, emergency: true }, "bad-offer");
    rejected(s, 0, { type: "offer" }, "bad-offer");
    rejected(s, 1, { type: "offer", card: other }, "not-your-turn");
    s.seats[0]!.emergency[0]!.faceup = false;
    rejected(s, 0, { type: "offer", emergency: true }, "no-emergency");
    expect(legal(s, 0).find((l) => l.type === "offer")).toMatchObject({ emergency: [] });
  });

  it("[R] with nothing to offer, the main offer stays empty and any counteroffer wins (variant empty-main)", () => {
    const s = atFirstMainOffer();
    // replay the turn start with an empty hand and a spent emergency action
    emptyHand(s, 0);
    s.seats[0]!.emergency[0]!.faceup = false;
    s.stage = "main-offer";
    const r0 = runFlow(s);
    expect(r0.state.pending).toEqual({ kind: "counteroffer", seat: 1 });
    expect(r0.state.deal!.main).toBeNull();
    const card = r0.state.seats[1]!.hand[0]!;
    let r = ok(r0.state, 1, { type: "counteroffer", card, discard: [] });
    r = ok(r.state, 2, { type: "pass" });
    r = ok(r.state, 3, { type: "pass" });
    // no support step: the counteroffer wins
    expect(r.state.deal?.winner ?? "claimed").not.toBe("main");
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal");
  });

  it("[R] with nothing to offer and nobody countering, the asset is discarded", () => {
    const s = atFirstMainOffer();
    emptyHand(s, 0);
    s.seats[0]!.emergency[0]!.faceup = false;
    const asset = s.deal!.asset!;
    s.stage = "main-offer";
    let r = runFlow(s);
    for (const seat of [1, 2, 3]) r = ok(r.state, seat, { type: "pass" });
    expect(r.state.assetDiscard).toContain(asset);
    expect(r.state.seats.every((p) => !p.assets.some((a) => a.id === asset))).toBe(true);
  });

  it("[R] variant noMainOffer = discard-asset skips the deal", () => {
    const s = atFirstMainOffer(4, 1, { noMainOffer: "discard-asset" });
    emptyHand(s, 0);
    s.seats[0]!.emergency[0]!.faceup = false;
    const asset = s.deal!.asset!;
    s.stage = "main-offer";
    const r = runFlow(s);
    expect(r.state.assetDiscard).toContain(asset);
    expect(r.state.active).toBe(1);
  });
});
