import { describe, expect, it } from "vitest";
import { apply, createGameWithEvents, legal, secretViewFor, viewFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";

describe("secretViewFor", () => {
  it("is exactly what viewFor(state, seat) adds to the spectator's view, all through a game", () => {
    const random = makeRandom(17);
    let { state } = createGameWithEvents({ players: 5, seed: 17, variant: {} });
    let steps = 0;
    while (!state.result && steps < 400) {
      for (let seat = 0; seat < 5; seat++) {
        const full = viewFor(state, seat);
        expect(secretViewFor(state, seat)).toEqual({ you: full.you, trades: full.trades });
      }
      const seat = [0, 1, 2, 3, 4].find((n) => randomCommand(legal(state, n), random) !== null)!;
      const result = apply(state, seat, randomCommand(legal(state, seat), random)!);
      if (!result.ok) throw new Error(result.message);
      state = result.state;
      steps++;
    }
    expect(steps).toBeGreaterThan(50);
  });
});
