// Imagining: the engine's own rules run on a copy of the game built from one seat's view alone, so a
// player (a bot) can ask "what would this do?" without a second, hand-written model of the rules and
// without seeing anything its seat cannot. Everything the view hides is filled in deterministically
// and neutrally: other hands, facedown support, rivals, investments and the order (and face) of every
// deck are fixed placeholders chosen from public facts only (counts, deck sizes per type, the next
// event's category), never from the real hidden values; the copy's seed is fixed too. So two games a
// seat cannot tell apart imagine exactly the same futures (tests/bots/fair-play.test.ts).
//
// - imagine(view, commands): the commands applied in turn with the engine's apply(); the viewer's view
//   afterwards and the events it would be shown. Refused mid-card or mid-draw (the view does not show
//   a card's memory) and for a command the engine refuses.
// - imagineCard(view, card, resolver, choose): `resolver` resolves `card` (an action card title or an
//   emergency action) on the city as it stands, every pick answered by `choose`; the public
//   (spectator's) view afterwards, without a threat forecast (ImaginedView), as are the picks' views.
//   None of the viewer's secrets goes in (its hand is a placeholder too), so the answer is the same
//   for every seat at the table and may be shared. Timing windows stay closed (no asset answers), as
//   in the engine's own look-ahead for Caprice Nisei.
// The copy plays by the table's own rules: the view carries the whole variant. Every loop is bounded.
import { catalog } from "../../shared/catalog/index.ts";
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType, RivalId } from "../../shared/catalog/types.ts";
import type { ChoiceOption, Command } from "../../shared/protocol.ts";
import { districtBoardOf, type GameEvent, type GameView } from "../../shared/view.ts";
import type { Ctx } from "./ctx.ts";
import { ACTION_INSTANCES, actionDefById, emergencyAction, isEmergencyAction } from "./data.ts";
import { answerEffect, effectChoice, runEffects, startEffect } from "./effects.ts";
import { createEngine } from "./engine.ts";
import { untilOver } from "./end.ts";
import { RULEBOOK } from "./registry.ts";
import { seedRng } from "./rng.ts";
import type { Deal, GameState, Offer, Pending, PlayerState, Trade } from "./state.ts";
import { ROUND_TRACK, forkState } from "./state.ts";
import { deepFreeze, publicViewSince, viewFor } from "./view.ts";

export type Refusal = { ok: false; code: string; message: string };
export type Imagined = { ok: true; view: GameView; events: GameEvent[] };
/**
 * A public view of an imagined card's copy, without the threat forecast: a forecast of a copy whose
 * hidden parts are placeholders says little, no bot reads one, and working it out when read meant
 * keeping each pick's state apart for it (a tenth of a negotiating game's time). At run time it is null.
 */
export type ImaginedView = Omit<GameView, "forecast">;
export type ImaginedCard = { ok: true; view: ImaginedView; events: GameEvent[] };
/** Answers one pick of an imagined card: `chooser` picks among `options`; `now()` is the public view at that moment. */
export type Chooser = (chooser: number, options: ChoiceOption[], now: () => ImaginedView) => string | number;

/** Picks one imagined card may ask for at most, and commands one imagine() call applies at most. */
export const IMAGINE_PICKS = 200;
export const IMAGINE_COMMANDS = 50;
const SEED = 0;
/** The copy's generator state, seeded once (each copy gets its own array). */
const SEEDED = seedRng(SEED);

const engine = createEngine(RULEBOOK);
/** Action card instances by type, in catalog order; event ids with their categories, in catalog order. */
const INSTANCES_OF_TYPE = new Map<ActionType, string[]>(ACTION_TYPES.map((t) => [t, ACTION_INSTANCES.filter((x) => x.def.type === t).map((x) => x.id)]));
const INSTANCE_IDS = ACTION_INSTANCES.map((x) => x.id);
const EVENT_IDS = catalog.events.map((e) => e.id);
const EVENT_CATEGORIES = catalog.events.map((e) => e.category);
const RIVAL_IDS = catalog.rivals.map((r) => r.id);
const INVESTMENT_IDS = catalog.investments.map((i) => i.id);
const ASSET_IDS = catalog.assets.map((a) => a.id);
const DEMAND_IDS = catalog.demands.map((d) => d.id);
const ASSET_BY_NAME = new Map(catalog.assets.map((a) => [a.name, a.id]));
const refuse = (code: string, message: string): Refusal => ({ ok: false, code, message });

/** Takes `n` items from the front of `from` (null when there are not enough). */
function take<T>(from: T[], n: number): T[] | null {
  if (!Number.isInteger(n) || n < 0 || n > from.length) return null;
  return from.splice(0, n);
}

