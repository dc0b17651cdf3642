// The end screen's Rematch click may come a moment before the server has filed the game as finished (it
// answers 403 with the code "not-finished" then: tests/room/ends.test.ts); `onceFiled` asks again for a
// few seconds.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../client/src/net/api.ts";
import { FILED_TRIES, onceFiled } from "../../client/src/net/ends-api.ts";

/** An ask refused `refusals` times with `code`, then answered; and the waits it was made to take. */
function asker(refusals: number, code: string) {
  const waits: number[] = [];
  let asked = 0;
  const ask = async () => {
    asked++;
    if (asked <= refusals) throw new ApiError(code, `refused (${code})`);
    return "made";
  };
  return { ask, waits, wait: async (ms: number) => { waits.push(ms); }, asked: () => asked };
}

describe("onceFiled", () => {
  it("asks again while the game is not yet filed as finished, waiting longer each time", async () => {
    const a = asker(3, "not-finished");
    await expect(onceFiled(a.ask, a.wait)).resolves.toBe("made");
    expect(a.asked()).toBe(4);
    expect(a.waits).toEqual([300, 600, 900]);
  });

  it("gives up after its tries, with the server's refusal, within a few seconds", async () => {
    const a = asker(100, "not-finished");
    await expect(onceFiled(a.ask, a.wait)).rejects.toThrow("refused (not-finished)");
    expect(a.asked()).toBe(FILED_TRIES);
    const total = a.waits.reduce((x, y) => x + y, 0);
    expect(total).toBeGreaterThan(2000);
    expect(total).toBeLessThan(10_000);
  });

  it("shows any other refusal at once", async () => {
    const a = asker(1, "not-a-player");
    await expect(onceFiled(a.ask, a.wait)).rejects.toThrow("refused (not-a-player)");
    expect(a.asked()).toBe(1);
    expect(a.waits).toEqual([]);
  });
});
