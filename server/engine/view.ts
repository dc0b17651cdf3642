// viewFor(): exactly what one seat (or a spectator) may know. Public: the board, tracks, offers,
// who supported what with how many cards, hand sizes, deck sizes and the next event's back.
// A seat also gets its own hand, rival, investment, trades and options. Nothing else.
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType, DistrictId } from "../../shared/catalog/types.ts";
import { districtBoardOf, sameDistrictBoard, type CardView, type EffectView, type GameView, type PendingView, type Variant } from "../../shared/view.ts";
import { handLimit, turnsLeftInRound } from "./action-phase.ts";
import { pool } from "./city.ts";
import { actionCard, assetName, cardTitle, corpName, scriptTitle, demandDef, district, districtName, emergencyAction, investmentDef, isActionCard, isEmergencyAction } from "./data.ts";
import { nextEventCategory } from "./events.ts";
import { threatForecast } from "./forecast.ts";
import { legalFor } from "./legal.ts";
import type { Rulebook } from "./rulebook.ts";
import { publicTouched } from "./touched.ts";
import type { DistrictState, GameState, Offer, PlayerState } from "./state.ts";
import { ROUND_TRACK } from "./state.ts";

/**
 * A card's view, by id: the same frozen object every time (the catalog never changes; views are read,
 * never changed), so views and hands share it instead of making one per card per view.
 */
const cardViews = new Map<string, CardView>();
export function cardView(id: string): CardView {
  let v = cardViews.get(id);
  if (v === undefined) {
    if (isActionCard(id)) {
      const d = actionCard(id);
      v = Object.freeze({ id, title: d.title, type: d.type });
    } else v = Object.freeze({ id, title: cardTitle(id), type: "emergency" as const });
    // an id outside the catalog (a state edited by hand) is answered but not kept: the cache stays bounded
    if (isActionCard(id) || isEmergencyAction(id)) cardViews.set(id, v);
  }
  return v;
}

function offerView(o: Offer) {
  return { seat: o.seat, card: cardView(o.card) };
}

const PENDING_TEXT: Record<string, string> = {
  "main-offer": "is choosing a main offer",
  counteroffer: "may propose a counteroffer",
  support: "may support an offer or abstain",
  "general-draw": "is choosing a type for a General draw",
  "hand-limit": "is discarding down to the hand limit",
  investment: "is choosing an investment",
};

function pendingView(s: GameState): PendingView | null {
  const p = s.pending;
  if (!p) return null;
  const top = s.effects[s.effects.length - 1];
  // the card or asset being resolved is public (the effect view names it too)
  const what = p.kind === "effect" && top
    ? (top.asset ? `is choosing what ${assetName(top.source)} does` : `is choosing how ${scriptTitle(top.source)} resolves`)
    : (PENDING_TEXT[p.kind] ?? "must decide");
  return { kind: p.kind, seat: p.seat, text: `${corpName(s, p.seat)} ${what}.` };
}

/** The top of the effect stack, public facts only (never the card's memory: it may hold hidden cards). */
function effectView(s: GameState): EffectView | null {
  const f = s.effects[s.effects.length - 1];
  if (!f) return null;
  const v = f.vars;
  const payloadSeat = (v.payload as { seat?: unknown } | undefined)?.seat;
  const about = typeof v.target === "number" ? v.target : typeof payloadSeat === "number" ? payloadSeat : null;
  const order = Array.isArray(v.order) ? (v.order as number[]) : null;
  const pool = f.source === "information-procurement" && typeof v.total === "number" && order
    ? { total: v.total, askedAfter: Math.max(0, order.length - Number(v.i ?? 0) - 1) }
    : null;
  return {
    source: f.source,
    seat: f.seat,
    asset: f.asset === true,
    supporters: [...f.supporters],
    illnessInvolved: f.illnessInvolved,
    illnessFree: f.illnessFree,
    about,
    picked: Array.isArray(v.chosen) ? [...(v.chosen as number[])] : [],
    contractPaid: v.androidContractPaid === true,
    pool,
  };
}

