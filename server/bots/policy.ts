// The "sensible" bot: cheap heuristics on top of legal(), no search. Per decision:
// - main offer: the card (or emergency action) whose resolution is worth most to it, asset included;
// - counteroffer: when the offer in contention hurts it and one of its cards is clearly better;
// - support: the offer worth more to it, with as many cards as the difference is worth (or abstain);
// - card choices (choices.ts), General draws, hand-limit discards (least useful first), investments;
// - trades: accepts clearly good ones, declines the rest, and now and then sells its support.
// Worth is capital for the bot: its own gains, minus its rival's, minus threat (steeper near 25).
import { catalog } from "../../shared/catalog/index.ts";
import type { Resource } from "../../shared/catalog/types.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { CardPick, Command, LegalCommand } from "../../shared/protocol.ts";
import type { TradeView } from "../../shared/view.ts";
import { ASSET_WORTH, CARD_WORTH, bestType, dealWorth, myUtility, typeWorth, type Rough } from "./card-value.ts";
import { assetChoice } from "./assets.ts";
import { argmax, chooseForEffect } from "./choices.ts";
import { capitalWorth, districtDef, readTable, type Sense } from "./city-sense.ts";
import { randomCommand, type Random } from "./random.ts";
import { titleOf, type District, type Table } from "./table.ts";

/** What keeping a faceup emergency action for later is worth, at the start of the game (it fades by the end). */
export const EMERGENCY_KEEP = 4;
/** A counteroffer must beat the offer in contention by this much (capital) to be worth proposing. */
export const COUNTER_MARGIN = 0.5;
/** Chance, in a support turn, of offering the support for capital instead of just giving it. */
export const SELL_SUPPORT_CHANCE = 0.15;
/** Capital asked for selling support. */
export const SUPPORT_PRICE = 2;
/** A trade must be worth at least this much to be accepted. */
export const ACCEPT_MARGIN = 1;

/** What an offered card resolved by `seat` (and the asset to them) is worth to me. */
export function offerWorth(sense: Sense, card: string, seat: number, rough: Rough = false): number {
  return dealWorth(sense, titleOf(card), seat, sense.s.deal?.asset != null, rough);
}

function standardRoundsLeft(s: Table): number {
  let n = 0;
  for (let r = s.round; r < s.roundTrack.length; r++) if (s.roundTrack[r] !== "D") n++;
  return n;
}
export function emergencyKeep(s: Table): number {
  return (EMERGENCY_KEEP * Math.max(0, standardRoundsLeft(s) - 1)) / 5;
}

/** What a card in my hand is worth to keep: its worth as my next offer, at least a plain card's. */
export function holdWorth(sense: Sense, card: string): number {
  return Math.max(0, myUtility(sense, titleOf(card), true)) * (sense.holdShare ?? 1) + CARD_WORTH;
}

/** The `n` least useful cards of `from` (to discard or spend as support). */
export function cheapest(sense: Sense, from: string[], n: number): string[] {
  return [...from]
    .map((id) => ({ id, w: holdWorth(sense, id) }))
    .sort((a, b) => a.w - b.w || (a.id < b.id ? -1 : 1))
    .slice(0, n)
    .map((x) => x.id);
}

// ---- the deal ----

/**
 * With worths kept from recent rounds, a counteroffer values only its SCREENED best options by those
 * worths, each afresh unless it was imagined in this round already.
 */
export const SCREENED = 3;
/** A counteroffer option whose gain by kept worths misses the margin by more than this is not imagined afresh. */
export const SCREEN_SLACK = 3;

/** The options worth imagining afresh: all of them, or with kept worths the SCREENED best by `rough` that reach `floor`. */
function screen<T>(sense: Sense, options: T[], rough: (o: T) => number, floor: number): T[] {
  if (!sense.roundWorth) return options;
  return options
    .map((o, i) => ({ o, i, w: rough(o) }))
    .filter((x) => x.w >= floor)
    .sort((a, b) => b.w - a.w || a.i - b.i)
    .slice(0, SCREENED)
    .map((x) => x.o);
}

