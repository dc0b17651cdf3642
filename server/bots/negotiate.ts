// The negotiating bot: the sensible bot (policy.ts) for every decision, plus the table talk.
// - In its own support turn it weighs selling its support to the owner of an offer: "my support for
//   your N capital", as a binding trade (the engine carries the support out when the trade is
//   accepted). It asks a price from what the support is worth to the buyer (the owner's own gain from
//   its offer winning, a public guess), and proposes only when the sale beats what it would do anyway
//   (support its favourite, or abstain), judged from its own valuation of both offers.
// - It answers every trade proposed to it: it accepts one that raises its expected standing against
//   its rival by a margin, declines the rest; a support trade it never pays more for than the support
//   is worth to it.
// - It withdraws its own proposals when they go stale (the deal moved on, or it has waited long enough).
// - It says what it wants in plain words, without its hand, rival or investment.
// The engine only lets the supporter attach its support to a trade, so a bot that needs support can
// only buy it by accepting such an offer; it cannot propose "your support for my capital".
import { catalog } from "../../shared/catalog/index.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { TradeView } from "../../shared/view.ts";
import { ASSET_WORTH, CARD_WORTH, guessOutcome } from "./card-value.ts";
import { capitalWorth, projectedThreat, readTable, threatWeight, type RoundWorth, type Sense } from "./city-sense.ts";
import { answerTrade, cheapest, goodsWorth, holdWorth, offerWorth, planSupport, sensibleCommand, supportCount } from "./policy.ts";
import type { Random } from "./random.ts";
import { titleOf, type Table } from "./table.ts";

/** A trade must raise the bot's expected standing by this much (capital) to be accepted. */
export const NEGOTIATOR_ACCEPT_MARGIN = 0.5;
/** A sale of support must beat the bot's plain choice by this much (capital) to be proposed. */
export const SELL_MARGIN = 0;
/** The share of the buyer's estimated gain the bot first asks for its support (well above 1: it opens high, and comes down by half after each refusal). */
export const PRICE_SHARE = 3.2;
/** Decisions an own proposal may stay open (the bot waiting on it) before the bot withdraws it. */
export const STALE_LOOKS = 3;
/** Support trades a bot proposes in one deal; after a refusal it asks less (times PRICE_STEP). */
export const MAX_PROPOSALS = 3;
export const PRICE_STEP = 0.5;
/** A sale may put in this many cards more than the bot would give anyway. */
export const SALE_EXTRA_CARDS = 1;

/** The Federalist wins only when threat reaches 25 and it holds this much capital. */
export const FEDERALIST_CAPITAL = 25;
/** Capital a threat point is worth to a Federalist negotiator holding FEDERALIST_CAPITAL (negative: it wants threat). */
export const FEDERALIST_PUSH = -6;
/** A Federalist short of its capital holds the city up this much (capital a threat point) once threat nears 25. */
export const FEDERALIST_HOLD = 1.5;
/** How much more than the plain bot the negotiator cares about threat (before its chance to win a normal end). */
export const THREAT_CARE = 2.5;
/** The share of that care it keeps even when it looks beaten at a normal end (the rest scales with its chance). */
export const THREAT_CARE_FLOOR = 0.1;
/** The share of the usual worth of keeping an emergency action the negotiator keeps when the city heads for 25. */
export const EMERGENCY_KEEP_AT_RISK = 0.3;
/** The share of another player's resolution it imagines with careless picks. */
export const DISTRUST = 0.3;
/** The share of a hand card's worth as its next offer that holding the card keeps (most cards held never become an offer). */
export const HOLD_SHARE = 0.4;
/** A counteroffer's card is discarded whether it wins or loses: all of its hold worth is spent. */
export const COUNTER_SPENT = 1;

/**
 * How the negotiator reads the table, before every decision (policy.ts runs it as the `judge`).
 * - Threat heads where the table has been taking it (its pace so far, public), if that is worse than
 *   the usual projection: at a table that lets the city go, it holds the city up itself.
 * - Not a Federalist, it cares THREAT_CARE times as much about threat as the plain bot, scaled by its
 *   chance to win if the city holds (its lead over its rival's capital): a city saved for others is
 *   worth less than one saved for itself. When the city heads for 25 it spends its emergency actions.
 * - The Federalist wins only at 25 threat with 25 capital: until it has the capital it gathers it and
 *   lets the city be (holding it up only when 25 is near), then it pushes threat.
 * - Another player's card may be resolved carelessly: DISTRUST of its guess comes from random picks.
 */
