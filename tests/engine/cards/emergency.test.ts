import { describe, expect, it } from "vitest";
import { advanceTo, atFirstMainOffer, choices, clearCity, district, newGame, ok, resolveAsActive, setDistrict } from "../helpers.ts";
import type { GameState } from "../../../server/engine/index.ts";

/** The first main offer made by the seat holding the given corp (4 players: seats 0-3 in corp order). */
function atMainOfferOf(seat: number, players: 4 | 5 | 6 = 6): GameState {
  let s = newGame(players, 1);
  s = advanceTo(s, (x) => x.pending?.kind === "main-offer");
  // make `seat` the active player of the first turn
  s.active = seat;
  s.pending = { kind: "main-offer", seat };
  return s;
}

describe("Ruthless Tactics (Globalsec)", () => {
  it("removes up to 4 enemy units, then raises unrest in 2 different districts not in strike or outage", () => {
    const s = atMainOfferOf(4);
    clearCity(s);
    setDistrict(s, 1, { humanFirst: true, orgcrime: true });
    setDistrict(s, 6, { orgcrime: true });
    setDistrict(s, 2, { condition: "outage" });
    const before = s.seats[4]!.capital;
    let r = resolveAsActive(s, "emergency");
    for (const v of ["humanFirst:1", "orgcrime:1", "done"]) r = ok(r.state, 4, { type: "choose", option: v });
    expect(district(r.state, 1)).toMatchObject({ humanFirst: false, orgcrime: false });
    expect(district(r.state, 6).orgcrime).toBe(true);
    expect(r.state.seats[4]!.capital).toBe(before + 2); // its own contract: +1 per enemy unit removed
    expect(choices(r.state, 4)).not.toContain(2);
    r = ok(r.state, 4, { type: "choose", option: 3 });
    expect(choices(r.state, 4)).not.toContain(3);
    r = ok(r.state, 4, { type: "choose", option: 8 });
    expect(district(r.state, 3).condition).toBe("protest");
    expect(district(r.state, 8).condition).toBe("protest");
    // won: it comes back facedown
    expect(r.state.seats[4]!.emergency).toEqual([{ id: "ruthless-tactics", faceup: false }]);
  });
});

describe("Ruthless Tactics: 2 districts or fewer not in strike or outage", () => {
  it("raises unrest in them without asking", () => {
    const s = atMainOfferOf(4);
    clearCity(s);
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) setDistrict(s, id, { condition: id % 2 ? "outage" : "strike" });
    const r = resolveAsActive(s, "emergency");
    // resolved in the same command (what is owed next is the claimed asset's)
    expect(r.state.effects.map((f) => f.source)).not.toContain("ruthless-tactics");
    expect(district(r.state, 9).condition).toBe("protest");
    expect(district(r.state, 10).condition).toBe("protest");
  });
});

describe("Underpaid, Overclocked (Haas-Bioroid)", () => {
  it("raises up to 2 different resources by 1, gains 4 capital, places 2 Human First units", () => {
    const s = atMainOfferOf(1);
    clearCity(s);
    const before = s.seats[1]!.capital;
    let r = resolveAsActive(s, "emergency");
    r = ok(r.state, 1, { type: "choose", option: "tech" });
    expect(choices(r.state, 1)).not.toContain("tech");
    r = ok(r.state, 1, { type: "choose", option: "credits" });
    expect(r.state.supply).toMatchObject({ tech: 1, credits: 1, energy: 0 });
    expect(r.state.seats[1]!.capital).toBe(before + 4);
    r = ok(r.state, 1, { type: "choose", option: 6 });
    r = ok(r.state, 1, { type: "choose", option: 6 });
    // the second one moves on from 6 to 9
    expect(district(r.state, 6).humanFirst).toBe(true);
    expect(district(r.state, 9).humanFirst).toBe(true);
  });
});

