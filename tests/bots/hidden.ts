// A game a seat cannot tell apart from another: every part hidden from that seat dealt anew (the
// fair-play tests of the bots and of the hints use it).
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType, RivalId } from "../../shared/catalog/types.ts";
import { catalog } from "../../shared/catalog/index.ts";
import type { Random } from "../../server/bots/random.ts";
import type { GameState } from "../../server/engine/index.ts";
import { cloneState } from "../../server/engine/state.ts";
import { seedRng } from "../../server/engine/rng.ts";

const typeOfInstance: ActionType[] = [];
for (const c of catalog.actionCards) for (let i = 0; i < c.copies; i++) typeOfInstance.push(c.type);
const typeOf = (id: string) => typeOfInstance[Number(id.slice(1))]!;
const categoryOf = new Map(catalog.events.map((e) => [e.id, e.category]));

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Deals the items back into the slots `take` lists, in a new random order. */
function redeal<T>(slots: { get: () => T; set: (x: T) => void }[], random: Random): void {
  const items = shuffle(slots.map((x) => x.get()), random);
  slots.forEach((x, i) => x.set(items[i]!));
}

/**
 * A copy of `s` that `seat` cannot tell apart from it: every part hidden from that seat dealt anew.
 * Action cards stay within their type (deck sizes per type are public); the next event keeps its
 * category (its back is public).
 */
export function hiddenRedealt(s: GameState, seat: number, random: Random): GameState {
  const t = cloneState(s);
  // action cards in other hands, in others' facedown support, and in the decks, type by type: one
  // permutation of those cards, applied everywhere they are named (a trade's support cards too)
  // 'Mr. White' shows this seat the hand of the player it picked
  const top = t.effects[t.effects.length - 1];
  const shown = top?.source === "mr-white" && top.seat === seat && typeof top.vars.target === "number" ? top.vars.target : null;
  const others = (x: { seat: number }) => x.seat !== seat && x.seat !== shown;
  const hidden = new Set<string>([...t.seats.filter(others).flatMap((p) => p.hand), ...(t.deal?.supports ?? []).filter((x) => others(x) || x.asset).flatMap((x) => x.cards)]);
  for (const type of ACTION_TYPES) for (const id of t.actionDecks[type]) hidden.add(id);
  const swap = new Map<string, string>();
  for (const type of ACTION_TYPES) {
    const ids = [...hidden].filter((id) => typeOf(id) === type);
    const to = shuffle([...ids], random);
    ids.forEach((id, i) => swap.set(id, to[i]!));
  }
  const mapped = (ids: string[]) => ids.map((id) => swap.get(id) ?? id);
  for (const p of t.seats) if (others(p)) p.hand = mapped(p.hand);
  for (const x of t.deal?.supports ?? []) if (others(x) || x.asset) x.cards = mapped(x.cards);
  for (const type of ACTION_TYPES) t.actionDecks[type] = mapped(t.actionDecks[type]);
  for (const tr of t.trades) if (tr.support && tr.from !== seat) tr.support.cards = mapped(tr.support.cards);
  // rivals: the other seats' and the one under the board (unless Thomas Haas shows it to this seat now)
  const looking = top?.source === "thomas-haas" && top.seat === seat;
  const rivalSlots: { get: () => RivalId; set: (x: RivalId) => void }[] = [
    ...(looking ? [] : [{ get: () => t.rivalUnderBoard, set: (x: RivalId) => void (t.rivalUnderBoard = x) }]),
    ...t.seats.filter((p) => p.seat !== seat).map((p) => ({ get: () => p.rival, set: (x: RivalId) => void (p.rival = x) })),
  ];
  redeal(rivalSlots, random);
  // investments: the other seats' kept ones and the deck (a seat's pending pick stays: it is theirs)
  const invSlots: { get: () => string; set: (x: string) => void }[] = [];
  for (const p of t.seats) if (p.seat !== seat && p.investment !== null) invSlots.push({ get: () => p.investment!, set: (x) => void (p.investment = x) });
  t.investmentDeck.forEach((_, i) => invSlots.push({ get: () => t.investmentDeck[i]!, set: (x) => void (t.investmentDeck[i] = x) }));
  if (t.pending?.kind === "investment" && t.pending.seat !== seat) {
    const cards = t.pending.cards;
    cards.forEach((_, i) => invSlots.push({ get: () => cards[i]!, set: (x) => void (cards[i] = x) }));
  }
  redeal(invSlots, random);
  // facedown assets: the deck and the turn track
  const assetSlots: { get: () => string; set: (x: string) => void }[] = [];
  t.assetDeck.forEach((_, i) => assetSlots.push({ get: () => t.assetDeck[i]!, set: (x) => void (t.assetDeck[i] = x) }));
  t.turnTrack.forEach((id, i) => id !== null && assetSlots.push({ get: () => t.turnTrack[i]!, set: (x) => void (t.turnTrack[i] = x) }));
  redeal(assetSlots, random);
  // the event deck (its top card keeps its category) and the demand deck
  if (t.eventDeck.length > 0) {
    const top = categoryOf.get(t.eventDeck[0]!);
    shuffle(t.eventDeck, random);
    const i = t.eventDeck.findIndex((id) => categoryOf.get(id) === top);
    [t.eventDeck[0], t.eventDeck[i]] = [t.eventDeck[i]!, t.eventDeck[0]!];
  }
  shuffle(t.demandDeck, random);
  // and the seed of what comes next
  t.seed = Math.floor(random() * 2 ** 31);
  t.rng = seedRng(t.seed);
  return t;
}

