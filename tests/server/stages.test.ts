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
    // The clock is read around each lap, so a busy machine's pauses are in the expected figures too.
    const outerFrom = performance.now();
    const outer = stages();
    busy(5);
    outer("engine");
    const outerViewsFrom = performance.now();
    busy(5);
    // the views stage of the outer command plays one of the table's own: 60 ms at least
    const innerFrom = performance.now();
    const inner = stages();
    busy(20);
    inner("engine");
    busy(20);
    inner("store");
    const innerViewsFrom = performance.now();
    busy(20);
    inner("views");
    const innerTo = performance.now();
    busy(5);
    outer("views");
    const outerViewsTo = performance.now();
    const after = await stageSeconds();
    const added = (stage: string) => ((after[stage] ?? 0) - (before[stage] ?? 0)) * 1000;

    const innerMs = innerTo - innerFrom;
    expect(innerMs).toBeGreaterThanOrEqual(60);
    // the outer command's views are its own time, without the inner command's 60 ms and more
    const outerViews = outerViewsTo - outerViewsFrom - innerMs;
    const innerViews = innerTo - innerViewsFrom;
    expect(Math.abs(added("views") - (outerViews + innerViews))).toBeLessThan(3);
    // nothing lost or counted twice (that would be 60 ms and more over): the stages add up to the time that passed
    const total = added("engine") + added("store") + added("views");
    expect(Math.abs(total - (outerViewsTo - outerFrom))).toBeLessThan(3);
  });
});
