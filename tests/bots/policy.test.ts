// The sensible bot's judgement, one decision at a time: what it offers, counters, supports, picks,
// discards, keeps and trades. Each scenario sets up the table and checks the bot's command.
import { describe, expect, it } from "vitest";
import { guessOutcome } from "../../server/bots/card-value.ts";
import { districtDef, readTable } from "../../server/bots/city-sense.ts";
import { playGame } from "../../server/sim/play.ts";
import { sensibleBot } from "../../server/bots/index.ts";
import type { Command, GameState, Variant } from "../../server/engine/index.ts";
import { DEFAULT_VARIANT, FIRST_GAME_CORPS, createGame } from "../../server/engine/index.ts";
import { botFor, botsUntil, firstMainOffer, ok, quietCity, setDistrict, setHand, tableOf, titleOf } from "./helpers.ts";

/** 4 players, seed 1: Jinteki (seat 0, active), Haas-Bioroid, NBN, Weyland Consortium. */
function table(): GameState {
  const s = firstMainOffer(4, 1);
  expect(s.seats.map((p) => p.corp)).toEqual(["jinteki", "haas-bioroid", "nbn", "weyland"]);
  expect(s.pending).toEqual({ kind: "main-offer", seat: 0 });
  quietCity(s);
  return s;
}

/** The active player offers `title`; the listed seats pass their counteroffer chance. */
function offer(s: GameState, title: string): GameState {
  const [card] = setHand(s, s.active, [title, ...s.seats[s.active]!.hand.slice(0, 0)]);
  return ok(s, s.active, { type: "offer", card });
}

describe("main offer", () => {
  it("offers the card that pays its own contract (Jinteki, illness on the board: Clinical Trials)", () => {
    const s = table();
    for (const id of [1, 3, 6]) setDistrict(s, id, { illness: true });
    s.seats[0]!.rival = "nbn";
    s.seats[0]!.emergency[0]!.faceup = false; // spent: Mandatory Quarantine would clear all three
    const [trials] = setHand(s, 0, ["spin-doctors", "clinical-trials", "puff-piece"]).slice(1);
    expect(botFor(s)).toEqual({ type: "offer", card: trials });
  });

  it("does not pay the corp on its rival card", () => {
    // an outage and a strike away from the androids: Budget Renovations pays Weyland, 24/7 Live Feeds pays NBN
    const s = table();
    s.seats[0]!.emergency[0]!.faceup = false;
    setDistrict(s, 5, { condition: "outage" });
    setDistrict(s, 6, { condition: "strike" });
    const [renovations, feeds] = setHand(s, 0, ["budget-renovations", "live-feeds"]);
    s.seats[0]!.rival = "nbn";
    expect(botFor(s)).toEqual({ type: "offer", card: renovations });
    s.seats[0]!.rival = "weyland";
    expect(botFor(s)).toEqual({ type: "offer", card: feeds });
  });
});

describe("counteroffer", () => {
  it("counters a main offer that pays its rival, and lets one that pays itself stand", () => {
    let s = table();
    s = offer(s, "high-risk-investments"); // Jinteki takes 3 capital
    expect(s.pending).toEqual({ kind: "counteroffer", seat: 1 });
    s.seats[1]!.rival = "jinteki";
    setHand(s, 1, ["ark-construction", "high-risk-investments", "puff-piece"]);
    expect(botFor(s).type).toBe("counteroffer");

    let t = table();
    t = offer(t, "efficiency-experts"); // pays Haas-Bioroid's contract
    t.seats[1]!.rival = "nbn";
    setHand(t, 1, ["ark-construction", "puff-piece"]);
    expect(botFor(t)).toEqual({ type: "pass" });
  });
});

