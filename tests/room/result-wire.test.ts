// The result's wire form (shared/wire/placeholders.ts encodeResult): a list without keys, a why said
// before sent as its seat's place; it reads back as the engine's result.
import { describe, expect, it } from "vitest";
import { decodeResult, encodeResult } from "../../shared/wire/index.ts";
import { viewFor } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";

describe("the result on the wire", () => {
  it("reads back each seeded game's result, in fewer bytes than its JSON", () => {
    for (const [players, seed] of [[4, 3], [5, 4], [6, 5]] as const) {
      const run = playGame(players, seed, undefined, undefined, { check: null });
      const result = viewFor(run.state, "spectator").result!;
      expect(result).not.toBeNull();
      const wire = encodeResult(result);
      expect(decodeResult(wire)).toEqual(result);
      expect(wire.length).toBeLessThan(JSON.stringify(result).length * 0.75);
    }
    const shared = { reason: "threat" as const, winners: [], rivalUnderBoard: "nbn" as const, seats: [0, 1, 2].map((seat) => ({ seat, corp: "nbn" as const, rival: "jinteki" as const, capital: seat, won: false, why: seat === 1 ? "Other." : "Lost." })) };
    expect(decodeResult(encodeResult(shared))).toEqual(shared);
    expect(encodeResult(null)).toBe("");
    expect(decodeResult(JSON.stringify(shared))).toEqual(shared); // an older server's object
  });
});
