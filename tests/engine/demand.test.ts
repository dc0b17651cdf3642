import { describe, expect, it } from "vitest";
import { catalog } from "../../server/engine/data.ts";
import { investmentValue, runChooseInvestments, runPayDemand, runRevealDemand, runScoreInvestments } from "../../server/engine/demand.ts";
import type { GameState } from "../../server/engine/index.ts";
import { atFirstMainOffer, clearCity, ctxOf, ok, rejected, setDistrict, texts } from "./helpers.ts";

function value(id: string, setup: (s: GameState) => void): number {
  const s = atFirstMainOffer();
  clearCity(s);
  s.demand = "hosting-worlds-cup"; // energy 0, consumables 1, tech 3, entertainment 4, credits 2
  setup(s);
  return investmentValue(s, catalog.investments.find((i) => i.id === id)!.scoring);
}
const put = (kind: "illness" | "humanFirst" | "orgcrime" | "prisec", ids: number[]) => (s: GameState) => ids.forEach((id) => setDistrict(s, id, { [kind]: true }));
const outages = (ids: number[]) => (s: GameState) => ids.forEach((id) => setDistrict(s, id, { condition: "outage" }));

describe("Score Investment (A12, B9): all 12 investments", () => {
  it("Healthcare Initiative: illness 2/3/4+ -> 3/5/7, below the lowest bracket 0", () => {
    expect([1, 2, 3, 4, 5].map((n) => value("healthcare-initiative", put("illness", [1, 2, 3, 4, 5].slice(0, n))))).toEqual([0, 3, 5, 7, 7]);
  });
  it("Power Siphoning: outages 1/2/3+ -> 3/5/7", () => {
    expect([0, 1, 2, 3, 4].map((n) => value("power-siphoning", outages([1, 2, 3, 4].slice(0, n))))).toEqual([0, 3, 5, 7, 7]);
  });
  it("Union Agreement and Laundering Scheme count Human First and orgcrime units", () => {
    expect(value("union-agreement", put("humanFirst", [1, 2, 3]))).toBe(5);
    expect(value("laundering-scheme", put("orgcrime", [1, 2, 3, 4]))).toBe(7);
    expect(value("laundering-scheme", put("humanFirst", [1, 2, 3, 4]))).toBe(0);
  });
  it("Militarized Police: prisec 1/2/3+ -> 3/6/8", () => {
    expect([1, 2, 3].map((n) => value("militarized-police", put("prisec", [1, 2, 3].slice(0, n))))).toEqual([3, 6, 8]);
  });
  it("Short Sale: resources with supply at most 1", () => {
    expect(value("short-sale", (s) => Object.assign(s.supply, { energy: 5, consumables: 5, tech: 5, entertainment: 5, credits: 1 }))).toBe(3);
    expect(value("short-sale", (s) => Object.assign(s.supply, { energy: 0, consumables: 1, tech: 5, entertainment: 5, credits: 5 }))).toBe(5);
    expect(value("short-sale", () => {})).toBe(7);
  });
  it("sector investments pay only if that resource meets demand: base + per x supply, capped", () => {
    expect(value("retail-sector", (s) => (s.supply.consumables = 0))).toBe(0); // target 1
    expect(value("retail-sector", (s) => (s.supply.consumables = 1))).toBe(4);
    expect(value("retail-sector", (s) => (s.supply.consumables = 5))).toBe(6);
    expect(value("energy-sector", (s) => (s.supply.energy = 0))).toBe(3); // target 0 is always met
    expect(value("energy-sector", (s) => (s.supply.energy = 3))).toBe(7);
    expect(value("banking-sector", (s) => (s.supply.credits = 3))).toBe(5);
    expect(value("technology-sector", (s) => (s.supply.tech = 2))).toBe(0);
    expect(value("technology-sector", (s) => (s.supply.tech = 3))).toBe(6);
    expect(value("entertainment-sector", (s) => (s.supply.entertainment = 4))).toBe(6);
  });
  it("Populist Dismissal: 1 capital per district in protest or strike", () => {
    expect(value("populist-dismissal", (s) => [1, 2, 3].forEach((id, i) => setDistrict(s, id, { condition: i ? "strike" : "protest" })))).toBe(3);
  });

  it("every player reveals and scores their investment", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    s.seats.forEach((p) => (p.investment = "militarized-police"));
    setDistrict(s, 1, { prisec: true });
    const caps = s.seats.map((p) => p.capital);
    const c = ctxOf(s);
    runScoreInvestments(c);
    expect(c.s.seats.map((p) => p.capital)).toEqual(caps.map((x) => x + 3));
    expect(c.s.stage).toBe("demand-pay");
  });
});

describe("Pay Demand and Reveal Demand (A12)", () => {
  it("an unmet demand raises threat by its penalty; a met one does not", () => {
    const s = atFirstMainOffer();
    s.demand = "hosting-worlds-cup";
    s.demandRounds = 1;
    let c = ctxOf(s);
    runPayDemand(c);
    expect(c.s.threat).toBe(5);
    Object.assign(s.supply, { energy: 0, consumables: 1, tech: 3, entertainment: 4, credits: 2 });
    c = ctxOf(s);
    runPayDemand(c);
    expect(c.s.threat).toBe(0);
    expect(texts(c.ev)).toContain("is met");
    expect(c.s.stage).toBe("demand-reveal");
  });

  it("Reveal Demand puts the old card under the deck, resets supply to 0 and sets new targets", () => {
    const s = atFirstMainOffer();
    const old = s.demand;
    const next = s.demandDeck[0];
    s.supply.credits = 4;
    const c = ctxOf(s);
    runRevealDemand(c);
    expect(c.s.demand).toBe(next);
    expect(c.s.demandDeck[c.s.demandDeck.length - 1]).toBe(old);
    expect(Object.values(c.s.supply).every((v) => v === 0)).toBe(true);
  });

  it("Choose Investment: all 12 are shuffled back; each player from the active one draws 2 and keeps 1", () => {
    const s = atFirstMainOffer();
    s.active = 2;
    s.stage = "demand-invest";
    s.pending = null;
    s.cursor = 0;
    const c = ctxOf(s);
    runChooseInvestments(c);
    expect(c.s.seats.every((p) => p.investment === null)).toBe(true);
    expect(c.s.pending).toMatchObject({ kind: "investment", seat: 2 });
    expect(c.s.investmentDeck.length + 2).toBe(12);
    let t = c.s;
    const order: number[] = [];
    while (t.pending?.kind === "investment") {
      order.push(t.pending.seat);
      t = ok(t, t.pending.seat, { type: "investment", keep: t.pending.cards[0]! }).state;
    }
    expect(order).toEqual([2, 3, 0, 1]);
    expect(t.seats.every((p) => p.investment !== null)).toBe(true);
  });

  it("rejects keeping an investment that was not drawn", () => {
    const s = atFirstMainOffer();
    s.stage = "demand-invest";
    s.pending = null;
    s.cursor = 0;
    const c = ctxOf(s);
    runChooseInvestments(c);
    const drawn = (c.s.pending as { cards: string[] }).cards;
    const other = catalog.investments.map((i) => i.id).find((id) => !drawn.includes(id))!;
    rejected(c.s, c.s.pending!.seat, { type: "investment", keep: other }, "not-drawn");
    rejected(c.s, (c.s.pending!.seat + 1) % 4, { type: "investment", keep: drawn[0]! }, "not-your-turn");
  });
});
