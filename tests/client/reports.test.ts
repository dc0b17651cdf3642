// The client's phase reports read the log's facts: from the log history alone (a reload, with no state
// seen before), Production shows the supply before and after, and a demand round the supply it was paid against.
// The expected figures come from the engine's own state (its stages run again on a copy of the game),
// never from the log readers the reports are built on.
import { describe, expect, it } from "vitest";
import { apply, createGame, waitingFor, type GameState } from "../../server/engine/index.ts";
import type { Ctx } from "../../server/engine/ctx.ts";
import { runEvent } from "../../server/engine/events.ts";
import { runProduction } from "../../server/engine/production.ts";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { runNextRound } from "../../server/engine/round.ts";
import { cloneState } from "../../server/engine/state.ts";
import { reportsOf, type DemandReport, type ProductionReport } from "../../client/src/table/reports.ts";
import { randomMove, testRng } from "../engine/driver.ts";

type Supply = GameState["supply"];

/**
 * The engine's figures for the Production that follows `prev` (a game waiting on hand-limit discards,
 * which change no supply): the supply before and after it, and, when a demand round follows with no
 * decision in between, the supply that demand is scored against.
 */
function engineFigures(prev: GameState): { before: Supply; after: Supply; demand: Supply | null } {
  const c: Ctx = { s: { ...cloneState(prev), pending: null, stage: "production" }, ev: [], frame: null, rules: RULEBOOK };
  const before = { ...c.s.supply };
  runProduction(c);
  const after = { ...c.s.supply };
  if (c.s.result) return { before, after, demand: null };
  runEvent(c);
  if (c.s.pending || c.s.effects.length > 0 || c.s.stage !== "next-round") return { before, after, demand: null };
  runNextRound(c);
  const stage: string = c.s.stage; // (changed by runNextRound)
  return { before, after, demand: stage === "demand-score" ? { ...c.s.supply } : null };
}

/** A bot-less random game's public log, with the engine's figures for each Production it could re-run. */
function playedLog(seed: number) {
  const rnd = testRng(seed);
  let s = createGame({ players: 4, seed });
  const log: string[] = [];
  const figures = new Map<number, ReturnType<typeof engineFigures>>();
  for (let step = 0; step < 20_000 && waitingFor(s).length > 0; step++) {
    const m = randomMove(rnd, s)!;
    const r = apply(s, m.seat, m.command);
    if (!r.ok) continue;
    const prev = s;
    s = r.state;
    for (const e of r.events) {
      if (e.to) continue;
      if (e.text === "Production Phase." && prev.stage === "hand-limit") figures.set(log.length, engineFigures(prev));
      log.push(e.text);
    }
  }
  return { log, figures };
}

describe("phase reports", () => {
  it("rebuild from the log history alone: supply before and after Production, the supply each demand met or missed", () => {
    let productions = 0;
    let demands = 0;
    // Random play often lets the city fall early: games from seed 21 on, until four Productions and two
    // demands were checked.
    for (let seed = 21; seed < 41 && (productions < 4 || demands < 2); seed++) {
      const { log, figures } = playedLog(seed);
      for (const [i, engine] of figures) {
        // As a reload receives it: the lines from this Production on, no earlier state known.
        const next = log.indexOf("Production Phase.", i + 1);
        const lines = log.slice(i, next < 0 ? undefined : next);
        const reports = reportsOf({ from: i, lines });
        const prod = reports.find((r): r is ProductionReport => r.kind === "production")!;
        expect(prod.before, `production at line ${i}`).toEqual(engine.before);
        expect(prod.after, `production at line ${i}`).toEqual(engine.after);
        // (a district's own line, "Name (n) produces ...": not a Liquidation's "Name (n) is liquidated and produces ..." later on)
        const produced = lines.map((l) => /^(.+ \(\d\)) produces /.exec(l)?.[1]).filter((n) => n !== undefined);
        expect(prod.districts.map((d) => d.name)).toEqual(produced);
        expect(prod.lines.some((l) => l.startsWith("Supply after Production"))).toBe(false);
        productions++;
        if (!engine.demand) continue;
        const demand = reports.find((r): r is DemandReport => r.kind === "demand");
        expect(demand, `demand after line ${i}`).toBeDefined();
        expect(demand!.supply).toEqual(engine.demand);
        demands++;
      }
    }
    expect(productions).toBeGreaterThanOrEqual(4);
    expect(demands).toBeGreaterThanOrEqual(2);
  });

  it("read the figures a reload receives, line by line (a Production and a demand as the engine words them)", () => {
    const lines = [
      "Production Phase.",
      "Quinde (2) produces 2 credits and 1 consumables.",
      "An outage token is placed in Quinde (2).",
      "Manta (4) produces nothing.",
      "Nihongai (7) produces 2 tech and 1 consumables.",
      "Supply after Production: energy 0 → 0, consumables 2 → 4, tech 3 → 5, entertainment 2 → 2, credits 2 → 4.",
      "Event: Pistoleros Hit Squads Strike!",
      "Demand round 1 begins.",
      "Supply against the demand Refugee Influx: energy 0 of 0, consumables 4 of 3, tech 5 of 1, entertainment 2 of 3, credits 4 of 2; missed entertainment by 1.",
      "Threat rises by 5 to 7: the demand Refugee Influx was not met.",
    ];
    const reports = reportsOf({ from: 40, lines });
    const prod = reports.find((r): r is ProductionReport => r.kind === "production")!;
    expect(prod.before).toEqual({ energy: 0, consumables: 2, tech: 3, entertainment: 2, credits: 2 });
    expect(prod.after).toEqual({ energy: 0, consumables: 4, tech: 5, entertainment: 2, credits: 4 });
    expect(prod.districts.map((d) => d.name)).toEqual(["Quinde (2)", "Manta (4)", "Nihongai (7)"]);
    const demand = reports.find((r): r is DemandReport => r.kind === "demand")!;
    expect(demand.supply).toEqual({ energy: 0, consumables: 4, tech: 5, entertainment: 2, credits: 4 });
    expect(demand.demand?.name).toBe("Refugee Influx");
  });
});