export function negotiatorJudge(sense: Sense): void {
  const s = sense.s;
  sense.distrust = DISTRUST;
  sense.holdShare = HOLD_SHARE;
  sense.counterSpent = COUNTER_SPENT;
  const slotsPassed = s.round + 0.5;
  const slotsLeft = Math.max(0, s.roundTrack.length - s.round - 0.5);
  const paced = s.threat + (s.threat / slotsPassed) * slotsLeft;
  const heading = Math.max(projectedThreat(sense), paced);
  if (s.rival !== "federalist") {
    if (heading >= 25) sense.emergencyKeep = EMERGENCY_KEEP_AT_RISK;
    const care = THREAT_CARE * (THREAT_CARE_FLOOR + (1 - THREAT_CARE_FLOOR) * normalWinChance(sense));
    sense.threatWeight = threatWeight(sense, heading) * care;
    return;
  }
  const capital = s.seats[s.me]!.capital;
  if (capital >= FEDERALIST_CAPITAL) sense.threatWeight = FEDERALIST_PUSH;
  else if (s.threat >= 18 || heading >= 25 + (FEDERALIST_CAPITAL - capital)) sense.threatWeight = FEDERALIST_HOLD;
  else sense.threatWeight = 0;
}

/**
 * My chance of winning if the game ends normally, from the public capital and my own rival card: my
 * lead over my rival's corp (or, with my own corp as rival, over the players I must beat), against
 * how much capital can still change hands before the end.
 */
export function normalWinChance(sense: Sense): number {
  const s = sense.s;
  const mine = s.seats[s.me]!;
  let lead: number;
  if (sense.rivalSeat !== null) lead = mine.capital - s.seats[sense.rivalSeat]!.capital;
  else if (sense.ownCorpRival) {
    const others = s.seats.filter((p) => p.seat !== s.me).map((p) => p.capital).sort((a, b) => a - b);
    const need = s.players === 4 ? 2 : 3;
    lead = mine.capital - others[need - 1]!;
  } else return 1; // the rival corp is not at the table: any capital wins
  const slotsLeft = Math.max(0, s.roundTrack.length - s.round);
  const spread = 2 + 1.5 * slotsLeft;
  return 1 / (1 + Math.exp(-(lead + 0.5) / (spread / 2)));
}

/** What a bot remembers between its decisions (one per seat; the decision is fair without it). */
export interface BotMemory {
  /** Support trades this bot proposed, by deal key: at most MAX_PROPOSALS per deal, each cheaper than the last. */
  proposed: Map<string, number>;
  /** Own open proposals and how many times the bot has looked at each while it stayed open. */
  looks: Map<string, number>;
  /** The deal an own proposal was made in, by trade id. */
  madeIn: Map<string, string>;
  /** What each title is worth to me as my offer, as imagined in recent rounds (rough worths: city-sense.ts `roundWorth`). */
  worth: RoundWorth;
}

export function newMemory(): BotMemory {
  return { proposed: new Map(), looks: new Map(), madeIn: new Map(), worth: new Map() };
}

/** A short public line (or, with `to`, a line for that seat alone). */
export interface BotLine {
  text: string;
  to?: number;
}

export interface BotDecision {
  command: Command | null;
  say?: BotLine;
  /** The bot is waiting for an answer to its own proposal: ask it again a little later. */
  wait?: boolean;
}

type Which = "main" | "counter";

/** The deal now, named so that a new deal (or a new counteroffer) has a new key. */
export function dealKey(s: Table): string {
  const d = s.deal;
  if (!d) return "";
  return `${s.round}:${s.active}:${d.main?.card ?? "-"}:${d.counters.map((c) => c.card).join(",")}`;
}

function offerOf(s: Table, which: Which) {
  const d = s.deal;
  if (!d) return null;
  return which === "main" ? d.main : (d.counters[d.counters.length - 1] ?? null);
}

/** The printed name of an offered card (public: offers lie faceup). */
export function cardName(card: string): string {
  const title = titleOf(card);
  return catalog.actionCards.find((c) => c.id === title)?.title ?? catalog.emergencyActions.find((e) => e.id === title)?.title ?? title;
}

