// Drawing action cards: from a type's deck (an empty deck is rebuilt from its discard pile [R]),
// and the corp-sheet draw with its "General" slots (a type not already drawn in this step).
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType, DrawSlot } from "../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../shared/protocol.ts";
import { stepBudget } from "./budget.ts";
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { actionCard, cardTitle, corpDraw, corpName } from "./data.ts";
import { shuffle } from "./rng.ts";
import type { GameState, Stage } from "./state.ts";

/** Takes the top card of a type's deck (an empty deck is rebuilt from its discard pile [R]), or null. */
export function takeTop(c: Ctx, type: ActionType): string | null {
  const s = c.s;
  // decks are replaced, never changed in place (state.ts: a state shares them with the one before)
  if (s.actionDecks[type].length === 0 && s.variant.reshuffleEmptyDecks && s.actionDiscards[type].length > 0) {
    s.actionDecks = { ...s.actionDecks, [type]: shuffle(s.rng, s.actionDiscards[type].slice()) };
    s.actionDiscards = { ...s.actionDiscards, [type]: [] };
    log(c, "reshuffle", `The ${type} discard pile is shuffled into a new deck.`);
  }
  const deck = s.actionDecks[type];
  if (deck.length === 0) return null;
  s.actionDecks = { ...s.actionDecks, [type]: deck.slice(1) };
  return deck[0]!;
}

/** Whether a type still has a card to take (in its deck, or a discard pile to rebuild it from). */
export function canTake(s: GameState, type: ActionType): boolean {
  return s.actionDecks[type].length > 0 || (s.variant.reshuffleEmptyDecks && s.actionDiscards[type].length > 0);
}

/** Draws up to n cards of a type into a seat's hand; returns the drawn ids (fewer if deck and discard run out). */
export function drawType(c: Ctx, seat: number, type: ActionType, n: number): string[] {
  const got: string[] = [];
  for (let i = 0; i < n; i++) {
    const card = takeTop(c, type);
    if (!card) break;
    got.push(card);
  }
  const p = c.s.seats[seat]!;
  p.hand = [...p.hand, ...got]; // replaced, never changed in place (state.ts)
  return got;
}

/** Draws and tells everyone how many of which type, and the seat itself what. */
export function drawAndTell(c: Ctx, seat: number, type: ActionType, n: number): string[] {
  const got = drawType(c, seat, type, n);
  tellDrawn(c, seat, got);
  return got;
}

export function tellDrawn(c: Ctx, seat: number, cards: string[]): void {
  if (cards.length === 0) {
    log(c, "draw", `${corpName(c.s, seat)} draws no cards.`);
    return;
  }
  const byType = new Map<string, number>();
  for (const id of cards) byType.set(actionCard(id).type, (byType.get(actionCard(id).type) ?? 0) + 1);
  const mix = [...byType].map(([t, k]) => `${k} ${t}`).join(", ");
  log(c, "draw", `${corpName(c.s, seat)} draws ${cards.length} action card${cards.length === 1 ? "" : "s"} (${mix}).`);
  log(c, "draw-private", `You drew ${cards.map(cardTitle).join(", ")}.`, [seat]);
}

/** Discards action cards from a hand (or the deal) to their type's discard pile. */
export function discardCards(c: Ctx, cards: string[]): void {
  if (cards.length === 0) return;
  // replaced, never changed in place (state.ts)
  const piles = { ...c.s.actionDiscards };
  for (const id of cards) {
    const t = actionCard(id).type;
    piles[t] = [...piles[t], id];
  }
  c.s.actionDiscards = piles;
}

export function removeFromHand(c: Ctx, seat: number, cards: string[]): void {
  const p = c.s.seats[seat]!;
  const hand = p.hand.slice();
  for (const id of cards) {
    const i = hand.indexOf(id);
    if (i >= 0) hand.splice(i, 1);
  }
  p.hand = hand; // replaced, never changed in place (state.ts)
}

/** Starts a seat's corp-sheet draw (as the rulebook's modifiers change it: Braintrust doubles it); play continues at `then` when it is done. */
export function startCorpDraw(c: Ctx, seat: number, then: Stage, slots?: DrawSlot[]): void {
  let box = slots ?? corpDraw(c.s, c.s.seats[seat]!.corp);
  for (const change of c.rules.modifiers.drawSlots) box = change(c.s, seat, box);
  c.s.draw = { seat, slots: [...box], drawn: [], cards: [], then };
  c.s.stage = "draw";
}

/**
 * The types a player may name for a draw: those with a card to take (in the deck, or a discard pile
 * to rebuild it from). An exhausted type is never offered while another can be drawn; when none
 * can, there is nothing to offer and the pick is skipped.
 */
export function drawableTypes(s: GameState, except: readonly ActionType[] = []): ActionType[] {
  return ACTION_TYPES.filter((t) => !except.includes(t) && canTake(s, t));
}

/** drawableTypes as options, labelled by `label`. */
export function drawableTypeOptions(s: GameState, label: (t: ActionType) => string, except: readonly ActionType[] = []): ChoiceOption[] {
  return drawableTypes(s, except).map((t) => ({ value: t, label: label(t), intent: { act: "draw", type: t } }));
}

/** A General slot: a type not already drawn in this step, with a card to take. */
export function generalOptions(c: Ctx): ChoiceOption[] {
  const d = c.s.draw;
  if (!d) return [];
  return drawableTypeOptions(c.s, (t) => `Draw 1 ${t} card`, d.drawn);
}

/** The "draw" stage: fixed slots draw at once, a General slot waits for the seat's type pick. */
export function runDraw(c: Ctx): void {
  const s = c.s;
  const d = s.draw!;
  const turn = stepBudget("a corp-sheet draw");
  while (d.slots.length > 0) {
    turn();
    const slot = d.slots[0]!;
    if (slot === "general") {
      if (generalOptions(c).length > 0) {
        s.pending = { kind: "general-draw", seat: d.seat };
        return;
      }
      d.slots.shift();
      continue;
    }
    d.slots.shift();
    d.drawn.push(slot);
    d.cards.push(...drawType(c, d.seat, slot, 1));
  }
  tellDrawn(c, d.seat, d.cards);
  s.draw = null;
  s.stage = d.then;
}

/** Answer to a General slot: draw 1 card of the picked type. */
export function answerGeneral(c: Ctx, type: ActionType): void {
  const d = c.s.draw!;
  d.slots.shift();
  d.drawn.push(type);
  d.cards.push(...drawType(c, d.seat, type, 1));
  c.s.pending = null;
}
