// The round track (A4): 1, 2, D, 3, 4, D, 5, 6, D. Numbered spaces are standard rounds (Action,
// Production, Event); D spaces are demand rounds.
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { ROUND_TRACK } from "./state.ts";

export function isDemandRound(round: number): boolean {
  return ROUND_TRACK[round] === "D";
}

/** The "next-round" stage: move the round token one space on. */
export function runNextRound(c: Ctx): void {
  const s = c.s;
  s.round++;
  s.threatRound = {};
  if (s.round >= ROUND_TRACK.length) throw new Error("the round track is over");
  if (isDemandRound(s.round)) {
    log(c, "round", `Demand round ${s.demandRounds + 1} begins.`);
    s.stage = "demand-score";
  } else {
    log(c, "round", `Round ${ROUND_TRACK[s.round]} begins.`);
    s.stage = "turn-start";
  }
}
