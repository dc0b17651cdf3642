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
// - fields are written one by one, by typed code (a generic loop over keys, or an object spread, costs
//   more than the writes it saves). A schema setter ignores a value equal to the one it holds.
import type { ArraySchema, MapSchema } from "@colyseus/schema";
import type { CardView, DealView, DistrictView, GameView, PendingView, ResultView, SeatView, TradeView } from "../../shared/view.ts";
import {
  encodeAsset, encodeCard, encodeDeal, encodeEmergency, encodeDecks, encodeDistrict, encodeForecast, encodeInvestment, encodeLegal, encodePending, encodeResult,
  encodeSeatPublic, encodeTrades, type DealFields,
} from "../../shared/wire/index.ts";
import {
  AssetState, DistrictState, EmergencyState, OfferState, PileState, SupportState,
  type DealState, type DecksState, type GameState, type SecretState, type SeatState,
} from "./schema.ts";

type Plain = Record<string, unknown>;

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

type Offer = DealFields["main"];
function writeOffer(o: OfferState, v: Offer): void {
  o.seat = v.seat;
  o.card = v.card;
}
const sameOffer = (a: Offer, b: Offer): boolean => a.seat === b.seat && a.card === b.card;

type Support = DealFields["supports"][number];
function writeSupport(s: SupportState, v: Support): void {
  s.seat = v.seat;
  s.offer = v.offer;
  s.count = v.count;
}
const sameSupport = (a: Support, b: Support): boolean => a.seat === b.seat && a.offer === b.offer && a.count === b.count;

function writeDistrict(d: DistrictState, v: DistrictView): void {
  const w = encodeDistrict(v);
  d.id = w.id;
  d.condition = w.condition;
  d.illness = w.illness;
  d.development = w.development;
  d.android = w.android;
  d.humanFirst = w.humanFirst;
  d.orgcrime = w.orgcrime;
  d.prisec = w.prisec;
}
const sameDistrict = (a: DistrictView, b: DistrictView): boolean =>
  a.id === b.id && a.condition === b.condition && a.illness === b.illness && a.development === b.development
  && a.android === b.android && a.humanFirst === b.humanFirst && a.orgcrime === b.orgcrime && a.prisec === b.prisec;

// (An emergency action's title and an asset's name are the catalog's, not sent: see encodeEmergency.)
type Emergency = SeatView["emergency"][number];
function writeEmergency(e: EmergencyState, v: Emergency): void {
  const w = encodeEmergency(v);
  e.id = w.id;
  e.faceup = w.faceup;
}
const sameEmergency = (a: Emergency, b: Emergency): boolean => a.id === b.id && a.faceup === b.faceup;

type Asset = SeatView["assets"][number];
function writeAsset(x: AssetState, v: Asset): void {
  const w = encodeAsset(v);
  x.id = w.id;
  x.exhausted = w.exhausted;
}
const sameAsset = (a: Asset, b: Asset): boolean => a.id === b.id && a.exhausted === b.exhausted;

const newOffer = () => new OfferState();
const newSupport = () => new SupportState();
const newDistrict = () => new DistrictState();
const newEmergency = () => new EmergencyState();
const newAsset = () => new AssetState();

// ---- the public state -------------------------------------------------------------------------------------

/** What was last projected into a table's GameState (and the plain items of its arrays). */
interface GameMemo {
  pending: PendingView | null | undefined;
  /** The corp name that began the pending text last encoded. */
  pendingName: string | undefined;
  result: ResultView | null | undefined;
  supply: GameView["supply"] | undefined;
  deal: DealView | null | undefined;
  dealFields: DealFields | undefined;
  counters: List<OfferState, Offer>;
  supports: List<SupportState, Support>;
  decks: GameView["decks"] | undefined;
  piles: Map<string, PileState>;
  reserve: GameView["reserve"] | undefined;
  districtsView: GameView["districts"] | undefined;
  districts: List<DistrictState, DistrictView>;
}

interface SeatMemo {
  view: SeatView | undefined;
  emergency: List<EmergencyState, Emergency>;
  assets: List<AssetState, Asset>;
}

const gameMemos = new WeakMap<GameState, GameMemo>();
const seatMemos = new WeakMap<SeatState, SeatMemo>();