/** The support a bot gives: plain, or sold in a trade proposal to the offer's owner. */
function supportOf(c: Command): { offer: string; cards: string[] } | "abstain" {
  if (c.type === "support") return { offer: c.offer, cards: c.cards };
  if (c.type === "trade-propose" && c.support) return { offer: c.support, cards: c.supportCards ?? [] };
  if (c.type === "abstain") return "abstain";
  throw new Error("not a support decision: " + JSON.stringify(c));
}

describe("support", () => {
  /** Jinteki offers Efficiency Experts (pays Haas-Bioroid); NBN counters with Ark Construction. */
  function deal(): GameState {
    let s = table();
    s = offer(s, "efficiency-experts");
    s = ok(s, 1, { type: "pass" });
    const [ark] = setHand(s, 2, ["ark-construction"]);
    s = ok(s, 2, { type: "counteroffer", card: ark, discard: [] });
    s = ok(s, 3, { type: "pass" });
    expect(s.pending).toEqual({ kind: "support", seat: 1 });
    return s;
  }

  it("backs the offer that helps it more: Haas-Bioroid backs the card that pays its contract", () => {
    const s = deal();
    s.seats[1]!.rival = "weyland";
    setHand(s, 1, ["puff-piece", "live-feeds", "vanity-project"]);
    expect(supportOf(botFor(s))).toMatchObject({ offer: "main" });
  });

  it("backs the other offer when the first pays its rival, with a few cards, not its whole hand", () => {
    let s = table();
    s = offer(s, "high-risk-investments"); // Jinteki would take 3 capital
    s = ok(s, 1, { type: "pass" });
    const [ark] = setHand(s, 2, ["ark-construction"]);
    s = ok(s, 2, { type: "counteroffer", card: ark, discard: [] });
    s = ok(s, 3, { type: "pass" });
    s = ok(s, 1, { type: "abstain" });
    expect(s.pending).toEqual({ kind: "support", seat: 3 });
    s.seats[3]!.rival = "jinteki";
    setHand(s, 3, ["puff-piece", "live-feeds", "spin-doctors", "vanity-project", "ark-construction"]);
    const given = supportOf(botFor(s));
    expect(given).toMatchObject({ offer: "counter" });
    expect((given as { cards: string[] }).cards.length).toBeLessThan(5);
  });

});

describe("threat", () => {
  /** Jinteki resolves Information Procurement: each player may chip in capital to lower threat by 2. */
  function procurement(threat: number): GameState {
    let s = table();
    s.threat = threat;
    s = offer(s, "information-procurement");
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" });
    expect(s.pending).toEqual({ kind: "effect", seat: 0 });
    return s;
  }

  it("near 25 it pays what it takes to fund Information Procurement", () => {
    let s = procurement(21);
    for (const seat of [0, 1, 2]) s = ok(s, seat, { type: "choose", option: 0 });
    expect(s.pending).toEqual({ kind: "effect", seat: 3 });
    s.seats[3]!.rival = "nbn";
    expect(botFor(s)).toEqual({ type: "choose", option: 4 }); // the whole 4 still needed, as the last payer
    const after = ok(s, 3, botFor(s));
    expect(after.threat).toBe(19);
  });

  it("a Federalist with 25 capital keeps its money: it wins if threat reaches 25", () => {
    let s = procurement(21);
    for (const seat of [0, 1, 2]) s = ok(s, seat, { type: "choose", option: 0 });
    s.seats[3]!.rival = "federalist";
    s.seats[3]!.capital = 30;
    expect(botFor(s)).toEqual({ type: "choose", option: 0 });
  });

  it("near 25 it backs the offer that does not raise threat", () => {
    // Jinteki offers Spin Doctors with no credits and no unrest: threat +1; NBN counters with Clinical Trials
    let s = table();
    s.threat = 22;
    setDistrict(s, 5, { illness: true });
    s = offer(s, "spin-doctors");
    s = ok(s, 1, { type: "pass" });
    const [trials] = setHand(s, 2, ["clinical-trials"]);
    s = ok(s, 2, { type: "counteroffer", card: trials, discard: [] });
    s = ok(s, 3, { type: "pass" });
    s.seats[1]!.rival = "weyland";
    setHand(s, 1, ["puff-piece", "ark-construction", "vanity-project"]);
    expect(supportOf(botFor(s))).toMatchObject({ offer: "counter" });
  });
});

