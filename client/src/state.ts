// The table as the client receives it: the plain JSON of the server's TableState (server/rooms/schema.ts),
// with its JSON string fields parsed and its compact fields (deal, decks, trade-propose) read back into
// the engine's view types. A seat's `secret` is present only for your own seat.
import type { LegalCommand } from "../../shared/protocol.ts";
import type { DealView, ResultView, TradeView } from "../../shared/view.ts";

export interface CardSnap { id: string; title: string; type: string }

export interface SecretSnap {
  seatToken: string;
  hand: CardSnap[];
  rival: string;
  investment: string;
  investmentName: string;
  legal: string;
  trades: string;
  log: string[];
}

export interface SeatSnap {
  secret?: SecretSnap;
  seat: number;
  name: string;
  bot: boolean;
  connected: boolean;
  botControlled: boolean;
  corp: string;
  corpName: string;
  capital: number;
  handSize: number;
  hasInvestment: boolean;
  emergency: { id: string; title: string; faceup: boolean }[];
  assets: { id: string; name: string; exhausted: boolean }[];
}

export interface DistrictSnap {
  id: number;
  condition: string;
  illness: boolean;
  development: boolean;
  android: boolean;
  humanFirst: boolean;
  orgcrime: boolean;
  prisec: boolean;
}

/** The deal as the server sends it (DealState): `open` false when none runs, empty ids for null. */
export interface DealSnap {
  open: boolean;
  asset?: { id: string; name: string };
  main?: { seat: number; card: CardSnap };
  counters?: { seat: number; card: CardSnap }[];
  supports?: { seat: number; offer: "main" | "counter"; count: number }[];
  abstained?: number[];
  winner: string;
}

export interface DecksSnap {
  action?: Record<string, { deck: number; discard: number }>;
  events?: number;
  nextEventCategory?: string;
  assets?: number;
  assetDiscard?: number;
  investments?: number;
  demands?: number;
}

export interface GameSnap {
  round: number;
  stage: string;
  active: number;
  threat: number;
  supply: Record<string, number>;
  demand: string;
  districts: DistrictSnap[];
  turnsLeft: number;
  deal?: DealSnap;
  decks?: DecksSnap;
  reserve?: Record<string, number>;
  pendingKind: string;
  pendingSeat: number;
  pendingText: string;
  deadline: number;
  result: string;
}

export interface TableSnap {
  code: string;
  status: "lobby" | "playing" | "finished" | string;
  seatCount: number;
  hostSeat: number;
  stepSeconds: number;
  spectators: number;
  seats: Record<string, SeatSnap>;
  game?: GameSnap;
  log: string[];
}

/** A private message between two players (never in the shared state). */
export interface Whisper { from: number; to: number; fromName: string; text: string; at: number }

export interface Decks {
  action?: Record<string, { deck: number; discard: number }>;
  events?: number;
  nextEventCategory?: string | null;
  assets?: number;
}

function parse<T>(json: string | undefined, fallback: T): T {
  if (!json) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

function dealOf(d: DealSnap | undefined): DealView | null {
  if (!d?.open) return null;
  return {
    asset: d.asset?.id ? { id: d.asset.id, name: d.asset.name } : null,
    main: d.main?.card?.id ? (d.main as DealView["main"]) : null,
    counters: (d.counters ?? []) as DealView["counters"],
    supports: d.supports ?? [],
    abstained: d.abstained ?? [],
    winner: (d.winner || null) as DealView["winner"],
  };
}

function decksOf(d: DecksSnap | undefined): Decks {
  if (!d) return {};
  return { ...d, nextEventCategory: d.nextEventCategory || null };
}

/** The server sends a trade-propose's partners as seat numbers: fill in what each holds, and what you hold. */
function readLegal(json: string | undefined, seats: SeatSnap[], me: SeatSnap | null): LegalCommand[] {
  const holdings = (s: SeatSnap) => ({ capital: s.capital, assets: s.assets.map((a) => a.id) });
  return parse<any[]>(json, []).map((l) => {
    if (l.type !== "trade-propose" || !me) return l as LegalCommand;
    const to = (l.to as (number | { seat: number })[]).map((x) => (typeof x === "number" ? x : x.seat));
    return {
      ...l,
      to: to.flatMap((n) => seats.filter((s) => s.seat === n).map((s) => ({ seat: n, ...holdings(s) }))),
      give: holdings(me),
    } as LegalCommand;
  });
}

/** Everything the table screens need, with the JSON fields parsed once per state change. */
export interface TableModel {
  snap: TableSnap;
  /** Seats in seat order. */
  seats: SeatSnap[];
  /** Your seat number, or null for a spectator. */
  mySeat: number | null;
  me: SeatSnap | null;
  secret: SecretSnap | null;
  legal: LegalCommand[];
  trades: TradeView[];
  deal: DealView | null;
  result: ResultView | null;
  decks: Decks;
}

/** toJSON() leaves out fields it has not received yet: give every list a value. */
function normalize(raw: TableSnap): TableSnap {
  const seats: Record<string, SeatSnap> = {};
  for (const [key, s] of Object.entries(raw.seats ?? {})) {
    seats[key] = {
      ...s,
      emergency: s.emergency ?? [],
      assets: s.assets ?? [],
      secret: s.secret ? { ...s.secret, hand: s.secret.hand ?? [], log: s.secret.log ?? [] } : undefined,
    };
  }
  const game = raw.game ? { ...raw.game, supply: raw.game.supply ?? {}, districts: raw.game.districts ?? [] } : undefined;
  return { ...raw, seats, game, log: raw.log ?? [] };
}

export function tableModel(raw: TableSnap, mySeat: number | null): TableModel {
  const snap = normalize(raw);
  const seats = Object.values(snap.seats ?? {}).sort((a, b) => a.seat - b.seat);
  const me = mySeat === null ? null : (snap.seats[String(mySeat)] ?? null);
  const secret = me?.secret ?? null;
  const game = snap.game;
  return {
    snap,
    seats,
    mySeat,
    me,
    secret,
    legal: readLegal(secret?.legal, seats, me),
    trades: parse<TradeView[]>(secret?.trades, []),
    deal: dealOf(game?.deal),
    result: parse<ResultView | null>(game?.result, null),
    decks: decksOf(game?.decks),
  };
}

/** The first legal command of a type, typed by that type. */
export function legalOf<T extends LegalCommand["type"]>(m: TableModel, type: T): Extract<LegalCommand, { type: T }> | undefined {
  return m.legal.find((l) => l.type === type) as Extract<LegalCommand, { type: T }> | undefined;
}

/**
 * Turns left in this Action Phase as the log counts them ("X's turn begins (3 turns left this round)",
 * this turn included), so the screen and the log say the same; null outside an Action Phase.
 */
export function turnsLeftNow(m: TableModel): number | null {
  const game = m.snap.game;
  if (!game) return null;
  for (let i = m.snap.log.length - 1; i >= 0; i--) {
    const line = m.snap.log[i]!;
    const hit = line.match(/'s turn begins \((\d+) turns? left this round\)\.$/);
    if (hit) return Number(hit[1]);
    if (/^(Production Phase\.|Event: |Round \S+ begins\.|Demand round \d+ begins\.)/.test(line)) break;
  }
  return null;
}