function gameMemo(game: GameState): GameMemo {
  let m = gameMemos.get(game);
  if (!m) {
    m = {
      pending: undefined, pendingName: undefined, result: undefined, supply: undefined,
      deal: undefined, dealFields: undefined, counters: new List(game.deal.counters), supports: new List(game.deal.supports),
      decks: undefined, piles: new Map(), reserve: undefined, districtsView: undefined, districts: new List(game.districts),
    };
    gameMemos.set(game, m);
  }
  return m;
}

function seatMemo(seat: SeatState): SeatMemo {
  let m = seatMemos.get(seat);
  if (!m) {
    m = { view: undefined, emergency: new List(seat.emergency), assets: new List(seat.assets) };
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
    && name === m.pendingName) return;
  m.pending = p;
  m.pendingName = name;
  const w = encodePending(p, view.seats);
  game.pendingKind = w.pendingKind;
  game.pendingSeat = w.pendingSeat;
  game.pendingText = w.pendingText;
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
  if (!last || last.main !== w.main) writeOffer(deal.main, w.main);
  if (!last || last.counters !== w.counters) syncList(deal.counters, m.counters, w.counters, newOffer, writeOffer, sameOffer);
  syncList(deal.supports, m.supports, w.supports, newSupport, writeSupport, sameSupport);
  syncValues(deal.abstained, last?.abstained, w.abstained);
}

function projectDecks(decks: DecksState, m: GameMemo, view: GameView["decks"]): void {
  if (m.decks === view) return;
  m.decks = view;
  const w = encodeDecks(view);
  decks.events = w.events;
  decks.nextEventCategory = w.nextEventCategory;
  decks.assets = w.assets;
  decks.assetDiscard = w.assetDiscard;
  decks.investments = w.investments;
  decks.demands = w.demands;
  for (const type in view.action) {
    const pile = view.action[type as keyof typeof view.action];
    let state = m.piles.get(type);
    if (!state) {
      state = decks.action.get(type);
      if (!state) decks.action.set(type, (state = new PileState()));
      m.piles.set(type, state);
    }
    state.deck = pile.deck;
    state.discard = pile.discard;
  }
}

function projectSeat(seat: SeatState, s: SeatView): void {
  const m = seatMemo(seat);
  const last = m.view;
  if (last === s) return;
  m.view = s;
  if (!last || last.seat !== s.seat || last.corp !== s.corp || last.corpName !== s.corpName || last.capital !== s.capital
    || last.handSize !== s.handSize || last.hasInvestment !== s.hasInvestment) {
    const w = encodeSeatPublic(s);
    seat.seat = w.seat;
    seat.corp = w.corp;
    seat.corpName = w.corpName;
    seat.capital = w.capital;
    seat.handSize = w.handSize;
    seat.hasInvestment = w.hasInvestment;
  }
  if (!last || last.emergency !== s.emergency) syncList(seat.emergency, m.emergency, s.emergency, newEmergency, writeEmergency, sameEmergency);
  if (!last || last.assets !== s.assets) syncList(seat.assets, m.assets, s.assets, newAsset, writeAsset, sameAsset);
}

/** Writes the public view (a spectator's view) into the game state and the seats' public fields. */
export function projectPublic(game: GameState, seats: Map<string, SeatState>, view: GameView): void {
  const m = gameMemo(game);
  game.round = view.round;
  game.stage = view.stage;
  game.active = view.active;
  game.threat = view.threat;
  game.demand = view.demand.id;
  game.turnsLeft = view.turnsLeft;
  projectPending(game, m, view);
  if (m.result !== view.result && !same(m.result, view.result)) game.result = encodeResult(view.result);
  m.result = view.result;
  const forecast = encodeForecast(view.forecast);
  if (game.forecast !== forecast) game.forecast = forecast;
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
    syncList(game.districts, m.districts, view.districts, newDistrict, writeDistrict, sameDistrict);
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
}

const secretMemos = new WeakMap<SecretState, SecretMemo>();

function secretMemo(secret: SecretState): SecretMemo {
  let m = secretMemos.get(secret);
  if (!m) {
    m = { hand: secret.hand.toArray(), trades: undefined, investment: undefined };
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
  // (Encoding the legal commands costs less than comparing them with the last ones; the setters compare.)
  const w = encodeLegal(you.legal, m.hand);
  secret.legal = w.legal;
  secret.legalTrades = w.legalTrades;
  if (m.trades === undefined || !same(m.trades, view.trades)) secret.trades = encodeTrades(view.trades);
  m.trades = view.trades;
}