describe("Mandatory Quarantine (Jinteki)", () => {
  it("removes up to 4 illness (Jinteki +2 each), then places 2 outages, with no illness threat", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    for (const id of [1, 3, 8]) setDistrict(s, id, { illness: true });
    const before = s.seats[0]!.capital;
    let r = resolveAsActive(s, "emergency");
    for (const v of [1, 3, 8]) r = ok(r.state, 0, { type: "choose", option: v });
    expect(r.state.districts.some((d) => d.illness)).toBe(false);
    r = ok(r.state, 0, { type: "choose", option: 4 });
    r = ok(r.state, 0, { type: "choose", option: 5 });
    expect(district(r.state, 4).condition).toBe("outage");
    expect(district(r.state, 5).condition).toBe("outage");
    expect(r.state.seats[0]!.capital).toBe(before + 6);
    expect(r.state.threat).toBe(0);
  });
});

describe("Energy for All (Melange Mining)", () => {
  it("has every player from the active one draw 4 cards of a type they pick", () => {
    const s = atMainOfferOf(5);
    const sizes = s.seats.map((p) => p.hand.length);
    let r = resolveAsActive(s, "emergency");
    const asked: number[] = [];
    const types = ["construction", "biotech", "labor", "media", "security", "construction"];
    for (const t of types) {
      asked.push(r.state.pending!.seat);
      r = ok(r.state, r.state.pending!.seat, { type: "choose", option: t });
    }
    expect(asked).toEqual([5, 0, 1, 2, 3, 4]);
    expect(r.state.seats.map((p) => p.hand.length)).toEqual(sizes.map((n) => n + 4));
  });

  it("does not offer a type whose deck and discard pile are both empty, while another type can be drawn", () => {
    const s = atMainOfferOf(5);
    // seat 4 hoards every media card (they stay in the game)
    s.seats[4]!.hand.push(...s.actionDecks.media.splice(0), ...s.actionDiscards.media.splice(0));
    // security: an empty deck with a discard pile to rebuild it from stays drawable
    s.actionDiscards.security.push(...s.actionDecks.security.splice(0));
    const r = resolveAsActive(s, "emergency");
    const offered = choices(r.state, r.state.pending!.seat);
    expect(offered).not.toContain("media");
    expect(offered).toEqual(expect.arrayContaining(["biotech", "construction", "labor", "security"]));
    expect(() => ok(r.state, r.state.pending!.seat, { type: "choose", option: "media" })).toThrow();
  });
});

describe("Sweeps Week (NBN)", () => {
  it("lowers unrest by up to 4 stages in all (NBN +1 per stage), then places 2 illness tokens", () => {
    const s = atMainOfferOf(2);
    clearCity(s);
    setDistrict(s, 1, { condition: "strike" });
    setDistrict(s, 4, { condition: "protest" });
    const before = s.seats[2]!.capital;
    let r = resolveAsActive(s, "emergency");
    for (const v of [1, 1, 4]) r = ok(r.state, 2, { type: "choose", option: v });
    // nothing left in unrest: the lowering step ends by itself
    expect(r.state.districts.every((d) => d.condition === "none")).toBe(true);
    expect(r.state.seats[2]!.capital).toBe(before + 3);
    r = ok(r.state, 2, { type: "choose", option: 10 });
    r = ok(r.state, 2, { type: "choose", option: 10 });
    // the second illness moves from Base de Cayambe (10) into The Root (+2), and the card acted on a
    // district holding illness (+2 once, at the end of the card)
    expect(district(r.state, 10).illness).toBe(true);
    expect(r.state.threat).toBe(4);
  });
});

describe("Massive Reconstruction (Weyland)", () => {
  it("removes up to 3 outages (Weyland +2 each), then places 2 orgcrime units", () => {
    const s = atMainOfferOf(3);
    clearCity(s);
    setDistrict(s, 2, { condition: "outage" });
    setDistrict(s, 6, { condition: "outage" });
    const before = s.seats[3]!.capital;
    let r = resolveAsActive(s, "emergency");
    r = ok(r.state, 3, { type: "choose", option: 2 });
    r = ok(r.state, 3, { type: "choose", option: "done" });
    expect(district(r.state, 6).condition).toBe("outage");
    expect(r.state.seats[3]!.capital).toBe(before + 2);
    r = ok(r.state, 3, { type: "choose", option: 1 });
    r = ok(r.state, 3, { type: "choose", option: 8 });
    expect(district(r.state, 1).orgcrime && district(r.state, 8).orgcrime).toBe(true);
  });
});