function mainOffer(sense: Sense, t: Extract<LegalCommand, { type: "offer" }>, random: Random): Command | null {
  const keep = emergencyKeep(sense.s) * (sense.emergencyKeep ?? 1);
  const options = [...t.cards.map((card) => ({ card })), ...t.emergency.map((emergency) => ({ emergency }))];
  const best = argmax(options, (o) => ("card" in o ? offerWorth(sense, o.card, sense.me) : offerWorth(sense, o.emergency, sense.me) - keep), random);
  return best ? { type: "offer", ...best } : null;
}

/** The offer in contention now: the top counteroffer, else the main offer. */
export function contender(s: Table): { card: string; seat: number } | null {
  const deal = s.deal;
  if (!deal) return null;
  return deal.counters[deal.counters.length - 1] ?? deal.main;
}

/** A counteroffer's options and what each would gain me (the price paid from my least useful cards). */
export function counterGains(sense: Sense, t: Extract<LegalCommand, { type: "counteroffer" }>) {
  const cur = contender(sense.s);
  const curWorth = cur ? offerWorth(sense, cur.card, cur.seat) : 0;
  const keep = emergencyKeep(sense.s) * (sense.emergencyKeep ?? 1);
  const cost = t.discard.min;
  // the hand, least useful first: the price of a counteroffer is paid from the front
  const byWorth = cheapest(sense, t.discard.from, t.discard.from.length);
  const payment = (card?: string) => byWorth.filter((id) => id !== card).slice(0, cost);
  const options: { card?: string; emergency?: string }[] = [...t.cards.map((card) => ({ card })), ...t.emergency.map((emergency) => ({ emergency }))];
  const gainOf = (o: { card?: string; emergency?: string }, rough: Rough = false) => {
    const mine = o.card ? offerWorth(sense, o.card, sense.me, rough) : offerWorth(sense, o.emergency!, sense.me, rough) - keep;
    const paid = payment(o.card).reduce((n, id) => n + holdWorth(sense, id), 0);
    const spent = o.card ? holdWorth(sense, o.card) * (sense.counterSpent ?? 0.5) : 0;
    // about even odds of winning the support count
    return 0.5 * (mine - curWorth) - paid - spent;
  };
  return { options, gainOf, payment, cost };
}

function counteroffer(sense: Sense, t: Extract<LegalCommand, { type: "counteroffer" }>, random: Random): Command {
  const { options, gainOf, payment, cost } = counterGains(sense, t);
  let best: (typeof options)[number] | undefined;
  let bestGain = -Infinity;
  for (const o of screen(sense, options, (x) => gainOf(x, true), COUNTER_MARGIN - SCREEN_SLACK)) {
    // a screened option is imagined afresh once a round: a worth kept from this round's table will do
    const g = gainOf(o, "this-round");
    if (g > bestGain + 1e-9 || (Math.abs(g - bestGain) <= 1e-9 && random() < 0.5)) [best, bestGain] = [o, g];
  }
  if (!best || bestGain < COUNTER_MARGIN) return { type: "pass" };
  const discard = payment(best.card);
  if (discard.length < cost) return { type: "pass" };
  return { type: "counteroffer", ...best, discard };
}

export interface SupportPlan {
  offer: "main" | "counter";
  cards: string[];
  /** What the preferred offer winning is worth to me over the other one. */
  margin: number;
}

export function supportCount(s: Table, offer: "main" | "counter"): number {
  let n = 0;
  for (const x of s.deal?.supports ?? []) if (x.offer === offer) n += x.count;
  return n;
}

/**
 * Where the support stands for me: the offer I prefer, what its winning is worth to me over the other
 * one (`margin`), its `lead` in support, and how many cards it `want`s from me: enough to lead (or
 * tie, when ties go its way), and one more if someone supports after me. `want` 0: the support
 * already decides it my way, and my cards would change nothing.
 */
export function supportStand(sense: Sense, offers: ("main" | "counter")[]): { pref: "main" | "counter"; margin: number; lead: number; want: number } | null {
  const s = sense.s;
  const deal = s.deal;
  if (!deal || offers.length === 0) return null;
  const worth: Record<"main" | "counter", number> = { main: 0, counter: 0 };
  if (deal.main) worth.main = offerWorth(sense, deal.main.card, deal.main.seat);
  const top = deal.counters[deal.counters.length - 1];
  if (top) worth.counter = offerWorth(sense, top.card, top.seat);
  const present = (o: "main" | "counter") => (o === "main" ? !!deal.main : !!top);
  const pref: "main" | "counter" = offers.length === 1 ? offers[0]! : worth.main >= worth.counter ? "main" : "counter";
  const other: "main" | "counter" = pref === "main" ? "counter" : "main";
  const margin = present(other) ? worth[pref] - worth[other] : worth[pref];
  const lead = supportCount(s, pref) - (present(other) ? supportCount(s, other) : 0);
  const winsTie = s.rules.tieWinner === pref;
  const needNow = winsTie ? Math.max(0, -lead) : Math.max(0, 1 - lead);
  const othersAfter = Math.max(0, deal.supportQueue.length - 1);
  return { pref, margin, lead, want: needNow + (othersAfter > 0 ? 1 : 0) };
}

