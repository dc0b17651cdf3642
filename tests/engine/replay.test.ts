import { describe, expect, it } from "vitest";
import { apply, createGame, replay } from "../../server/engine/index.ts";
import { playRandomGame } from "./driver.ts";

describe("Determinism and replay", () => {
  it("the same seed gives the same setup; another seed a different one", () => {
    expect(createGame({ players: 5, seed: 42 })).toEqual(createGame({ players: 5, seed: 42 }));
    expect(createGame({ players: 5, seed: 43 })).not.toEqual(createGame({ players: 5, seed: 42 }));
  });

  it("seed + variant + accepted commands rebuild the identical final state", () => {
    for (const [players, seed] of [[4, 1], [5, 2], [6, 3]] as const) {
      const variant = { tieWinner: "counter" as const };
      const { state, commands } = playRandomGame(players, seed, { variant, tradeRate: 0.1 });
      expect(state.result).not.toBeNull();
      expect(replay({ players, seed, variant, commands })).toEqual(state);
    }
  });

  it("the state is plain JSON: it survives a JSON round trip and play continues identically", () => {
    const { commands } = playRandomGame(4, 9);
    let a = createGame({ players: 4, seed: 9 });
    let b = a;
    for (const { seat, command } of commands.slice(0, 60)) {
      const r = apply(a, seat, command);
      if (!r.ok) throw new Error(r.message);
      a = r.state;
      const rb = apply(JSON.parse(JSON.stringify(b)), seat, command);
      if (!rb.ok) throw new Error(rb.message);
      b = rb.state;
    }
    expect(b).toEqual(a);
  });

  it("replay throws with the index of a command that is rejected", () => {
    expect(() => replay({ players: 4, seed: 1, commands: [{ seat: 3, command: { type: "pass" } }] })).toThrow(/command 0/);
  });

  it("apply never mutates its input, accepted or rejected", () => {
    const s = createGame({ players: 4, seed: 5 });
    const before = JSON.stringify(s);
    apply(s, 0, { type: "choose", option: "media" });
    apply(s, 0, { type: "choose", option: "nonsense" });
    apply(s, 2, { type: "pass" });
    expect(JSON.stringify(s)).toBe(before);
  });
});
