// The negotiating bot at the table, one decision at a time: it sells its support when that pays,
// answers trades by what they do to its standing, never pays more for support than it is worth,
// withdraws stale proposals, and says what it wants without giving away its secrets.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { botDecision, newMemory, type BotLine } from "../../server/bots/index.ts";
import { MAX_PROPOSALS, EMERGENCY_KEEP_AT_RISK, FEDERALIST_PUSH, dealKey, negotiatorJudge, normalWinChance } from "../../server/bots/negotiate.ts";
import { readTable } from "../../server/bots/city-sense.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { tableFrom } from "../../server/bots/table.ts";
import { apply, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { playGame, type Policy } from "../../server/sim/play.ts";
import { firstMainOffer, ok, quietCity, setDistrict, setHand, tableOf, titleOf } from "./helpers.ts";

/** 4 players, seed 1: Jinteki (seat 0, active), Haas-Bioroid, NBN, Weyland Consortium. */
function table(): GameState {
  const s = firstMainOffer(4, 1);
  expect(s.seats.map((p) => p.corp)).toEqual(["jinteki", "haas-bioroid", "nbn", "weyland"]);
  quietCity(s);
  return s;
}

/**
 * Jinteki offers Puff Piece (does nothing), NBN counters with High-Risk Investments (NBN takes 3 capital,
 * the others 1); Haas-Bioroid abstains, so Weyland (seat 3) supports last: the main offer wins the tie
 * unless Weyland backs the counteroffer, which is worth much to NBN.
 */
function contested(): GameState {
  let s = table();
  const [card] = setHand(s, 0, ["puff-piece"]);
  s = ok(s, 0, { type: "offer", card });
  s = ok(s, 1, { type: "pass" });
  const [c] = setHand(s, 2, ["high-risk-investments"]);
  s = ok(s, 2, { type: "counteroffer", card: c, discard: [] });
  s = ok(s, 3, { type: "pass" });
  s = ok(s, 1, { type: "abstain" });
  expect(s.pending).toEqual({ kind: "support", seat: 3 });
  expect(viewFor(s, 3).rules.tieWinner).toBe("main");
  s.seats[3]!.rival = "haas-bioroid";
  s.seats[2]!.rival = "jinteki";
  setHand(s, 3, ["puff-piece", "live-feeds", "vanity-project"]);
  return s;
}

function decide(s: GameState, seat: number, memory = newMemory()) {
  const view = viewFor(s, seat);
  return botDecision(view, view.you?.legal ?? [], [], makeRandom(7), memory);
}

describe("selling support", () => {
  it("offers its deciding support to the owner of the offer it turns, for capital the owner has", () => {
    const s = contested();
    const d = decide(s, 3);
    const c = d.command as Extract<Command, { type: "trade-propose" }>;
    expect(c.type).toBe("trade-propose");
    expect(c.to).toBe(2);
    expect(c.support).toBe("counter");
    expect(c.give).toEqual({ capital: 0, assets: [] });
    expect(c.get!.capital).toBeGreaterThan(0);
    expect(c.get!.capital).toBeLessThanOrEqual(s.seats[2]!.capital);
    // the engine takes it as it is
    expect(apply(s, 3, c).ok).toBe(true);
    expect(d.say?.text).toMatch(/^I will back the counteroffer, High-Risk Investments, for \d+ capital\.$/);
    expect(d.say?.to).toBeUndefined();
  });

  it("does not sell its support to its rival's offer when the price cannot cover what the rival gains", () => {
    const s = contested();
    s.seats[3]!.rival = "nbn";
    s.seats[2]!.capital = 1;
    const c = decide(s, 3).command!;
    expect(c.type).not.toBe("trade-propose");
    expect(c.type === "support" && c.offer === "counter").toBe(false);
  });

  it("after a refusal it asks less, and stops after MAX_PROPOSALS in one deal", () => {
    let s = contested();
    const memory = newMemory();
    const prices: number[] = [];
    for (let i = 0; i < MAX_PROPOSALS + 1; i++) {
      const c = decide(s, 3, memory).command!;
      if (c.type !== "trade-propose") break;
      prices.push(c.get!.capital!);
      s = ok(s, 3, c);
      s = ok(s, 2, { type: "trade-decline", id: s.trades[0]!.id });
    }
    expect(prices.length).toBeGreaterThan(1);
    expect(prices.length).toBeLessThanOrEqual(MAX_PROPOSALS);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeLessThan(prices[i - 1]!);
    // then it plays its support turn itself
    expect(["support", "abstain"]).toContain(decide(s, 3, memory).command!.type);
  });
});

describe("answering trades", () => {
  /** Weyland proposes its support for NBN's counteroffer at `price`. */
  function supportFor(price: number): GameState {
    const s = contested();
    const [card] = setHand(s, 3, ["puff-piece"]);
    return ok(s, 3, { type: "trade-propose", to: 2, give: { capital: 0, assets: [] }, get: { capital: price, assets: [] }, support: "counter", supportCards: [card!] });
  }

  it("buys the support that turns the deal its way at a fair price", () => {
    const s = supportFor(2);
    const d = decide(s, 2);
    expect(d.command).toEqual({ type: "trade-accept", id: s.trades[0]!.id });
    expect(d.say?.to).toBe(3);
  });

  it("declines to pay more for support than the support is worth to it (paying would be a loss)", () => {
    const s = supportFor(Math.min(9, contested().seats[2]!.capital));
    const d = decide(s, 2);
    expect(d.command).toEqual({ type: "trade-decline", id: s.trades[0]!.id });
    expect(d.say?.to).toBe(3);
  });

  it("accepts free capital and declines a gift to its rival", () => {
    const s = table();
    s.round = 6; // three rounds left: less capital will still change hands
    s.seats[0]!.rival = "nbn";
    s.trades = [{ id: "t2-0-1", from: 2, to: 0, give: { capital: 0, assets: [] }, get: { capital: 3, assets: [] } }];
    expect(decide(s, 0).command).toEqual({ type: "trade-decline", id: "t2-0-1" });
    s.trades = [{ id: "t1-0-1", from: 1, to: 0, give: { capital: 3, assets: [] }, get: { capital: 0, assets: [] } }];
    expect(decide(s, 0).command).toEqual({ type: "trade-accept", id: "t1-0-1" });
  });
});

describe("its own proposals", () => {
  it("withdraws a proposal from an earlier deal, and waits on a fresh one", () => {
    let s = contested();
    const memory = newMemory();
    const c = decide(s, 3, memory).command!;
    expect(c.type).toBe("trade-propose");
    s = ok(s, 3, c);
    // the buyer has not answered yet: the bot waits, then withdraws it when it has waited long enough
    const first = decide(s, 3, memory);
    expect(first).toMatchObject({ command: null, wait: true });
    let d = first;
    for (let i = 0; i < 10 && d.wait; i++) d = decide(s, 3, memory);
    expect(d.command).toEqual({ type: "trade-cancel", id: s.trades[0]!.id });
    // and it does not make another offer in this deal: it plays its support turn
    const after = ok(s, 3, d.command!);
    expect(["support", "abstain"]).toContain(decide(after, 3, memory).command!.type);
    // a bot that does not remember the proposal (e.g. after a restart) withdraws it at once
    expect(decide(s, 3).command).toEqual({ type: "trade-cancel", id: s.trades[0]!.id });
    // and one made in a deal that has moved on is stale at once
    const moved = newMemory();
    moved.madeIn.set(s.trades[0]!.id, "another deal");
    expect(decide(s, 3, moved).command).toEqual({ type: "trade-cancel", id: s.trades[0]!.id });
    expect(dealKey(tableFrom(viewFor(s, 3), [])!)).not.toBe("another deal");
  });
});

describe("what it says", () => {
  it("never names its rival, its investment or a card in its hand that is not on the table", () => {
    const corpName = new Map(catalog.corps.map((c) => [c.id, c.name]));
    const lines: { line: BotLine; secrets: string[] }[] = [];
    for (let seed = 1; seed <= 9; seed++) {
      const memories = new Map<number, ReturnType<typeof newMemory>>();
      const policy: Policy = (view, legal, events, random) => {
        const memory = memories.get(view.seat!) ?? newMemory();
        memories.set(view.seat!, memory);
        const d = botDecision(view, legal, events, random, memory);
        if (d.say) {
          const onTable = new Set([view.deal?.main?.card.title, ...(view.deal?.counters ?? []).map((c) => c.card.title)]);
          const secrets = [
            view.you!.rival === "federalist" ? "Federalist" : corpName.get(view.you!.rival)!,
            ...(view.you!.investment ? [view.you!.investment.name] : []),
            ...view.you!.hand.map((c) => titleOf(c.id)).filter((t) => !onTable.has(catalog.actionCards.find((a) => a.id === t)?.title)).map((t) => catalog.actionCards.find((a) => a.id === t)!.title),
          ];
          lines.push({ line: d.say, secrets });
        }
        return d.command;
      };
      const run = playGame(([4, 5, 6] as const)[seed % 3]!, seed, undefined, policy);
      expect(run.error).toBeNull();
    }
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.some((l) => l.line.to === undefined)).toBe(true);
    for (const { line, secrets } of lines) for (const secret of secrets) expect(line.text).not.toContain(secret);
  });
});