/** Which offer to back and with how many cards (null: abstain). Support counts are public. */
export function planSupport(sense: Sense, offers: ("main" | "counter")[], pick: CardPick): SupportPlan | null {
  const stand = supportStand(sense, offers);
  if (!stand || stand.margin <= 0) return null;
  const affordable = Math.floor(stand.margin / CARD_WORTH);
  const n = Math.min(stand.want, affordable, pick.max, pick.from.length);
  if (n < Math.max(1, pick.min)) return null;
  return { offer: stand.pref, cards: cheapest(sense, pick.from, n), margin: stand.margin };
}

/** Now and then a bot offers its support to the offer's owner for a little capital. */
function sellSupport(sense: Sense, plan: SupportPlan, templates: LegalCommand[], random: Random): Command | null {
  const s = sense.s;
  const t = templates.find((x): x is Extract<LegalCommand, { type: "trade-propose" }> => x.type === "trade-propose");
  if (!t?.support || !t.support.offers.includes(plan.offer)) return null;
  if (s.trades.some((x) => x.from === sense.me)) return null;
  if (random() >= SELL_SUPPORT_CHANCE) return null;
  const deal = s.deal!;
  const owner = plan.offer === "main" ? deal.main?.seat : deal.counters[deal.counters.length - 1]?.seat;
  if (owner === undefined || owner === sense.me || owner === sense.rivalSeat) return null;
  const target = t.to.find((x) => x.seat === owner);
  if (!target || target.capital < SUPPORT_PRICE) return null;
  return {
    type: "trade-propose",
    to: owner,
    give: { capital: 0, assets: [] },
    get: { capital: SUPPORT_PRICE, assets: [] },
    support: plan.offer,
    supportCards: plan.cards,
  };
}

// ---- trades ----

/** What the capital and assets of an incoming trade are worth to me: what I get, and what it costs the proposer as worth to me. */
export function goodsWorth(sense: Sense, t: TradeView): number {
  const capitalIn = t.give.capital - t.get.capital;
  const assetsIn = (t.give.assets.length - t.get.assets.length) * ASSET_WORTH;
  return capitalIn + assetsIn + capitalWorth(sense, t.from, -(capitalIn + assetsIn));
}

/** What an incoming trade is worth to me (positive: good for me). */
function tradeWorth(sense: Sense, t: TradeView): number {
  const s = sense.s;
  let worth = goodsWorth(sense, t);
  if (t.support && s.deal) {
    // their support for an offer: worth what that offer winning is worth to me over the other one
    const offered = t.support.offer === "main" ? s.deal.main : s.deal.counters[s.deal.counters.length - 1];
    const otherOffer = t.support.offer === "main" ? s.deal.counters[s.deal.counters.length - 1] : s.deal.main;
    if (offered) {
      const a = offerWorth(sense, offered.card, offered.seat);
      const b = otherOffer ? offerWorth(sense, otherOffer.card, otherOffer.seat) : 0;
      worth += Math.max(0, a - b) * Math.min(1, 0.4 * t.support.count);
    }
  }
  return worth;
}

/** A bot's answer to a trade proposed to it, and that trade (undefined: not in its view). */
export interface TradeAnswer {
  command: Extract<Command, { type: "trade-accept" | "trade-decline" }>;
  trade: TradeView | undefined;
}

/**
 * The answer to the first trade waiting on my answer (null: none is): accepted when the engine lets me
 * and it is worth at least `margin` to me by `worth`, declined otherwise.
 */
