import { describe, expect, it } from "vitest";
import type { GameState, Variant } from "../../server/engine/index.ts";
import { advanceTo, clearCity, newGame, ok, resolveAsActive, setDistrict } from "./helpers.ts";

/** 6 players, so every corp is in play; seat `seat` is about to make the main offer. */
function mainOfferBy(seat: number, variant: Partial<Variant> = {}): GameState {
  const s = advanceTo(newGame(6, 2, variant), (x) => x.pending?.kind === "main-offer");
  s.active = seat;
  s.pending = { kind: "main-offer", seat };
  clearCity(s);
  return s;
}

describe("Corp contracts (B3)", () => {
  it("[R] pay for any resolved card by default: Jinteki gains when NBN removes illness", () => {
    const s = mainOfferBy(2);
    setDistrict(s, 3, { illness: true });
    const jinteki = s.seats[0]!.capital;
    let r = resolveAsActive(s, "clinical-trials");
    r = ok(r.state, 2, { type: "choose", option: 3 });
    expect(r.state.seats[0]!.capital).toBe(jinteki + 2);
  });

  it("[R] with contractScope own-card, only the corp's own resolved cards pay", () => {
    const s = mainOfferBy(2, { contractScope: "own-card" });
    setDistrict(s, 3, { illness: true });
    const jinteki = s.seats[0]!.capital;
    let r = resolveAsActive(s, "clinical-trials");
    r = ok(r.state, 2, { type: "choose", option: 3 });
    expect(r.state.seats[0]!.capital).toBe(jinteki);
  });

  it("Melange Mining gains 3 when a card is resolved and threat did not rise by 2 or more", () => {
    const s = mainOfferBy(1);
    const melange = s.seats[5]!.capital;
    let r = resolveAsActive(s, "high-risk-investments");
    for (const seat of [0, 2, 3]) r = ok(r.state, 1, { type: "choose", option: seat });
    expect(r.state.seats[5]!.capital).toBe(melange + 3);
  });

  it("Melange Mining gains nothing when the card raised threat by 2 (illness involved)", () => {
    const s = mainOfferBy(1);
    setDistrict(s, 6, { illness: true });
    const melange = s.seats[5]!.capital;
    let r = resolveAsActive(s, "ark-construction");
    r = ok(r.state, 1, { type: "choose", option: 6 });
    expect(r.state.threat).toBe(2);
    expect(r.state.seats[5]!.capital).toBe(melange);
  });

  it("Globalsec gains 1 per enemy unit removed, also by its own emergency action", () => {
    const s = mainOfferBy(4);
    setDistrict(s, 1, { humanFirst: true, orgcrime: true });
    const before = s.seats.map((p) => p.capital);
    let r = resolveAsActive(s, "emergency"); // Ruthless Tactics
    r = ok(r.state, 4, { type: "choose", option: "humanFirst:1" });
    r = ok(r.state, 4, { type: "choose", option: "orgcrime:1" });
    expect(r.state.seats[4]!.capital).toBe(before[4]! + 2);
  });
});
