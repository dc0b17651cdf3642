// The bots never stall, send only commands the engine accepts, keep every invariant, and a seeded
// game always plays out the same.
import { describe, expect, it } from "vitest";
import { allChecks } from "../../server/sim/checks.ts";
import { botCommand, botDecision, newMemory } from "../../server/bots/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { botStats } from "../../server/bots/policy.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { apply, botViewFor, createGame, replay, waitingFor } from "../../server/engine/index.ts";
import type { GameState, Variant } from "../../server/engine/index.ts";
import { botOn } from "./helpers.ts";

describe("whole bot games", () => {
  for (const players of [4, 5, 6] as const) {
    it(`${players} players: 12 seeds end without an error or a broken invariant`, () => {
      const fallbacksBefore = botStats.fallbacks;
      for (let seed = 1; seed <= 12; seed++) {
        const run = playGame(players, seed * 101, undefined, botCommand, { check: allChecks });
        expect(run.error, `seed ${seed * 101}`).toBeNull();
        expect(run.violations, `seed ${seed * 101}`).toEqual([]);
        expect(run.ending).not.toBeNull();
        expect(waitingFor(run.state)).toEqual([]);
        expect(run.commands.length).toBeGreaterThan(50);
      }
      // the sensible policy decided everything itself (no fallback to a random move)
      expect(botStats.fallbacks - fallbacksBefore, botStats.lastProblem).toBe(0);
    });
  }

  it("plays every variant option without an error, a broken invariant or a fallback", () => {
    const variants: Partial<Variant>[] = [
      { supportEligibility: "everyone", tieWinner: "counter" },
      { counterofferCost: "free", noCounterofferSkipsSupport: false },
      { noMainOffer: "discard-asset", contractScope: "own-card", activePlayerMayCounter: true },
      { prisecBlocksEnemyUnits: false, setupInvestments: "draw-1", reshuffleEmptyDecks: false, resolvedEvents: "discard" },
      { federalistWinsNormally: true, stolenEmergencyOwner: "original", exploitationOrder: "descending", supplyMax: 6 },
    ];
    const fallbacksBefore = botStats.fallbacks;
    for (const variant of variants) {
      for (const players of [4, 5, 6] as const) {
        const run = playGame(players, 7, variant, botCommand, { check: allChecks });
        expect(run.error, JSON.stringify(variant)).toBeNull();
        expect(run.violations, JSON.stringify(variant)).toEqual([]);
        expect(run.ending).not.toBeNull();
      }
    }
    expect(botStats.fallbacks - fallbacksBefore, botStats.lastProblem).toBe(0);
  });

  it("a seeded game is deterministic: same seed, same command log, and the log replays to the same state", () => {
    const a = playGame(5, 42);
    const b = playGame(5, 42);
    expect(b.commands).toEqual(a.commands);
    expect(b.state).toEqual(a.state);
    expect(replay({ players: 5, seed: 42, commands: a.commands })).toEqual(a.state);
    const c = playGame(5, 43);
    expect(c.commands).not.toEqual(a.commands);
  });

  it("the bot answers every decision of random games with a command apply() accepts", () => {
    // random play reaches odd positions the sensible bots avoid (empty hands, dire threat, ...)
    for (let seed = 1; seed <= 6; seed++) {
      const players = ([4, 5, 6] as const)[seed % 3]!;
      const chaos = makeRandom(seed);
      const bot = makeRandom(seed + 1000);
      // the game as the engine holds it, followed through the check hook, to apply the bot's move to
      let s: GameState = createGame({ players, seed });
      const follow = { check: (next: GameState) => ((s = next), []) };
      const run = playGame(players, seed, undefined, (view, legal, events, random) => {
        const seat = view.seat!;
        if (view.pending?.seat === seat) {
          const mine = botCommand(view, legal, events, bot);
          expect(mine, `${view.pending.kind}`).not.toBeNull();
          const r = apply(s, seat, mine!);
          expect(r.ok, r.ok ? "" : `${JSON.stringify(mine)}: ${r.message}`).toBe(true);
        }
        return randomCommand(legal, random) ?? botCommand(view, legal, events, chaos);
      }, follow);
      expect(run.error).toBeNull();
    }
  });

  it("the bot sends nothing for a seat that owes nothing", () => {
    const run = playGame(4, 9, undefined, botCommand, { maxSteps: 30 });
    const s = run.state;
    const idle = [0, 1, 2, 3].filter((seat) => !waitingFor(s).includes(seat) && !s.trades.some((t) => t.to === seat));
    expect(idle.length).toBeGreaterThan(0);
    for (const seat of idle) expect(botOn(s, seat, makeRandom(1))).toBeNull();
  });

  it("playGame reports a bot command the engine refuses, with its step", () => {
    const run = playGame(4, 3, undefined, (view) => (view.pending?.seat === view.seat ? { type: "pass" } : null));
    expect(run.error?.message).toMatch(/refused/);
    expect(run.error?.step).toBe(0);
  });

  it("playGame stops a game that does not end within the step bound", () => {
    const run = playGame(4, 3, undefined, botCommand, { maxSteps: 10 });
    expect(run.ending).toBeNull();
    expect(run.error?.message).toMatch(/did not end within 10/);
  });

  it("each decision's view is the engine's botViewFor of the seat (no forecast), though built from the last one", () => {
    // a trading, mixed table (negotiators propose and answer trades), with the state each view belongs to
    const memories = [0, 1, 2, 3, 4, 5].map(() => newMemory());
    let now: GameState | null = null;
    let compared = 0;
    const run = playGame(6, 11, undefined, (view, legal, events, random) => {
      // what the server asks its bots with (bot-turn.ts): the seat's view less the forecast
      expect(view).toEqual(botViewFor(now!, view.seat!));
      compared++;
      return view.seat! % 2 === 0 ? botDecision(view, legal, events, random, memories[view.seat!]).command : botCommand(view, legal, events, random);
    }, { check: null, observe: (state) => void (now = state) });
    expect(run.error).toBeNull();
    expect(compared).toBe(run.commands.length);
  });
});
