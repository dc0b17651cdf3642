// Projects the engine's views into the table's schema state. Public facts come from the spectator
// view, so nothing secret can reach a public field; each seat's secrets come from that seat's own view
// and go into its view-tagged SecretState. Every field whose wire form differs from the view's (a
// placeholder for null, a JSON string, a compacted list) is encoded by shared/wire, which also decodes
// it.
//
// This runs after every accepted command, so it is written for speed:
// - each schema object keeps a memo of the view last projected into it (views are never changed once
//   made), and a part whose view is the same object as last time (publicViewSince reuses the parts a
//   command cannot have changed) is skipped at once; a part that is a new object is compared with the
//   last one, value by value, and only what differs is written, so patches stay small;
// - the memo also holds the items of each schema array as plain arrays: an ArraySchema is a Proxy,
//   and reading it costs far more than reading a plain array;
// - a record's fields are written and compared through its field list (shared/wire/fields.ts), so a
//   field declared there is projected with no code here. A schema setter ignores a value equal to the
//   one it holds.
import { Decoder, Encoder, type ArraySchema, type MapSchema } from "@colyseus/schema";
import { samePlain as same, type CardView, type DealView, type GameView, type PendingView, type ResultView, type SeatView, type TradeView } from "../../shared/view.ts";
import {
  DECKS_FIELDS, GAME_PLAIN, OFFER_FIELDS, PENDING_FIELDS, SEAT_PUBLIC_FIELDS, SUPPORT_FIELDS, encodeAssets, encodeCard,
  encodeDeal, encodeDecks, encodeDistrict, encodePiles, encodeEmergencies, encodeForecast, encodeInvestment, encodeLegal, encodePending, packLegal, encodeResult, encodeTrades,
  sameFields, writeFields, WIRE_BOOKS, type DealFields, type TableFacts, type WireTable,
} from "../../shared/wire/index.ts";
import {
  GameState, OfferState, SeatState, SupportState, TableState,
  type DealState, type DecksState, type SecretState,
} from "./schema.ts";

// ---- schema arrays --------------------------------------------------------------------------------------

/**
 * A schema array's items as a plain array, the values last written into them (same length), and the
 * items it let go, to be used again: a deal's offers and supports come and go with every deal, and
 * making a schema object costs more than writing its fields.
 */
class List<S, V> {
  readonly items: S[];
  values: readonly V[];
  readonly spare: S[] = [];
  constructor(array: ArraySchema<S>) {
    this.items = array.toArray();
    this.values = [];
  }
}

/**
 * Makes a schema array hold one item per value, in order, reusing the items it has: an item is written
 * only where its value differs from the one last written into it (`equal`).
 */
function syncList<S, V>(
  array: ArraySchema<S>, list: List<S, V>, values: readonly V[], create: () => S, write: (item: S, value: V) => void,
  equal: (a: V, b: V) => boolean,
): void {
  const items = list.items;
  const old = list.values;
  // (`old` is what `items` hold, unless they were never written: a list made from a filled array.)
  const known = old.length === items.length;
  while (items.length > values.length) {
    list.spare.push(items.pop()!);
    array.pop();
  }
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (i < items.length) {
      if (!known || !equal(old[i]!, value)) write(items[i]!, value);
    } else {
      const item = list.spare.pop() ?? create();
      write(item, value);
      items.push(item);
      array.push(item);
    }
  }
  list.values = values;
}

/** Makes a schema array of plain values hold exactly these, in order (`last`: what it holds). */
function syncValues<V extends string | number>(array: ArraySchema<V>, last: readonly V[] | undefined, values: readonly V[]): void {
  if (last !== undefined && last.length === values.length) {
    let i = 0;
    while (i < values.length && last[i] === values[i]) i++;
    if (i === values.length) return;
  }
  const items = array.toArray();
  for (let n = items.length; n > values.length; n--) array.pop();
  for (let i = 0; i < values.length; i++) {
    if (i >= items.length) array.push(values[i]!);
    else if (items[i] !== values[i]) array[i] = values[i]!;
  }
}

