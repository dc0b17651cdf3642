import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../shared/view.ts";
import type { Command } from "../../shared/protocol.ts";
import { apply, legal } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { newGame } from "./helpers.ts";
import { concretize, testRng } from "./driver.ts";

/** Plays a whole game with random legal moves, holding threat at 0 so that it reaches the normal end. */
export function playCalmGame(players: 4 | 5 | 6, seed: number): { state: GameState; events: GameEvent[] } {
  let s = newGame(players, seed);
  const rnd = testRng(seed);
  const events: GameEvent[] = [];
  for (let i = 0; i < 5000 && !s.result; i++) {
    s.threat = 0;
    const seat = s.pending!.seat;
    const options = legal(s, seat).filter((l) => !l.type.startsWith("trade"));
    let cmd: Command | null = null;
    while (!cmd) cmd = concretize(rnd, options[Math.floor(rnd() * options.length)]!);
    const r = apply(s, seat, cmd);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

describe("Round track (A4)", () => {
  it("runs 1, 2, D, 3, 4, D, 5, 6, D and ends after Pay Demand of the third demand round", () => {
    const { state, events } = playCalmGame(5, 21);
    const rounds = events.filter((e) => e.type === "round").map((e) => e.text);
    expect(rounds).toEqual([
      "Round 1 begins.",
      "Round 2 begins.",
      "Demand round 1 begins.",
      "Round 3 begins.",
      "Round 4 begins.",
      "Demand round 2 begins.",
      "Round 5 begins.",
      "Round 6 begins.",
      "Demand round 3 begins.",
    ]);
    expect(state.result?.reason).toBe("end");
    expect(state.stage).toBe("finished");
    expect(state.demandRounds).toBe(3);
    // standard rounds only: each is Action, Production, Event
    expect(events.filter((e) => e.text === "Production Phase.")).toHaveLength(6);
    expect(events.filter((e) => e.type === "event" && e.text.startsWith("Event:"))).toHaveLength(6);
    // no new demand is revealed in the final demand round
    expect(events.filter((e) => e.text.startsWith("New demand:"))).toHaveLength(2);
  });

  it("each standard round has as many turns as the previous event dealt assets", () => {
    const { events } = playCalmGame(4, 8);
    const turnsDealt = events.filter((e) => /next Action Phase has \d+ turns/.test(e.text)).map((e) => Number(/has (\d+)/.exec(e.text)![1]));
    const turnStarts: number[] = [];
    let n = 0;
    for (const e of events) {
      if (e.type === "turn") n++;
      if (e.text === "Production Phase.") {
        turnStarts.push(n);
        n = 0;
      }
    }
    expect(turnStarts[0]).toBe(3);
    // round k+1 has as many turns as the event of round k announced (rounds 2, 4, 6 events feed the round after a demand round)
    expect(turnStarts.slice(1)).toEqual(turnsDealt.slice(0, 5));
  });
});