export function viewFor(rules: Rulebook, s: GameState, who: number | "spectator", forecast: Forecast = "now"): GameView {
  const seat = typeof who === "number" && who >= 0 && who < s.players ? who : null;
  const city = cityView(s);
  const view = scalarView(rules, s, seat, forecast, {
    districts: city.districts,
    reserve: city.reserve,
    seats: s.seats.map((p) => seatView(rules, s, p)),
    deal: dealView(s),
    decks: decksView(s),
  });
  if (seat !== null) view.you = yours(rules, s, seat);
  return view;
}

/**
 * The spectator's view of `after`, sharing with `last` (the spectator's view of `before`) every part
 * that cannot differ (districts and reserve, seats, deal, decks): the same objects, so that a reader
 * comparing parts sees them equal at once. `last` must be viewFor(before, "spectator") or the result of
 * this function for `before`; views are never changed once made.
 */
export function publicViewSince(rules: Rulebook, before: GameState, last: GameView, after: GameState, forecast: Forecast = "now"): GameView {
  const t = publicTouched(before, after);
  // the districts the rules did not replace (city.ts copies a district before changing it) keep their views
  const city = t.districts ? cityView(after, before.variant === after.variant ? { before: before.districts, views: last.districts } : null) : last;
  return scalarView(rules, after, null, forecast, {
    districts: city.districts,
    reserve: city.reserve,
    seats: after.seats.map((p, i) => {
      const kept = last.seats[i];
      return !t.seats[i] && kept && kept.handLimit === handLimit(rules, after, p.seat) ? kept : seatView(rules, after, p);
    }),
    deal: t.deal ? dealView(after) : last.deal,
    decks: t.decks ? decksView(after) : last.decks,
    // the last view's forecast while nothing it reads has changed (asked for only when worked out now)
    forecast: forecast === "now" && !t.forecast ? last.forecast : undefined,
  });
}

/** A view's parts made apart, and its threat forecast when the last view's still holds. */
type Parts = Pick<GameView, "districts" | "reserve" | "seats" | "deal" | "decks"> & { forecast?: GameView["forecast"] | null };

/** The round track as views show it: one frozen list for every view. */
const ROUND_TRACK_VIEW: string[] = Object.freeze([...ROUND_TRACK]) as unknown as string[];

/** A demand card's view, by id: one frozen object per card (the catalog never changes). */
const demandViews = new Map<string, GameView["demand"]>();
function demandView(id: string): GameView["demand"] {
  let v = demandViews.get(id);
  if (v === undefined) {
    const dem = demandDef(id);
    v = Object.freeze({ id: dem.id, name: dem.name, targets: Object.freeze({ ...dem.targets }), penalty: dem.penalty });
    demandViews.set(dem.id, v);
  }
  return v;
}

/** Freezes plain data all the way down; gives it back. */
export function deepFreeze<T>(x: T): T {
  if (x === null || typeof x !== "object" || Object.isFrozen(x)) return x;
  Object.freeze(x);
  if (Array.isArray(x)) {
    // most of a state's lists hold ids: only their objects are walked into
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      if (v !== null && typeof v === "object") deepFreeze(v);
    }
  } else for (const k in x) deepFreeze((x as Record<string, unknown>)[k]);
  return x;
}

/**
 * The table's rules as views show them: the whole variant (its type is the view's, so an option left
 * out cannot compile), one frozen copy per variant object, shared by every view of the states that
 * share that variant (views are read, never changed; the copy keeps the state's own out of reach).
 */
const rulesViews = new WeakMap<Variant, Variant>();
function rulesView(v: Variant): Variant {
  let r = rulesViews.get(v);
  if (r === undefined) rulesViews.set(v, (r = deepFreeze(structuredClone(v))));
  return r;
}