export function answerTrade(sense: Sense, templates: LegalCommand[], worth: (t: TradeView) => number, margin: number): TradeAnswer | null {
  const decline = templates.find((x): x is Extract<LegalCommand, { type: "trade-decline" }> => x.type === "trade-decline");
  if (!decline || decline.ids.length === 0) return null;
  const accept = templates.find((x): x is Extract<LegalCommand, { type: "trade-accept" }> => x.type === "trade-accept");
  const id = decline.ids[0]!;
  const trade = sense.s.trades.find((x) => x.id === id);
  const yes = trade !== undefined && accept?.ids.includes(id) === true && worth(trade) >= margin;
  return { command: { type: yes ? "trade-accept" : "trade-decline", id }, trade };
}

// ---- investments ----

/** Capital an investment would likely pay at the next demand round, from the city now and its production. */
export function investmentWorth(sense: Sense, id: string): number {
  const s = sense.s;
  const inv = catalog.investments.find((x) => x.id === id);
  const demand = s.demand;
  if (!inv) return 0;
  const projected = {} as Record<Resource, number>;
  for (const r of RESOURCES) projected[r] = s.supply[r];
  for (const d of s.districts) {
    if (!d.android || d.condition === "strike" || d.condition === "outage") continue;
    const def = districtDef(s, d.id);
    if (!d.orgcrime) projected[def.primary] += (def.production.primary + (d.development ? 1 : 0)) * sense.productionsLeft * 0.8;
    if (def.secondary) projected[def.secondary] += def.production.secondary * sense.productionsLeft * 0.8;
  }
  const sc = inv.scoring;
  const bracket = (n: number, brackets: [number, number][]) => brackets.reduce((pay, [atLeast, capital]) => (n >= atLeast ? capital : pay), 0);
  const count = (test: (d: District) => boolean) => s.districts.filter(test).length;
  switch (sc.kind) {
    case "count": {
      let n = 0;
      if (sc.what === "low-supply") n = RESOURCES.filter((r) => projected[r] <= (sc.supplyAtMost ?? 1)).length;
      else if (sc.what === "outage") n = count((d) => d.condition === "outage") + 0.5;
      else n = count((d) => d[sc.what as "illness" | "humanFirst" | "orgcrime" | "prisec"]) + 0.5;
      return bracket(Math.floor(n), sc.brackets);
    }
    case "sector": {
      const target = demand?.targets[sc.resource] ?? 0;
      if (projected[sc.resource] < target) return 0.5;
      return Math.min(sc.max, sc.base + sc.per * Math.floor(projected[sc.resource])) * 0.8;
    }
    case "per-unrest-district": {
      const n = count((d) => d.condition === "protest" || d.condition === "strike") + 1;
      return sc.max === null ? n * sc.per : Math.min(sc.max, n * sc.per);
    }
  }
}

// ---- the bot ----

/** A change to how a bot reads the table, made before it decides (the negotiator's own judgement of threat). */
export type Judge = (sense: Sense) => void;

function decide(s: Table, random: Random, judge?: Judge, read?: Sense): Command | null {
  const seat = s.me;
  const templates = s.legal;
  const sense = read ?? readTable(s);
  if (!read) judge?.(sense);
  const answer = answerTrade(sense, templates, (t) => tradeWorth(sense, t), ACCEPT_MARGIN);
  if (answer) return answer.command;
  const p = s.pending;
  if (!p || p.seat !== seat) return null;
  const find = <K extends LegalCommand["type"]>(type: K) => templates.find((x): x is Extract<LegalCommand, { type: K }> => x.type === type);
  switch (p.kind) {
    case "main-offer": {
      const t = find("offer");
      return t ? mainOffer(sense, t, random) : null;
    }
    case "counteroffer": {
      const t = find("counteroffer");
      return t ? counteroffer(sense, t, random) : { type: "pass" };
    }
    case "support": {
      const t = find("support");
      const plan = t ? planSupport(sense, t.offers, t.cards) : null;
      if (!plan) return { type: "abstain" };
      return sellSupport(sense, plan, templates, random) ?? { type: "support", offer: plan.offer, cards: plan.cards };
    }
    case "general-draw": {
      const t = find("choose");
      if (!t) return null;
      const types = t.options.flatMap((o) => (o.intent?.type ? [o.intent.type] : []));
      const type = bestType(sense, types, random);
      return { type: "choose", option: t.options.find((o) => o.intent?.type === type)!.value };
    }
    case "effect": {
      const t = find("choose");
      if (!t || t.options.length === 0) return null;
      return { type: "choose", option: assetChoice(sense, t.options, random) ?? chooseForEffect(sense, t.options, random, (type) => typeWorth(sense, type)) };
    }
    case "hand-limit": {
      const t = find("discard");
      return t ? { type: "discard", cards: cheapest(sense, t.cards.from, t.cards.min) } : null;
    }
    case "investment": {
      const t = find("investment");
      const best = t && argmax(t.options, (o) => investmentWorth(sense, String(o.value)), random);
      return best ? { type: "investment", keep: String(best.value) } : null;
    }
  }
  return null;
}