/** The viewer whose secrets go in: its seat and its own part of the view (none for a public copy). */
type Own = { seat: number; you: NonNullable<GameView["you"]> } | null;

/**
 * The action cards: those in sight (offers, the viewer's hand) stay; the others are dealt in catalog
 * order, decks and discards first (their sizes per type are public); `left` is the rest, in catalog
 * order, for hands and facedown support.
 */
function dealActionCards(view: ImaginedView, own: Own): { decks: GameState["actionDecks"]; discards: GameState["actionDiscards"]; left: string[] } | string {
  const deal = view.deal;
  const seen = new Set(deal ? [deal.main, ...deal.counters].filter((o) => o !== null).map((o) => o!.card.id) : []);
  if (own) for (const c of own.you.hand) seen.add(c.id);
  const decks = {} as GameState["actionDecks"];
  const discards = {} as GameState["actionDiscards"];
  for (const t of ACTION_TYPES) {
    const ofType = seen.size === 0 ? INSTANCES_OF_TYPE.get(t)!.slice() : INSTANCES_OF_TYPE.get(t)!.filter((id) => !seen.has(id));
    const deck = take(ofType, view.decks.action[t].deck);
    const discard = take(ofType, view.decks.action[t].discard);
    if (!deck || !discard) return `the ${t} deck does not add up`;
    decks[t] = deck;
    discards[t] = discard;
    for (const id of deck) seen.add(id);
    for (const id of discard) seen.add(id);
  }
  return { decks, discards, left: INSTANCE_IDS.filter((id) => !seen.has(id)) };
}

/**
 * The seats: hands from `left`, rivals and investments out of sight from the catalog's, in order, past
 * the viewer's own; the rival under the board is the next one. `investments` keeps what is left.
 */
function dealSeats(view: ImaginedView, own: Own, left: string[], investments: string[]): { seats: PlayerState[]; rivalUnderBoard: RivalId } | string {
  const rivals: RivalId[] = own ? RIVAL_IDS.filter((r) => r !== own.you.rival) : RIVAL_IDS.slice();
  const mine = own?.you.investment?.id;
  if (mine !== undefined) investments.splice(investments.indexOf(mine), 1);
  const seats: PlayerState[] = [];
  for (const p of view.seats) {
    const me = own !== null && p.seat === own.seat;
    const hand = me ? own.you.hand.map((c) => c.id) : take(left, p.handSize);
    if (!hand) return "the hands do not add up";
    const rival = me ? own.you.rival : rivals.shift();
    const investment = me ? (mine ?? null) : p.hasInvestment ? (investments.shift() ?? null) : null;
    if (!rival) return "too many seats";
    seats.push({
      seat: p.seat,
      corp: p.corp,
      capital: p.capital,
      hand,
      emergency: p.emergency.map((e) => ({ id: e.id, faceup: e.faceup })),
      assets: p.assets.map((a) => ({ id: a.id, exhausted: a.exhausted })),
      investment,
      rival,
    });
  }
  const rivalUnderBoard = rivals.shift();
  return rivalUnderBoard ? { seats, rivalUnderBoard } : "too many seats";
}

/** The other piles, out of sight in catalog order: the turn track's facedown assets, assets, investments, events (one of the public category on top) and demands. */
function dealPiles(view: ImaginedView, investments: string[]): Pick<GameState, "turnTrack" | "assetDeck" | "assetDiscard" | "investmentDeck" | "eventDeck" | "demandDeck"> | string {
  const assetsSeen = new Set<string>();
  for (const p of view.seats) for (const a of p.assets) assetsSeen.add(a.id);
  if (view.deal?.asset) assetsSeen.add(view.deal.asset.id);
  const assets = ASSET_IDS.filter((id) => !assetsSeen.has(id));
  const turnTrack = view.turnTrack.map((facedown) => (facedown ? (assets.shift() ?? null) : null));
  const assetDeck = take(assets, view.decks.assets);
  const assetDiscard = take(assets, view.decks.assetDiscard);
  const investmentDeck = take(investments, view.decks.investments);
  if (!assetDeck || !assetDiscard || !investmentDeck) return "the asset or investment decks do not add up";
  const events = EVENT_IDS.slice();
  const top = EVENT_CATEGORIES.indexOf(view.decks.nextEventCategory as (typeof EVENT_CATEGORIES)[number]);
  if (top > 0) events.unshift(...events.splice(top, 1));
  const eventDeck = take(events, view.decks.events);
  const demandDeck = take(DEMAND_IDS.filter((id) => id !== view.demand.id), view.decks.demands);
  if (!eventDeck || !demandDeck) return "the event or demand decks do not add up";
  return { turnTrack, assetDeck, assetDiscard, investmentDeck, eventDeck, demandDeck };
}

