// Corp-sheet contracts: each corporation gains capital when a resolved card does its thing.
// Scope [R]: the five effect contracts pay for any resolved card (variant contractScope "any-card")
// or only the corp's own ("own-card"); production, events and moves into The Root never pay them.
// Melange Mining's follows melangeContract alone: by default it pays after an event card.
import type { CorpId } from "../../shared/catalog/types.ts";
import type { Ctx } from "./ctx.ts";
import { gainCapital, log, seatOfCorp } from "./ctx.ts";
import { corp } from "./data.ts";
import type { EffectFrame } from "./state.ts";

/** Melange Mining's contract pays 3. */
export const MELANGE_CAPITAL = 3;

function pay(c: Ctx, corpId: CorpId, amount: number, why: string, scope = c.s.variant.contractScope): void {
  if (!c.frame || amount <= 0 || c.s.result) return;
  const seat = seatOfCorp(c.s, corpId);
  if (seat < 0) return;
  if (scope === "own-card" && c.frame.seat !== seat) return;
  gainCapital(c, seat, amount);
  log(c, "contract", `${corp(corpId).name} gains ${amount} capital from its contract (${why}).`);
}

/** Jinteki: +2 capital when an illness token is removed from a district. */
export function illnessRemoved(c: Ctx): void {
  pay(c, "jinteki", 2, "illness removed");
}
/** Haas-Bioroid: +2 capital when 1 or more androids are moved: once per card, or per android [R, haasBioroidContract]. */
export function androidsMoved(c: Ctx): void {
  if (!c.frame) return;
  if (c.s.variant.haasBioroidContract === "per-card") {
    if (c.frame.vars.androidContractPaid) return;
    c.frame.vars.androidContractPaid = true;
  }
  pay(c, "haas-bioroid", 2, "androids moved");
}
/** NBN: +1 capital per stage of unrest decreased. */
export function unrestDecreased(c: Ctx, stages: number): void {
  pay(c, "nbn", stages, `unrest decreased by ${stages}`);
}
/** Weyland Consortium: +2 capital when an outage is removed from a district. */
export function outageRemoved(c: Ctx): void {
  pay(c, "weyland", 2, "outage removed");
}
/** Globalsec: +1 capital when an enemy unit is removed from a district. */
export function enemyUnitRemoved(c: Ctx): void {
  pay(c, "globalsec", 1, "enemy unit removed");
}
/** Melange Mining, "any-card"/"own-card" readings: +3 capital when an action card is resolved, if threat did not rise by at least 2 [melangeContract]. */
export function cardResolved(c: Ctx, frame: EffectFrame): void {
  const scope = c.s.variant.melangeContract;
  if (scope !== "any-card" && scope !== "own-card") return;
  if (c.s.threat - frame.threatAtStart < 2) pay(c, "melange", 3, "threat did not rise by 2 or more", scope);
}
/** Melange Mining, "event-card" reading (the default): +3 capital when an event card is completely resolved, if threat did not rise by at least 2 during it. */
export function eventResolved(c: Ctx, threatAtStart: number): void {
  if (c.s.variant.melangeContract !== "event-card" || c.s.result) return;
  if (c.s.threat - threatAtStart >= 2) return;
  const seat = seatOfCorp(c.s, "melange");
  if (seat < 0) return;
  gainCapital(c, seat, MELANGE_CAPITAL);
  log(c, "contract", `${corp("melange").name} gains ${MELANGE_CAPITAL} capital from its contract (the event raised threat by less than 2).`);
}