/** Makes a schema map hold exactly these entries. */
function syncMap<V>(map: MapSchema<V>, values: Record<string, V>): void {
  for (const key of [...map.keys()]) if (!(key in values)) map.delete(key);
  for (const key in values) {
    const value = values[key]!;
    if (map.get(key) !== value) map.set(key, value);
  }
}

// ---- typed writers and comparisons ----------------------------------------------------------------------

/** A record's writer and comparison, both through its field list (the view's values are the wire's). */
function byFields<V, K extends keyof V>(keys: readonly K[]) {
  return {
    write: <S extends { [P in K]: unknown }>(to: S, v: V & { readonly [P in K]: S[P] }) => writeFields(to, v, keys),
    same: (a: V, b: V) => sameFields(a, b, keys),
  };
}

type Offer = DealFields["main"];
const offer = byFields<Offer, keyof Offer>(OFFER_FIELDS);
type Support = DealFields["supports"][number];
const support = byFields<Support, keyof Support>(SUPPORT_FIELDS);
const seatPublic = byFields<SeatView, (typeof SEAT_PUBLIC_FIELDS)[number]>(SEAT_PUBLIC_FIELDS);

const newOffer = () => new OfferState();
const newSupport = () => new SupportState();

// ---- the public state -------------------------------------------------------------------------------------

/** What was last projected into a table's GameState (and the plain items of its arrays). */
interface GameMemo {
  /** The view whose plain fields (GAME_PLAIN) were written last. */
  plain: GameView | undefined;
  pending: PendingView | null | undefined;
  /** The corp name that began the pending text last encoded, and the stage it was encoded beside. */
  pendingName: string | undefined;
  pendingStage: string | undefined;
  result: ResultView | null | undefined;
  /** The threat forecast last written. */
  forecast: GameView["forecast"] | undefined;
  supply: GameView["supply"] | undefined;
  deal: DealView | null | undefined;
  dealFields: DealFields | undefined;
  counters: List<OfferState, Offer>;
  supports: List<SupportState, Support>;
  decks: GameView["decks"] | undefined;
  /** The action piles' sizes last written. */
  piles: { decks: number[]; discards: number[] } | undefined;
  reserve: GameView["reserve"] | undefined;
  districtsView: GameView["districts"] | undefined;
  /** The districts' wire numbers last written. */
  districts: number[] | undefined;
}

/** The seat view last projected into a seat. */
interface SeatMemo {
  view: SeatView | undefined;
}

const gameMemos = new WeakMap<GameState, GameMemo>();
const seatMemos = new WeakMap<SeatState, SeatMemo>();

function gameMemo(game: GameState): GameMemo {
  let m = gameMemos.get(game);
  if (!m) {
    m = {
      plain: undefined, pending: undefined, pendingName: undefined, pendingStage: undefined, result: undefined, forecast: undefined, supply: undefined,
      deal: undefined, dealFields: undefined, counters: new List(game.deal.counters), supports: new List(game.deal.supports),
      decks: undefined, piles: undefined, reserve: undefined, districtsView: undefined, districts: undefined,
    };
    gameMemos.set(game, m);
  }
  return m;
}

function seatMemo(seat: SeatState): SeatMemo {
  let m = seatMemos.get(seat);
  if (!m) {
    m = { view: undefined };
    seatMemos.set(seat, m);
  }
  return m;
}

/** The corp name of a seat in the public view ("" when there is none). */
function corpNameOf(seats: readonly SeatView[], seat: number): string | undefined {
  for (let i = 0; i < seats.length; i++) if (seats[i]!.seat === seat) return seats[i]!.corpName;
  return undefined;
}

function projectPending(game: GameState, m: GameMemo, view: GameView): void {
  const p = view.pending;
  const name = p ? corpNameOf(view.seats, p.seat) : undefined;
  const last = m.pending;
  if (last !== undefined && (p === last || (p !== null && last !== null && p.kind === last.kind && p.seat === last.seat && p.text === last.text))
    && name === m.pendingName && view.stage === m.pendingStage) return;
  m.pending = p;
  m.pendingName = name;
  m.pendingStage = view.stage;
  writeFields(game, encodePending(p, view.seats, view.stage), PENDING_FIELDS);
}

