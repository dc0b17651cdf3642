import { describe, expect, it } from "vitest";
import { atFirstMainOffer, choices, clearCity, district, giveAsset, giveCard, ok, resolveAsActive, setDistrict } from "../helpers.ts";

describe("Ark Construction", () => {
  it("places a development token in a district without one", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 4, { development: true });
    let r = resolveAsActive(s, "ark-construction");
    expect(choices(r.state, 0)).not.toContain(4);
    expect(choices(r.state, 0)).toHaveLength(9);
    r = ok(r.state, 0, { type: "choose", option: 9 });
    expect(district(r.state, 9).development).toBe(true);
  });

  it("costs 2 threat when the chosen district has illness", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 9, { illness: true });
    let r = resolveAsActive(s, "ark-construction");
    r = ok(r.state, 0, { type: "choose", option: 9 });
    expect(r.state.threat).toBe(2);
  });
});

describe("Budget Renovations", () => {
  it("removes up to 2 outages (Weyland +2 each), then raises unrest 1 stage where each was removed", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 2, { condition: "outage" });
    setDistrict(s, 6, { condition: "outage" });
    setDistrict(s, 8, { condition: "outage" });
    const weyland = s.seats[3]!.capital;
    let r = resolveAsActive(s, "budget-renovations");
    r = ok(r.state, 0, { type: "choose", option: 2 });
    r = ok(r.state, 0, { type: "choose", option: 8 });
    expect(district(r.state, 2).condition).toBe("protest");
    expect(district(r.state, 8).condition).toBe("protest");
    expect(district(r.state, 6).condition).toBe("outage");
    expect(r.state.seats[3]!.capital).toBe(weyland + 4);
  });
});

describe("Gentrification", () => {
  it("removes an outage, places prisec, and moves every enemy unit there on to the next district", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { condition: "outage", humanFirst: true, orgcrime: true });
    let r = resolveAsActive(s, "gentrification");
    expect(choices(r.state, 0)).toEqual([5]);
    r = ok(r.state, 0, { type: "choose", option: 5 });
    const d5 = district(r.state, 5);
    expect(d5.condition).toBe("none");
    expect(d5.prisec).toBe(true);
    expect(d5.humanFirst || d5.orgcrime).toBe(false);
    // 5 -> 6 in the next-district graph
    expect(district(r.state, 6).humanFirst).toBe(true);
    expect(district(r.state, 6).orgcrime).toBe(true);
  });
});

describe("Vanity Project", () => {
  it("gives 2 capital to a non-supporter and discards one of their assets", () => {
    const s = atFirstMainOffer();
    giveAsset(s, 2, "coach-walden");
    const nbn = s.seats[2]!.capital;
    let r = resolveAsActive(s, "vanity-project");
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(r.state.seats[2]!.capital).toBe(nbn + 2);
    expect(choices(r.state, 0)).toEqual(["coach-walden"]);
    r = ok(r.state, 0, { type: "choose", option: "coach-walden" });
    expect(r.state.seats[2]!.assets).toEqual([]);
    expect(r.state.assetDiscard).toContain("coach-walden");
  });

  it("gives 4 capital to a player who supported the offer", () => {
    const s = atFirstMainOffer();
    // a contested deal, so that Support happens
    const vanity = giveCard(s, 0, "vanity-project");
    let r = ok(s, 0, { type: "offer", card: vanity });
    r = ok(r.state, 1, { type: "counteroffer", card: r.state.seats[1]!.hand[0]!, discard: [] });
    r = ok(r.state, 2, { type: "pass" });
    r = ok(r.state, 3, { type: "pass" });
    // support: seat 2 and 3 (seat 1 has the counteroffer, seat 0 the main offer)
    r = ok(r.state, 2, { type: "support", offer: "main", cards: [r.state.seats[2]!.hand[0]!] });
    r = ok(r.state, 3, { type: "abstain" });
    const nbn = r.state.seats[2]!.capital;
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(r.state.seats[2]!.capital).toBe(nbn + 4);
  });
});
