// The end screen's headline for each person, worded from the engine's own result: a game ended by the
// engine (a random one played to its end, and one forced to end at threat 25) gets one sentence per seat,
// "You …" for your own, "win" exactly for the seats the engine says won.
import { describe, expect, it } from "vitest";
import { headlines } from "../../client/src/table/headlines.ts";
import type { ResultView } from "../../shared/view.ts";
import { viewFor } from "../../server/engine/index.ts";
import { raiseThreat } from "../../server/engine/threat.ts";
import { untilOver } from "../../server/engine/end.ts";
import { playRandomGame } from "../engine/driver.ts";
import { atFirstMainOffer, ctxOf } from "../engine/helpers.ts";

const names = (n: number) => `Seat ${n + 1}`;

function check(result: ResultView, threat: number) {
  for (const mySeat of [null, 0, 2]) {
    const lines = headlines(result, threat, names, mySeat);
    expect(lines.map((h) => h.seat)).toEqual(result.seats.map((s) => s.seat));
    for (const h of lines) {
      const won = result.seats.find((s) => s.seat === h.seat)!.won;
      expect(h.won).toBe(won);
      const who = h.seat === mySeat ? "You" : names(h.seat);
      const verb = won ? (h.seat === mySeat ? "win" : "wins") : (h.seat === mySeat ? "lose" : "loses");
      expect(h.text.startsWith(`${who} ${verb}: `), h.text).toBe(true);
    }
  }
}

describe("end headlines", () => {
  it("one per seat, winning exactly where the engine's result says, for whole random games", () => {
    let ended = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const { state } = playRandomGame(4, seed);
      if (!state.result) continue;
      ended++;
      check(viewFor(state, "spectator").result!, state.threat);
    }
    expect(ended).toBeGreaterThan(2);
  });

  it("at threat 25 names the threat, and a Federalist's capital", () => {
    const c = ctxOf(atFirstMainOffer());
    c.s.seats[1]!.rival = "federalist";
    c.s.seats[1]!.capital = 27;
    untilOver(c, () => raiseThreat(c, 30, "a test", "event"));
    const result = viewFor(c.s, "spectator").result!;
    check(result, c.s.threat);
    const mine = headlines(result, c.s.threat, names, 1).find((h) => h.seat === 1)!;
    expect(mine.text).toBe("You win: Federalist with 27 capital at threat 25");
    expect(headlines(result, 25, names, 0)[0]!.text).toMatch(/^You lose: the city fell at threat 25/);
  });
});
