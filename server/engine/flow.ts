// The game's flow: each stage runs until it needs a decision (s.pending) or hands over to the next
// stage. advance() keeps going until someone owes a decision or the game is over.
import { runEndOfTurn, runHandLimit, runNextTurn, runTurnStart } from "./action-phase.ts";
import { stepBudget } from "./budget.ts";
import type { Ctx } from "./ctx.ts";
import { revealAsset } from "./deal/asset.ts";
import { runCounteroffer } from "./deal/counteroffer.ts";
import { runMainOffer } from "./deal/offer.ts";
import { runClaim, runDealEnd, runDealWon, runResolution, runResolve, runTally } from "./deal/resolution.ts";
import { runSupport } from "./deal/support.ts";
import { runChooseInvestments, runPayDemand, runRevealDemand, runScoreInvestments } from "./demand.ts";
import { runDraw } from "./draw.ts";
import { effectChoice, runEffects } from "./effects.ts";
import { untilOver } from "./end.ts";
import { runEvent } from "./events.ts";
import { runProduction } from "./production.ts";
import { runNextRound } from "./round.ts";
import { runSetupHands, runSetupInvestments } from "./setup.ts";
import type { Stage } from "./state.ts";

const STAGES: Record<Exclude<Stage, "finished">, (c: Ctx) => void> = {
  "setup-hands": runSetupHands,
  "setup-investments": runSetupInvestments,
  "turn-start": runTurnStart,
  draw: runDraw,
  asset: revealAsset,
  "main-offer": runMainOffer,
  counteroffer: runCounteroffer,
  support: runSupport,
  resolution: runResolution,
  tally: runTally,
  "deal-won": runDealWon,
  resolve: runResolve,
  effect: runEffects,
  claim: runClaim,
  "deal-end": runDealEnd,
  "end-of-turn": runEndOfTurn,
  "hand-limit": runHandLimit,
  "next-turn": runNextTurn,
  production: runProduction,
  event: runEvent,
  "next-round": runNextRound,
  "demand-score": runScoreInvestments,
  "demand-pay": runPayDemand,
  "demand-reveal": runRevealDemand,
  "demand-invest": runChooseInvestments,
};

/**
 * A pending card choice whose options are all gone (a trade took away the asset or the target it
 * needed) would wait forever: drop it, and the effect skips that pick.
 */
function dropDeadChoice(c: Ctx): void {
  if (c.s.pending?.kind === "effect" && (effectChoice(c)?.options.length ?? 0) === 0) c.s.pending = null;
}

export function advance(c: Ctx): void {
  const step = stepBudget("the game flow");
  // threat can end the game in the middle of any stage: the end unwinds it (end.ts), the result stands
  untilOver(c, () => {
    dropDeadChoice(c);
    while (!c.s.pending && !c.s.result) {
      // a window opened abilities (effect frames) while another stage ran: that stage's next step
      // waits until they are resolved
      if (c.s.effects.length > 0 && c.s.stage !== "effect") {
        c.s.effectsThen = c.s.stage;
        c.s.stage = "effect";
      }
      const stage = c.s.stage;
      if (stage === "finished") break;
      STAGES[stage](c);
      step();
    }
  });
}
