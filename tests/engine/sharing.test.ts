// apply() copies only the parts of a state the rules change in place and shares the rest with its
// input (state.ts, forkState); the rules replace a shared part, never change it. Here every input is
// deep-frozen first, so a write to any part of it throws (ES modules are strict): whole games of random
// legal moves and trades, and bot games (they use more assets), must go through without one.
import { describe, expect, it } from "vitest";
import { apply, createGame } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { botCommand } from "../../server/bots/index.ts";
import { randomMove, testRng } from "./driver.ts";

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

describe("apply shares what it does not change", () => {
  it("never writes to its input: random games on deep-frozen states", () => {
    let commands = 0;
    for (const [i, players] of ([4, 5, 6, 4, 5, 6, 6, 6] as const).entries()) {
      const rnd = testRng(900 + i);
      let s: GameState = createGame({ players, seed: 900 + i, variant: i % 2 ? { corpAssignment: "random", coveredCounteroffers: "return", resolvedEvents: "discard" } : undefined });
      for (let step = 0; step < 3000 && !s.result; step++) {
        const m = randomMove(rnd, s, 0.2);
        if (!m) break;
        const r = apply(deepFreeze(s), m.seat, m.command);
        if (!r.ok) continue;
        s = r.state;
        commands++;
      }
      expect(s.result, `game ${i} ended`).not.toBeNull();
    }
    expect(commands).toBeGreaterThan(2000);
  }, 60_000);

  it("never writes to its input: bot games on deep-frozen states", () => {
    for (const [i, players] of ([4, 5, 6] as const).entries()) {
      const run = playGame(players, 950 + i, undefined, (view, legal, events, random) => botCommand(view, legal, events, random), {
        check: (state) => (deepFreeze(state), []),
      });
      expect(run.error).toBeNull();
      expect(run.ending).not.toBeNull();
    }
  }, 60_000);

  it("shares the parts a command does not touch", () => {
    const s = createGame({ players: 4, seed: 3 });
    const p = s.pending!;
    const r = apply(s, p.seat, { type: "trade-propose", to: (p.seat + 1) % 4, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.districts).toBe(s.districts);
    expect(r.state.actionDecks).toBe(s.actionDecks);
    expect(r.state.seats[0]!.hand).toBe(s.seats[0]!.hand);
    expect(r.state.trades).not.toBe(s.trades);
  });
});
