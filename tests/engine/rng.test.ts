// The engine's two kinds of seed: 128 bits as 32 hex digits (what the server draws) and whole numbers
// (tests and tools), which keep giving the games they always gave.
import { describe, expect, it } from "vitest";
import { createGame, isSeed, replay } from "../../server/engine/index.ts";
import { nextUint32, seedRng } from "../../server/engine/rng.ts";
import { randomMove, testRng } from "./driver.ts";
import { apply, type Command, type GameState } from "../../server/engine/index.ts";

const HEX_A = "0123456789abcdef0123456789abcdef";
const HEX_B = "0123456789abcdef0123456789abcdee"; // one bit apart

describe("seeds", () => {
  it("a 128-bit seed uses all four words: one bit apart is another game", () => {
    const a = seedRng(HEX_A);
    const b = seedRng(HEX_B);
    expect(a).toEqual(seedRng(HEX_A));
    expect(Array.from({ length: 4 }, () => nextUint32(a))).not.toEqual(Array.from({ length: 4 }, () => nextUint32(b)));
    expect(createGame({ players: 4, seed: HEX_A })).toEqual(createGame({ players: 4, seed: HEX_A }));
    expect(JSON.stringify(createGame({ players: 4, seed: HEX_A }).seats)).not.toBe(JSON.stringify(createGame({ players: 4, seed: HEX_B }).seats));
  });

  it("only whole 32-bit numbers and 32 hex digits are seeds", () => {
    for (const good of [0, 1, 2 ** 32 - 1, HEX_A]) expect(isSeed(good), String(good)).toBe(true);
    for (const bad of [-1, 1.5, 2 ** 32, "12", HEX_A.toUpperCase(), HEX_A + "0", null, {}]) expect(isSeed(bad), String(bad)).toBe(false);
    expect(() => seedRng("not a seed")).toThrow(/32 hex digits/);
  });

  it("a whole game on a 128-bit seed replays exactly from its seed and commands", () => {
    const rnd = testRng(1);
    let s: GameState = createGame({ players: 4, seed: HEX_A });
    const commands: { seat: number; command: Command }[] = [];
    for (let step = 0; step < 20_000 && !s.result; step++) {
      const m = randomMove(rnd, s)!;
      const r = apply(s, m.seat, m.command);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      commands.push(m);
    }
    expect(s.result).toBeTruthy();
    expect(replay({ players: 4, seed: HEX_A, commands })).toEqual(s);
  });
});
