import { describe, expect, it } from "vitest";
import { legal, viewFor } from "../../../server/engine/index.ts";
import type { GameState, Variant } from "../../../server/engine/index.ts";
import { atFirstMainOffer, emptyHand, ok, rejected, texts } from "../helpers.ts";

/** 5 players: seat 0 offers, seat 1 counters, seat 2 covers it with a second counteroffer. */
function atSupport(variant: Partial<Variant> = {}): GameState {
  const s = atFirstMainOffer(5, 1, variant);
  let r = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! });
  r = ok(r.state, 1, { type: "counteroffer", card: r.state.seats[1]!.hand[0]!, discard: [] });
  const [c, pay] = r.state.seats[2]!.hand;
  r = ok(r.state, 2, { type: "counteroffer", card: c!, discard: [pay!] });
  r = ok(r.state, 3, { type: "pass" });
  r = ok(r.state, 4, { type: "pass" });
  return r.state;
}

describe("Deal step 4: Support", () => {
  it("asks only players with no offer in contention, clockwise from the active player's left (Part E)", () => {
    let s = atSupport();
    const order: number[] = [];
    while (s.pending?.kind === "support") {
      order.push(s.pending.seat);
      s = ok(s, s.pending.seat, { type: "abstain" }).state;
    }
    // seat 0 made the main offer, seat 2 owns the visible counteroffer; seat 1 was covered and may support
    expect(order).toEqual([1, 3, 4]);
  });

  it("[R] variant supportEligibility everyone: offerers support too", () => {
    let s = atSupport({ supportEligibility: "everyone" });
    const order: number[] = [];
    while (s.pending?.kind === "support") {
      order.push(s.pending.seat);
      s = ok(s, s.pending.seat, { type: "abstain" }).state;
    }
    expect(order).toEqual([1, 2, 3, 4, 0]);
  });

  it("support is any number of hand cards for one offer; only counts and supporters are public", () => {
    let s = atSupport();
    const cards = s.seats[1]!.hand.slice(0, 2);
    const r = ok(s, 1, { type: "support", offer: "counter", cards });
    s = r.state;
    expect(texts(r.events)).toContain("supports the counteroffer with 2 cards");
    expect(s.seats[1]!.hand).not.toContain(cards[0]);
    const spectator = JSON.stringify(viewFor(s, "spectator"));
    for (const id of cards) expect(spectator).not.toContain(`"${id}"`);
    expect(viewFor(s, 3).deal!.supports).toEqual([{ seat: 1, offer: "counter", count: 2 }]);
  });

  it("rejects support with no cards, someone else's cards, duplicates, or out of turn", () => {
    const s = atSupport();
    rejected(s, 1, { type: "support", offer: "main", cards: [] }, "no-cards");
    rejected(s, 1, { type: "support", offer: "main", cards: [s.seats[3]!.hand[0]!] }, "not-in-hand");
    const c = s.seats[1]!.hand[0]!;
    rejected(s, 1, { type: "support", offer: "main", cards: [c, c] }, "not-in-hand");
    rejected(s, 3, { type: "support", offer: "main", cards: [s.seats[3]!.hand[0]!] }, "not-your-turn");
    expect(legal(s, 1).find((l) => l.type === "support")).toMatchObject({ offers: ["main", "counter"], cards: { min: 1, max: s.seats[1]!.hand.length } });
  });

  it("a player with no cards abstains automatically", () => {
    const s0 = atFirstMainOffer(5);
    let r = ok(s0, 0, { type: "offer", card: s0.seats[0]!.hand[0]! });
    r = ok(r.state, 1, { type: "counteroffer", card: r.state.seats[1]!.hand[0]!, discard: [] });
    r = ok(r.state, 2, { type: "pass" });
    r = ok(r.state, 3, { type: "pass" });
    emptyHand(r.state, 2);
    r = ok(r.state, 4, { type: "pass" });
    expect(r.state.deal!.abstained).toEqual([2]);
    expect(r.state.pending).toEqual({ kind: "support", seat: 3 });
  });

  it("[R] with no counteroffer Support is skipped and the main offer wins", () => {
    const s = atFirstMainOffer(4);
    let r = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! });
    for (const seat of [1, 2, 3]) r = ok(r.state, seat, { type: "pass" });
    expect(texts(r.events)).toContain("Nobody counters: the main offer wins without support.");
    expect(texts(r.events)).toContain("Jinteki wins the deal");
  });

  it("[R] with noCounterofferSkipsSupport false the main offer goes to Support, and the log says so", () => {
    const s = atFirstMainOffer(4, 1, { noCounterofferSkipsSupport: false });
    let r = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! });
    for (const seat of [1, 2, 3]) r = ok(r.state, seat, { type: "pass" });
    expect(texts(r.events)).toContain("Nobody counters: the main offer still goes to Support.");
    expect(texts(r.events)).not.toContain("without support");
    expect(r.state.pending).toEqual({ kind: "support", seat: 1 });
  });

  it("[R] supportOrder active-first: the Support round starts with the active player when offerers may support", () => {
    let s = atSupport({ supportEligibility: "everyone", supportOrder: "active-first" });
    const order: number[] = [];
    while (s.pending?.kind === "support") {
      order.push(s.pending.seat);
      s = ok(s, s.pending.seat, { type: "abstain" }).state;
    }
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
