// The encode/decode pairs of the table's wire. The server's projection (server/rooms/projection.ts)
// writes engine views into the @colyseus/schema state with the `encode*` half; every reader (the
// client, the scripts, the tests) reads them back with the `decode*` half, through readTable()
// (table.ts). A field whose wire form differs from its view form (a placeholder for null, a JSON
// string, a compacted list) has its pair here and nowhere else.
import { catalog } from "../catalog/index.ts";
import type { CorpId, RivalId } from "../catalog/types.ts";
import type { CardPick, ChoiceIntent, ChoiceOption, LegalCommand } from "../protocol.ts";
import type { CardView, DealView, DistrictView, GameView, PendingView, ResultView, SeatView, ThreatForecast, TradeView } from "../view.ts";

// ---- the wire's plain shapes: what toJSON() of a decoded TableState gives -----------------------------
// (Schema arrays, maps and refs a client has not received yet are absent from toJSON(): optional here.)

/** A district as sent: its static facts (name, tier, resources) come from the catalog, not the wire. */
export type DistrictBoard = Omit<DistrictView, "name" | "tier" | "primary" | "secondary" | "production" | "next">;

/** A card as sent: its id alone (its title and type are the catalog's, see decodeCard). */
export type WireCardId = string;
/** A card as read (decodeCard). */
export interface WireCard { id: string; title: string; type: string }
export interface WireOffer { seat: number; card: WireCardId }

/** The deal as fields: `open` false when none runs, "" ids and winner for null. */
export interface WireDeal {
  open: boolean;
  /** The asset's id, "" for none (its name is the catalog's). */
  asset: string;
  main?: WireOffer;
  counters?: WireOffer[];
  /** A support's `asset` (Isabel McGuire's added support) is not on the wire: see docs/protocol.md. */
  supports?: { seat: number; offer: "main" | "counter"; count: number }[];
  abstained?: number[];
  winner: string;
}

/** The view's decks, with "" for no next event category. */
export type WireDecks = Partial<Omit<GameView["decks"], "nextEventCategory" | "action">> & {
  action?: Partial<GameView["decks"]["action"]>;
  nextEventCategory?: string;
};

/** The pending decision as three fields: "" kind, -1 seat when there is none. */
/**
 * The pending decision as fields: "" kind for none. `pendingText` is "" when the text is the usual one
 * for its kind ("<corp name> <phrase>.", PENDING_PHRASES), else "~" and what follows the corp name, or
 * "=" and the whole text: a decision passing round the table does not re-send a sentence.
 */
export interface WirePending { pendingKind: string; pendingSeat: number; pendingText: string }

/** Your investment's id: "" when you hold none (its name is the catalog's). */
export interface WireInvestment { investment: string }

export interface WireSecret extends WireInvestment {
  seatToken: string;
  /** Your cards' ids (decodeCard). */
  hand?: WireCardId[];
  rival: string;
  /** encodeLegal() of your legal commands: the decisions, */
  legal: string;
  /** and the trade commands. */
  legalTrades: string;
  /** encodeTrades() of the trades you are part of. */
  trades: string;
  privateMoves: number;
  /** What you may take back now ("support"), or "" (absent from older servers). */
  takeBack?: string;
  /** Your answers in advance, JSON of StandingAnswers ("" or absent: the defaults). */
  answers?: string;
}

/** Who sits in a seat (not in the engine's view: the room's own facts). */
export interface SeatPresence {
  name: string;
  /** A server bot sits here. */
  bot: boolean;
  /** A human sits here and is connected now. */
  connected: boolean;
  /** A human's seat that a bot plays while they are away. */
  botControlled: boolean;
  /** Epoch milliseconds when a bot takes over this disconnected player's seat (0: none pending). */
  awayUntil: number;
  /** A turn-based seat's time bank (ms) when its wait began, or as it stands while it owes nothing (0 at a live table). */
  bank?: number;
  /** While the seat owes a decision at a turn-based table: when its bank runs out (epoch ms), else 0. */
  bankDueAt?: number;
  /** Since when the seat owes its decision at a turn-based table (epoch ms), else 0. */
  owedSince?: number;
}

