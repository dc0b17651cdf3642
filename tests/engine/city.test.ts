import { describe, expect, it } from "vitest";
import { inReserve, lowerUnrest, move, place, placePrisec, raiseUnrest, remove } from "../../server/engine/city.ts";
import { atFirstMainOffer, clearCity, ctxOf, district, setDistrict } from "./helpers.ts";

function city(variant = {}) {
  const s = atFirstMainOffer(4, 1, variant);
  clearCity(s);
  return ctxOf(s);
}

describe("The city (A10)", () => {
  it("holds at most one of each enemy unit, one outage and one illness per district; HF and orgcrime can share", () => {
    const c = city();
    place(c, "humanFirst", 4);
    place(c, "orgcrime", 4);
    expect(district(c.s, 4)).toMatchObject({ humanFirst: true, orgcrime: true });
    place(c, "humanFirst", 4);
    expect(district(c.s, 7).humanFirst).toBe(true); // 4 -> 7
  });

  it("follows the next-district graph 1-2-5-6-9-10, 3-5, 4-7-9, 8-9 to The Root", () => {
    const c = city();
    for (const id of [1, 2, 5, 6, 9, 10]) setDistrict(c.s, id, { illness: true });
    place(c, "illness", 1);
    expect(c.s.threat).toBe(2); // all full: into The Root
    setDistrict(c.s, 9, { illness: false });
    setDistrict(c.s, 8, { illness: true });
    place(c, "illness", 8);
    expect(district(c.s, 9).illness).toBe(true);
  });

  it("an outage replaces unrest [R]; removing it leaves no unrest", () => {
    const c = city();
    setDistrict(c.s, 3, { condition: "strike" });
    place(c, "outage", 3);
    expect(district(c.s, 3).condition).toBe("outage");
    remove(c, "outage", 3);
    expect(district(c.s, 3).condition).toBe("none");
  });

  it("unrest rises none -> protest -> strike (cap) and falls one stage at a time; outage is not unrest", () => {
    const c = city();
    expect(raiseUnrest(c, 1, 3)).toBe(2);
    expect(district(c.s, 1).condition).toBe("strike");
    expect(lowerUnrest(c, 1, 1)).toBe(1);
    expect(district(c.s, 1).condition).toBe("protest");
    setDistrict(c.s, 2, { condition: "outage" });
    expect(raiseUnrest(c, 2, 1)).toBe(0);
    expect(lowerUnrest(c, 2, 1)).toBe(0);
  });

  it("places nothing when the reserve is empty [R]", () => {
    const c = city();
    for (let id = 1; id <= 9; id++) setDistrict(c.s, id, { humanFirst: true });
    expect(inReserve(c.s, "humanFirst")).toBe(0);
    expect(place(c, "humanFirst", 10)).toBeNull();
    expect(district(c.s, 10).humanFirst).toBe(false);
  });

  it("a full path sends the surplus through The Root back to the reserve", () => {
    const c = city();
    for (let i = 1; i <= 9; i++) place(c, "humanFirst", 1);
    // the path 1-2-5-6-9-10 fills up; the last 3 go through The Root back to the reserve
    expect(c.s.districts.filter((d) => d.humanFirst)).toHaveLength(6);
    expect(inReserve(c.s, "humanFirst")).toBe(3);
    expect(c.s.threat).toBe(6);
  });

  it("never holds more units than the box: 9 HF, 9 orgcrime, 6 prisec", () => {
    const c = city();
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) placePrisec(c, id);
    expect(c.s.districts.filter((d) => d.prisec)).toHaveLength(6);
    expect(inReserve(c.s, "prisec")).toBe(0);
  });

  it("[R] with prisecBlocksEnemyUnits off, enemy units may stop in a district with prisec", () => {
    const c = city({ prisecBlocksEnemyUnits: false });
    setDistrict(c.s, 4, { prisec: true });
    place(c, "orgcrime", 4);
    expect(district(c.s, 4).orgcrime).toBe(true);
    const b = city();
    setDistrict(b.s, 4, { prisec: true });
    place(b, "orgcrime", 4);
    expect(district(b.s, 4).orgcrime).toBe(false);
    expect(district(b.s, 7).orgcrime).toBe(true);
  });

  it("moving a unit is not a removal: no contract pays", () => {
    const c = city();
    setDistrict(c.s, 6, { orgcrime: true });
    const before = c.s.seats.map((p) => p.capital);
    move(c, "orgcrime", 6);
    expect(district(c.s, 9).orgcrime).toBe(true);
    expect(c.s.seats.map((p) => p.capital)).toEqual(before);
  });

  it("district data can be overridden by the variant (next district, production)", () => {
    const c = city({ districtOverrides: { 4: { next: 5 } } });
    setDistrict(c.s, 4, { orgcrime: true });
    move(c, "orgcrime", 4);
    expect(district(c.s, 5).orgcrime).toBe(true);
  });
});
