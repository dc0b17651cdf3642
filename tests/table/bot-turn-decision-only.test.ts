// A bot asked for the decision a seat owes, and nothing else (a person's deadline, a spent bank), finds
// that seat owing none, only a trade offered to it: it does nothing (the trade is the person's to answer),
// where it once found no command and logged an error (the fuzzer met it as a crash).
import { describe, expect, it } from "vitest";
import { apply, createGame, waitingFor, type GameState } from "../../server/engine/index.ts";
import { botDecision, newMemory } from "../../server/bots/index.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { botTurn } from "../../server/table/bot-turn.ts";
import type { Command } from "../../shared/protocol.ts";

/** A game in its first decision, with a trade offered to a seat that owes no decision. */
function tradeToAnIdleSeat(): { game: GameState; idle: number } {
  const game = createGame({ players: 4, seed: 3 });
  const owing = new Set(waitingFor(game));
  const idle = [0, 1, 2, 3].find((n) => !owing.has(n))!;
  const from = [0, 1, 2, 3].find((n) => n !== idle)!;
  const proposed = apply(game, from, { type: "trade-propose", to: idle, give: { capital: 1, assets: [] } });
  if (!proposed.ok) throw new Error(proposed.message);
  return { game: proposed.state, idle };
}

describe("botTurn for the decision owed only", () => {
  it("does nothing at a seat that owes no decision, even with a trade offered to it", () => {
    const { game, idle } = tradeToAnIdleSeat();
    expect(waitingFor(game)).not.toContain(idle);
    const played: Command[] = [];
    const stuck: string[][] = [];
    const turn = botTurn(game, idle, [], (view, legal, events) => botDecision(view, legal, events, makeRandom(1), newMemory()), (c) => { played.push(c); return true; }, (types) => stuck.push(types), true);
    expect({ turn, played, stuck }).toEqual({ turn: {}, played: [], stuck: [] });
  });

  it("answers that trade when it plays the whole seat", () => {
    const { game, idle } = tradeToAnIdleSeat();
    const played: Command[] = [];
    const stuck: string[][] = [];
    botTurn(game, idle, [], (view, legal, events) => botDecision(view, legal, events, makeRandom(1), newMemory()), (c) => { played.push(c); return true; }, (types) => stuck.push(types), false);
    expect(stuck).toEqual([]);
    expect(played.map((c) => c.type)).toEqual([expect.stringMatching(/^trade-(accept|decline)$/)]);
  });
});
