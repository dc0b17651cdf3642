import { describe, expect, it } from "vitest";
import { legal } from "../../../server/engine/index.ts";
import { atFirstMainOffer, emptyHand, giveCard, ok, rejected, texts } from "../helpers.ts";
import type { GameState } from "../../../server/engine/index.ts";

/** Takes a specific card back out of its deck into a hand. */
function giveBack(s: GameState, seat: number, id: string): void {
  for (const pile of Object.values(s.actionDecks)) {
    const i = pile.indexOf(id);
    if (i >= 0) pile.splice(i, 1);
  }
  s.seats[seat]!.hand.push(id);
}

function afterMainOffer(players: 4 | 5 | 6 = 4, variant = {}): GameState {
  const s = atFirstMainOffer(players, 1, variant);
  return ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
}

describe("Deal step 3: Counteroffer", () => {
  it("gives each other player one chance, clockwise from the active player's left", () => {
    let s = afterMainOffer(5);
    const order: number[] = [];
    while (s.pending?.kind === "counteroffer") {
      order.push(s.pending.seat);
      s = ok(s, s.pending.seat, { type: "pass" }).state;
    }
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it("[R] the first counteroffer is free, the next costs 1 card, then 2; each covers the one before", () => {
    let s = afterMainOffer(5);
    const c1 = s.seats[1]!.hand[0]!;
    s = ok(s, 1, { type: "counteroffer", card: c1, discard: [] }).state;
    expect(legal(s, 2).find((l) => l.type === "counteroffer")).toMatchObject({ discard: { min: 1, max: 1 } });
    const [c2, pay2] = s.seats[2]!.hand;
    rejected(s, 2, { type: "counteroffer", card: c2!, discard: [] }, "counteroffer-cost");
    rejected(s, 2, { type: "counteroffer", card: c2!, discard: [c2!] }, "counteroffer-cost");
    const r = ok(s, 2, { type: "counteroffer", card: c2!, discard: [pay2!] });
    expect(texts(r.events)).toContain("after discarding 1 card");
    s = r.state;
    expect(s.deal!.counters.map((o) => o.seat)).toEqual([1, 2]);
    expect(s.seats[2]!.hand).not.toContain(pay2);
    const discards = Object.values(s.actionDiscards).flat();
    expect(discards).toContain(pay2);
    // the third costs 2: with an emergency action it needs 2 hand cards
    const hand3 = s.seats[3]!.hand;
    s = ok(s, 3, { type: "counteroffer", emergency: true, discard: hand3.slice(0, 2) }).state;
    expect(s.deal!.counters.map((o) => o.seat)).toEqual([1, 2, 3]);
    expect(s.deal!.counters[2]!.emergency).toBe(true);
  });

  it("skips a player who cannot pay the cost", () => {
    let s = afterMainOffer(5);
    // seat 2 keeps one card and has a spent emergency action: it cannot offer 1 and discard 1
    const keep = s.seats[2]!.hand[0]!;
    emptyHand(s, 2);
    giveBack(s, 2, keep);
    s.seats[2]!.emergency[0]!.faceup = false;
    s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }).state;
    expect(s.pending).toEqual({ kind: "counteroffer", seat: 3 });
  });

  it("[R] the active player does not counter (variant activePlayerMayCounter)", () => {
    let s = afterMainOffer(4);
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" }).state;
    expect(s.pending?.kind).not.toBe("counteroffer");

    let v = afterMainOffer(4, { activePlayerMayCounter: true });
    for (const seat of [1, 2, 3]) v = ok(v, seat, { type: "pass" }).state;
    expect(v.pending).toEqual({ kind: "counteroffer", seat: 0 });
  });

  it("[R] variant counterofferCost free: later counteroffers cost nothing", () => {
    let s = afterMainOffer(4, { counterofferCost: "free" });
    s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }).state;
    s = ok(s, 2, { type: "counteroffer", card: s.seats[2]!.hand[0]!, discard: [] }).state;
    expect(s.deal!.counters).toHaveLength(2);
  });

  it("rejects a counteroffer out of turn and a card the player does not hold", () => {
    const s = afterMainOffer(4);
    rejected(s, 2, { type: "counteroffer", card: s.seats[2]!.hand[0]!, discard: [] }, "not-your-turn");
    rejected(s, 1, { type: "counteroffer", card: s.seats[2]!.hand[0]!, discard: [] }, "not-in-hand");
    rejected(s, 1, { type: "support", offer: "main", cards: [s.seats[1]!.hand[0]!] }, "not-now");
    const id = giveCard(s, 1, "clean-slate");
    expect(ok(s, 1, { type: "counteroffer", card: id, discard: [] }).state.deal!.counters[0]!.card).toBe(id);
  });
});
