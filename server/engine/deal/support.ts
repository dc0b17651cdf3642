// Deal step 4, Support (A6, Part E): clockwise from the active player's left [R, supportOrder], each eligible player
// supports one offer with any number of action cards from hand (1 support each, facedown until
// Resolution) or abstains. Eligible by default: players with no offer in contention.
import { stepBudget } from "../budget.ts";
import type { Ctx } from "../ctx.ts";
import { clockwiseFrom, leftOf, log } from "../ctx.ts";
import { corpName } from "../data.ts";
import { removeFromHand } from "../draw.ts";
import type { GameState } from "../state.ts";
import { fireWindow } from "../windows.ts";
import { reject } from "./common.ts";
import type { Reject } from "./common.ts";

/** The seat whose counteroffer is visible (in contention), or null. */
export function counteringSeat(s: GameState): number | null {
  const cs = s.deal?.counters;
  return cs && cs.length > 0 ? cs[cs.length - 1]!.seat : null;
}

export function mayEverSupport(s: GameState, seat: number): boolean {
  if (s.variant.supportEligibility === "everyone") return true;
  const deal = s.deal!;
  return seat !== deal.main?.seat && seat !== counteringSeat(s);
}

/** Offers a seat may support now (Locust Company may bar a seat from the counteroffer). */
export function supportableOffers(s: GameState, seat: number): ("main" | "counter")[] {
  const out: ("main" | "counter")[] = [];
  if (s.deal?.main) out.push("main");
  if (s.deal && s.deal.counters.length > 0 && !s.deal.noCounterSupport?.includes(seat)) out.push("counter");
  return out;
}

export function startSupport(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  if (!deal.main) {
    // nothing to compare against: the counteroffer wins with any support [R]
    s.stage = "resolution";
    return;
  }
  const first = s.variant.supportOrder === "active-first" ? s.active : leftOf(s, s.active);
  deal.supportQueue = clockwiseFrom(s, first).filter((x) => mayEverSupport(s, x));
  s.stage = "support";
  fireWindow(c, "support-start", {});
}

/** The "support" stage: asks the next eligible seat; a seat with no cards abstains at once. */
export function runSupport(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  const turn = stepBudget("the support round");
  while (deal.supportQueue.length > 0) {
    turn();
    const seat = deal.supportQueue[0]!;
    if (s.seats[seat]!.hand.length > 0) {
      s.pending = { kind: "support", seat };
      return;
    }
    deal.supportQueue.shift();
    deal.abstained.push(seat);
    log(c, "abstain", `${corpName(s, seat)} has no cards and abstains.`);
    fireWindow(c, "abstain", { seat });
    if (s.effects.length > 0) return; // Eiko: the abstainer answers before the next seat is asked
  }
  s.stage = "resolution";
}

export function checkSupport(s: GameState, seat: number, offer: "main" | "counter", cards: string[]): Reject | null {
  if (!supportableOffers(s, seat).includes(offer)) return reject("no-such-offer", "There is no such offer for you to support.");
  if (cards.length === 0) return reject("no-cards", "Support with at least one action card, or abstain.");
  const hand = s.seats[seat]!.hand;
  if (new Set(cards).size !== cards.length || cards.some((id) => !hand.includes(id))) {
    return reject("not-in-hand", "Support with cards from your own hand, each once.");
  }
  return null;
}

export function giveSupport(c: Ctx, seat: number, offer: "main" | "counter", cards: string[]): Reject | null {
  const s = c.s;
  const bad = checkSupport(s, seat, offer, cards);
  if (bad) return bad;
  removeFromHand(c, seat, cards);
  s.deal!.supports.push({ seat, offer, cards: [...cards] });
  s.deal!.supportQueue.shift();
  s.pending = null;
  const which = offer === "main" ? "the main offer" : "the counteroffer";
  log(c, "support", `${corpName(s, seat)} supports ${which} with ${cards.length} card${cards.length === 1 ? "" : "s"}.`);
  return null;
}

export function abstain(c: Ctx, seat: number): void {
  const s = c.s;
  s.deal!.supportQueue.shift();
  s.deal!.abstained.push(seat);
  s.pending = null;
  log(c, "abstain", `${corpName(s, seat)} abstains.`);
  fireWindow(c, "abstain", { seat });
}

/** Support for an offer: every card played for it, asset-added ones included. */
export function supportCount(s: GameState, offer: "main" | "counter"): number {
  let n = 0;
  for (const x of s.deal!.supports) if (x.offer === offer) n += x.cards.length;
  return n;
}
