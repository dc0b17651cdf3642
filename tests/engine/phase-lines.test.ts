// Phase reports read facts from the log: Production says the supply before and after, a demand round
// the supply against each target. Checked against what the districts produced and what the demand paid.
import { describe, expect, it } from "vitest";
import { apply, createGame, waitingFor } from "../../server/engine/index.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import { demandSupplyLine, productionSupplyLine, readDemandSupply, readProductionSupply } from "../../shared/phase-lines.ts";
import { randomMove, testRng } from "./driver.ts";

function gameLog(players: 4 | 5 | 6, seed: number): string[] {
  const rnd = testRng(seed);
  let s = createGame({ players, seed });
  const log: string[] = [];
  for (let step = 0; step < 20_000 && waitingFor(s).length > 0; step++) {
    const m = randomMove(rnd, s)!;
    const r = apply(s, m.seat, m.command);
    if (!r.ok) continue;
    s = r.state;
    for (const e of r.events) if (!e.to) log.push(e.text);
  }
  return log;
}

describe("phase lines", () => {
  const logs = [gameLog(4, 2), gameLog(5, 9), gameLog(6, 13)];

  it("Production ends with the supply before and after, which the districts' yields account for", () => {
    let phases = 0;
    for (const log of logs) {
      for (let i = 0; i < log.length; i++) {
        if (log[i] !== "Production Phase.") continue;
        const end = log.findIndex((l, j) => j > i && readProductionSupply(l) !== null);
        if (end < 0) continue; // the game ended during this Production
        const supply = readProductionSupply(log[end]!)!;
        const produced = Object.fromEntries(RESOURCES.map((r) => [r, 0]));
        for (const l of log.slice(i + 1, end)) {
          const m = /^(.*) produces (.*)\.$/.exec(l);
          if (m) for (const [, n, r] of m[2]!.matchAll(/(\d+) ([a-z]+)/g)) produced[r!]! += Number(n);
        }
        for (const r of RESOURCES) expect(supply.after[r] - supply.before[r], `${r} in ${log[end]}`).toBe(produced[r]);
        phases++;
      }
    }
    expect(phases).toBeGreaterThan(3);
  });

  it("a demand round names the supply against each target; a miss is what raises the threat", () => {
    let rounds = 0;
    let missed = 0;
    for (const log of logs) {
      for (let i = 0; i < log.length; i++) {
        const read = readDemandSupply(log[i]!);
        if (!read) continue;
        const card = catalog.demands.find((d) => d.name === read.demand)!;
        expect(read.targets).toEqual(Object.fromEntries(RESOURCES.map((r) => [r, card.targets[r]])));
        const short = RESOURCES.some((r) => read.supply[r] < read.targets[r]);
        const rest = log.slice(i + 1);
        const paid = rest.find((l) => l === `The demand ${read.demand} is met.` || l.endsWith(`the demand ${read.demand} was not met.`));
        if (!paid) continue; // the game ended before the demand was paid
        expect(paid.endsWith("was not met."), log[i]).toBe(short);
        expect(log[i]!.includes("; missed ")).toBe(short);
        rounds++;
        if (short) missed++;
      }
    }
    expect(rounds).toBeGreaterThan(3);
    expect(missed).toBeGreaterThan(0);
  });

  it("reads back what it writes", () => {
    const a = { energy: 0, consumables: 1, tech: 2, entertainment: 3, credits: 4 };
    const b = { energy: 5, consumables: 1, tech: 12, entertainment: 3, credits: 4 };
    expect(readProductionSupply(productionSupplyLine(a, b))).toEqual({ before: a, after: b });
    expect(readDemandSupply(demandSupplyLine("Blackout", a, b))).toEqual({ demand: "Blackout", supply: a, targets: b });
    expect(demandSupplyLine("Blackout", a, b)).toMatch(/; missed energy by 5, tech by 10\.$/);
    expect(readProductionSupply("Supply after Production: energy 1.")).toBeNull();
  });
});