/** The deal: offers as shown, facedown support from `left`, the counteroffer queue as the table's rules make it. */
function dealDeal(view: ImaginedView, left: string[]): GameState["deal"] | string {
  const deal = view.deal;
  if (!deal) return null;
  const offer = (o: { seat: number; card: { id: string } }): Offer => ({ seat: o.seat, card: o.card.id, emergency: isEmergencyAction(o.card.id) });
  const supports: Deal["supports"] = [];
  for (const x of deal.supports) {
    const cards = take(left, x.count);
    if (!cards) return "the support does not add up";
    const asset = x.asset !== undefined ? ASSET_BY_NAME.get(x.asset) : undefined;
    supports.push({ seat: x.seat, offer: x.offer, cards, ...(asset ? { asset } : {}) });
  }
  let counterQueue: number[] = [];
  if (view.pending?.kind === "counteroffer") {
    const order: number[] = [];
    for (let i = 1; i <= view.players; i++) order.push((view.active + i) % view.players);
    const queue = view.rules.activePlayerMayCounter ? order : order.filter((x) => x !== view.active);
    counterQueue = queue.slice(Math.max(0, queue.indexOf(view.pending.seat)));
  }
  return {
    asset: deal.asset?.id ?? null,
    main: deal.main ? offer(deal.main) : null,
    counters: deal.counters.map(offer),
    counterQueue,
    supportQueue: [...view.supportQueue],
    supports,
    abstained: [...deal.abstained],
    winner: deal.winner,
  };
}

/** The viewer's own open trades (their support cards from its hand). */
function dealTrades(view: ImaginedView, own: Own, seats: PlayerState[]): Trade[] {
  return (own ? view.trades : []).map((t) => ({
    id: t.id,
    from: t.from,
    to: t.to,
    give: { capital: t.give.capital, assets: [...t.give.assets] },
    get: { capital: t.get.capital, assets: [...t.get.assets] },
    ...(t.support ? { support: { offer: t.support.offer, cards: seats[t.from]!.hand.slice(0, t.support.count) } } : {}),
  }));
}

/** The decision owed, as the view shows it (an investment choice: the viewer's own options, or placeholders). */
function dealPending(view: ImaginedView, own: Own, seats: PlayerState[], investments: string[]): Pending | null {
  const p = view.pending;
  if (!p) return null;
  if (p.kind === "hand-limit") return { kind: p.kind, seat: p.seat, count: Math.max(0, seats[p.seat]!.hand.length - view.seats[p.seat]!.handLimit) };
  if (p.kind === "investment") {
    const mine = own && p.seat === own.seat ? own.you.legal.find((x) => x.type === "investment") : undefined;
    return { kind: p.kind, seat: p.seat, cards: mine && "options" in mine ? mine.options.map((o) => String(o.value)) : investments.splice(0, 2) };
  }
  if (p.kind === "main-offer" || p.kind === "counteroffer" || p.kind === "support" || p.kind === "general-draw" || p.kind === "effect") return { kind: p.kind, seat: p.seat };
  return null;
}

/**
 * A whole game state that `view.seat` cannot tell from the real one, hidden parts as placeholders,
 * under the table's own rules (the view carries them whole). With `own` false the viewer's own
 * secrets (hand, rival, investment, trades) are placeholders too.
 */
function stateFrom(view: ImaginedView, withOwn: boolean): GameState | string {
  const n = view.players;
  if (![4, 5, 6].includes(n) || view.seats.length !== n) return "the view's seats do not match its players";
  const own: Own = withOwn && view.seat !== null && view.you ? { seat: view.seat, you: view.you } : null;
  const cards = dealActionCards(view, own);
  if (typeof cards === "string") return cards;
  const investments = INVESTMENT_IDS.slice();
  const seated = dealSeats(view, own, cards.left, investments);
  if (typeof seated === "string") return seated;
  const piles = dealPiles(view, investments);
  if (typeof piles === "string") return piles;
  const deal = dealDeal(view, cards.left);
  if (typeof deal === "string") return deal;
  const { seats, rivalUnderBoard } = seated;
  return {
    players: n,
    seed: SEED,
    variant: view.rules,
    rng: [SEEDED[0], SEEDED[1], SEEDED[2], SEEDED[3]],
    round: view.round,
    stage: view.stage as GameState["stage"],
    pending: dealPending(view, own, seats, investments),
    active: view.active,
    threat: view.threat,
    threatFrom: {},
    supply: { ...view.supply },
    demand: view.demand.id,
    districts: view.districts.map((d) => ({ id: d.id, ...districtBoardOf(d) })),
    actionDecks: cards.decks,
    actionDiscards: cards.discards,
    eventDiscard: [],
    ...piles,
    seats,
    rivalUnderBoard,
    deal,
    draw: null,
    effects: [],
    effectsThen: "end-of-turn",
    cursor: 0,
    trades: dealTrades(view, own, seats),
    tradeCounts: new Array(n * n).fill(0),
    demandRounds: ROUND_TRACK.slice(0, view.round).filter((r) => r === "D").length,
    result: null,
    assetState: {},
  };
}