/** Chance that `which` wins the support count if it gets `extra` more cards now, from the public counts. */
export function winChance(s: Table, which: Which, extra: number, afterMe: number): number {
  const other: Which = which === "main" ? "counter" : "main";
  if (!offerOf(s, other)) return 1;
  const lead = supportCount(s, which) + extra - supportCount(s, other);
  const tie = s.rules.tieWinner === which ? 0.5 : -0.5;
  if (afterMe <= 0) return lead + tie > 0 ? 1 : 0;
  const x = (lead + tie) / (1.2 * Math.sqrt(afterMe));
  return 1 / (1 + Math.exp(-1.7 * x));
}

/** What the deal is worth to me when `which` gets `extra` more cards now. */
function dealValue(sense: Sense, worth: Record<Which, number>, which: Which, extra: number, afterMe: number): number {
  const other: Which = which === "main" ? "counter" : "main";
  const p = winChance(sense.s, which, extra, afterMe);
  return p * worth[which] + (1 - p) * worth[other];
}

/** What the offer `which` winning rather than the other is worth to its owner in capital (a public guess). */
function ownerGain(sense: Sense, which: Which): number {
  const s = sense.s;
  const mine = offerOf(s, which);
  const theirs = offerOf(s, which === "main" ? "counter" : "main");
  if (!mine) return 0;
  const gain = (o: { card: string; seat: number } | null) => {
    if (!o) return 0;
    const out = guessOutcome(sense, titleOf(o.card), o.seat);
    return out.gains[mine.seat]! + CARD_WORTH * out.cards[mine.seat]! + (o.seat === mine.seat && s.deal?.asset ? ASSET_WORTH : 0);
  };
  return gain(mine) - gain(theirs);
}

function offerWorths(sense: Sense): Record<Which, number> {
  const s = sense.s;
  const worth: Record<Which, number> = { main: 0, counter: 0 };
  for (const which of ["main", "counter"] as const) {
    const o = offerOf(s, which);
    if (o) worth[which] = offerWorth(sense, o.card, o.seat);
  }
  return worth;
}

const cost = (sense: Sense, cards: string[]) => cards.reduce((n, id) => n + holdWorth(sense, id), 0);

interface Sale {
  command: Extract<Command, { type: "trade-propose" }>;
  gain: number;
  card: string;
}

/** The best sale of my support now, if one beats my plain choice; null otherwise. */
export function bestSale(sense: Sense, templates: LegalCommand[], attempt = 0): Sale | null {
  const s = sense.s;
  const t = templates.find((x): x is Extract<LegalCommand, { type: "trade-propose" }> => x.type === "trade-propose");
  const sup = templates.find((x): x is Extract<LegalCommand, { type: "support" }> => x.type === "support");
  if (!t?.support || !sup || !s.deal) return null;
  const afterMe = Math.max(0, s.deal.supportQueue.length - 1);
  const worth = offerWorths(sense);
  // my plain choice: abstain, or support as planSupport would
  let plain = dealValue(sense, worth, "main", 0, afterMe);
  const plan = planSupport(sense, sup.offers, sup.cards);
  if (plan) plain = Math.max(plain, dealValue(sense, worth, plan.offer, plan.cards.length, afterMe) - cost(sense, plan.cards));
  const pick = t.support.cards;
  let best: Sale | null = null;
  for (const which of t.support.offers) {
    const o = offerOf(s, which);
    if (!o || o.seat === sense.me) continue;
    const buyer = t.to.find((x) => x.seat === o.seat);
    if (!buyer || buyer.capital < 1) continue;
    // with as many cards as it would give anyway (at least one), or one more: more cards lift the chance more
    const most = Math.min(pick.max, pick.from.length, SALE_EXTRA_CARDS + (plan?.offer === which ? plan.cards.length : 1));
    for (let k = Math.max(1, pick.min); k <= most; k++) {
      const cards = cheapest(sense, pick.from, k);
      const lift = winChance(s, which, k, afterMe) - winChance(s, which, 0, afterMe);
      const theirGain = lift * ownerGain(sense, which);
      const price = Math.min(buyer.capital, Math.floor(PRICE_SHARE * PRICE_STEP ** attempt * theirGain));
      if (price < 1) continue;
      const gain = dealValue(sense, worth, which, k, afterMe) - cost(sense, cards) + price + capitalWorth(sense, o.seat, -price) - plain;
      if (gain < SELL_MARGIN || (best && gain <= best.gain)) continue;
      best = {
        command: { type: "trade-propose", to: o.seat, give: { capital: 0, assets: [] }, get: { capital: price, assets: [] }, support: which, supportCards: cards },
        gain,
        card: o.card,
      };
    }
  }
  return best;
}