/**
 * Whether a view's threat forecast is worked out: "now", or "none" (the forecast is null), for a
 * caller that hands the view on typed without it (a bot's view, engine.botViewFor; imagine.ts's
 * imagined cards: ImaginedView).
 */
export type Forecast = "now" | "none";

/** The view around its parts: the cheap fields, built fresh each time (the catalog's shared, frozen). */
function scalarView(rules: Rulebook, s: GameState, seat: number | null, forecast: Forecast, parts: Parts): GameView {
  const deal = s.deal;
  const view: GameView = {
    seat,
    players: s.players,
    round: s.round,
    roundTrack: ROUND_TRACK_VIEW,
    stage: s.stage,
    active: s.active,
    threat: s.threat,
    supply: { ...s.supply },
    demand: demandView(s.demand),
    districts: parts.districts,
    reserve: parts.reserve,
    seats: parts.seats,
    turnTrack: s.turnTrack.map((x) => x !== null),
    turnsLeft: turnsLeftInRound(s),
    deal: parts.deal,
    decks: parts.decks,
    supportQueue: deal ? [...deal.supportQueue] : [],
    pending: pendingView(s),
    effect: effectView(s),
    rules: rulesView(s.variant),
    trades: seat === null ? [] : tradesOf(s, seat),
    result: s.result
      ? {
          reason: s.result.reason,
          winners: [...s.result.winners],
          seats: s.result.seats.map((r) => ({ ...r })),
          rivalUnderBoard: s.result.rivalUnderBoard,
        }
      : null,
    forecast: forecast === "now" ? (parts.forecast ?? threatForecast(rules, s)) : (null as unknown as GameView["forecast"]),
  };
  return view;
}

/**
 * The districts' and the reserve's parts of a view, by the state's list of districts: apply() shares
 * that list with the state it was made from until a district changes (state.ts), so they are built once
 * for all the states that share it (and views share them, as publicViewSince's do; views are never
 * changed once made). A list changed in place by hand (a test's) is seen by comparing it with the view.
 */
type CityView = { overrides: object; pools: object; districts: GameView["districts"]; reserve: GameView["reserve"] };
const cityViews = new WeakMap<readonly DistrictState[], CityView>();
function cityView(s: GameState, since: Since = null): CityView {
  let v = cityViews.get(s.districts);
  const { districtOverrides: overrides, tokenPools: pools } = s.variant;
  if (v === undefined || v.overrides !== overrides || v.pools !== pools || !showsDistricts(v.districts, s.districts)) {
    v = { overrides, pools, districts: districtsView(s, since), reserve: reserveView(s) };
    cityViews.set(s.districts, v);
  }
  return v;
}

/** Whether a view's districts show exactly these districts' ids, units and tokens. */
function showsDistricts(view: GameView["districts"], ds: readonly DistrictState[]): boolean {
  if (view.length !== ds.length) return false;
  for (let i = 0; i < ds.length; i++) {
    const v = view[i]!;
    const d = ds[i]!;
    if (v.id !== d.id || !sameDistrictBoard(v, d)) return false;
  }
  return true;
}

/** A district's name without its number, by id (the catalog's names never change). */
const shortNames = new Map<number, string>();
function shortName(id: DistrictId): string {
  let name = shortNames.get(id);
  if (name === undefined) shortNames.set(id, (name = districtName(id).replace(/ \(\d+\)$/, "")));
  return name;
}

/** The districts of an earlier state of the same game and their views (a view's parts are never changed once made). */
type Since = { before: readonly DistrictState[]; views: GameView["districts"] } | null;

function districtsView(s: GameState, since: Since = null): GameView["districts"] {
  return s.districts.map((d, i) => {
    const kept = since && since.before[i] === d ? since.views[i] : undefined;
    if (kept && kept.id === d.id && sameDistrictBoard(kept, d)) return kept;
    const def = district(s, d.id);
    return {
      id: d.id,
      name: shortName(d.id),
      tier: def.tier,
      primary: def.primary,
      secondary: def.secondary,
      production: { ...def.production },
      next: def.next,
      ...districtBoardOf(d),
    };
  });
}