describe("card choices", () => {
  it("Liquidation: liquidates a district that makes what the demand still lacks", () => {
    let s = table();
    s.demand = "increased-martian-violence"; // credits 6, consumables 2, entertainment 2, energy 1
    Object.assign(s.supply, { energy: 1, consumables: 2, tech: 0, entertainment: 2, credits: 0 });
    s = offer(s, "liquidation");
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" });
    const c = botFor(s) as { option: number };
    const def = districtDef(tableOf(s, 0), c.option);
    expect([def.primary, def.secondary]).toContain("credits");
  });

  it("Media Circus: calms the striking district, then puts the Human First unit where it does least harm", () => {
    let s = table(); // androids in 2, 4, 7
    setDistrict(s, 9, { condition: "strike" });
    for (const id of [1, 3, 5, 6]) setDistrict(s, id, { illness: true });
    s = offer(s, "media-circus");
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" });
    expect(botFor(s)).toEqual({ type: "choose", option: 9 });
    s = ok(s, 0, botFor(s));
    const place = botFor(s) as { option: number };
    const d = s.districts[place.option - 1]!;
    expect(d.android).toBe(false);
    expect(d.illness).toBe(false);
  });

  it("Clean Slate: puts the outage where it does least harm (not by an android), after clearing both illnesses", () => {
    let s = table();
    quietCity(s, [4, 7, 9]); // Rutherford (9) is a step from Base de Cayambe, next to The Root
    for (const id of [3, 9]) setDistrict(s, id, { illness: true });
    s = offer(s, "clean-slate");
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" });
    for (let i = 0; i < 2; i++) s = ok(s, 0, botFor(s));
    expect(s.districts.filter((d) => d.illness)).toEqual([]);
    // the pick reads as "place an outage" (its prompt also says "removed": no matter)
    expect(botFor(s)).toEqual({ type: "choose", option: 3 });
  });

  it("Clinical Trials: removes the illness that costs most (by an android, near The Root)", () => {
    let s = table();
    setDistrict(s, 1, { illness: true });
    setDistrict(s, 10, { illness: true });
    s = offer(s, "clinical-trials");
    for (const seat of [1, 2, 3]) s = ok(s, seat, { type: "pass" });
    expect(botFor(s)).toEqual({ type: "choose", option: 10 });
  });

  it("a General draw takes the type whose cards the city needs (demand met, illness everywhere: biotech)", () => {
    const s = botsUntil(createGame({ players: 4, seed: 1, variant: FIRST_GAME_CORPS }), (x) => x.pending?.kind === "general-draw" && x.seats[x.pending.seat]!.corp === "nbn");
    const seat = s.pending!.seat;
    quietCity(s, [2, 4, 7]);
    for (const id of [1, 2, 3, 4, 5, 6, 7, 8]) setDistrict(s, id, { illness: true });
    Object.assign(s.supply, { energy: 6, consumables: 6, tech: 6, entertainment: 6, credits: 6 });
    s.seats[seat]!.rival = "haas-bioroid";
    expect(botFor(s)).toEqual({ type: "choose", option: "biotech" });
  });
});

