// The bench's allocation figure (server/scripts/lib/allocation.ts): what a stretch of work allocated,
// collections in the middle of it included.
import { describe, expect, it } from "vitest";
import { allocationMeter } from "../../server/scripts/lib/allocation.ts";

describe("allocationMeter", () => {
  it("counts what was allocated across many collections, though nothing of it is kept", () => {
    const meter = allocationMeter();
    let kept: number[] = [];
    // 20,000 lists of 1,000 small numbers: at least 8 bytes each, 160 MB in all, far more than a young generation
    for (let i = 0; i < 20_000; i++) {
      kept = new Array<number>(1000).fill(i);
    }
    const bytes = meter.stop();
    expect(kept.length).toBe(1000);
    expect(bytes).toBeGreaterThan(20_000 * 1000 * 8);
    expect(bytes).toBeLessThan(20_000 * 1000 * 8 * 2);
  });

  it("counts next to nothing for work that allocates nothing", () => {
    const meter = allocationMeter();
    let sum = 0;
    for (let i = 0; i < 1_000_000; i++) sum += i % 7;
    const bytes = meter.stop();
    expect(sum).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(256 * 1024);
  });
});
