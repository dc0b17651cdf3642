import { describe, expect, it } from "vitest";
import { legal } from "../../../server/engine/index.ts";
import type { GameState } from "../../../server/engine/index.ts";
import { atFirstMainOffer, choices, clearCity, district, ok, rejected, resolveAsActive, setDistrict } from "../helpers.ts";

describe("Efficiency Experts", () => {
  it("moves one android to a district without one and pays Haas-Bioroid 2, with no illness threat", () => {
    const s = atFirstMainOffer();
    clearCity(s, [2, 4, 7]);
    setDistrict(s, 7, { illness: true });
    const hb = s.seats[1]!.capital;
    let r = resolveAsActive(s, "efficiency-experts");
    expect(choices(r.state, 0)).toEqual([2, 4, 7]);
    r = ok(r.state, 0, { type: "choose", option: 7 });
    expect(choices(r.state, 0)).toEqual([1, 3, 5, 6, 8, 9, 10]);
    r = ok(r.state, 0, { type: "choose", option: 9 });
    expect(r.state.districts.filter((d) => d.android).map((d) => d.id)).toEqual([2, 4, 9]);
    expect(r.state.seats[1]!.capital).toBe(hb + 2);
    expect(r.state.threat).toBe(0);
  });
});

describe("High-Risk Investments", () => {
  it("gives 3, 2 and 1 capital to three different players picked in order", () => {
    const s = atFirstMainOffer();
    const caps = s.seats.map((p) => p.capital);
    let r = resolveAsActive(s, "high-risk-investments");
    // the picks differ by their place: the command says so, for a client to offer no order as a shortcut
    const ask = () => legal(r.state, 0).find((l) => l.type === "choose");
    expect(ask()).toMatchObject({ more: 2, ordered: true });
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(choices(r.state, 0)).toEqual([0, 1, 3]);
    rejected(r.state, 0, { type: "choose", option: 2 }, "bad-choice");
    r = ok(r.state, 0, { type: "choose", option: 0 });
    r = ok(r.state, 0, { type: "choose", option: 3 });
    expect(r.state.seats.map((p) => p.capital)).toEqual([caps[0]! + 2, caps[1]!, caps[2]! + 3, caps[3]! + 1]);
  });
});

describe("Labor Solutions", () => {
  it("moves up to 3 androids one at a time (HB paid once), then places an orgcrime unit", () => {
    const s = atFirstMainOffer();
    clearCity(s, [2, 4, 7]);
    const hb = s.seats[1]!.capital;
    let r = resolveAsActive(s, "labor-solutions");
    r = ok(r.state, 0, { type: "choose", option: 2 });
    r = ok(r.state, 0, { type: "choose", option: 10 });
    // the android that just moved cannot be picked again
    expect(choices(r.state, 0)).toEqual([4, 7, "done"]);
    r = ok(r.state, 0, { type: "choose", option: 4 });
    r = ok(r.state, 0, { type: "choose", option: 1 });
    r = ok(r.state, 0, { type: "choose", option: "done" });
    expect(r.state.districts.filter((d) => d.android).map((d) => d.id)).toEqual([1, 7, 10]);
    expect(r.state.seats[1]!.capital).toBe(hb + 2);
    // then the orgcrime unit (mandatory, any district)
    expect(choices(r.state, 0)).toHaveLength(10);
    r = ok(r.state, 0, { type: "choose", option: 3 });
    expect(district(r.state, 3).orgcrime).toBe(true);
  });

  it("stops after the third android", () => {
    const s = atFirstMainOffer();
    clearCity(s, [2, 4, 7]);
    let r = resolveAsActive(s, "labor-solutions");
    for (const [from, to] of [[2, 1], [4, 3], [7, 5]]) {
      r = ok(r.state, 0, { type: "choose", option: from! });
      r = ok(r.state, 0, { type: "choose", option: to! });
    }
    expect(r.state.districts.filter((d) => d.android).map((d) => d.id)).toEqual([1, 3, 5]);
    expect(r.state.pending?.kind).toBe("effect");
    expect(legalPrompt(r.state)).toContain("orgcrime");
  });
});

describe("Liquidation", () => {
  it("makes a district produce everything at once, ignoring orgcrime, then puts it on strike", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 9, { orgcrime: true, development: true, condition: "protest" });
    let r = resolveAsActive(s, "liquidation");
    expect(choices(r.state, 0)).toHaveLength(10);
    r = ok(r.state, 0, { type: "choose", option: 9 });
    // Rutherford: 2 credits (+1 development) and 1 entertainment [V]
    expect(r.state.supply.credits).toBe(3);
    expect(r.state.supply.entertainment).toBe(1);
    expect(district(r.state, 9).condition).toBe("strike");
  });

  it("cannot pick a district in strike or outage", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 1, { condition: "strike" });
    setDistrict(s, 2, { condition: "outage" });
    const r = resolveAsActive(s, "liquidation");
    expect(choices(r.state, 0)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

function legalPrompt(s: GameState): string {
  const c = legal(s, s.pending!.seat).find((l) => l.type === "choose");
  return c && c.type === "choose" ? c.prompt : "";
}
