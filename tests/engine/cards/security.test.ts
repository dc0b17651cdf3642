import { describe, expect, it } from "vitest";
import { atFirstMainOffer, choices, clearCity, district, ok, resolveAsActive, setDistrict } from "../helpers.ts";

describe("Arrest Orders", () => {
  it("places a prisec unit and removes every other unit there (Globalsec +1 per enemy unit)", () => {
    const s = atFirstMainOffer(5);
    clearCity(s);
    setDistrict(s, 6, { humanFirst: true, orgcrime: true });
    const globalsec = s.seats[4]!.capital;
    let r = resolveAsActive(s, "arrest-orders");
    r = ok(r.state, 0, { type: "choose", option: 6 });
    expect(district(r.state, 6)).toMatchObject({ prisec: true, humanFirst: false, orgcrime: false });
    expect(r.state.seats[4]!.capital).toBe(globalsec + 2);
  });

  it("cannot be resolved in a district that already holds a prisec (at most one per district)", () => {
    // enemy units beside a prisec are possible when prisec does not block them
    const s = atFirstMainOffer(5, 1, { prisecBlocksEnemyUnits: false });
    clearCity(s);
    setDistrict(s, 6, { prisec: true, humanFirst: true });
    setDistrict(s, 3, { orgcrime: true });
    const r = resolveAsActive(s, "arrest-orders");
    expect(choices(r.state, 0)).not.toContain(6);
    expect(choices(r.state, 0)).toEqual([1, 2, 3, 4, 5, 7, 8, 9, 10]);
    expect(() => ok(r.state, 0, { type: "choose", option: 6 })).toThrow();
  });

  it("with every prisec on the board, places none but still removes the other units there", () => {
    const s = atFirstMainOffer(5);
    clearCity(s);
    for (const id of [1, 2, 4, 5, 7, 8]) setDistrict(s, id, { prisec: true });
    setDistrict(s, 3, { orgcrime: true });
    let r = resolveAsActive(s, "arrest-orders");
    expect(choices(r.state, 0)).toEqual([3, 6, 9, 10]);
    r = ok(r.state, 0, { type: "choose", option: 3 });
    expect(district(r.state, 3)).toMatchObject({ prisec: false, orgcrime: false });
    expect(r.state.districts.filter((d) => d.prisec)).toHaveLength(6);
  });
});

describe("Full Deployment", () => {
  it("makes another player draw 5 cards of a type the resolver picks", () => {
    const s = atFirstMainOffer();
    let r = resolveAsActive(s, "full-deployment");
    expect(choices(r.state, 0)).toEqual([1, 2, 3]);
    r = ok(r.state, 0, { type: "choose", option: 3 });
    const before = r.state.seats[3]!.hand.length;
    const deck = r.state.actionDecks.security.length;
    r = ok(r.state, 0, { type: "choose", option: "draw:security" });
    expect(r.state.seats[3]!.hand.length).toBe(before + 5);
    expect(r.state.actionDecks.security.length).toBe(deck - 5);
  });

  it("can turn another player's spent emergency action faceup", () => {
    const s = atFirstMainOffer();
    s.seats[2]!.emergency[0]!.faceup = false;
    let r = resolveAsActive(s, "full-deployment");
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(choices(r.state, 0)).toContain("flip:sweeps-week");
    r = ok(r.state, 0, { type: "choose", option: "flip:sweeps-week" });
    expect(r.state.seats[2]!.emergency).toEqual([{ id: "sweeps-week", faceup: true }]);
  });
});

describe("Riot Control", () => {
  it("removes a prisec unit to remove up to 2 enemy units, then raises unrest where not in strike or outage", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 7, { prisec: true });
    setDistrict(s, 1, { humanFirst: true });
    setDistrict(s, 9, { orgcrime: true, humanFirst: true });
    setDistrict(s, 3, { condition: "strike" });
    let r = resolveAsActive(s, "riot-control");
    expect(choices(r.state, 0)).toEqual([7, "done"]);
    r = ok(r.state, 0, { type: "choose", option: 7 });
    expect(district(r.state, 7).prisec).toBe(false);
    expect(choices(r.state, 0)).toEqual(["humanFirst:1", "humanFirst:9", "orgcrime:9", "done"]);
    r = ok(r.state, 0, { type: "choose", option: "humanFirst:1" });
    r = ok(r.state, 0, { type: "choose", option: "orgcrime:9" });
    expect(district(r.state, 1).humanFirst).toBe(false);
    expect(district(r.state, 9).orgcrime).toBe(false);
    expect(district(r.state, 9).humanFirst).toBe(true);
    expect(choices(r.state, 0)).not.toContain(3);
    r = ok(r.state, 0, { type: "choose", option: 4 });
    expect(district(r.state, 4).condition).toBe("protest");
  });

  it("removes no enemy units when no prisec is removed", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 1, { humanFirst: true });
    let r = resolveAsActive(s, "riot-control");
    // no prisec on the board: straight to the unrest pick
    expect(choices(r.state, 0)).toHaveLength(10);
    r = ok(r.state, 0, { type: "choose", option: 1 });
    expect(district(r.state, 1)).toMatchObject({ humanFirst: true, condition: "protest" });
  });
});

describe("Scorched Earth", () => {
  it("places an outage, clears enemy units there and in one other district of the same tier", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 2, { humanFirst: true, orgcrime: true, condition: "protest" });
    setDistrict(s, 5, { orgcrime: true });
    setDistrict(s, 9, { orgcrime: true });
    let r = resolveAsActive(s, "scorched-earth");
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(district(r.state, 2)).toMatchObject({ condition: "outage", humanFirst: false, orgcrime: false });
    // tier 1 = districts 1-5
    expect(choices(r.state, 0)).toEqual([1, 3, 4, 5]);
    r = ok(r.state, 0, { type: "choose", option: 5 });
    expect(district(r.state, 5).orgcrime).toBe(false);
    expect(district(r.state, 9).orgcrime).toBe(true);
  });

  it("with every district already in outage, places none and removes nothing (no tier to match)", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    for (let d = 1; d <= 10; d++) setDistrict(s, d, { condition: "outage" });
    setDistrict(s, 5, { condition: "outage", orgcrime: true });
    const r = resolveAsActive(s, "scorched-earth");
    expect(r.state.pending?.kind).not.toBe("effect");
    expect(district(r.state, 5).orgcrime).toBe(true);
  });
});
