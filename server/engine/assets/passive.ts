// Passive assets (B6): constant effects and automatic triggers. Those that say "you may" are offered
// to their owner as use / pass; the others simply happen.
import type { DrawSlot } from "../../../shared/catalog/types.ts";
import type { Ctx } from "../ctx.ts";
import { gainCapital, log, loseCapital } from "../ctx.ts";
import { cardTitle, corpName } from "../data.ts";
import { randInt } from "../rng.ts";
import type { GameState } from "../state.ts";
import { counteringSeat } from "../deal/support.ts";
import type { RulePart } from "../rulebook.ts";
import { holderOf } from "../windows.ts";
import { automaticAbility, defineAsset, drawTopTypeSteps, heldAsset } from "./ability.ts";

/** Aaron Marron: cards another player discards to pay for a counteroffer go to your hand. Returns whether it took them. */
function aaronMarronTakes(c: Ctx, payer: number, cards: string[]): boolean {
  const owner = holderOf(c, "aaron-marron");
  if (owner < 0 || owner === payer || cards.length === 0) return false;
  const p = c.s.seats[owner]!;
  p.hand = [...p.hand, ...cards]; // replaced, never changed in place (state.ts)
  const what = cards.length === 1 ? "the card" : `the ${cards.length} cards`;
  log(c, "asset", `Aaron Marron: ${what} ${corpName(c.s, payer)} discards to counter go${cards.length === 1 ? "es" : ""} to ${corpName(c.s, owner)}'s hand.`);
  log(c, "asset-private", `Aaron Marron brings you ${cards.map(cardTitle).join(", ")}.`, [owner]);
  return true;
}

/** Braintrust: your hand size is 1 lower. Floyd 2X3A7C: 5 higher. */
export const BRAINTRUST_HAND_SIZE = -1;
export const FLOYD_HAND_SIZE = 5;

/** Braintrust: every quantity in your corp sheet's draw is doubled (General slots too, by default [R]). */
function braintrustDraw(s: GameState, seat: number, slots: DrawSlot[]): DrawSlot[] {
  if (!heldAsset(s, seat, "braintrust")) return slots;
  return slots.flatMap((x) => (x !== "general" || s.variant.braintrustDoublesGeneral ? [x, x] : [x]));
}

// The rules these assets change: the core rules ask the rulebook's modifiers (draw.ts, action-phase.ts, deal/counteroffer.ts).
const aaronMarron: RulePart = { modifiers: { counterDiscard: aaronMarronTakes } };
const braintrust: RulePart = {
  modifiers: { handSize: (s, seat) => (heldAsset(s, seat, "braintrust") ? BRAINTRUST_HAND_SIZE : 0), drawSlots: braintrustDraw },
};
const floydHandSize: RulePart = { modifiers: { handSize: (s, seat) => (heldAsset(s, seat, "floyd-2x3a7c") ? FLOYD_HAND_SIZE : 0) } };

/** The player on a seat's right: the one whose left neighbour it is. */
function rightOf(s: GameState, seat: number): number {
  return (seat + s.players - 1) % s.players;
}

/** Coach Walden: when the player on your right wins a deal, gain 1 capital. */
const coachWalden = automaticAbility("deal-won", "coach-walden", (c, owner, p) => {
  if (p.seat !== rightOf(c.s, owner)) return;
  gainCapital(c, owner, 1);
  log(c, "asset", `Coach Walden: ${corpName(c.s, owner)} gains 1 capital.`);
});

/** Wong Ya Ching: when an illness token makes threat rise, gain 2 capital. */
const wongYaChing = automaticAbility("illness-threat", "wong-ya-ching", (c, owner) => {
  gainCapital(c, owner, 2);
  log(c, "asset", `Wong Ya Ching: ${corpName(c.s, owner)} gains 2 capital.`);
});

/** Lily Lockwell: at the start of a richer player's turn, you may take 1 random card from their hand. */
const lilyLockwell = defineAsset("lily-lockwell", {
  when: [
    {
      window: "turn-start",
      usable: (c, owner) => {
        const active = c.s.seats[c.s.active]!;
        return owner !== c.s.active && active.capital > c.s.seats[owner]!.capital && active.hand.length > 0;
      },
    },
  ],
  steps: [
    {
      do: (c, f) => {
        const from = c.s.seats[c.s.active]!;
        // hands are replaced, never changed in place (state.ts)
        const rest = from.hand.slice();
        const card = rest.splice(randInt(c.s.rng, rest.length), 1)[0]!;
        from.hand = rest;
        const me = c.s.seats[f.seat]!;
        me.hand = [...me.hand, card];
        log(c, "asset", `Lily Lockwell: ${corpName(c.s, f.seat)} takes 1 random card from ${corpName(c.s, from.seat)}'s hand.`);
        log(c, "asset-private", `Lily Lockwell: ${corpName(c.s, f.seat)} takes ${cardTitle(card)} from ${corpName(c.s, from.seat)}.`, [f.seat, from.seat]);
      },
    },
  ],
});

/** Monica Singh: when you lose a deal as the active player, you may take 2 capital from the countering player. */
const monicaSingh = defineAsset("monica-singh", {
  when: [
    {
      window: "deal-won",
      usable: (c, owner) => {
        const counter = counteringSeat(c.s);
        return owner === c.s.active && c.s.deal?.winner === "counter" && counter !== null && counter !== owner && c.s.seats[counter]!.capital > 0;
      },
    },
  ],
  steps: [
    {
      do: (c, f) => {
        const from = counteringSeat(c.s)!;
        const n = loseCapital(c, from, 2);
        gainCapital(c, f.seat, n);
        log(c, "asset", `Monica Singh: ${corpName(c.s, f.seat)} takes ${n} capital from ${corpName(c.s, from)}.`);
      },
    },
  ],
});

/** Rachel Beckmann: at the end of each deal, if your hand is empty, you may draw 1 card of your corp sheet's top type. */
const rachelBeckmann = defineAsset("rachel-beckmann", {
  when: [{ window: "deal-end", usable: (c, owner) => c.s.seats[owner]!.hand.length === 0 }],
  steps: drawTopTypeSteps(1, (_c, f) => f.seat),
});

/** Sunny LeBeau: when threat rises by 1 or more, you may draw 2 cards of your corp sheet's top type. */
const sunnyLebeau = defineAsset("sunny-lebeau", {
  when: [{ window: "threat-increased", usable: (_c, _owner, p) => (p.amount ?? 0) >= 1 }],
  steps: drawTopTypeSteps(2, (_c, f) => f.seat),
});

export const PASSIVE_ASSETS: RulePart[] = [aaronMarron, braintrust, floydHandSize, coachWalden, wongYaChing, lilyLockwell, monicaSingh, rachelBeckmann, sunnyLebeau];