/** A seat's public fields as sent: the SeatView, with "" for a corp not dealt yet (before the start). */
export type WireSeatPublic = Omit<SeatView, "corp" | "emergency" | "assets" | "handLimit"> & { corp: CorpId | "" };

/** An emergency action and an asset as sent: their title and name are the catalog's. */
export interface WireEmergency { id: string; faceup: boolean }
export interface WireAsset { id: string; exhausted: boolean }

export interface WireSeat extends WireSeatPublic, SeatPresence {
  secret?: WireSecret;
  emergency?: WireEmergency[];
  assets?: WireAsset[];
}

export interface WireGame extends WirePending {
  round: number;
  stage: string;
  active: number;
  threat: number;
  supply?: Partial<GameView["supply"]>;
  demand: string;
  districts?: DistrictBoard[];
  turnsLeft: number;
  deal?: WireDeal;
  decks?: WireDecks;
  reserve?: Partial<GameView["reserve"]>;
  deadline: number;
  /** encodeResult() of the result. */
  result: string;
  moves: number;
  /** encodeForecast() of where the threat is heading (absent from an older server). */
  forecast?: string;
}

export type TableStatus = "lobby" | "playing" | "adjourned" | "finished";

export interface WireTable {
  code: string;
  status: TableStatus;
  seatCount: number;
  hostSeat: number;
  stepSeconds: number;
  /** When the game starts by itself (epoch ms), 0 for no countdown (absent from an older server). */
  startsAt?: number;
  spectators: number;
  /** Players see the spectators' channel of the chat. */
  watchersOpen: boolean;
  /** The bots talk (absent from an older server: they do). */
  botChat?: boolean;
  /** While adjourned: when the players mean to meet again (epoch ms; 0: no time set). */
  meetAt?: number;
  /** The seats that asked to adjourn (a majority of the people seated adjourns the game). */
  adjournVotes?: number[];
  /** A tutorial table, its guide on, the guide moment it is paused on (absent from an older server: none). */
  tutorial?: boolean;
  guideOn?: boolean;
  guideMoment?: string;
  seats?: Record<string, WireSeat>;
  game?: WireGame;
}

// ---- placeholders ---------------------------------------------------------------------------------------

/** null as "" (a string field cannot be null on the wire). */
export function encodeNullable(value: string | null | undefined): string {
  return value ?? "";
}
export function decodeNullable<T extends string>(value: string | undefined): T | null {
  return value ? (value as T) : null;
}