/** The deal as fields (see DealState): a support or an offer changes a few of them. */
function projectDeal(deal: DealState, m: GameMemo, view: DealView | null): void {
  if (m.deal === view) return;
  m.deal = view;
  const w = encodeDeal(view);
  const last = m.dealFields;
  m.dealFields = w;
  deal.open = w.open;
  deal.winner = w.winner;
  deal.asset = w.asset;
  if (!last || last.main !== w.main) offer.write(deal.main, w.main);
  if (!last || last.counters !== w.counters) syncList(deal.counters, m.counters, w.counters, newOffer, offer.write, offer.same);
  syncList(deal.supports, m.supports, w.supports, newSupport, support.write, support.same);
  syncValues(deal.abstained, last?.abstained, w.abstained);
}

function projectDecks(decks: DecksState, m: GameMemo, view: GameView["decks"]): void {
  if (m.decks === view) return;
  const last = m.decks;
  m.decks = view;
  writeFields(decks, encodeDecks(view), DECKS_FIELDS);
  if (last?.action === view.action) return;
  const piles = encodePiles(view.action);
  syncValues(decks.actionDecks, m.piles?.decks, piles.decks);
  syncValues(decks.actionDiscards, m.piles?.discards, piles.discards);
  m.piles = piles;
}

function projectSeat(seat: SeatState, s: SeatView): void {
  const m = seatMemo(seat);
  const last = m.view;
  if (last === s) return;
  m.view = s;
  if (!last || !seatPublic.same(last, s)) seatPublic.write(seat, s);
  // (Its emergency actions and assets are a string each, written whole: the setter ignores one unchanged.)
  if (!last || last.emergency !== s.emergency) seat.emergency = encodeEmergencies(s.emergency);
  if (!last || last.assets !== s.assets) seat.assets = encodeAssets(s.assets);
}

/** Writes the public view (a spectator's view) into the game state and the seats' public fields. */
export function projectPublic(game: GameState, seats: Map<string, SeatState>, view: GameView): void {
  const m = gameMemo(game);
  if (!m.plain || !sameFields(m.plain, view, GAME_PLAIN)) writeFields(game, view, GAME_PLAIN);
  m.plain = view;
  game.demand = view.demand.id;
  projectPending(game, m, view);
  if (m.result !== view.result && !same(m.result, view.result)) game.result = encodeResult(view.result);
  m.result = view.result;
  if (m.forecast !== view.forecast) {
    // (publicViewSince keeps the last view's forecast while nothing it reads changes)
    const forecast = encodeForecast(view.forecast);
    if (game.forecast !== forecast) game.forecast = forecast;
    m.forecast = view.forecast;
  }
  const supply = view.supply;
  if (m.supply !== supply) {
    const last = m.supply;
    for (const resource in supply) {
      const amount = supply[resource as keyof typeof supply];
      if (!last || last[resource as keyof typeof supply] !== amount) game.supply.set(resource, amount);
    }
    m.supply = supply;
  }
  projectDeal(game.deal, m, view.deal);
  projectDecks(game.decks, m, view.decks);
  if (m.reserve !== view.reserve) {
    if (!same(m.reserve, view.reserve)) syncMap(game.reserve, view.reserve);
    m.reserve = view.reserve;
  }
  if (m.districtsView !== view.districts) {
    m.districtsView = view.districts;
    const numbers = view.districts.map(encodeDistrict);
    syncValues(game.districts, m.districts, numbers);
    m.districts = numbers;
  }
  for (const s of view.seats) {
    const seat = seats.get(String(s.seat));
    if (seat) projectSeat(seat, s);
  }
}

// ---- a seat's secrets ---------------------------------------------------------------------------------------

interface SecretMemo {
  /** The card ids the hand holds, in the schema array's order (encodeCard). */
  hand: string[];
  trades: TradeView[] | undefined;
  investment: NonNullable<GameView["you"]>["investment"] | undefined;
  /** The legal commands' JSON last sent (encodeLegal), each with its wire form (packLegal). */
  legal: [string, string];
  legalTrades: [string, string];
}

const secretMemos = new WeakMap<SecretState, SecretMemo>();

