import { describe, expect, it } from "vitest";
import type { GameState, Variant } from "../../server/engine/index.ts";
import { DEFAULT_VARIANT, VARIANT_DOCS } from "../../server/engine/index.ts";
import { runEvent } from "../../server/engine/events.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { advanceTo, clearCity, ctxOf, newGame, ok, resolveAsActive, setDistrict } from "./helpers.ts";

/** 6 players, so every corp is in play; seat `seat` is about to make the main offer. */
function mainOfferBy(seat: number, variant: Partial<Variant> = {}): GameState {
  const s = advanceTo(newGame(6, 2, variant), (x) => x.pending?.kind === "main-offer");
  s.active = seat;
  s.pending = { kind: "main-offer", seat };
  clearCity(s);
  return s;
}

/** Melange's capital gained when the event `id` resolves with `orgcrime` orgcrime units on the board (6 players). */
function melangeEventGain(id: string, orgcrime: number, variant: Partial<Variant> = {}): number {
  const s = mainOfferBy(0, variant);
  for (let d = 1; d <= orgcrime; d++) setDistrict(s, d, { orgcrime: true });
  s.eventDeck = [id, ...s.eventDeck.filter((x) => x !== id)];
  s.turnTrack = s.turnTrack.map(() => null);
  const c = ctxOf(s);
  const melange = c.s.seats[5]!.capital;
  runEvent(c);
  return c.s.seats[5]!.capital - melange;
}

