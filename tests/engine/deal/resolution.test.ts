import { describe, expect, it } from "vitest";
import type { GameState, Variant } from "../../../server/engine/index.ts";
import { atFirstMainOffer, choices, clearCity, giveCard, ok, setDistrict, texts } from "../helpers.ts";

/** 4 players: seat 0 offers `main`, seat 1 counters with `counter`; then support from seats 2 and 3. */
function contested(main: string | "emergency", counter: string | "emergency", variant: Partial<Variant> = {}): GameState {
  const s = atFirstMainOffer(4, 1, variant);
  clearCity(s);
  const m = main === "emergency" ? { emergency: true as const } : { card: giveCard(s, 0, main) };
  const c = counter === "emergency" ? { emergency: true as const } : { card: giveCard(s, 1, counter) };
  let r = ok(s, 0, { type: "offer", ...m });
  r = ok(r.state, 1, { type: "counteroffer", ...c, discard: [] });
  r = ok(r.state, 2, { type: "pass" });
  r = ok(r.state, 3, { type: "pass" });
  return r.state;
}

describe("Deal step 5: Resolution", () => {
  it("the offer with most support wins; the winner resolves the card, then claims the asset", () => {
    let s = contested("ark-construction", "high-risk-investments");
    const asset = s.deal!.asset!;
    s = ok(s, 2, { type: "support", offer: "counter", cards: [s.seats[2]!.hand[0]!] }).state;
    const r = ok(s, 3, { type: "abstain" });
    expect(texts(r.events)).toContain("Support revealed: main offer 0, counteroffer 1.");
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal with High-Risk Investments");
    // resolving first: the asset is claimed only after the card's picks
    expect(r.state.pending).toEqual({ kind: "effect", seat: 1 });
    expect(r.state.seats[1]!.assets).toEqual([]);
    let t = r.state;
    for (const seat of [1, 2, 3]) t = ok(t, 1, { type: "choose", option: seat }).state;
    expect(t.seats[1]!.assets).toEqual([{ id: asset, exhausted: false }]);
  });

  it("[R] a tie goes to the main offer (variant tieWinner)", () => {
    let s = contested("ark-construction", "high-risk-investments");
    s = ok(s, 2, { type: "support", offer: "counter", cards: [s.seats[2]!.hand[0]!] }).state;
    let r = ok(s, 3, { type: "support", offer: "main", cards: [s.seats[3]!.hand[0]!] });
    expect(texts(r.events)).toContain("Jinteki wins the deal with Ark Construction");

    s = contested("ark-construction", "high-risk-investments", { tieWinner: "counter" });
    s = ok(s, 2, { type: "support", offer: "counter", cards: [s.seats[2]!.hand[0]!] }).state;
    r = ok(s, 3, { type: "support", offer: "main", cards: [s.seats[3]!.hand[0]!] });
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal with High-Risk Investments");
  });

  it("every action card used goes to its discard pile: both offers and all support", () => {
    let s = contested("ark-construction", "high-risk-investments");
    const used = [s.deal!.main!.card, s.deal!.counters[0]!.card, s.seats[2]!.hand[0]!, s.seats[3]!.hand[0]!];
    s = ok(s, 2, { type: "support", offer: "main", cards: [used[2]!] }).state;
    s = ok(s, 3, { type: "support", offer: "main", cards: [used[3]!] }).state;
    s = ok(s, 0, { type: "choose", option: 5 }).state; // Ark Construction
    const discards = Object.values(s.actionDiscards).flat();
    for (const id of used) expect(discards).toContain(id);
    expect(s.deal).toBeNull();
  });

  it("emergency actions return to their owner: facedown if they won, faceup if they lost", () => {
    let s = contested("emergency", "emergency");
    s = ok(s, 2, { type: "abstain" }).state;
    s = ok(s, 3, { type: "support", offer: "counter", cards: [s.seats[3]!.hand[0]!] }).state;
    // Underpaid, Overclocked (HB) won; Mandatory Quarantine (Jinteki) lost
    s = ok(s, 1, { type: "choose", option: "done" }).state;
    s = ok(s, 1, { type: "choose", option: 1 }).state;
    s = ok(s, 1, { type: "choose", option: 3 }).state;
    expect(s.seats[0]!.emergency).toEqual([{ id: "mandatory-quarantine", faceup: true }]);
    expect(s.seats[1]!.emergency).toEqual([{ id: "underpaid-overclocked", faceup: false }]);
  });

  it("a resolved card that involves a district with illness raises threat by 2, once per card", () => {
    let s = contested("spin-doctors", "high-risk-investments");
    setDistrict(s, 1, { condition: "protest", illness: true });
    setDistrict(s, 2, { condition: "protest", illness: true });
    s.supply.credits = 1;
    s = ok(s, 2, { type: "abstain" }).state;
    s = ok(s, 3, { type: "abstain" }).state;
    s = ok(s, 0, { type: "choose", option: 1 }).state;
    const r = ok(s, 0, { type: "choose", option: 2 });
    expect(r.state.threat).toBe(2);
    expect(texts(r.events)).toContain("Spin Doctors involved a district with illness");
  });
});