/** A JSON field: null as "". */
export function encodeJson(value: unknown): string {
  return value === null || value === undefined ? "" : JSON.stringify(value);
}
export function decodeJson<T>(json: string | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export function encodeResult(result: ResultView | null): string {
  return encodeJson(result);
}
export function decodeResult(json: string | undefined): ResultView | null {
  return decodeJson<ResultView | null>(json, null);
}

/** The forecast as sent: an event's candidates as [id, adds] (names and the range are the catalog's and the reader's). */
interface WireForecast {
  w: number;
  d: [number, ...string[]];
  e: [string, ...[string, number][]] | null;
  i: number;
  r: ThreatForecast["round"];
  t: ThreatForecast["total"];
}
export function encodeForecast(f: ThreatForecast): string {
  const wire: WireForecast = {
    w: f.worst, d: [f.demand.adds, ...f.demand.short], i: f.illness, r: f.round, t: f.total,
    e: f.event ? [f.event.category, ...f.event.candidates.map((c): [string, number] => [c.id, c.adds])] : null,
  };
  return JSON.stringify(wire);
}
const eventNames = new Map(catalog.events.map((e) => [e.id, e.name]));
/** null for a server that sends none (or a broken field). */
export function decodeForecast(json: string | undefined): ThreatForecast | null {
  const w = decodeJson<WireForecast | null>(json, null);
  if (!w || !Array.isArray(w.d)) return null;
  const [category, ...pairs] = w.e ?? [];
  const candidates = pairs.map(([id, adds]) => ({ id, name: eventNames.get(id) ?? id, adds }));
  const adds = candidates.map((c) => c.adds);
  return {
    worst: w.w,
    demand: { adds: w.d[0], short: w.d.slice(1) as ThreatForecast["demand"]["short"] },
    event: w.e ? { category: category as string, min: Math.min(...adds), max: Math.max(...adds), candidates } : null,
    illness: w.i,
    round: { ...w.r },
    total: { ...w.t },
  };
}

export function encodeTrades(trades: TradeView[]): string {
  return JSON.stringify(trades);
}
export function decodeTrades(json: string | undefined): TradeView[] {
  return decodeJson<TradeView[]>(json, []);
}

/** The usual phrase of each kind of pending decision (the engine's; any other text travels whole). */
const PENDING_PHRASES: Record<string, string> = {
  "main-offer": "is choosing a main offer",
  counteroffer: "may propose a counteroffer",
  support: "may support an offer or abstain",
  "general-draw": "is choosing a type for a General draw",
  effect: "is making a choice for a card",
  "hand-limit": "is discarding down to the hand limit",
  investment: "is choosing an investment",
};

/** `seats`: the public seats, whose corp names begin the pending text. */
export function encodePending(pending: PendingView | null, seats: readonly { seat: number; corpName: string }[] = []): WirePending {
  if (!pending) return { pendingKind: "", pendingSeat: -1, pendingText: "" };
  const name = seats.find((s) => s.seat === pending.seat)?.corpName;
  const usual = name !== undefined && PENDING_PHRASES[pending.kind] !== undefined ? `${name} ${PENDING_PHRASES[pending.kind]}.` : null;
  const rest = name !== undefined && pending.text.startsWith(`${name} `) ? pending.text.slice(name.length + 1) : null;
  // "" stands for the usual text; a text after the corp name travels without the name ("~" marks that),
  // any other whole ("=" marks that).
  const pendingText = pending.text === usual ? "" : rest !== null ? `~${rest}` : `=${pending.text}`;
  return { pendingKind: pending.kind, pendingSeat: pending.seat, pendingText };
}
export function decodePending(w: Partial<WirePending> | undefined, seats: readonly { seat: number; corpName: string }[] = []): PendingView | null {
  if (!w?.pendingKind) return null;
  const seat = w.pendingSeat ?? -1;
  const name = seats.find((s) => s.seat === seat)?.corpName ?? "";
  const sent = w.pendingText ?? "";
  const text = sent === "" ? `${name} ${PENDING_PHRASES[w.pendingKind] ?? "must decide"}.` : sent.startsWith("~") ? `${name} ${sent.slice(1)}` : sent.slice(1);
  return { kind: w.pendingKind, seat, text };
}

const INVESTMENT_NAMES = new Map(catalog.investments.map((i) => [i.id, i.name]));
const EMERGENCY_TITLES = new Map(catalog.emergencyActions.map((e) => [e.id, e.title]));
const ASSET_NAMES = new Map(catalog.assets.map((a) => [a.id, a.name]));

type Investment = NonNullable<GameView["you"]>["investment"];
export function encodeInvestment(investment: Investment): WireInvestment {
  return { investment: investment?.id ?? "" };
}
export function decodeInvestment(w: Partial<WireInvestment> | undefined): Investment {
  return w?.investment ? { id: w.investment, name: INVESTMENT_NAMES.get(w.investment) ?? w.investment } : null;
}

type Emergency = SeatView["emergency"][number];
export function encodeEmergency(e: Emergency): WireEmergency {
  return { id: e.id, faceup: e.faceup };
}
export function decodeEmergency(w: WireEmergency): Emergency {
  return { id: w.id, title: EMERGENCY_TITLES.get(w.id) ?? w.id, faceup: w.faceup };
}

type Asset = SeatView["assets"][number];
export function encodeAsset(a: Asset): WireAsset {
  return { id: a.id, exhausted: a.exhausted };
}
export function decodeAsset(w: WireAsset): Asset {
  return { id: w.id, name: assetName(w.id), exhausted: w.exhausted };
}
/** An asset's name, as the engine gives it (its id when the catalog has none). */
function assetName(id: string): string {
  return ASSET_NAMES.get(id) ?? id;
}

/**
 * The cards an id stands for, as the engine deals them: action card copies are "a0", "a1"... in the
 * catalog's order, copies together; any other id is an emergency action's (tests/room/wire.test.ts checks
 * every id against the engine's cardView).
 */
const CARDS = new Map<string, CardView>();
const EMERGENCY_CARD_TITLES = new Map(catalog.emergencyActions.map((e) => [e.id, e.title]));
for (const def of catalog.actionCards) {
  for (let i = 0; i < def.copies; i++) {
    const id = `a${CARDS.size}`;
    CARDS.set(id, { id, title: def.title, type: def.type });
  }
}

/** A card travels as its id. */
export function encodeCard(card: CardView): WireCardId {
  return card.id;
}
export function decodeCard(id: WireCardId): CardView {
  const card = CARDS.get(id);
  return card ? { ...card } : { id, title: EMERGENCY_CARD_TITLES.get(id) ?? id, type: "emergency" };
}

export function encodeDistrict(d: DistrictView): DistrictBoard {
  return {
    id: d.id, condition: d.condition, illness: d.illness, development: d.development,
    android: d.android, humanFirst: d.humanFirst, orgcrime: d.orgcrime, prisec: d.prisec,
  };
}

export function encodeSeatPublic(s: SeatView): WireSeatPublic {
  return { seat: s.seat, corp: s.corp, corpName: s.corpName, capital: s.capital, handSize: s.handSize, hasInvestment: s.hasInvestment };
}

// ---- the deal and the decks ------------------------------------------------------------------------------

/** The deal's scalar fields and its parts; a closed deal is `open: false` with empty parts. */
export interface DealFields {
  open: boolean;
  winner: string;
  asset: string;
  main: WireOffer;
  counters: WireOffer[];
  supports: { seat: number; offer: "main" | "counter"; count: number }[];
  abstained: number[];
}
const NO_OFFER: WireOffer = { seat: 0, card: "" };
const encodeOffer = (o: { seat: number; card: CardView }): WireOffer => ({ seat: o.seat, card: encodeCard(o.card) });
export function encodeDeal(view: DealView | null): DealFields {
  return {
    open: view !== null,
    winner: encodeNullable(view?.winner),
    asset: view?.asset?.id ?? "",
    main: view?.main ? encodeOffer(view.main) : NO_OFFER,
    counters: (view?.counters ?? []).map(encodeOffer),
    supports: (view?.supports ?? []).map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
    abstained: view?.abstained ?? [],
  };
}
export function decodeDeal(w: WireDeal | undefined): DealView | null {
  if (!w?.open) return null;
  const offer = (o: WireOffer) => ({ seat: o.seat, card: decodeCard(o.card) });
  return {
    asset: w.asset ? { id: w.asset, name: assetName(w.asset) } : null,
    main: w.main?.card ? offer(w.main) : null,
    counters: (w.counters ?? []).map(offer),
    supports: (w.supports ?? []).map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
    abstained: [...(w.abstained ?? [])],
    winner: decodeNullable<"main" | "counter">(w.winner),
  };
}

export function encodeDecks(view: GameView["decks"]): Required<Omit<WireDecks, "action">> {
  return {
    events: view.events, nextEventCategory: encodeNullable(view.nextEventCategory), assets: view.assets,
    assetDiscard: view.assetDiscard, investments: view.investments, demands: view.demands,
  };
}
export function decodeDecks(w: WireDecks | undefined): GameView["decks"] {
  const action: Record<string, { deck: number; discard: number }> = {};
  for (const [type, pile] of Object.entries(w?.action ?? {})) if (pile) action[type] = { deck: pile.deck, discard: pile.discard };
  return {
    action: action as GameView["decks"]["action"],
    events: w?.events ?? 0,
    nextEventCategory: decodeNullable(w?.nextEventCategory),
    assets: w?.assets ?? 0,
    assetDiscard: w?.assetDiscard ?? 0,
    investments: w?.investments ?? 0,
    demands: w?.demands ?? 0,
  };
}

// ---- legal commands --------------------------------------------------------------------------------------

/** Stands for a card list equal to your hand (you have the hand beside it). */
const HAND = "@hand";
type Cards = string[] | typeof HAND;
type Pick = Omit<CardPick, "from"> & { from: Cards };
/**
 * Options as sent: [intent fields every option shares, intent fields equal to the option's own value,
 * [value, label, the rest of its intent]...]. Plain options when one lacks an intent.
 */
type CompactOptions = [Record<string, unknown>, string[], ([ChoiceOption["value"], string] | [ChoiceOption["value"], string, Record<string, unknown>])[]];

/** A legal command as sent (see encodeLegal). */
type CompactLegal =
  | Exclude<LegalCommand, { type: "trade-propose" | "offer" | "counteroffer" | "support" | "discard" | "choose" | "investment" }>
  | { type: "offer"; cards: Cards; emergency: string[] }
  | { type: "counteroffer"; cards: Cards; emergency: string[]; discard: Pick }
  | { type: "support"; offers: ("main" | "counter")[]; cards: Pick }
  | { type: "discard"; prompt: string; cards: Pick }
  | { type: "choose"; prompt: string; options?: ChoiceOption[]; o?: CompactOptions; progress?: { at: number; of: number }; more?: number }
  | { type: "investment"; options?: ChoiceOption[]; o?: CompactOptions }
  | { type: "trade-propose"; to: number[]; support?: { offers: ("main" | "counter")[]; cards: Pick } };

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function encodeCards(cards: string[], hand: readonly string[]): Cards {
  return cards.length > 0 && sameList(cards, hand) ? HAND : cards;
}
function decodeCards(cards: Cards, hand: readonly string[]): string[] {
  return cards === HAND ? [...hand] : cards;
}
function encodePick(pick: CardPick, hand: readonly string[]): Pick {
  return { ...pick, from: encodeCards(pick.from, hand) };
}
function decodePick(pick: Pick, hand: readonly string[]): CardPick {
  return { ...pick, from: decodeCards(pick.from, hand) };
}

type Primitive = string | number | boolean;
const isPrimitive = (v: unknown): v is Primitive => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

function encodeOptions(options: ChoiceOption[]): { options: ChoiceOption[] } | { o: CompactOptions } {
  // (Plain loops: this runs for every seat whose legal commands change, after every command.)
  const n = options.length;
  if (n === 0) return { options };
  for (let i = 0; i < n; i++) if (!options[i]!.intent) return { options };
  const intentOf = (i: number) => options[i]!.intent as unknown as Record<string, unknown>;
  const first = intentOf(0);
  const base: Record<string, unknown> = {};
  const byValue: string[] = [];
  for (const key in first) {
    const value = first[key];
    if (!isPrimitive(value)) continue;
    let all = true;
    for (let i = 0; all && i < n; i++) all = intentOf(i)[key] === options[i]!.value;
    if (all) {
      byValue.push(key);
      continue;
    }
    let shared = true;
    for (let i = 1; shared && i < n; i++) {
      const intent = intentOf(i);
      shared = key in intent && intent[key] === value;
    }
    if (shared) base[key] = value;
  }
  const list: CompactOptions[2] = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = options[i]!;
    const intent = intentOf(i);
    let rest: Record<string, unknown> | null = null;
    for (const key in intent) {
      if (key in base || byValue.includes(key)) continue;
      (rest ??= {})[key] = intent[key];
    }
    list[i] = rest ? [x.value, x.label, rest] : [x.value, x.label];
  }
  return { o: [base, byValue, list] };
}
function decodeOptions(l: { options?: ChoiceOption[]; o?: CompactOptions }): ChoiceOption[] {
  if (!l.o) return l.options ?? [];
  const [base, byValue, list] = l.o;
  return list.map(([value, label, rest]) => {
    const intent: Record<string, unknown> = { ...base };
    for (const key of byValue) intent[key] = value;
    return { value, label, intent: { ...intent, ...rest } as unknown as ChoiceIntent };
  });
}