/** What an incoming trade is worth to me (positive: good for me), support included. */
export function tradeValue(sense: Sense, t: TradeView): number {
  const s = sense.s;
  let worth = goodsWorth(sense, t);
  if (t.support && s.deal) {
    const afterMe = Math.max(0, s.deal.supportQueue.length - 1);
    const w = offerWorths(sense);
    const support = dealValue(sense, w, t.support.offer, t.support.count, afterMe) - dealValue(sense, w, t.support.offer, 0, afterMe);
    // never pay more for support than it is worth to me
    if (t.get.capital > 0 && t.get.capital > support) return -Infinity;
    worth += support;
  }
  return worth;
}

function answer(sense: Sense, templates: LegalCommand[]): BotDecision | null {
  const a = answerTrade(sense, templates, (t) => tradeValue(sense, t), NEGOTIATOR_ACCEPT_MARGIN);
  if (!a) return null;
  const to = a.trade ? { to: a.trade.from } : {};
  return { command: a.command, say: { text: a.command.type === "trade-accept" ? "Deal." : "No, thanks: that is not worth it to me.", ...to } };
}

/** The negotiating bot's decision: its command, a line to say, or that it waits on its own proposal. */
export function negotiate(s: Table, random: Random, memory: BotMemory = newMemory()): BotDecision {
  const judge = (x: Sense) => {
    negotiatorJudge(x);
    x.roundWorth = memory.worth;
  };
  const sense = readTable(s);
  judge(sense);
  const templates = s.legal;
  const answered = answer(sense, templates);
  if (answered) return answered;
  // own open proposals: withdraw stale ones, otherwise wait for the answer
  const key = dealKey(s);
  for (const id of [...memory.looks.keys()]) if (!s.trades.some((t) => t.id === id)) (memory.looks.delete(id), memory.madeIn.delete(id));
  const cancel = templates.find((x): x is Extract<LegalCommand, { type: "trade-cancel" }> => x.type === "trade-cancel");
  for (const id of cancel?.ids ?? []) {
    if (!memory.madeIn.has(id)) {
      // a proposal just made: the engine named it; it belongs to the deal it was made in
      const to = s.trades.find((t) => t.id === id)?.to;
      const made = memory.madeIn.get(pendingId(s.me, to ?? -1));
      if (made !== undefined) (memory.madeIn.set(id, made), memory.madeIn.delete(pendingId(s.me, to!)));
    }
    const looks = (memory.looks.get(id) ?? 0) + 1;
    memory.looks.set(id, looks);
    const made = memory.madeIn.get(id);
    if (looks > STALE_LOOKS || made === undefined || made !== key) {
      // an unanswered offer is not made again in this deal: the table must not wait on the bot
      if (made === key) memory.proposed.set(key, MAX_PROPOSALS);
      return { command: { type: "trade-cancel", id } };
    }
  }
  if ((cancel?.ids.length ?? 0) > 0) return { command: null, wait: true };
  const mine = s.pending?.kind === "support" && s.pending.seat === s.me;
  // one proposal per deal: after a refusal (remembered, or seen in this decision's events) it just plays
  const refused = s.events.some((e) => e.type === "trade-declined" || e.type === "trade-cancelled");
  const attempt = memory.proposed.get(key) ?? 0;
  if (mine && attempt < MAX_PROPOSALS && !(attempt === 0 && refused)) {
    const sale = bestSale(sense, templates, attempt);
    if (sale) {
      memory.proposed.set(key, attempt + 1);
      memory.madeIn.set(pendingId(s.me, sale.command.to), key);
      const offer = sale.command.support === "main" ? "main offer" : "counteroffer";
      return { command: sale.command, say: { text: `I will back the ${offer}, ${cardName(sale.card)}, for ${sale.command.get!.capital} capital.` } };
    }
  }
  return { command: sensibleWithoutSelling(s, random, judge, sense) };
}

/** Until the engine has named a new proposal, it is remembered by its pair of seats. */
function pendingId(from: number, to: number): string {
  return `pending:${from}-${to}`;
}

/** The sensible bot's command, minus its occasional random sale (the negotiator sells by judgement). */
function sensibleWithoutSelling(s: Table, random: Random, judge: (sense: Sense) => void, read: Sense): Command | null {
  const legal = s.pending?.kind === "support" && s.pending.seat === s.me ? s.legal.filter((x) => x.type !== "trade-propose") : s.legal;
  return sensibleCommand({ ...s, legal }, random, judge, read);
}
