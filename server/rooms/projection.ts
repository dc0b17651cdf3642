// Projects the engine's views into the table's schema state. Public facts come from the spectator
// view, so nothing secret can reach a public field; each seat's secrets come from that seat's own view
// and go into its view-tagged SecretState. Every field whose wire form differs from the view's (a
// placeholder for null, a JSON string, a compacted list) is encoded by shared/wire, which also decodes
// it. Fields are written only when they change, so patches stay small, and a part whose view equals the
// one projected last time is skipped whole (most commands change a few parts: reading a schema field
// costs more than comparing plain values).
import type { ArraySchema, MapSchema } from "@colyseus/schema";
import type { CardView, DealView, GameView } from "../../shared/view.ts";
import {
  encodeCard, encodeDeal, encodeDecks, encodeDistrict, encodeInvestment, encodeLegal, encodePending, encodeResult,
  encodeSeatPublic, encodeTrades, type DealFields,
} from "../../shared/wire/index.ts";
import {
  AssetState, CardState, DistrictState, EmergencyState, GameState, OfferState, PileState, SecretState, SupportState,
  type DealState, type DecksState, type SeatState,
} from "./schema.ts";

type Plain = Record<string, unknown>;

/** Assigns each field of `values` to `target` when it differs. */
function assign<T extends object>(target: T, values: Partial<T>): void {
  const t = target as Plain;
  const v = values as Plain;
  for (const key in v) {
    if (t[key] !== v[key]) t[key] = v[key];
  }
}

/** The view last projected into each schema object (views are fresh objects, never changed later). */
const projected = new WeakMap<object, unknown>();

/** True, and remembered, when `value` differs from what was last projected into `target`. */
function changed(target: object, value: unknown): boolean {
  if (projected.has(target) && same(projected.get(target), value)) return false;
  projected.set(target, value);
  return true;
}

/** Deep equality of plain JSON-like values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Plain;
  const y = b as Plain;
  let n = 0;
  for (const key in x) {
    if (!same(x[key], y[key])) return false;
    n++;
  }
  for (const _ in y) n--;
  return n === 0;
}

/**
 * Makes a schema array hold one item per value, in order, reusing items where it can. (Items are read
 * from a plain copy: an ArraySchema is a Proxy, and reading it by index costs far more than a copy.)
 */
function syncArray<S extends object, V>(
  array: ArraySchema<S>, values: readonly V[], create: () => S, write: (item: S, value: V) => void,
): void {
  const items = array.toArray();
  for (let n = items.length; n > values.length; n--) array.pop();
  for (let i = 0; i < values.length; i++) {
    const item = items[i];
    if (item === undefined) {
      const created = create();
      write(created, values[i]!);
      array.push(created);
    } else {
      write(item, values[i]!);
    }
  }
}

/**
 * Makes a hand of cards hold these cards in this order. A card played or drawn removes or adds one item
 * (the others keep their places), so a patch carries that card and not a rewrite of the hand.
 */
function syncCards(array: ArraySchema<CardState>, cards: readonly CardView[]): void {
  const wanted = new Set(cards.map((c) => c.id));
  for (let i = array.length - 1; i >= 0; i--) if (!wanted.has(array[i]!.id)) array.splice(i, 1);
  const have = new Set<string>();
  for (const item of array) have.add(item.id);
  for (const c of cards) if (!have.has(c.id)) array.push(new CardState(encodeCard(c)));
  // Kept cards stay in place and new ones go last: that is the engine's order unless it reordered the hand.
  if (array.length !== cards.length || array.some((item, i) => item.id !== cards[i]!.id)) {
    syncArray(array, cards, () => new CardState(), (item, v) => assign(item, encodeCard(v)));
  }
}

/** Makes a schema array of plain values hold exactly these, in order. */
function syncValues<V extends string | number>(array: ArraySchema<V>, values: readonly V[]): void {
  const items = array.toArray();
  for (let n = items.length; n > values.length; n--) array.pop();
  values.forEach((value, i) => {
    if (i >= items.length) array.push(value);
    else if (items[i] !== value) array[i] = value;
  });
}

/** Makes a schema map hold exactly these entries. */
function syncMap<V>(map: MapSchema<V>, values: Record<string, V>): void {
  for (const key of [...map.keys()]) if (!(key in values)) map.delete(key);
  for (const [key, value] of Object.entries(values)) if (map.get(key) !== value) map.set(key, value);
}

function writeOffer(o: OfferState, v: DealFields["main"]): void {
  assign(o, { seat: v.seat });
  assign(o.card, v.card);
}

/** The deal as fields (see DealState): a support or an offer changes a few of them. */
function projectDeal(deal: DealState, view: DealView | null): void {
  if (!changed(deal, view)) return;
  const fields = encodeDeal(view);
  assign(deal, { open: fields.open, winner: fields.winner });
  assign(deal.asset, fields.asset);
  writeOffer(deal.main, fields.main);
  syncArray(deal.counters, fields.counters, () => new OfferState(), writeOffer);
  syncArray(deal.supports, fields.supports, () => new SupportState(), (x, v) => assign(x, v));
  syncValues(deal.abstained, fields.abstained);
}

function projectDecks(decks: DecksState, view: GameView["decks"]): void {
  if (!changed(decks, view)) return;
  assign(decks, encodeDecks(view));
  for (const [type, pile] of Object.entries(view.action)) {
    let state = decks.action.get(type);
    if (!state) decks.action.set(type, (state = new PileState()));
    assign(state, pile);
  }
}

/** Writes the public view (a spectator's view) into the game state and the seats' public fields. */
export function projectPublic(game: GameState, seats: Map<string, SeatState>, view: GameView): void {
  const pending = encodePending(view.pending, view.seats);
  assign(game, {
    round: view.round,
    stage: view.stage,
    active: view.active,
    threat: view.threat,
    demand: view.demand.id,
    turnsLeft: view.turnsLeft,
    ...pending,
    result: encodeResult(view.result),
  });
  for (const [resource, amount] of Object.entries(view.supply)) {
    if (game.supply.get(resource) !== amount) game.supply.set(resource, amount);
  }
  projectDeal(game.deal, view.deal);
  projectDecks(game.decks, view.decks);
  if (changed(game.reserve, view.reserve)) syncMap(game.reserve, view.reserve);
  if (changed(game.districts, view.districts)) syncArray(game.districts, view.districts, () => new DistrictState(), (d, v) => {
    if (changed(d, v)) assign(d, encodeDistrict(v));
  });
  for (const s of view.seats) {
    const seat = seats.get(String(s.seat));
    if (!seat || !changed(seat, s)) continue;
    assign(seat, encodeSeatPublic(s));
    syncArray(seat.emergency, s.emergency, () => new EmergencyState(), (e, v) => assign(e, v));
    syncArray(seat.assets, s.assets, () => new AssetState(), (a, v) => assign(a, v));
  }
}

/** Writes one seat's own view (its secrets) into its view-tagged SecretState. */
export function projectSecret(secret: SecretState, view: Pick<GameView, "you" | "trades">): void {
  const you = view.you;
  if (!you) return;
  if (changed(secret.hand, you.hand)) syncCards(secret.hand, you.hand);
  assign(secret, {
    rival: you.rival,
    ...encodeInvestment(you.investment),
    ...encodeLegal(you.legal, you.hand.map((c) => c.id)),
    trades: encodeTrades(view.trades),
  });
}
