// The encode/decode pairs of the table's wire. The server's projection (server/rooms/projection.ts)
// writes engine views into the @colyseus/schema state with the `encode*` half; every reader (the
// client, the scripts, the tests) reads them back with the `decode*` half, through readTable()
// (table.ts). A field whose wire form differs from its view form (a placeholder for null, a JSON
// string, a compacted list) has its pair here and nowhere else.
import type { CorpId, RivalId } from "../catalog/types.ts";
import type { LegalCommand } from "../protocol.ts";
import type { CardView, DealView, DistrictView, GameView, PendingView, ResultView, SeatView, TradeView } from "../view.ts";

// ---- the wire's plain shapes: what toJSON() of a decoded TableState gives -----------------------------
// (Schema arrays, maps and refs a client has not received yet are absent from toJSON(): optional here.)

/** A district as sent: its static facts (name, tier, resources) come from the catalog, not the wire. */
export type DistrictBoard = Omit<DistrictView, "name" | "tier" | "primary" | "secondary" | "production" | "next">;

export interface WireCard { id: string; title: string; type: string }
export interface WireOffer { seat: number; card?: WireCard }

/** The deal as fields: `open` false when none runs, "" ids and winner for null. */
export interface WireDeal {
  open: boolean;
  asset?: { id: string; name: string };
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
export interface WirePending { pendingKind: string; pendingSeat: number; pendingText: string }

/** Your investment as two fields: "" when you hold none. */
export interface WireInvestment { investment: string; investmentName: string }

export interface WireSecret extends WireInvestment {
  seatToken: string;
  hand?: WireCard[];
  rival: string;
  /** encodeLegal() of your legal commands. */
  legal: string;
  /** encodeTrades() of the trades you are part of. */
  trades: string;
  privateMoves: number;
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
}

/** A seat's public fields as sent: the SeatView, with "" for a corp not dealt yet (before the start). */
export type WireSeatPublic = Omit<SeatView, "corp" | "emergency" | "assets" | "handLimit"> & { corp: CorpId | "" };

export interface WireSeat extends WireSeatPublic, SeatPresence {
  secret?: WireSecret;
  emergency?: SeatView["emergency"];
  assets?: SeatView["assets"];
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
}

export type TableStatus = "lobby" | "playing" | "finished";

export interface WireTable {
  code: string;
  status: TableStatus;
  seatCount: number;
  hostSeat: number;
  stepSeconds: number;
  spectators: number;
  /** Players see the spectators' channel of the chat. */
  watchersOpen: boolean;
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

export function encodeTrades(trades: TradeView[]): string {
  return JSON.stringify(trades);
}
export function decodeTrades(json: string | undefined): TradeView[] {
  return decodeJson<TradeView[]>(json, []);
}

export function encodePending(pending: PendingView | null): WirePending {
  return { pendingKind: pending?.kind ?? "", pendingSeat: pending?.seat ?? -1, pendingText: pending?.text ?? "" };
}
export function decodePending(w: Partial<WirePending> | undefined): PendingView | null {
  if (!w?.pendingKind) return null;
  return { kind: w.pendingKind, seat: w.pendingSeat ?? -1, text: w.pendingText ?? "" };
}

type Investment = NonNullable<GameView["you"]>["investment"];
export function encodeInvestment(investment: Investment): WireInvestment {
  return { investment: investment?.id ?? "", investmentName: investment?.name ?? "" };
}
export function decodeInvestment(w: Partial<WireInvestment> | undefined): Investment {
  return w?.investment ? { id: w.investment, name: w.investmentName ?? "" } : null;
}

export function encodeCard(card: CardView): WireCard {
  return { id: card.id, title: card.title, type: card.type };
}
export function decodeCard(w: WireCard): CardView {
  return { id: w.id, title: w.title, type: w.type as CardView["type"] };
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
  asset: { id: string; name: string };
  main: { seat: number; card: WireCard };
  counters: { seat: number; card: WireCard }[];
  supports: { seat: number; offer: "main" | "counter"; count: number }[];
  abstained: number[];
}
const NO_ASSET = { id: "", name: "" };
const NO_OFFER = { seat: 0, card: { id: "", title: "", type: "" } };
/** (Offers are the view's own objects, whose shape is the wire's: the projection runs on every command.) */
export function encodeDeal(view: DealView | null): DealFields {
  return {
    open: view !== null,
    winner: encodeNullable(view?.winner),
    asset: view?.asset ?? NO_ASSET,
    main: view?.main ?? NO_OFFER,
    counters: view?.counters ?? [],
    supports: (view?.supports ?? []).map((x) => ({ seat: x.seat, offer: x.offer, count: x.count })),
    abstained: view?.abstained ?? [],
  };
}
export function decodeDeal(w: WireDeal | undefined): DealView | null {
  if (!w?.open) return null;
  const offer = (o: WireOffer) => ({ seat: o.seat, card: decodeCard(o.card ?? { id: "", title: "", type: "" }) });
  return {
    asset: w.asset?.id ? { id: w.asset.id, name: w.asset.name } : null,
    main: w.main?.card?.id ? offer(w.main) : null,
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

/** A trade-propose as sent: its partners as seat numbers only. */
type CompactLegal = Exclude<LegalCommand, { type: "trade-propose" }> | { type: "trade-propose"; to: number[]; support?: unknown };

/**
 * JSON of the legal commands, except that a trade-propose lists its partners as seat numbers: what each
 * partner holds, and what you hold to give, are public facts of the seats, so a capital change elsewhere
 * does not re-send every seat's legal commands. decodeLegal() fills them back in.
 */
export function encodeLegal(legal: LegalCommand[]): string {
  return JSON.stringify(legal.map((l): CompactLegal => (l.type === "trade-propose"
    ? { type: l.type, to: l.to.map((x) => x.seat), ...(l.support ? { support: l.support } : {}) }
    : l)));
}

/** What a seat holds to trade, from its public fields. */
function holdings(s: { capital: number; assets?: { id: string }[] }): { capital: number; assets: string[] } {
  return { capital: s.capital, assets: (s.assets ?? []).map((a) => a.id) };
}

/** The legal commands of `me`, with a trade-propose's partners and your own holdings filled back in from `seats`. */
export function decodeLegal(
  json: string | undefined,
  seats: readonly { seat: number; capital: number; assets?: { id: string }[] }[],
  me: { capital: number; assets?: { id: string }[] } | null,
): LegalCommand[] {
  return decodeJson<CompactLegal[]>(json, []).map((l) => {
    if (l.type !== "trade-propose" || !me) return l as LegalCommand;
    return {
      ...l,
      to: l.to.flatMap((n) => seats.filter((s) => s.seat === n).map((s) => ({ seat: n, ...holdings(s) }))),
      give: holdings(me),
    } as LegalCommand;
  });
}