/** Whether a command is one of the templates' (the engine accepts exactly what legal() lists). */
export function fitsTemplates(templates: LegalCommand[], c: Command): boolean {
  const pickOk = (pick: CardPick, cards: string[]) =>
    cards.length >= pick.min && cards.length <= pick.max && new Set(cards).size === cards.length && cards.every((id) => pick.from.includes(id));
  for (const t of templates) {
    if (t.type !== c.type) continue;
    switch (t.type) {
      case "offer": {
        const x = c as Extract<Command, { type: "offer" }>;
        if (x.card !== undefined ? t.cards.includes(x.card) && x.emergency === undefined : typeof x.emergency === "string" && t.emergency.includes(x.emergency)) return true;
        break;
      }
      case "counteroffer": {
        const x = c as Extract<Command, { type: "counteroffer" }>;
        const ok = x.card !== undefined ? t.cards.includes(x.card) && x.emergency === undefined : typeof x.emergency === "string" && t.emergency.includes(x.emergency);
        const discard = x.discard ?? [];
        if (ok && pickOk(t.discard, discard) && !discard.includes(x.card ?? "")) return true;
        break;
      }
      case "support": {
        const x = c as Extract<Command, { type: "support" }>;
        if (t.offers.includes(x.offer) && x.cards.length > 0 && pickOk(t.cards, x.cards)) return true;
        break;
      }
      case "choose":
        if (t.options.some((o) => o.value === (c as Extract<Command, { type: "choose" }>).option)) return true;
        break;
      case "discard":
        if (pickOk(t.cards, (c as Extract<Command, { type: "discard" }>).cards)) return true;
        break;
      case "investment":
        if (t.options.some((o) => String(o.value) === (c as Extract<Command, { type: "investment" }>).keep)) return true;
        break;
      case "trade-accept":
      case "trade-decline":
      case "trade-cancel":
        if (t.ids.includes((c as { id: string }).id)) return true;
        break;
      case "trade-propose": {
        const x = c as Extract<Command, { type: "trade-propose" }>;
        const to = t.to.find((o) => o.seat === x.to);
        const give = x.give ?? { capital: 0, assets: [] };
        const get = x.get ?? { capital: 0, assets: [] };
        const supportOk = x.support === undefined || (!!t.support && t.support.offers.includes(x.support) && pickOk(t.support.cards, x.supportCards ?? []));
        if (to && (give.capital ?? 0) <= t.give.capital && (get.capital ?? 0) <= to.capital && supportOk) return true;
        break;
      }
      case "pass":
      case "abstain":
        return true;
    }
  }
  return false;
}

/** How often the bot had to fall back to a random move (for the simulator and the tests; should stay 0). */
export const botStats = { decisions: 0, fallbacks: 0, lastProblem: "" };

/** The sensible bot's command for a seat, or null if it owes nothing. Never stalls: falls back to a random legal move. */
export function sensibleCommand(state: Table, random: Random, judge?: Judge, read?: Sense): Command | null {
  const templates = state.legal;
  if (templates.length === 0) return null;
  let command: Command | null = null;
  let problem = "";
  try {
    command = decide(state, random, judge, read);
    if (command && !fitsTemplates(templates, command)) problem = `not a legal command: ${JSON.stringify(command)}`;
  } catch (e) {
    problem = `heuristic failed: ${(e as Error).stack ?? String(e)}`; // a heuristic's slip must never stop the table
  }
  const owes = state.pending?.seat === state.me && !state.over;
  if (command && !problem) {
    botStats.decisions++;
    return command;
  }
  if (!owes) return null;
  botStats.decisions++;
  botStats.fallbacks++;
  botStats.lastProblem = problem || `no decision for ${state.pending?.kind}`;
  return randomCommand(templates, random);
}
