// Discard-to-use reactions: Tanaka and The Fall Guy.
import { describe, expect, it } from "vitest";
import { answerOffer, choices, contested, emptyHand, giveAsset, held, mainOffer, noCounters, owes, say, support, table, texts } from "./helpers.ts";

describe("Tanaka: at the start of Resolution, discard it to make the active or the countering player the winner", () => {
  it("overrides the support count, and is discarded", () => {
    const s = table();
    giveAsset(s, 2, "tanaka");
    let r = support(contested(s), { 2: "counter" });
    r = answerOffer(r.state, 2, "tanaka", "use");
    expect(choices(r.state, 2)).toEqual(["main", "counter"]);
    r = say(r.state, 2, "main");
    expect(texts(r.events)).toContain("Jinteki wins the deal");
    expect(held(r.state, 2)).toEqual([]);
    expect(r.state.assetDiscard).toContain("tanaka");
  });

  it("passing leaves the support count to decide; without a counteroffer it is not offered", () => {
    let s = table();
    giveAsset(s, 2, "tanaka");
    let r = answerOffer(support(contested(s), { 2: "counter" }).state, 2, "tanaka", "pass");
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal");
    expect(held(r.state, 2)).toEqual(["tanaka"]);

    s = table();
    giveAsset(s, 2, "tanaka");
    r = noCounters(mainOffer(s).state);
    expect(texts(r.events)).toContain("Jinteki wins the deal");
    expect(held(r.state, 2)).toEqual(["tanaka"]);
  });
});

describe("The Fall Guy: after your main offer, discard it to counter as well; the deal goes straight to Support", () => {
  it("the active player's counteroffer takes the box and nobody else may counter", () => {
    const s = table();
    giveAsset(s, 0, "the-fall-guy");
    let r = answerOffer(mainOffer(s).state, 0, "the-fall-guy", "use");
    const hand = r.state.seats[0]!.hand;
    expect(choices(r.state, 0)).toEqual([...hand, "mandatory-quarantine"]);
    const card = hand[0]!;
    r = say(r.state, 0, card);
    expect(r.state.deal!.counters).toEqual([{ seat: 0, card, emergency: false }]);
    expect(r.state.assetDiscard).toContain("the-fall-guy");
    expect(owes(r.state)).toBe("support:1");
    r = support(r.state, { 1: "counter" });
    expect(texts(r.events)).toContain("Jinteki wins the deal with");
  });

  it("may counter with a faceup emergency action; with nothing left to offer it is not offered", () => {
    let s = table();
    giveAsset(s, 0, "the-fall-guy");
    let r = say(answerOffer(mainOffer(s).state, 0, "the-fall-guy", "use").state, 0, "mandatory-quarantine");
    expect(r.state.deal!.counters).toEqual([{ seat: 0, card: "mandatory-quarantine", emergency: true }]);
    expect(r.state.seats[0]!.emergency).toEqual([]);

    s = table();
    giveAsset(s, 0, "the-fall-guy");
    emptyHand(s, 0);
    s.seats[0]!.emergency[0]!.faceup = false;
    r = mainOffer(s); // the test hands seat 0 one card to offer
    expect(owes(r.state)).toBe("counteroffer:1");
  });
});