describe("Covered counteroffers (D3 [R])", () => {
  /** 4 players: seat 0 offers, seat 1 counters, seat 2 covers it (paying 1 card); seat 3 passes, nobody supports. */
  function covered(variant: Partial<Variant>): { s: GameState; first: string; paid: string } {
    let s = atFirstMainOffer(4, 1, variant);
    clearCity(s);
    s = ok(s, 0, { type: "offer", card: giveCard(s, 0, "ark-construction") }).state;
    const first = giveCard(s, 1, "ark-construction");
    s = ok(s, 1, { type: "counteroffer", card: first, discard: [] }).state;
    const paid = s.seats[2]!.hand[0]!;
    s = ok(s, 2, { type: "counteroffer", card: giveCard(s, 2, "ark-construction"), discard: [paid] }).state;
    s = ok(s, 3, { type: "pass" }).state;
    s = ok(s, 1, { type: "abstain" }).state;
    s = ok(s, 3, { type: "abstain" }).state;
    s = ok(s, 0, { type: "choose", option: 5 }).state; // the main offer wins the tie: Ark Construction
    expect(s.deal).toBeNull();
    return { s, first, paid };
  }

  it("coveredCounteroffers discard (default): a covered counteroffer goes to its discard pile at the end of the deal", () => {
    const { s, first, paid } = covered({});
    expect(s.actionDiscards.construction).toContain(first);
    expect(s.seats[1]!.hand).not.toContain(first);
    expect(Object.values(s.actionDiscards).flat()).toContain(paid);
  });

  it("coveredCounteroffers return: a covered counteroffer goes back to its owner's hand; the cost paid stays paid", () => {
    const { s, first, paid } = covered({ coveredCounteroffers: "return" });
    expect(s.seats[1]!.hand).toContain(first);
    expect(s.actionDiscards.construction).not.toContain(first);
    expect(Object.values(s.actionDiscards).flat()).toContain(paid);
  });
});

describe("Stolen emergency actions", () => {
  it("[V] go back to the player with the matching corporation by default; to the thief with stolenEmergencyOwner thief", () => {
    for (const [variant, owner, other] of [[{}, 0, 1], [{ stolenEmergencyOwner: "thief" as const }, 1, 0]] as const) {
      let s = atFirstMainOffer(4, 1, variant);
      // Haas-Bioroid holds Jinteki's Mandatory Quarantine (as after Bryan Stinson)
      s.seats[1]!.emergency.push(s.seats[0]!.emergency.pop()!);
      s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
      s = ok(s, 1, { type: "counteroffer", emergency: "mandatory-quarantine", discard: [] }).state;
      s = ok(s, 2, { type: "pass" }).state;
      s = ok(s, 3, { type: "pass" }).state;
      s = ok(s, 2, { type: "support", offer: "counter", cards: [s.seats[2]!.hand[0]!] }).state;
      s = ok(s, 3, { type: "abstain" }).state;
      expect(s.pending).toEqual({ kind: "effect", seat: 1 });
      while (s.pending?.kind === "effect") s = ok(s, 1, { type: "choose", option: choices(s, 1)[0]! }).state;
      expect(s.seats[owner]!.emergency).toContainEqual({ id: "mandatory-quarantine", faceup: false });
      expect(s.seats[other]!.emergency.map((e) => e.id)).not.toContain("mandatory-quarantine");
    }
  });
});