/**
 * JSON of the legal commands, compacted without loss (decodeLegal() gives them back):
 * - a trade-propose lists its partners as seat numbers: what each partner holds, and what you hold to
 *   give, are public facts of the seats, so a capital change elsewhere does not re-send every seat's
 *   legal commands;
 * - a list of cards equal to your hand (which you hold beside it) is "@hand";
 * - a list of options sends the intent fields all options share, and those equal to each option's
 *   value, once;
 * - the trade commands (which come last, and change seldom) are a string of their own, `legalTrades`
 *   ("" for none), so that a decision's change does not re-send them.
 */
export function encodeLegal(legal: LegalCommand[], hand: readonly string[] = []): { legal: string; legalTrades: string } {
  const decisions: CompactLegal[] = [];
  let trades: CompactLegal[] | null = null;
  for (const l of legal) {
    const c = compactLegal(l, hand);
    if (c.type.startsWith("trade-")) (trades ??= []).push(c);
    else decisions.push(c);
  }
  return { legal: JSON.stringify(decisions), legalTrades: trades ? JSON.stringify(trades) : "" };
}

function compactLegal(l: LegalCommand, hand: readonly string[]): CompactLegal {
  switch (l.type) {
    case "trade-propose": {
      const to: number[] = [];
      for (const x of l.to) to.push(x.seat);
      const c: Extract<CompactLegal, { type: "trade-propose" }> = { type: l.type, to };
      if (l.support) c.support = { offers: l.support.offers, cards: encodePick(l.support.cards, hand) };
      return c;
    }
    case "offer":
      return { ...l, cards: encodeCards(l.cards, hand) };
    case "counteroffer":
      return { ...l, cards: encodeCards(l.cards, hand), discard: encodePick(l.discard, hand) };
    case "support":
    case "discard":
      return { ...l, cards: encodePick(l.cards, hand) };
    case "choose":
      return { type: l.type, prompt: l.prompt, ...encodeOptions(l.options), ...(l.progress ? { progress: l.progress } : {}), ...(l.more ? { more: l.more } : {}) };
    case "investment":
      return { type: l.type, ...encodeOptions(l.options) };
    default:
      return l;
  }
}

