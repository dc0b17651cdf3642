import { describe, expect, it } from "vitest";
import { viewFor } from "../../server/engine/index.ts";
import { atFirstMainOffer, ok } from "./helpers.ts";

describe("viewFor", () => {
  it("a seat sees its own hand, rival, investment and options; others' hands only as sizes", () => {
    const s = atFirstMainOffer(4, 2);
    const v = viewFor(s, 1);
    expect(v.seat).toBe(1);
    expect(v.you!.hand.map((c) => c.id)).toEqual(s.seats[1]!.hand);
    expect(v.you!.rival).toBe(s.seats[1]!.rival);
    expect(v.you!.investment?.id).toBe(s.seats[1]!.investment);
    expect(v.seats.map((x) => x.handSize)).toEqual(s.seats.map((p) => p.hand.length));
    // seat 1 owes nothing now: only trades are open to it
    expect(v.you!.legal.map((l) => l.type)).toEqual(["trade-propose"]);
    expect(viewFor(s, 0).you!.legal.map((l) => l.type)).toContain("offer");
  });

  it("a spectator gets public information only", () => {
    const s = atFirstMainOffer(4, 2);
    const v = viewFor(s, "spectator");
    expect(v.seat).toBeNull();
    expect(v.you).toBeUndefined();
    expect(v.trades).toEqual([]);
    const text = JSON.stringify(v);
    for (const p of s.seats) for (const id of p.hand) expect(text).not.toContain(`"${id}"`);
    expect(text).not.toContain(s.seats[0]!.investment!);
  });

  it("shows the public deal: offers faceup, support as counts, the revealed asset, the pending decision", () => {
    let s = atFirstMainOffer(4, 2);
    const main = s.seats[0]!.hand[0]!;
    s = ok(s, 0, { type: "offer", card: main }).state;
    s = ok(s, 1, { type: "counteroffer", emergency: true, discard: [] }).state;
    const v = viewFor(s, "spectator");
    expect(v.deal!.main!.card.id).toBe(main);
    expect(v.deal!.counters[0]!.card).toMatchObject({ id: "underpaid-overclocked", type: "emergency" });
    expect(v.deal!.asset).not.toBeNull();
    expect(v.pending).toMatchObject({ kind: "counteroffer", seat: 2 });
    expect(v.pending!.text).toBe("NBN may propose a counteroffer.");
    expect(v.turnsLeft).toBe(3); // as the log counts: the turn under way included
    expect(v.reserve.humanFirst + s.districts.filter((d) => d.humanFirst).length).toBe(9);
  });
});