function secretMemo(secret: SecretState): SecretMemo {
  let m = secretMemos.get(secret);
  if (!m) {
    m = { hand: secret.hand.toArray(), trades: undefined, investment: undefined, legal: ["", ""], legalTrades: ["", ""] };
    secretMemos.set(secret, m);
  }
  return m;
}

/** True when the hand holds these cards in this order. */
function holdsInOrder(hand: readonly string[], cards: readonly CardView[]): boolean {
  if (hand.length !== cards.length) return false;
  for (let i = 0; i < cards.length; i++) if (hand[i] !== encodeCard(cards[i]!)) return false;
  return true;
}

function holds(cards: readonly CardView[], id: string): boolean {
  for (let i = 0; i < cards.length; i++) if (encodeCard(cards[i]!) === id) return true;
  return false;
}

/**
 * Makes a hand of cards hold these cards in this order. A card played or drawn removes or adds one item
 * (the others keep their places), so a patch carries that card and not a rewrite of the hand.
 */
function syncCards(array: ArraySchema<string>, hand: string[], cards: readonly CardView[]): void {
  for (let i = hand.length - 1; i >= 0; i--) {
    if (!holds(cards, hand[i]!)) {
      array.splice(i, 1);
      hand.splice(i, 1);
    }
  }
  for (const c of cards) {
    const id = encodeCard(c);
    if (hand.includes(id)) continue;
    array.push(id);
    hand.push(id);
  }
  // Kept cards stay in place and new ones go last: that is the engine's order unless it reordered the hand.
  if (!holdsInOrder(hand, cards)) {
    const ids = cards.map(encodeCard);
    syncValues(array, undefined, ids);
    hand.length = 0;
    hand.push(...ids);
  }
}

/** Writes one seat's own view (its secrets) into its view-tagged SecretState. */
export function projectSecret(secret: SecretState, view: Pick<GameView, "you" | "trades">): void {
  const you = view.you;
  if (!you) return;
  const m = secretMemo(secret);
  if (!holdsInOrder(m.hand, you.hand)) syncCards(secret.hand, m.hand, you.hand);
  secret.rival = you.rival;
  const investment = you.investment;
  if (m.investment === undefined || investment?.id !== m.investment?.id) {
    secret.investment = encodeInvestment(investment).investment;
    m.investment = investment;
  }
  // (Encoding the legal commands costs less than comparing them with the last ones; packing them, more:
  // only a changed JSON is packed.)
  const w = encodeLegal(you.legal, m.hand);
  if (m.legal[0] !== w.legal) secret.legal = (m.legal = [w.legal, packLegal(w.legal)])[1];
  if (m.legalTrades[0] !== w.legalTrades) secret.legalTrades = (m.legalTrades = [w.legalTrades, packLegal(w.legalTrades)])[1];
  if (m.trades === undefined || !same(m.trades, view.trades)) secret.trades = encodeTrades(view.trades);
  m.trades = view.trades;
}

// ---- a table that is not live ---------------------------------------------------------------------------

/**
 * The public table of a spectator's view, as a spectator decodes it (toJSON() of the decoded state),
 * made through the same projection and encoding as live play: the replay's steps (server/lobby/ends.ts). `moves`: the
 * public commands accepted up to the view. The room's own facts (deadline, spectators, who is connected)
 * are their defaults.
 */
export function publicTableOf(facts: TableFacts, view: GameView, moves: number): WireTable {
  const state = new TableState();
  state.code = facts.code;
  state.status = facts.status;
  state.seatCount = facts.seatCount;
  state.books = WIRE_BOOKS;
  for (const s of view.seats) {
    const who = facts.seats.find((x) => x.seat === s.seat);
    state.seats.set(String(s.seat), new SeatState({ seat: s.seat, name: who?.name ?? `Seat ${s.seat + 1}`, bot: who?.bot ?? false }));
  }
  state.game = new GameState();
  projectPublic(state.game, state.seats, view);
  state.game.moves = moves;
  // Encoded for a client with no view of a seat's secrets, and decoded, as a spectator's client does.
  const decoder = new Decoder(new TableState());
  decoder.decode(new Encoder(state).encodeAll());
  return decoder.state.toJSON() as WireTable;
}
