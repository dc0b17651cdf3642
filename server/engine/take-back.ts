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
  return a === b || (a.length === b.length && a.every((x, i) => x === b[i]));
}

/** Why `seat`'s decision from `before` to `after` (with its `events`) cannot be taken back, or null when it can. */
export function whyFinal(before: GameState, after: GameState, seat: number, events: readonly GameEvent[]): string | null {
  if (after.result) return "the game ended";
  if (!same(before.rng, after.rng)) return "it used chance";
  if (events.some((e) => e.to)) return "someone was told something privately";
  const piles: [readonly unknown[], readonly unknown[]][] = [
    [before.demandDeck, after.demandDeck], [before.eventDeck, after.eventDeck], [before.assetDeck, after.assetDeck],
    [before.investmentDeck, after.investmentDeck], [before.turnTrack, after.turnTrack],
    ...ACTION_TYPES.map((t): [readonly unknown[], readonly unknown[]] => [before.actionDecks[t], after.actionDecks[t]]),
  ];
  if (before.demand !== after.demand || piles.some(([a, b]) => !same(a, b))) return "it drew or revealed a card";
  const discards: [readonly unknown[], readonly unknown[]][] = [
    [before.eventDiscard, after.eventDiscard], [before.assetDiscard, after.assetDiscard],
    ...ACTION_TYPES.map((t): [readonly unknown[], readonly unknown[]] => [before.actionDiscards[t], after.actionDiscards[t]]),
  ];
  if (discards.some(([a, b]) => !same(a, b))) return "cards were revealed on a discard pile";
  for (let n = 0; n < before.players; n++) {
    const b = before.seats[n]!;
    const a = after.seats[n]!;
    if (b.investment !== a.investment || b.rival !== a.rival) return "a secret changed hands";
    if (n === seat ? a.hand.some((id) => !b.hand.includes(id)) : !same(a.hand, b.hand)) return "a hand changed";
  }
  return null;
}
