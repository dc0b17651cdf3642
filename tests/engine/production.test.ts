import { describe, expect, it } from "vitest";
import { runProduction } from "../../server/engine/production.ts";
import { atFirstMainOffer, clearCity, ctxOf, district, setDistrict, texts } from "./helpers.ts";

function produce(setup: (s: ReturnType<typeof atFirstMainOffer>) => void, variant = {}) {
  const s = atFirstMainOffer(4, 1, variant);
  clearCity(s, [4, 5, 9]);
  setup(s);
  const c = ctxOf(s);
  runProduction(c);
  return c;
}

describe("Production Phase (A5.2)", () => {
  it("each android district produces primary + secondary and its unrest rises one stage", () => {
    const c = produce(() => {});
    // Manta 4: entertainment + tech; Rabotgorod 5: energy + tech; Rutherford 9: credits + entertainment
    expect(c.s.supply).toEqual({ energy: 2, consumables: 0, tech: 2, entertainment: 3, credits: 2 });
    for (const id of [4, 5, 9]) expect(district(c.s, id).condition).toBe("protest");
    expect(district(c.s, 1).condition).toBe("none");
    expect(c.s.stage).toBe("event");
  });

  it("protest produces normally; strike and outage produce nothing; unrest still rises (strike stays strike)", () => {
    const c = produce((s) => {
      setDistrict(s, 4, { condition: "protest" });
      setDistrict(s, 5, { condition: "strike" });
      setDistrict(s, 9, { condition: "outage" });
    });
    expect(c.s.supply).toEqual({ energy: 0, consumables: 0, tech: 1, entertainment: 2, credits: 0 });
    expect(district(c.s, 4).condition).toBe("strike");
    expect(district(c.s, 5).condition).toBe("strike");
    expect(district(c.s, 9).condition).toBe("outage");
  });

  it("orgcrime blocks the primary resource; development adds 1 to it", () => {
    const c = produce((s) => {
      setDistrict(s, 9, { orgcrime: true });
      setDistrict(s, 4, { development: true });
    });
    expect(c.s.supply.credits).toBe(0);
    expect(c.s.supply.entertainment).toBe(1 + 3);
  });

  it("Human First: unrest rises two stages, or an outage is placed when it cannot", () => {
    const c = produce((s) => {
      setDistrict(s, 4, { humanFirst: true });
      setDistrict(s, 5, { humanFirst: true, condition: "protest" });
    });
    expect(district(c.s, 4).condition).toBe("strike");
    expect(district(c.s, 5).condition).toBe("outage");
  });

  it("Human First in a district already in outage: the new outage moves to the next district", () => {
    const c = produce((s) => {
      setDistrict(s, 5, { humanFirst: true, condition: "outage" });
    });
    expect(district(c.s, 5).condition).toBe("outage");
    expect(district(c.s, 6).condition).toBe("outage"); // 5 -> 6
    expect(texts(c.ev)).toContain("moves on to Laguna Velasco (6)");
  });

  it("supply is clamped at the variant's supplyMax", () => {
    const c = produce((s) => {
      s.supply.credits = 9;
    }, { supplyMax: 10 });
    expect(c.s.supply.credits).toBe(10);
    const d = produce((s) => {
      s.supply.credits = 2;
    }, { supplyMax: 3 });
    expect(d.s.supply.credits).toBe(3);
  });
});
