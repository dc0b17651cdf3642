// The command stages' stopwatch (server/metrics.ts stages()): a command the table plays inside another
// command's stage (an answer in advance, before the patch leaves) counts in its own stages only.
import { describe, expect, it } from "vitest";
import { registry, stages } from "../../server/metrics.ts";

async function stageSeconds(): Promise<Record<string, number>> {
  const values = (await registry.getSingleMetric("newangeles_command_stage_seconds_total")!.get()).values;
  return Object.fromEntries(values.map((v) => [String(v.labels.stage), v.value]));
}

/** Keeps the thread busy for `ms` (the stopwatch reads the clock). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("stages()", () => {
  it("counts a command played inside another's stage once, in its own stages", async () => {
    const before = await stageSeconds();
    const outer = stages();
    busy(5);
    outer("engine");
    // the views stage of the outer command plays one of the table's own, which takes 60 ms in all
    busy(5);
    const inner = stages();
    busy(20);
    inner("engine");
    busy(20);
    inner("store");
    busy(20);
    inner("views");
    busy(5);
    outer("views");
    const after = await stageSeconds();
    const added = (stage: string) => ((after[stage] ?? 0) - (before[stage] ?? 0)) * 1000;
    // The inner command's stages are its own; the outer's views are its own 10 ms, not 70.
    expect(added("engine")).toBeGreaterThanOrEqual(25);
    expect(added("store")).toBeGreaterThanOrEqual(20);
    expect(added("views")).toBeGreaterThanOrEqual(30);
    expect(added("views")).toBeLessThan(60); // counted twice, it would be 90
    // Nothing is lost or counted twice: the stages add up to the time that passed.
    const total = added("engine") + added("store") + added("views");
    expect(total).toBeGreaterThanOrEqual(75);
    expect(total).toBeLessThan(120); // counted twice, 135
  });
});