/** The viewer's view after `commands` (each sent by its seat), applied with the engine's own rules. */
export function imagine(view: GameView, commands: { seat: number; command: Command }[]): Imagined | Refusal {
  if (view.seat === null || !view.you) return refuse("no-seat", "Only a seat can imagine.");
  if (view.result) return refuse("game-over", "The game is over.");
  if (view.effect || view.pending?.kind === "general-draw") return refuse("cannot-imagine", "A card or a draw is half done: the view does not show where it stands.");
  if (commands.length > IMAGINE_COMMANDS) return refuse("too-many", `At most ${IMAGINE_COMMANDS} commands.`);
  const s = stateFrom(view, true);
  if (typeof s === "string") return refuse("cannot-imagine", s);
  let state = s;
  const events: GameEvent[] = [];
  for (const { seat, command } of commands) {
    const r = engine.apply(state, seat, command);
    if (!r.ok) return refuse(r.code, r.message);
    state = r.state;
    for (const e of r.events) if (!e.to || e.to.includes(view.seat)) events.push(e);
  }
  return { ok: true, view: engine.viewFor(state, view.seat), events };
}

/**
 * The public copy of each view imagined from, built once: a bot imagines many cards on one view, each
 * on a fork of it. Views are never changed once made, so the copy stays right for as long as the view lives.
 * With it, the copy's spectator view (made when first needed): the views of the imagined card share
 * its unchanged parts (publicViewSince), so a pick's view costs only what the card changed.
 */
const publicStates = new WeakMap<ImaginedView, { s: GameState; view: GameView | null } | string>();

/** The public view after `resolver` resolves `card` (a title id or an emergency action id), picks by `choose`. */
export function imagineCard(view: ImaginedView, card: string, resolver: number, choose: Chooser): ImaginedCard | Refusal {
  if (view.result) return refuse("game-over", "The game is over.");
  if (!Number.isInteger(resolver) || resolver < 0 || resolver >= view.players) return refuse("bad-seat", "No such seat.");
  const def = actionDefById(card) ?? (isEmergencyAction(card) ? emergencyAction(card) : undefined);
  if (!def || !RULEBOOK.scripts.has(card)) return refuse("bad-card", "No such card.");
  let base = publicStates.get(view);
  if (base === undefined) {
    const s = stateFrom(view, false);
    // every copy forks the base and shares what its rules do not change (state.ts: the rules replace a
    // shared part, never write to it): frozen, so a rule that did would be refused, not spread to the next card
    if (typeof s !== "string") deepFreeze(s);
    publicStates.set(view, (base = typeof s === "string" ? s : { s, view: null }));
  }
  if (typeof base === "string") return refuse("cannot-imagine", base);
  const from = base;
  // the deal stays the base's own object (a card's rules never touch it): finding what changed then needs no compare
  const c: Ctx = { s: { ...forkState(from.s, from.s.deal), pending: null, effects: [], stage: "effect" }, ev: [], frame: null, rules: RULEBOOK, sandbox: true };
  // the views carry no forecast (ImaginedView), so they keep nothing of the copy: its rules go on in place
  const now = (): ImaginedView => publicViewSince(RULEBOOK, from.s, (from.view ??= viewFor(RULEBOOK, from.s, "spectator", "none")), c.s, "none");
  // A rule that throws on the copy (a card's script meeting a city it does not expect) is a card that
  // cannot be imagined: the bot gets a refusal, not the exception. The chooser's own errors go through.
  let choosing = false;
  try {
    startEffect(c, card, resolver, { illnessFree: def.illnessFree, then: "end-of-turn" });
    for (let picks = 0; ; picks++) {
      untilOver(c, () => runEffects(c));
      const owed = c.s.pending;
      if (c.s.effects.length === 0 || c.s.result || !owed) break;
      if (picks >= IMAGINE_PICKS) return refuse("too-long", "The card asks for too many picks.");
      const choice = effectChoice(c);
      if (!choice || choice.options.length === 0) return refuse("cannot-imagine", "A pick with no option.");
      choosing = true;
      const value = choose(owed.seat, choice.options, now);
      choosing = false;
      c.s.pending = null;
      const err = untilOver(c, () => answerEffect(c, value));
      if (err) return refuse("bad-choice", err);
    }
  } catch (e) {
    if (choosing) throw e;
    return refuse("cannot-imagine", `The rules failed on the copy: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { ok: true, view: now(), events: c.ev.filter((e) => !e.to) };
}
