// Waits per game at five seats: how often a game at a turn-based table stops for a person, today and with
// answers in advance (server/table/standing-answers.ts). Bots play 5-seat games as the people would; a
// wait is each time the decision passes to a person other than the one who made the last one. A decision
// the table answers at once for its seat (an answer given in advance) is no wait, and two decisions in a
// row of one person are one wait. Trades run beside the game and are not counted. Three figures:
//  - today: no answers in advance;
//  - the table's defaults: abilities passed, forced moves played; a counteroffer chance still asks;
//  - and "pass this deal" given ahead by those who pass anyway: a counteroffer chance or an asked
//    ability that the person answers with the table's pass (a timed pass today) is answered in advance.
//    The moves are the same as with the defaults, so each game is compared with itself.
// The figures are printed beside issue #29's estimate (228 waits a game today, about 141 with answers in
// advance).
import { describe, expect, it } from "vitest";
import { botCommand } from "../../server/bots/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { answerInAdvance, DEFAULT_ANSWERS } from "../../server/table/standing-answers.ts";

const GAMES = 8;

/** Each game's waits: with no answers in advance, the table's defaults, or those and the passes given ahead. */
function waitsPerGame(answers: "none" | "defaults" | "passes-ahead"): number[] {
  const out: number[] = [];
  for (let seed = 1; seed <= GAMES; seed++) {
    let waits = 0;
    let last: number | null = null;
    const run = playGame(5, seed, undefined, (view, legal, events, random) => {
      const ahead = answers === "none" ? null : answerInAdvance(legal, DEFAULT_ANSWERS, view.round);
      if (ahead && !ahead.afterSeconds) return ahead.command;
      const c = botCommand(view, legal, events, random);
      if (!c || c.type.startsWith("trade-")) return c;
      const passedAhead = answers === "passes-ahead" && ahead?.afterSeconds && JSON.stringify(ahead.command) === JSON.stringify(c);
      if (!passedAhead) {
        if (view.seat !== last) waits++;
        last = view.seat;
      }
      return c;
    }, { check: null });
    expect(run.error).toBeNull();
    expect(run.state.result).not.toBeNull();
    out.push(waits);
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe("Waits per game at five seats", () => {
  it("fall with the table's default answers in advance, and further with passes given ahead", () => {
    const today = waitsPerGame("none");
    const defaults = waitsPerGame("defaults");
    const ahead = waitsPerGame("passes-ahead");
    const fewer = (xs: number[]) => `${median(xs)} (${Math.round(100 - (100 * median(xs)) / median(today))}% fewer)`;
    console.log(`waits per 5-seat game, median of ${GAMES}: today ${median(today)}, with the table's defaults ${fewer(defaults)}, ` +
      `and passes given ahead by those who pass anyway ${fewer(ahead)} (issue #29's estimate: 228 -> about 141)`);
    expect(median(defaults)).toBeLessThan(median(today));
    // the same games as with the defaults (the same moves): each has fewer waits
    for (let i = 0; i < GAMES; i++) expect(ahead[i]).toBeLessThan(defaults[i]!);
  }, 300_000);
});
