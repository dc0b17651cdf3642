// Deal step 3, Counteroffer (A6): clockwise from the active player's left, each player gets one
// chance to put a card faceup in the Counteroffer box, covering the one before. When k counteroffers
// are already in the box, the next one costs k discarded action cards [R, variant counterofferCost].
import { stepBudget } from "../budget.ts";
import type { Ctx } from "../ctx.ts";
import { clockwiseFrom, leftOf, log } from "../ctx.ts";
import { corpName } from "../data.ts";
import { discardCards, removeFromHand } from "../draw.ts";
import type { GameState, Offer } from "../state.ts";
import { fireWindow } from "../windows.ts";
import { checkOffer, faceupEmergencies, isReject, offerTitle, reject, takeOffered } from "./common.ts";
import type { Reject } from "./common.ts";
import { startSupport } from "./support.ts";

/** Cards to discard to propose the next counteroffer. */
export function counterofferCost(s: GameState): number {
  return s.variant.counterofferCost === "cards-in-box" ? s.deal!.counters.length : 0;
}

export function canCounter(s: GameState, seat: number): boolean {
  if (s.deal?.noCounter?.includes(seat)) return false; // Chief Gorman: not again this turn
  const cost = counterofferCost(s);
  const hand = s.seats[seat]!.hand.length;
  return hand >= cost + 1 || (faceupEmergencies(s, seat).length > 0 && hand >= cost);
}

export function startCounteroffers(c: Ctx): void {
  const s = c.s;
  const order = clockwiseFrom(s, leftOf(s, s.active));
  s.deal!.counterQueue = s.variant.activePlayerMayCounter ? order : order.filter((x) => x !== s.active);
  s.stage = "counteroffer";
}

/** The "counteroffer" stage: offers the chance to the next seat that can pay for one. */
export function runCounteroffer(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  const turn = stepBudget("the counteroffer round");
  while (deal.counterQueue.length > 0) {
    turn();
    const seat = deal.counterQueue[0]!;
    if (canCounter(s, seat)) {
      s.pending = { kind: "counteroffer", seat };
      return;
    }
    deal.counterQueue.shift();
  }
  if (deal.counters.length === 0) {
    if (deal.main && !s.variant.noCounterofferSkipsSupport) {
      log(c, "counteroffer", "Nobody counters: the main offer still goes to Support.");
      startSupport(c);
      return;
    }
    if (deal.main) log(c, "counteroffer", "Nobody counters: the main offer wins without support.");
    s.stage = "resolution";
    return;
  }
  startSupport(c);
}

export function proposeCounteroffer(
  c: Ctx,
  seat: number,
  card: string | undefined,
  emergency: true | string | undefined,
  discard: string[],
): Reject | null {
  const s = c.s;
  const o = checkOffer(s, seat, card, emergency);
  if (isReject(o)) return o;
  const cost = counterofferCost(s);
  const hand = s.seats[seat]!.hand;
  if (discard.length !== cost) {
    return reject("counteroffer-cost", `A counteroffer now costs ${cost} discarded action card${cost === 1 ? "" : "s"}.`);
  }
  if (new Set(discard).size !== discard.length || discard.some((id) => !hand.includes(id) || id === card)) {
    return reject("counteroffer-cost", "Pay for the counteroffer with other cards from your hand, each once.");
  }
  s.deal!.counterQueue.shift();
  s.pending = null;
  payForCounteroffer(c, seat, discard);
  placeCounteroffer(c, o, cost);
  return null;
}

/** The discarded cards go to their discard piles (or to Aaron Marron's owner). */
function payForCounteroffer(c: Ctx, seat: number, discard: string[]): void {
  removeFromHand(c, seat, discard);
  if (!c.rules.modifiers.counterDiscard.some((take) => take(c, seat, discard))) discardCards(c, discard); // Aaron Marron
}

/** Puts an offer on top of the Counteroffer box (also used by The Fall Guy) and opens its window. */
export function placeCounteroffer(c: Ctx, o: Offer, paid: number): void {
  const s = c.s;
  takeOffered(c, o);
  s.deal!.counters.push(o);
  const cost = paid > 0 ? ` after discarding ${paid} card${paid === 1 ? "" : "s"}` : "";
  log(c, "counteroffer", `${corpName(s, o.seat)} counters with ${offerTitle(o)}${cost}.`);
  fireWindow(c, "counteroffer-proposed", { seat: o.seat, card: o.card });
}

export function passCounteroffer(c: Ctx, seat: number): void {
  c.s.deal!.counterQueue.shift();
  c.s.pending = null;
  log(c, "pass", `${corpName(c.s, seat)} does not counter.`);
}
