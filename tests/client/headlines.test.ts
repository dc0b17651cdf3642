// The end screen's headline for each person, worded from the engine's own result: a game ended by the
// engine (a random one played to its end, and one forced to end at threat 25) gets one sentence per seat,
// "You …" for your own, "win" exactly for the seats the engine says won.
import { describe, expect, it } from "vitest";
import { headlines } from "../../client/src/table/headlines.ts";
import type { ResultView } from "../../shared/view.ts";
import { viewFor } from "../../server/engine/index.ts";
import { raiseThreat } from "../../server/engine/threat.ts";
import { endNormally, untilOver } from "../../server/engine/end.ts";
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

  it("own corporation as rival says how many others it beat and how many it needed", () => {
    for (const players of [4, 5] as const) {
      const c = ctxOf(atFirstMainOffer(players));
      const me = c.s.seats[0]!;
      me.rival = me.corp;
      // more capital than exactly two others: enough at 4 players, one short at 5
      c.s.seats.forEach((p, i) => (p.capital = i === 0 ? 20 : i <= 2 ? 10 : 30));
      untilOver(c, () => endNormally(c));
      const result = viewFor(c.s, "spectator").result!;
      check(result, c.s.threat);
      const mine = headlines(result, c.s.threat, names, 0)[0]!.text;
      expect(mine).toBe(players === 4
        ? "You win: own corporation as rival, more capital than 2 of the 3 others, 2 needed (20 capital)"
        : "You lose: own corporation as rival, more capital than 2 of the 4 others, 3 needed (20 capital)");
    }
  });
});
