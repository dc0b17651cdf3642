// The client's phase reports read the log's facts: from the log history alone (a reload, with no state
// seen before), Production shows the supply before and after, and a demand round the supply it was paid against.
import { describe, expect, it } from "vitest";
import { apply, createGame, waitingFor } from "../../server/engine/index.ts";
import { readDemandSupply, readProductionSupply } from "../../shared/phase-lines.ts";
import { reportsOf, type DemandReport, type ProductionReport } from "../../client/src/table/reports.ts";
import { randomMove, testRng } from "../engine/driver.ts";

function publicLog(seed: number): string[] {
  const rnd = testRng(seed);
  let s = createGame({ players: 4, seed });
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

describe("phase reports", () => {
  it("rebuild from the log history alone: supply before and after Production, the supply each demand met or missed", () => {
    const log = publicLog(21);
    let demands = 0;
    for (let i = 0; i < log.length; i++) {
      if (log[i] !== "Production Phase.") continue;
      // As a reload receives it: the lines from this Production on, no earlier state known.
      const next = log.indexOf("Production Phase.", i + 1);
      const lines = log.slice(i, next < 0 ? undefined : next);
      const reports = reportsOf({ from: i, lines });
      const prod = reports.find((r): r is ProductionReport => r.kind === "production")!;
      const facts = lines.map(readProductionSupply).find((f) => f !== null);
      if (!facts) continue; // the game ended during it
      expect(prod.before).toEqual(facts.before);
      expect(prod.after).toEqual(facts.after);
      expect(prod.districts.map((d) => d.name)).toEqual(lines.filter((l) => / produces /.test(l)).map((l) => l.slice(0, l.indexOf(" produces "))));
      expect(prod.lines.some((l) => l.startsWith("Supply after Production"))).toBe(false);
      const demand = reports.find((r): r is DemandReport => r.kind === "demand");
      const paid = lines.map(readDemandSupply).find((f) => f !== null);
      if (demand && paid) {
        expect(demand.supply).toEqual(paid.supply);
        expect(demand.demand?.name).toBe(paid.demand);
        demands++;
      }
    }
    expect(demands).toBeGreaterThanOrEqual(2);
  });
});