/** The support a decision gives: plain, or sold in a trade proposal to the offer's owner. */
function supportOf(c: Command | null): { offer: string } | "abstain" {
  if (c?.type === "support") return { offer: c.offer };
  if (c?.type === "trade-propose" && c.support) return { offer: c.support };
  if (c?.type === "abstain") return "abstain";
  throw new Error("not a support decision: " + JSON.stringify(c));
}

describe("reading threat (the negotiator's judge)", () => {
  /** Threat 22; Jinteki offers Spin Doctors with no credits and no unrest (threat +1), NBN counters with Clinical Trials; Haas-Bioroid supports. */
  function nearTwentyFive(): GameState {
    let s = table();
    s.threat = 22;
    setDistrict(s, 5, { illness: true });
    s.supply.credits = 0;
    const [spin] = setHand(s, 0, ["spin-doctors"]);
    s = ok(s, 0, { type: "offer", card: spin });
    s = ok(s, 1, { type: "pass" });
    const [trials] = setHand(s, 2, ["clinical-trials"]);
    s = ok(s, 2, { type: "counteroffer", card: trials, discard: [] });
    s = ok(s, 3, { type: "pass" });
    expect(s.pending).toEqual({ kind: "support", seat: 1 });
    setHand(s, 1, ["puff-piece", "ark-construction", "vanity-project"]);
    return s;
  }

  it("a Federalist with 25 capital backs the offer that raises threat; short of it, it holds the city near 25", () => {
    const s = nearTwentyFive();
    s.seats[1]!.rival = "federalist";
    s.seats[1]!.capital = 30;
    expect(supportOf(decide(s, 1).command)).toEqual({ offer: "main" });
    s.seats[1]!.capital = 12;
    expect(supportOf(decide(s, 1).command)).toEqual({ offer: "counter" });
  });

  it("not a Federalist, it backs the offer that keeps threat down", () => {
    const s = nearTwentyFive();
    s.seats[1]!.rival = "weyland";
    expect(supportOf(decide(s, 1).command)).toEqual({ offer: "counter" });
  });

  it("projects threat at the pace the table has set: heading for 25, it minds threat more than the plain bot and spends its emergency actions", () => {
    const s = table();
    s.round = 3;
    s.threat = 14; // 14 in three and a half rounds: 25 comes before the end
    s.seats[0]!.rival = "haas-bioroid";
    const plain = readTable(tableOf(s, 0));
    const judged = readTable(tableOf(s, 0));
    negotiatorJudge(judged);
    expect(judged.threatWeight).toBeGreaterThan(plain.threatWeight);
    expect(judged.emergencyKeep).toBe(EMERGENCY_KEEP_AT_RISK);
    // a slow table: nothing changes about emergency actions
    s.threat = 3;
    const calm = readTable(tableOf(s, 0));
    negotiatorJudge(calm);
    expect(calm.emergencyKeep).toBeUndefined();
  });

  it("a Federalist pushes threat only once it holds 25 capital", () => {
    const s = table();
    s.seats[0]!.rival = "federalist";
    s.seats[0]!.capital = 26;
    const rich = readTable(tableOf(s, 0));
    negotiatorJudge(rich);
    expect(rich.threatWeight).toBe(FEDERALIST_PUSH);
    s.seats[0]!.capital = 11;
    const poor = readTable(tableOf(s, 0));
    negotiatorJudge(poor);
    expect(poor.threatWeight).toBe(0);
  });

  it("its chance to win a normal end follows its lead over its rival's capital", () => {
    const s = table();
    s.round = 6; // three rounds left: less capital will still change hands
    s.seats[0]!.rival = "nbn";
    s.seats[2]!.capital = 10;
    s.seats[0]!.capital = 22;
    const ahead = normalWinChance(readTable(tableOf(s, 0)));
    s.seats[0]!.capital = 2;
    const behind = normalWinChance(readTable(tableOf(s, 0)));
    expect(ahead).toBeGreaterThan(0.75);
    expect(behind).toBeLessThan(0.25);
  });
});