function reserveView(s: GameState): GameView["reserve"] {
  // inReserve (pool less what is on the board) for each kind, the board counted in one pass
  let humanFirst = 0, orgcrime = 0, prisec = 0, illness = 0, outage = 0, development = 0;
  for (const d of s.districts) {
    if (d.humanFirst) humanFirst++;
    if (d.orgcrime) orgcrime++;
    if (d.prisec) prisec++;
    if (d.illness) illness++;
    if (d.condition === "outage") outage++;
    if (d.development) development++;
  }
  return {
    humanFirst: pool(s, "humanFirst") - humanFirst,
    orgcrime: pool(s, "orgcrime") - orgcrime,
    prisec: pool(s, "prisec") - prisec,
    illness: pool(s, "illness") - illness,
    outage: pool(s, "outage") - outage,
    development: pool(s, "development") - development,
  };
}

function seatView(rules: Rulebook, s: GameState, p: PlayerState): GameView["seats"][number] {
  return {
    seat: p.seat,
    corp: p.corp,
    corpName: corpName(s, p.seat),
    capital: p.capital,
    handSize: p.hand.length,
    emergency: p.emergency.map((e) => ({ id: e.id, title: emergencyAction(e.id).title, faceup: e.faceup })),
    assets: p.assets.map((a) => ({ id: a.id, name: assetName(a.id), exhausted: a.exhausted })),
    hasInvestment: p.investment !== null,
    handLimit: handLimit(rules, s, p.seat),
  };
}

function dealView(s: GameState): GameView["deal"] {
  const deal = s.deal;
  return deal
    ? {
        asset: deal.asset ? { id: deal.asset, name: assetName(deal.asset) } : null,
        main: deal.main ? offerView(deal.main) : null,
        counters: deal.counters.map(offerView),
        supports: deal.supports.map((x) => ({ seat: x.seat, offer: x.offer, count: x.cards.length, ...(x.asset ? { asset: assetName(x.asset) } : {}) })),
        abstained: [...deal.abstained],
        winner: deal.winner,
      }
    : null;
}

function decksView(s: GameState): GameView["decks"] {
  const action = {} as Record<ActionType, { deck: number; discard: number }>;
  for (const t of ACTION_TYPES) action[t] = { deck: s.actionDecks[t].length, discard: s.actionDiscards[t].length };
  return {
    action,
    events: s.eventDeck.length,
    nextEventCategory: nextEventCategory(s),
    assets: s.assetDeck.length,
    assetDiscard: s.assetDiscard.length,
    investments: s.investmentDeck.length,
    demands: s.demandDeck.length,
  };
}

function tradesOf(s: GameState, seat: number): GameView["trades"] {
  return s.trades
    .filter((t) => t.from === seat || t.to === seat)
    .map((t) => ({
      id: t.id,
      from: t.from,
      to: t.to,
      give: { capital: t.give.capital, assets: [...t.give.assets] },
      get: { capital: t.get.capital, assets: [...t.get.assets] },
      ...(t.support ? { support: { offer: t.support.offer, count: t.support.cards.length } } : {}),
    }));
}

function yours(rules: Rulebook, s: GameState, seat: number): NonNullable<GameView["you"]> {
  const p = s.seats[seat]!;
  return {
    hand: p.hand.map(cardView),
    rival: p.rival,
    investment: p.investment ? { id: p.investment, name: investmentDef(p.investment).name } : null,
    legal: legalFor(rules, s, seat),
  };
}

/** Only what a seat's view adds to the spectator's: its secrets and options, and its trades (cheaper than viewFor). */
export function secretViewFor(rules: Rulebook, s: GameState, seat: number): { you: NonNullable<GameView["you"]>; trades: GameView["trades"] } {
  return { you: yours(rules, s, seat), trades: tradesOf(s, seat) };
}