describe("discards and investments", () => {
  it("at the hand limit it discards the cards that would do nothing", () => {
    const s = table();
    // no illness and no outage on the board: Clinical Trials and Budget Renovations are dead cards
    const hand = setHand(s, 0, ["high-risk-investments", "clinical-trials", "vanity-project", "budget-renovations", "efficiency-experts", "live-feeds", "ark-construction"]);
    setDistrict(s, 9, { condition: "strike" });
    s.seats[0]!.rival = "nbn";
    s.pending = { kind: "hand-limit", seat: 0, count: 2 };
    s.stage = "hand-limit";
    const c = botFor(s) as { type: string; cards: string[] };
    expect(c.type).toBe("discard");
    expect(c.cards.map(titleOf).sort()).toEqual(["budget-renovations", "clinical-trials"]);
    expect(hand).toEqual(expect.arrayContaining(c.cards));
  });

  it("keeps the investment the city will pay for", () => {
    const s = botsUntil(firstMainOffer(4, 1), () => true);
    quietCity(s);
    for (const id of [1, 3, 5]) setDistrict(s, id, { condition: "outage" });
    s.pending = { kind: "investment", seat: 0, cards: ["militarized-police", "power-siphoning"] };
    expect(botFor(s)).toEqual({ type: "investment", keep: "power-siphoning" });
    quietCity(s);
    for (const id of [1, 3]) setDistrict(s, id, { prisec: true });
    expect(botFor(s)).toEqual({ type: "investment", keep: "militarized-police" });
  });
});

describe("trades", () => {
  function offered(give: number, get: number, from = 1): GameState {
    const s = table();
    s.seats[0]!.rival = "nbn";
    s.trades = [{ id: "t1", from, to: 0, give: { capital: give, assets: [] }, get: { capital: get, assets: [] } }];
    return s;
  }

  it("accepts a trade clearly good for it and declines the others", () => {
    expect(botFor(offered(3, 0))).toEqual({ type: "trade-accept", id: "t1" });
    expect(botFor(offered(0, 3))).toEqual({ type: "trade-decline", id: "t1" });
    expect(botFor(offered(2, 2))).toEqual({ type: "trade-decline", id: "t1" });
  });

  it("the plain bot proposes trades rarely: now and then it sells its support, never in most turns", () => {
    let proposals = 0;
    let games = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const run = playGame(([4, 5, 6] as const)[seed % 3]!, seed, undefined, sensibleBot);
      proposals += run.commands.filter((c) => c.command.type === "trade-propose").length;
      games++;
    }
    expect(proposals).toBeGreaterThan(0);
    expect(proposals / games).toBeLessThan(6);
  });
});

describe("Melange Mining's contract in the bots' valuation", () => {
  /** What a bot at seat 0 guesses Melange Mining (seat 5 of a first-game table) gains from its contract when `resolver` resolves a card. */
  function melangeGain(titleId: string, variant: Partial<Variant>, city: (s: GameState) => void, resolver = 1): number {
    const gain = (v: Partial<Variant>) => {
      const s = firstMainOffer(6);
      s.variant = { ...s.variant, ...v };
      quietCity(s);
      city(s);
      return guessOutcome(readTable(tableOf(s, 0)), titleId, resolver).gains[5]!;
    };
    return gain(variant) - gain({ melangeContract: "off" });
  }
  const illnessTo3 = (s: GameState) => setDistrict(s, 3, { illness: true });

  it("event-card (default): a card that clears the city helps Melange; one that changes nothing does not", () => {
    expect(DEFAULT_VARIANT.melangeContract).toBe("event-card");
    expect(melangeGain("clinical-trials", {}, illnessTo3)).toBeGreaterThan(0);
    expect(melangeGain("high-risk-investments", {}, () => {})).toBe(0);
  });

  it("own-card: only Melange Mining's own cards pay it", () => {
    expect(melangeGain("high-risk-investments", { melangeContract: "own-card" }, () => {})).toBe(0);
    expect(melangeGain("high-risk-investments", { melangeContract: "own-card" }, () => {}, 5)).toBe(3);
  });

  it("any-card: every card that raises threat by less than 2 pays Melange 3", () => {
    expect(melangeGain("high-risk-investments", { melangeContract: "any-card" }, () => {})).toBe(3);
    expect(melangeGain("clinical-trials", { melangeContract: "any-card" }, illnessTo3)).toBe(3);
  });
});
