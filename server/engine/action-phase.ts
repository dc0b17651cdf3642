// The Action Phase (A5.1): one turn per facedown asset on the turn track. A turn is Refresh/Draw,
// the deal, then End of Turn (EOT abilities, hand limit 5), and the active-player token passes left.
import type { Ctx } from "./ctx.ts";
import { leftOf, log } from "./ctx.ts";
import { corpName } from "./data.ts";
import { discardCards, removeFromHand, startCorpDraw } from "./draw.ts";
import { reject } from "./deal/common.ts";
import type { Reject } from "./deal/common.ts";
import type { Rulebook } from "./rulebook.ts";
import type { GameState, Stage } from "./state.ts";
import { HAND_LIMIT } from "./state.ts";
import { fireWindow } from "./windows.ts";

/** Facedown assets on the turn track: the turns still to begin in this Action Phase. */
export function turnsLeft(s: GameState): number {
  let n = 0;
  for (const x of s.turnTrack) if (x !== null) n++;
  return n;
}

/** The stages of a turn after its asset left the turn track, up to the token passing on. */
const AFTER_REVEAL: ReadonlySet<Stage> = new Set<Stage>([
  "main-offer", "counteroffer", "support", "resolution", "tally", "deal-won", "resolve", "claim", "deal-end", "end-of-turn", "hand-limit",
]);

/**
 * Turns left in this round as the log counts them ("X's turn begins (3 turns left this round)"): the
 * turn under way included, though its asset has left the turn track. What the state shows players.
 */
export function turnsLeftInRound(s: GameState): number {
  const stage = s.stage === "effect" ? s.effectsThen : s.stage;
  const inTurn = s.deal !== null || AFTER_REVEAL.has(stage);
  return turnsLeft(s) + (inTurn ? 1 : 0);
}

/** Hand size for a seat: 5, changed by the assets it holds (the rulebook's modifiers: Floyd 2X3A7C +5, Braintrust -1). */
export function handLimit(rules: Rulebook, s: GameState, seat: number): number {
  let n = HAND_LIMIT;
  for (const change of rules.modifiers.handSize) n += change(s, seat);
  return Math.max(0, n);
}

/** The "turn-start" stage: Refresh (ready own assets) and the corp-sheet draw. */
export function runTurnStart(c: Ctx): void {
  const s = c.s;
  log(c, "turn", `${corpName(s, s.active)}'s turn begins (${turnsLeft(s)} turn${turnsLeft(s) === 1 ? "" : "s"} left this round).`);
  fireWindow(c, "turn-start", { seat: s.active });
  if (s.result) return;
  const p = s.seats[s.active]!;
  p.assets = p.assets.map((a) => (a.exhausted ? { ...a, exhausted: false } : a)); // replaced, never changed in place (state.ts)
  startCorpDraw(c, s.active, "asset");
}

/** The "end-of-turn" stage: the active player's END OF TURN abilities. */
export function runEndOfTurn(c: Ctx): void {
  fireWindow(c, "end-of-turn", { seat: c.s.active });
  if (c.s.stage === "end-of-turn") c.s.stage = "hand-limit";
}

/** The "hand-limit" stage: the active player discards down to their hand size [V]; others may hold more [R]. */
export function runHandLimit(c: Ctx): void {
  const s = c.s;
  const seat = s.active;
  const over = s.seats[seat]!.hand.length - handLimit(c.rules, s, seat);
  const skip = (s.assetState.skipHandLimit as number | undefined) === seat; // Toshiyuki Sakai
  if (over > 0 && !skip) {
    s.pending = { kind: "hand-limit", seat, count: over };
    return;
  }
  s.stage = "next-turn";
}

export function discardToLimit(c: Ctx, seat: number, cards: string[]): Reject | null {
  const s = c.s;
  const p = s.pending;
  if (!p || p.kind !== "hand-limit") return reject("not-now", "You have nothing to discard now.");
  const hand = s.seats[seat]!.hand;
  if (cards.length !== p.count) return reject("discard-count", `Discard exactly ${p.count} card${p.count === 1 ? "" : "s"}.`);
  if (new Set(cards).size !== cards.length || cards.some((id) => !hand.includes(id))) {
    return reject("not-in-hand", "Discard cards from your own hand, each once.");
  }
  removeFromHand(c, seat, cards);
  discardCards(c, cards);
  log(c, "discard", `${corpName(s, seat)} discards ${cards.length} card${cards.length === 1 ? "" : "s"} down to the hand limit.`);
  s.pending = null;
  s.stage = "next-turn";
  return null;
}

/** The "next-turn" stage: pass the active-player token left; the phase ends when the turn track is empty. */
export function runNextTurn(c: Ctx): void {
  const s = c.s;
  if ("skipHandLimit" in s.assetState) {
    const { skipHandLimit: _, ...rest } = s.assetState;
    s.assetState = rest; // replaced, never changed in place (state.ts)
  }
  s.active = leftOf(s, s.active);
  s.stage = turnsLeft(s) > 0 ? "turn-start" : "production";
}
