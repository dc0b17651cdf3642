// Helpers for the asset tests: states are built directly (a quiet city, the asset under test put
// where it belongs), then the engine's flow runs from the stage that opens the window.
import { expect } from "vitest";
import type { Command } from "../../../shared/protocol.ts";
import type { GameEvent } from "../../../shared/view.ts";
import type { GameState, Variant } from "../../../server/engine/index.ts";
import { legal } from "../../../server/engine/index.ts";
import { atFirstMainOffer, choices, clearCity, giveCard, ok, runFlow } from "../helpers.ts";

export { choices, emptyHand, giveAsset, giveCard, ok, rejected, texts } from "../helpers.ts";

/** 4 players (Jinteki 10, Haas-Bioroid 11, NBN 12, Weyland 13 capital), seat 0 about to make the first main offer. */
export function table(variant: Partial<Variant> = {}, players: 4 | 5 | 6 = 4): GameState {
  const s = atFirstMainOffer(players, 1, variant);
  clearCity(s);
  reveal(s, "wong-ya-ching"); // a revealed asset that does nothing in a quiet city
  return s;
}

/** Takes an asset out of wherever it is (keeping the turn track's number of turns). */
function lift(s: GameState, id: string): void {
  for (const pile of [s.assetDeck, s.assetDiscard]) {
    const i = pile.indexOf(id);
    if (i >= 0) pile.splice(i, 1);
  }
  const t = s.turnTrack.indexOf(id);
  if (t >= 0) s.turnTrack[t] = s.assetDeck.shift()!;
  for (const p of s.seats) p.assets = p.assets.filter((a) => a.id !== id);
}

/** Puts `id` in the revealed box of the deal in progress (the one there goes back under the deck). */
export function reveal(s: GameState, id: string): void {
  if (s.deal?.asset === id) return;
  lift(s, id);
  if (s.deal!.asset) s.assetDeck.push(s.deal!.asset);
  s.deal!.asset = id;
}

/** Puts assets on top of the asset deck, first one on top. */
export function deckTop(s: GameState, ids: string[]): void {
  for (const id of ids) lift(s, id);
  s.assetDeck.unshift(...ids);
}

/** Ends the deal in progress at once (its asset discarded) and runs the active player's End of Turn. */
export function atEndOfTurn(s: GameState): { state: GameState; events: GameEvent[] } {
  if (s.deal?.asset) s.assetDiscard.push(s.deal.asset);
  s.deal = null;
  s.stage = "end-of-turn";
  return runFlow(s);
}

/** Puts the revealed asset back on the turn track and runs the deal's first step, Asset. */
export function atReveal(s: GameState): { state: GameState; events: GameEvent[] } {
  const slot = s.turnTrack.findIndex((x) => x === null);
  s.turnTrack[slot] = s.deal!.asset;
  s.deal = null;
  s.stage = "asset";
  return runFlow(s);
}

/** Answers the pending pick of `seat`. */
export function say(s: GameState, seat: number, option: string | number): { state: GameState; events: GameEvent[] } {
  return ok(s, seat, { type: "choose", option });
}

/** The pending decision, as "kind:seat". */
export function owes(s: GameState): string {
  return s.pending ? `${s.pending.kind}:${s.pending.seat}` : "nothing";
}

/** The prompt of the pending pick. */
export function prompt(s: GameState, seat: number): string {
  const c = legal(s, seat).find((l) => l.type === "choose");
  return c && c.type === "choose" ? c.prompt : "";
}

/** Asserts that `seat` is offered "use <asset> now?" and answers it. */
export function answerOffer(s: GameState, seat: number, asset: string, answer: "use" | "pass"): { state: GameState; events: GameEvent[] } {
  expect(owes(s)).toBe(`effect:${seat}`);
  expect(s.effects.at(-1)?.source).toBe(asset);
  expect(choices(s, seat)).toEqual(["use", "pass"]);
  return say(s, seat, answer);
}

/** Seat 0 offers `card` (a title id; by default Clinical Trials, which does nothing in a quiet city). */
export function mainOffer(s: GameState, card = "clinical-trials"): { state: GameState; events: GameEvent[] } {
  return ok(s, 0, { type: "offer", card: giveCard(s, 0, card) });
}

/** Seat 0 offers, seat `counter` counters (free), the others pass: Support starts. */
export function contested(s: GameState, counter = 1, main = "clinical-trials", counterCard = "clinical-trials"): GameState {
  let t = mainOffer(s, main).state;
  while (t.pending?.kind === "counteroffer") {
    const seat = t.pending.seat;
    const cmd: Command = seat === counter ? { type: "counteroffer", card: giveCard(t, seat, counterCard), discard: [] } : { type: "pass" };
    t = ok(t, seat, cmd).state;
  }
  return t;
}

/** Answers every support decision with `answers[seat]` ("abstain" or the offer to back with 1 card). */
export function support(s: GameState, answers: Record<number, "abstain" | "main" | "counter">): { state: GameState; events: GameEvent[] } {
  let r = { state: s, events: [] as GameEvent[] };
  while (r.state.pending?.kind === "support") {
    const seat = r.state.pending.seat;
    const a = answers[seat] ?? "abstain";
    const next = ok(r.state, seat, a === "abstain" ? { type: "abstain" } : { type: "support", offer: a, cards: [r.state.seats[seat]!.hand[0]!] });
    r = { state: next.state, events: [...r.events, ...next.events] };
  }
  return r;
}

/** Passes every counteroffer chance. */
export function noCounters(s: GameState): { state: GameState; events: GameEvent[] } {
  let r = { state: s, events: [] as GameEvent[] };
  while (r.state.pending?.kind === "counteroffer") {
    const next = ok(r.state, r.state.pending.seat, { type: "pass" });
    r = { state: next.state, events: [...r.events, ...next.events] };
  }
  return r;
}

/** Seat 0 wins the deal uncontested with Clinical Trials (no picks in a quiet city) and claims the revealed asset. */
export function winDeal(s: GameState): { state: GameState; events: GameEvent[] } {
  const first = mainOffer(s);
  const rest = noCounters(first.state);
  return { state: rest.state, events: [...first.events, ...rest.events] };
}

export function held(s: GameState, seat: number): string[] {
  return s.seats[seat]!.assets.map((a) => a.id);
}