describe("Melange Mining's contract pays after an event card by default (melangeContract event-card)", () => {
  it("the default is the event-card reading (a regression to an action-card reading made Melange win most bot games)", () => {
    expect(DEFAULT_VARIANT.melangeContract).toBe("event-card");
    expect(VARIANT_DOCS.find((d) => d.key === "melangeContract")?.default).toBe("event-card");
    expect(catalog.corps.find((x) => x.id === "melange")?.contract).toMatch(/event card/);
  });

  it("an event that raises threat by less than 2 pays Melange Mining 3, with a public log line", () => {
    // Tri-Maf Leaders Unite!: threat +1 per orgcrime unit on the board
    expect(melangeEventGain("tri-maf-leaders-unite", 0)).toBe(3);
    expect(melangeEventGain("tri-maf-leaders-unite", 1)).toBe(3);
    const s = mainOfferBy(0);
    s.eventDeck = ["tri-maf-leaders-unite", ...s.eventDeck.filter((x) => x !== "tri-maf-leaders-unite")];
    const c = ctxOf(s);
    runEvent(c);
    expect(c.ev.find((e) => e.type === "contract" && /Melange Mining gains 3/.test(e.text))?.to).toBeUndefined();
  });

  it("an event that raises threat by 2 or more pays nothing", () => {
    expect(melangeEventGain("tri-maf-leaders-unite", 2)).toBe(0);
    expect(melangeEventGain("tri-maf-leaders-unite", 3)).toBe(0);
  });

  it("the action-card readings do not pay for events", () => {
    expect(melangeEventGain("tri-maf-leaders-unite", 0, { melangeContract: "any-card" })).toBe(0);
    expect(melangeEventGain("tri-maf-leaders-unite", 0, { melangeContract: "own-card" })).toBe(0);
  });

  it("nobody gains when Melange Mining is not in play", () => {
    const s = advanceTo(newGame(4, 2), (x) => x.pending?.kind === "main-offer");
    clearCity(s);
    s.eventDeck = ["tri-maf-leaders-unite", ...s.eventDeck.filter((x) => x !== "tri-maf-leaders-unite")];
    const c = ctxOf(s);
    const before = c.s.seats.map((p) => p.capital);
    runEvent(c);
    expect(c.s.seats.map((p) => p.capital)).toEqual(before);
  });
});

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

  /** `seat` resolves High-Risk Investments (3, 2 and 1 capital to seats 0, 2, 3; no threat); Melange's capital gained. */
  function melangeGainWhen(seat: number, variant: Partial<Variant> = {}): number {
    const s = mainOfferBy(seat, variant);
    const melange = s.seats[5]!.capital;
    let r = resolveAsActive(s, "high-risk-investments");
    for (const to of [0, 2, 3]) r = ok(r.state, seat, { type: "choose", option: to });
    expect(r.state.threat).toBe(0);
    return r.state.seats[5]!.capital - melange;
  }

  it("melangeContract own-card: Melange Mining gains 3 for a card it resolves without threat rising by 2", () => {
    expect(melangeGainWhen(5, { melangeContract: "own-card" })).toBe(3);
  });

  it("melangeContract own-card: Melange Mining gains nothing when another player resolves a card", () => {
    expect(melangeGainWhen(1, { melangeContract: "own-card" })).toBe(0);
  });

  it("melangeContract any-card (the e-mail script's wording): Melange Mining gains 3 for anyone's action card", () => {
    expect(melangeGainWhen(1, { melangeContract: "any-card" })).toBe(3);
  });

  it("melangeContract event-card (default): an action card pays Melange Mining nothing, its own or another's", () => {
    expect(melangeGainWhen(1)).toBe(0);
    expect(melangeGainWhen(5)).toBe(0);
  });

  it("melangeContract off: Melange Mining never gains from its contract", () => {
    expect(melangeGainWhen(5, { melangeContract: "off" })).toBe(0);
    expect(melangeEventGain("tri-maf-leaders-unite", 0, { melangeContract: "off" })).toBe(0);
  });

  it("[R] contractScope governs the other five contracts only; melangeContract governs Melange Mining's", () => {
    expect(melangeGainWhen(1, { contractScope: "own-card", melangeContract: "any-card" })).toBe(3);
    // and Melange's own-card reading does not stop Jinteki gaining for NBN's card
    const s = mainOfferBy(2, { melangeContract: "own-card" });
    setDistrict(s, 3, { illness: true });
    const jinteki = s.seats[0]!.capital;
    let r = resolveAsActive(s, "clinical-trials");
    r = ok(r.state, 2, { type: "choose", option: 3 });
    expect(r.state.seats[0]!.capital).toBe(jinteki + 2);
  });

  it("Melange Mining gains nothing when its own card raised threat by 2 (illness involved)", () => {
    const s = mainOfferBy(5, { melangeContract: "own-card" });
    setDistrict(s, 6, { illness: true });
    const melange = s.seats[5]!.capital;
    let r = resolveAsActive(s, "ark-construction");
    r = ok(r.state, 5, { type: "choose", option: 6 });
    expect(r.state.threat).toBe(2);
    expect(r.state.seats[5]!.capital).toBe(melange);
  });

  /** Haas-Bioroid (seat 1) gains when NBN (seat 2) moves 2 androids with Labor Solutions. */
  function haasGainFromTwoAndroids(variant: Partial<Variant> = {}): number {
    const s = mainOfferBy(2, variant);
    const haas = s.seats[1]!.capital;
    let r = resolveAsActive(s, "labor-solutions");
    for (const [from, to] of [[2, 1], [4, 3]] as const) {
      r = ok(r.state, 2, { type: "choose", option: from });
      r = ok(r.state, 2, { type: "choose", option: to });
    }
    r = ok(r.state, 2, { type: "choose", option: "done" });
    r = ok(r.state, 2, { type: "choose", option: 10 }); // the orgcrime unit
    expect(r.state.districts.filter((d) => d.android).map((d) => d.id)).toEqual([1, 3, 7]);
    return r.state.seats[1]!.capital - haas;
  }

  it("[R] haasBioroidContract per-card (default): Haas-Bioroid gains 2 once for a card that moves several androids", () => {
    expect(haasGainFromTwoAndroids()).toBe(2);
  });

  it("[R] haasBioroidContract per-android-moved: Haas-Bioroid gains 2 for each android moved", () => {
    expect(haasGainFromTwoAndroids({ haasBioroidContract: "per-android-moved" })).toBe(4);
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
