// Whether a decision may be taken back: it revealed nothing hidden. The table (server/table/take-back.ts)
// keeps the state before a seat's last decision and puts it back on request, while nobody else has
// decided since; this is the rule's half: comparing the state before and after the decision.
// A decision reveals something when it draws or turns over a card (any deck, the turn track, the
// demand), uses the random generator, tells anyone something privately, moves a hidden card into a
// public pile (support cards discarded at Resolution, cards paid for a counteroffer), changes another
// seat's hand, or ends the game. What the seat shows by deciding (the card it offers) is its decision.
import type { GameEvent } from "../../shared/view.ts";
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { GameState } from "./state.ts";

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The piles a drawn or revealed card leaves (besides the action decks and the demand). */
const PILES = ["demandDeck", "eventDeck", "assetDeck", "investmentDeck", "turnTrack"] as const;
/** The discard piles a hidden card can become public on (besides the action discards). */
const DISCARDS = ["eventDiscard", "assetDiscard"] as const;

/**
 * Why `seat`'s decision from `before` to `after` (with its `events`) cannot be taken back, or null when it
 * can. Runs after every accepted command: it compares in loops and makes no lists of its own.
 */
export function whyFinal(before: GameState, after: GameState, seat: number, events: readonly GameEvent[]): string | null {
  if (after.result) return "the game ended";
  if (!same(before.rng, after.rng)) return "it used chance";
  for (let i = 0; i < events.length; i++) if (events[i]!.to) return "someone was told something privately";
  if (before.demand !== after.demand) return "it drew or revealed a card";
  for (let i = 0; i < PILES.length; i++) if (!same(before[PILES[i]!], after[PILES[i]!])) return "it drew or revealed a card";
  for (let i = 0; i < ACTION_TYPES.length; i++) {
    const t = ACTION_TYPES[i]!;
    if (!same(before.actionDecks[t], after.actionDecks[t])) return "it drew or revealed a card";
  }
  for (let i = 0; i < DISCARDS.length; i++) if (!same(before[DISCARDS[i]!], after[DISCARDS[i]!])) return "cards were revealed on a discard pile";
  for (let i = 0; i < ACTION_TYPES.length; i++) {
    const t = ACTION_TYPES[i]!;
    if (!same(before.actionDiscards[t], after.actionDiscards[t])) return "cards were revealed on a discard pile";
  }
  for (let n = 0; n < before.players; n++) {
    const b = before.seats[n]!;
    const a = after.seats[n]!;
    if (b.investment !== a.investment || b.rival !== a.rival) return "a secret changed hands";
    if (n === seat ? a.hand.some((id) => !b.hand.includes(id)) : !same(a.hand, b.hand)) return "a hand changed";
  }
  return null;
}