/** What a seat holds to trade, from its public fields. */
function holdings(s: { capital: number; assets?: { id: string }[] }): { capital: number; assets: string[] } {
  return { capital: s.capital, assets: (s.assets ?? []).map((a) => a.id) };
}

/** A seat as decodeLegal() reads it: its public holdings and, for your own seat, the secret with your hand. */
interface LegalSeat { seat: number; capital: number; assets?: { id: string }[] }

/** The card ids of your hand, from your seat's secret as decoded (a schema array or its toJSON()). */
function handOf(me: { secret?: unknown } | null): string[] {
  const hand = (me?.secret as { hand?: Iterable<WireCardId> } | undefined)?.hand;
  return hand ? Array.from(hand) : [];
}

/**
 * The legal commands of `me` from its secret's `legal` (json) and `legalTrades` (by default, read from
 * `me.secret`), with a trade-propose's partners and your own holdings filled back in from `seats`, and
 * the lists equal to your hand from `hand` (by default, from your seat's secret).
 */
export function decodeLegal(
  json: string | undefined,
  seats: readonly LegalSeat[],
  me: (Omit<LegalSeat, "seat"> & { secret?: unknown }) | null,
  hand: readonly string[] = handOf(me),
  tradesJson: string | undefined = (me?.secret as { legalTrades?: string } | undefined)?.legalTrades,
): LegalCommand[] {
  const compact = [...decodeJson<CompactLegal[]>(json, []), ...decodeJson<CompactLegal[]>(tradesJson, [])];
  return compact.map((l): LegalCommand => {
    switch (l.type) {
      case "trade-propose": {
        if (!me) return l as unknown as LegalCommand;
        const support = l.support ? { support: { offers: l.support.offers, cards: decodePick(l.support.cards, hand) } } : {};
        return {
          type: l.type,
          to: l.to.flatMap((n) => seats.filter((s) => s.seat === n).map((s) => ({ seat: n, ...holdings(s) }))),
          give: holdings(me),
          ...support,
        };
      }
      case "offer":
        return { ...l, cards: decodeCards(l.cards, hand) };
      case "counteroffer":
        return { ...l, cards: decodeCards(l.cards, hand), discard: decodePick(l.discard, hand) };
      case "support":
        return { ...l, cards: decodePick(l.cards, hand) };
      case "discard":
        return { ...l, cards: decodePick(l.cards, hand) };
      case "choose":
        return { type: l.type, prompt: l.prompt, options: decodeOptions(l), ...(l.progress ? { progress: l.progress } : {}), ...(l.more ? { more: l.more } : {}) };
      case "investment":
        return { type: l.type, options: decodeOptions(l) };
      default:
        return l;
    }
  });
}
