import { describe, expect, it } from "vitest";
import type { Command } from "../../shared/protocol.ts";
import { legal, viewFor } from "../../server/engine/index.ts";
import { atFirstMainOffer, giveAsset, ok, rejected, texts } from "./helpers.ts";

/** A main offer (seat 0) and a counteroffer (seat 1), the others passing on theirs: seat 2's support turn. */
function atFirstSupportTurn() {
  let s = atFirstMainOffer();
  s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
  s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }).state;
  s = ok(s, 2, { type: "pass" }).state;
  return ok(s, 3, { type: "pass" }).state;
}

describe("Trades (A9)", () => {
  it("capital and assets change hands atomically when the other player accepts", () => {
    let s = atFirstMainOffer();
    giveAsset(s, 1, "coach-walden");
    const caps = s.seats.map((p) => p.capital);
    let r = ok(s, 2, { type: "trade-propose", to: 1, give: { capital: 3, assets: [] }, get: { capital: 0, assets: ["coach-walden"] } });
    expect(r.events.every((e) => e.to && e.to.includes(1) && e.to.includes(2))).toBe(true);
    s = r.state;
    const id = s.trades[0]!.id;
    expect(legal(s, 1).find((l) => l.type === "trade-accept")).toEqual({ type: "trade-accept", ids: [id] });
    r = ok(s, 1, { type: "trade-accept", id });
    expect(r.state.seats[2]!.capital).toBe(caps[2]! - 3);
    expect(r.state.seats[1]!.capital).toBe(caps[1]! + 3);
    expect(r.state.seats[2]!.assets.map((a) => a.id)).toEqual(["coach-walden"]);
    expect(r.state.trades).toEqual([]);
    expect(r.events.some((e) => !e.to && e.text.includes("trade"))).toBe(true);
  });

  it("is refused with a reason when either side can no longer carry it out", () => {
    let s = atFirstMainOffer();
    s = ok(s, 2, { type: "trade-propose", to: 1, give: { capital: 5, assets: [] } }).state;
    s.seats[2]!.capital = 4; // spent meanwhile
    const msg = rejected(s, 1, { type: "trade-accept", id: s.trades[0]!.id }, "cannot-give");
    expect(msg).toContain("cannot be carried out");
    expect(legal(s, 1).find((l) => l.type === "trade-accept")).toBeUndefined();
  });

  it("rejects proposals of things you do not have, to yourself, or of nothing", () => {
    const s = atFirstMainOffer();
    rejected(s, 2, { type: "trade-propose", to: 1, give: { capital: 999, assets: [] } }, "cannot-give");
    rejected(s, 2, { type: "trade-propose", to: 1, get: { capital: 999, assets: [] } }, "cannot-get");
    rejected(s, 2, { type: "trade-propose", to: 2, give: { capital: 1, assets: [] } }, "bad-trade");
    rejected(s, 2, { type: "trade-propose", to: 1 }, "empty-trade");
    rejected(s, 2, { type: "trade-propose", to: 1, give: { capital: 0, assets: ["midori"] } }, "cannot-give");
  });

  it("proposals are visible only to the two players; decline and cancel remove them", () => {
    let s = atFirstMainOffer();
    s = ok(s, 2, { type: "trade-propose", to: 1, give: { capital: 1, assets: [] } }).state;
    s = ok(s, 3, { type: "trade-propose", to: 0, give: { capital: 1, assets: [] } }).state;
    expect(viewFor(s, 1).trades.map((t) => t.from)).toEqual([2]);
    expect(viewFor(s, 0).trades.map((t) => t.from)).toEqual([3]);
    expect(viewFor(s, "spectator").trades).toEqual([]);
    rejected(s, 0, { type: "trade-accept", id: s.trades[0]!.id }, "unknown-trade");
    rejected(s, 1, { type: "trade-cancel", id: s.trades[0]!.id }, "unknown-trade");
    s = ok(s, 1, { type: "trade-decline", id: s.trades[0]!.id }).state;
    s = ok(s, 3, { type: "trade-cancel", id: s.trades[0]!.id }).state;
    expect(s.trades).toEqual([]);
  });

  it("support can be traded only during your own support turn, and is given when the trade is accepted", () => {
    let s = atFirstMainOffer();
    s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
    s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }).state;
    const card3 = s.seats[3]!.hand[0]!;
    // not seat 3's support turn yet
    rejected(s, 3, { type: "trade-propose", to: 0, get: { capital: 2, assets: [] }, support: "main", supportCards: [card3] }, "not-support-turn");
    s = ok(s, 2, { type: "pass" }).state;
    s = ok(s, 3, { type: "pass" }).state;
    s = ok(s, 2, { type: "abstain" }).state;
    expect(s.pending).toEqual({ kind: "support", seat: 3 });
    const offer = legal(s, 3).find((l) => l.type === "trade-propose");
    expect(offer && offer.type === "trade-propose" ? offer.support?.offers : []).toEqual(["main", "counter"]);
    s = ok(s, 3, { type: "trade-propose", to: 0, get: { capital: 2, assets: [] }, support: "main", supportCards: [card3] }).state;
    const cap3 = s.seats[3]!.capital;
    const r = ok(s, 0, { type: "trade-accept", id: s.trades[0]!.id });
    expect(r.state.seats[3]!.capital).toBe(cap3 + 2);
    expect(texts(r.events)).toContain("Weyland Consortium supports the main offer with 1 card");
    expect(texts(r.events)).toContain("Jinteki wins the deal");
  });

  it("refuses a trade's support with no card, in words about the trade (not the support decision)", () => {
    const s = atFirstSupportTurn();
    expect(s.pending).toEqual({ kind: "support", seat: 2 });
    const propose: Extract<Command, { type: "trade-propose" }> = { type: "trade-propose", to: 1, get: { capital: 1, assets: [] }, support: "main" };
    expect(rejected(s, 2, { ...propose, supportCards: [] }, "no-cards")).toBe("A trade's support needs at least one action card.");
    expect(rejected(s, 2, propose, "no-cards")).toBe("A trade's support needs at least one action card.");
    expect(rejected(s, 2, { ...propose, supportCards: ["nope", "nope"] }, "not-in-hand")).toBe("A trade's support must be cards from its proposer's hand, each once.");
    // the support decision itself keeps its own words
    expect(rejected(s, 2, { type: "support", offer: "main", cards: [] }, "no-cards")).toBe("Support with at least one action card, or abstain.");
  });

  it("an accepted support trade after the support turn has passed is refused", () => {
    let s = atFirstSupportTurn();
    s = ok(s, 2, { type: "trade-propose", to: 1, get: { capital: 1, assets: [] }, support: "counter", supportCards: [s.seats[2]!.hand[0]!] }).state;
    s = ok(s, 2, { type: "abstain" }).state;
    rejected(s, 1, { type: "trade-accept", id: s.trades[0]!.id }, "not-support-turn");
  });
});
