// A hint for a seat: what the table's bot would do in its place now, and why, in plain words. It is
// given exactly what a bot gets for that seat (its view, legal commands and the events it was shown),
// runs the bot's own decision (botDecision, on a copy of its memory) and explains that command from
// the bot's own valuation of the options: capital to the seat, capital to its rival, threat now and
// later, cards, and the supply the demand asks for (card-value.ts's Outcome), or the pick's own score
// (choices.ts, policy.ts). Every "N capital" a hint says is capital the rules move (a card's gains, an
// investment's pay, a trade's price); the valuation itself weighs threat, rival and cards together,
// so it is said only in comparisons ("far better for you than"), never as capital. The words name
// only what the seat can see: its hand, its rival, the public table. tests/bots/hint.test.ts checks
// that the hinted command is the bot's, that a hint is the same in two games that differ only in
// what the seat cannot see, and that its capital figures are capital.
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES, type Resource } from "../../shared/catalog/types.ts";
import type { ChoiceOption, Command, LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { bestType, guessOutcome, typeWorth, type Outcome } from "./card-value.ts";
import { effectOptionWorth } from "./choices.ts";
import { readTable, type Sense } from "./city-sense.ts";
import { botDecision, newMemory, type BotMemory } from "./index.ts";
import { cardName, negotiatorJudge, tradeValue } from "./negotiate.ts";
import { contender, counterGains, investmentWorth, offerWorth, supportCount, supportStand } from "./policy.ts";
import type { Random } from "./random.ts";
import { tableFrom, titleOf, type BotView, type Table } from "./table.ts";

export interface Hint {
  /** What the bot would send for this seat now (null: nothing is owed, or it would wait). */
  command: Command | null;
  /** What to do, in a few words ("Support NBN's main offer, Puff Piece, with 1 card"). */
  action: string;
  /** Why, from the bot's valuation, in plain words. */
  why: string;
}

export interface HintOptions {
  /** The players' names by seat (public); the corporations' names otherwise. */
  names?: readonly string[];
  /**
   * The hint's decision is remembered in `memory`, as the bot's own would be (its trade proposals, its
   * looks at them): a table keeps one memory per seat for its hints, so that hint after hint plays like
   * the bot would, never proposing the same sale for ever. Otherwise the memory is left as it was.
   */
  remember?: boolean;
}

/** A copy of a bot's memory, so that a hint never changes what the bot remembers. */
export function copyMemory(m: BotMemory): BotMemory {
  return { proposed: new Map(m.proposed), looks: new Map(m.looks), madeIn: new Map(m.madeIn), worth: new Map(m.worth) };
}

/** The bot's choice for this seat now and why: the same command botDecision returns with the same random and memory. */
export function hintFor(view: BotView, legal: LegalCommand[], events: GameEvent[], random: Random, memory: BotMemory = newMemory(), options: HintOptions = {}): Hint {
  const d = botDecision(view, legal, events, random, options.remember ? memory : copyMemory(memory));
  const table = tableFrom(view, legal, events);
  if (!table || view.result) return { command: null, action: "Nothing to decide", why: "The game is over." };
  if (d.wait) return { command: null, action: "Wait", why: "You have offered a trade: wait for the answer before you decide anything else." };
  if (!d.command) return { command: null, action: "Nothing to decide", why: "The game is not waiting for you now." };
  const sense = readTable(table);
  negotiatorJudge(sense);
  const w = new Words(sense, view, options.names);
  return { command: d.command, ...explain(w, d.command) };
}

// ---- words ----

const round = (x: number) => Math.round(x);
/** A number in words: whole when it is close to one, else "about N". */
function amount(x: number): string {
  const r = Math.round(x);
  return Math.abs(x - r) < 0.15 ? String(r) : `about ${Math.max(1, r)}`;
}
const capital = (x: number) => (Math.abs(x) < 0.5 ? "nothing" : `${amount(x)} capital`);
/** Valuations closer than this are "about as good"; this far apart or more, "far better" (the bot's units, near capital's). */
const CLOSE = 0.75;
const FAR = 5;
const plural = (n: number, one: string, many = one + "s") => `${n} ${n === 1 ? one : many}`;
const RESOURCE_WORDS: Record<Resource, string> = { energy: "energy", consumables: "consumables", tech: "tech", entertainment: "entertainment", credits: "credits" };

class Words {
  readonly s: Table;
  readonly sense: Sense;
  readonly view: BotView;
  readonly names: readonly string[] | undefined;
  constructor(sense: Sense, view: BotView, names?: readonly string[]) {
    this.s = sense.s;
    this.sense = sense;
    this.view = view;
    this.names = names;
  }

  who(seat: number): string {
    if (seat === this.sense.me) return "you";
    return this.names?.[seat] || this.view.seats[seat]?.corpName || `seat ${seat + 1}`;
  }
  whose(seat: number): string {
    return seat === this.sense.me ? "your" : `${this.who(seat)}'s`;
  }

  /** The seat's rival in words ("your rival Jinteki"); the rival is the seat's own secret, shown to it alone. */
  rival(): string {
    const r = this.s.rival;
    if (r === "federalist") return "you are the Federalist";
    const name = catalog.rivals.find((x) => x.id === r)?.name ?? r;
    if (this.sense.ownCorpRival) return `your rival is your own corporation, ${name}`;
    return `your rival ${name}`;
  }

  /** The main terms of an outcome for me, in a sentence ("it gives you 2 capital; ..."). */
  outcome(o: Outcome, asset: boolean, winner: number): string {
    const { sense } = this;
    const me = sense.me;
    const parts: string[] = [];
    const gain = o.gains[me]!;
    if (Math.abs(gain) >= 0.5) parts.push(gain > 0 ? `it gives you ${amount(gain)} capital` : `it costs you ${amount(-gain)} capital`);
    else parts.push("it gives you no capital");
    if (asset && winner === me) parts.push("you claim the revealed asset");
    const cards = o.cards[me]!;
    if (cards >= 0.5) parts.push(`you draw ${plural(round(cards), "card")}`);
    const threat = o.threat;
    if (threat >= 0.5) parts.push(`it adds ${amount(threat)} threat now`);
    else if (threat <= -0.5) parts.push(`it lowers threat by ${amount(-threat)} now`);
    const later = o.city;
    const supply = this.supply(o);
    if (supply) parts.push(supply);
    if (later <= -0.75) parts.push(`the city should cause ${amount(-later)} less threat later`);
    else if (later >= 0.75) parts.push(`the city should cause ${amount(later)} more threat later`);
    const rival = this.rivalGain(o);
    if (rival) parts.push(rival);
    return parts.join("; ");
  }

  /** Supply the card brings, and whether this demand round still needs it. */
  supply(o: Outcome): string | null {
    if (!o.supply) return null;
    const up: string[] = [];
    let needed = false;
    for (const r of RESOURCES) {
      const n = o.supply[r] ?? 0;
      if (n >= 0.5) {
        up.push(`${amount(n)} ${RESOURCE_WORDS[r]}`);
        if ((this.sense.shortfall[r] ?? 0) > 0) needed = true;
      }
    }
    if (up.length === 0) return null;
    return `it adds ${up.join(" and ")} to the supply${needed ? ", which the demand still lacks" : ", more than the demand asks"}`;
  }

  rivalGain(o: Outcome): string | null {
    const { sense } = this;
    if (this.s.rival === "federalist") return null;
    if (sense.rivalSeat === null) return sense.ownCorpRival ? null : `${this.rival()} is not at this table`;
    const g = o.gains[sense.rivalSeat]!;
    if (Math.abs(g) < 0.5) return `${this.rival()} gains nothing from it`;
    return g > 0 ? `${this.rival()} gains ${amount(g)} capital` : `${this.rival()} loses ${amount(-g)} capital`;
  }

  /** What an offered card (its owner winning the deal) does, for me. */
  offer(card: string, seat: number): string {
    return this.outcome(guessOutcome(this.sense, titleOf(card), seat), this.s.deal?.asset != null, seat);
  }

  /**
   * How one valuation stands against another, in words ("far better for you than"): the bot's
   * valuations weigh threat, rival and cards with capital, so they are compared, never said as capital.
   */
  compare(a: number, b: number): string {
    const d = a - b;
    if (Math.abs(d) < CLOSE) return "about as good for you as";
    const far = Math.abs(d) >= FAR ? "far " : "";
    return `${far}${d > 0 ? "better" : "worse"} for you than`;
  }

  hand(ids: readonly string[]): string {
    return ids.map((id) => cardName(id)).join(", ");
  }
}

/** A hint's words: what to do, and why. */
type Explained = Pick<Hint, "action" | "why">;

/** What the hint says of each kind of command: a few words, and why. */
const EXPLAIN: { [K in Command["type"]]: (w: Words, c: Extract<Command, { type: K }>) => Explained } = {
  offer: (w, c) => {
    const { sense, s } = w;
    const id = offered(w, c);
    const t = s.legal.find((l): l is Extract<LegalCommand, { type: "offer" }> => l.type === "offer");
    const options = (t?.cards ?? []).filter((x) => titleOf(x) !== titleOf(id));
    const runner = bestOther(w, options);
    const why = `${cap(w.offer(id, sense.me))}.` + (runner ? ` It is ${w.compare(offerWorth(sense, id, sense.me), runner.worth)} your next best card, ${cardName(runner.id)}.` : "");
    return { action: `Offer ${cardName(id)} as your main offer`, why: c.emergency ? `${why} An emergency action is kept for a bad moment, but now it is worth more played.` : why };
  },
  counteroffer: (w, c) => {
    const { sense, s } = w;
    const id = offered(w, c);
    const cur = contender(s);
    const discard = c.discard ?? [];
    const t = s.legal.find((l): l is Extract<LegalCommand, { type: "counteroffer" }> => l.type === "counteroffer");
    const gain = t ? counterGains(sense, t).gainOf(c.card ? { card: c.card } : { emergency: id }) : 0;
    const against = cur ? ` It is ${w.compare(offerWorth(sense, id, sense.me), offerWorth(sense, cur.card, cur.seat))} ${w.whose(cur.seat)} ${cardName(cur.card)}.` : "";
    const n = discard.length + (c.card ? 1 : 0);
    const cost = n === 0 ? "making" : `the ${plural(n, "card")} it uses up`;
    return {
      action: `Counteroffer ${cardName(id)}${discard.length ? `, discarding ${w.hand(discard)}` : ""}`,
      why: `${cap(w.offer(id, sense.me))}.${against} At about even odds of winning the support, it is ${gain > 0 ? "worth" : "the best of your counteroffers, if barely worth"} ${cost}.`,
    };
  },
  pass: (w, c) => {
    const { sense, s } = w;
    const cur = contender(s);
    const t = s.legal.find((l): l is Extract<LegalCommand, { type: "counteroffer" }> => l.type === "counteroffer");
    if (!t || (t.cards.length === 0 && t.emergency.length === 0)) return { action: "Pass: make no counteroffer", why: "You do not hold enough cards to pay for a counteroffer." };
    const { options, gainOf } = counterGains(sense, t);
    let best: { o: (typeof options)[number]; gain: number } | null = null;
    for (const o of options) {
      const gain = gainOf(o);
      if (!best || gain > best.gain) best = { o, gain };
    }
    const bestName = best ? cardName(best.o.card ?? best.o.emergency!) : "";
    return {
      action: "Pass: make no counteroffer",
      why:
        (cur ? `${cap(w.whose(cur.seat))} ${cardName(cur.card)}: ${w.offer(cur.card, cur.seat)}. ` : "") +
        (best ? `Your best counteroffer, ${bestName}, ${best.gain < 0 ? "is worth less to you than the cards it costs" : "gains you too little for the cards it costs"}, at about even odds of winning the support.` : "No counteroffer is worth its cost."),
    };
  },
  support: (w, c) => {
    const { sense, s } = w;
    const offer = c.offer === "main" ? s.deal?.main : s.deal?.counters[s.deal.counters.length - 1];
    const other = c.offer === "main" ? s.deal?.counters[s.deal.counters.length - 1] : s.deal?.main;
    if (!offer) return { action: "Support", why: "" };
    const name = c.offer === "main" ? "main offer" : "counteroffer";
    const lead = supportCount(s, c.offer) - (other ? supportCount(s, c.offer === "main" ? "counter" : "main") : 0);
    const why =
      `${cap(w.offer(offer.card, offer.seat))}.` +
      (other ? ` It is ${w.compare(offerWorth(sense, offer.card, offer.seat), offerWorth(sense, other.card, other.seat))} the other offer, ${w.whose(other.seat)} ${cardName(other.card)}.` : "") +
      ` It stands ${lead > 0 ? `${lead} ahead` : lead < 0 ? `${-lead} behind` : "level"} in support; you give your least useful ${plural(c.cards.length, "card")} (${w.hand(c.cards)}).`;
    return { action: `Support ${w.whose(offer.seat)} ${name}, ${cardName(offer.card)}, with ${plural(c.cards.length, "card")}`, why };
  },
  abstain: (w, c) => {
    const { sense, s } = w;
    const d = s.deal;
    const top = d?.counters[d.counters.length - 1];
    const main = d?.main;
    const stand = main && top ? `the main offer, ${cardName(main.card)}, is ${w.compare(offerWorth(sense, main.card, main.seat), offerWorth(sense, top.card, top.seat))} the counteroffer, ${cardName(top.card)}` : main ? `only the main offer, ${cardName(main.card)}, stands` : "there is nothing to support";
    return { action: "Abstain: support neither offer", why: `${cap(stand)}. ${abstainReason(w)}` };
  },
  "trade-propose": (w, c) => {
    const { s } = w;
    const which = c.support;
    const offer = which === "main" ? s.deal?.main : s.deal?.counters[s.deal.counters.length - 1];
    const price = c.get?.capital ?? 0;
    return {
      action: `Offer ${w.who(c.to)} your support for ${price} capital`,
      why: offer
        ? `${w.whose(offer.seat)} ${cardName(offer.card)} winning is worth a lot to ${w.who(offer.seat)}; your ${plural(c.supportCards?.length ?? 0, "card")} of support ${(c.supportCards?.length ?? 0) === 1 ? "raises" : "raise"} its chance, and being paid ${price} capital is worth more to you than giving that support for nothing.`
        : "Selling your support is worth more to you than giving it.",
    };
  },
  "trade-accept": explainTradeAnswer,
  "trade-decline": explainTradeAnswer,
  "trade-cancel": () => ({ action: "Withdraw your trade offer", why: "The deal has moved on or nobody answered: the offer no longer helps you." }),
  discard: (w, c) => {
    const { s } = w;
    const keep = s.hand.filter((id) => !c.cards.includes(id));
    return { action: `Discard ${w.hand(c.cards)}`, why: `These are the cards least useful to you as offers to come; you keep ${keep.length ? w.hand(keep) : "nothing"}.` };
  },
  investment: (w, c) => {
    const { sense, s } = w;
    const t = s.legal.find((l): l is Extract<LegalCommand, { type: "investment" }> => l.type === "investment");
    const label = (v: string) => t?.options.find((o) => String(o.value) === v)?.label ?? v;
    const others = (t?.options ?? []).filter((o) => String(o.value) !== c.keep).map((o) => `${o.label} would pay ${capital(investmentWorth(sense, String(o.value)))}`);
    return {
      action: `Keep ${label(c.keep)}`,
      why: `From the city now and the production to come, it would likely pay ${capital(investmentWorth(sense, c.keep))} at the next demand round${others.length ? `; ${others.join(", ")}` : ""}.`,
    };
  },
  choose: (w, c) => explainChoice(w, c.option),
};

/**
 * Why the bot abstains, the one reason that holds (planSupport's): its cards would change nothing, it
 * has none, or the difference between the offers is worth less than a card. One reason only: "far
 * better for you … not worth the cards" read as a contradiction when the support had decided it.
 */
function abstainReason(w: Words): string {
  const { sense, s } = w;
  const t = s.legal.find((l): l is Extract<LegalCommand, { type: "support" }> => l.type === "support");
  const at = t ? supportStand(sense, t.offers) : null;
  const both = !!s.deal?.main && (s.deal?.counters.length ?? 0) > 0;
  if (!t || !at) return "You may back neither offer.";
  if (at.margin <= 0) return both ? "Which one wins makes no difference worth a card to you." : "Its winning is worth nothing to you.";
  if (at.want === 0) {
    const which = at.pref === "main" ? "the main offer" : "the counteroffer";
    const how = !both ? "no offer against it" : at.lead > 0 ? `${at.lead} ahead in support` : "level in support, where a tie goes to it";
    return `${cap(which)} already wins (${how}) and nobody supports after you: your cards would change nothing.`;
  }
  if (t.cards.from.length === 0) return "You hold no cards to give.";
  return "The difference is not worth the cards you would give.";
}

function explainTradeAnswer(w: Words, c: Extract<Command, { type: "trade-accept" | "trade-decline" }>): Explained {
  const { sense, s } = w;
  const t = s.trades.find((x) => x.id === c.id);
  const value = t ? tradeValue(sense, t) : 0;
  const from = t ? w.who(t.from) : "the other player";
  if (c.type === "trade-accept") return { action: `Accept ${w.whose(t?.from ?? -1)} trade`, why: `It raises your standing: what you get is worth more to you than what you give, counting what ${from} gains against you if they are your rival.` };
  return { action: `Decline ${w.whose(t?.from ?? -1)} trade`, why: Number.isFinite(value) ? `What you would get is ${value > 0 ? "worth only a little more to you than" : "not worth"} what you would give: not enough to accept.` : "It asks more for support than that support is worth to you." };
}

function explain(w: Words, c: Command): Explained {
  return (EXPLAIN[c.type] as (w: Words, c: Command) => Explained)(w, c);
}

function explainChoice(w: Words, value: string | number): Explained {
  const { sense, s } = w;
  const t = s.legal.find((l): l is Extract<LegalCommand, { type: "choose" }> => l.type === "choose");
  const option = t?.options.find((o) => o.value === value);
  const label = option?.label ?? String(value);
  if (!t || !option) return { action: `Choose ${label}`, why: "" };
  const it = option.intent;
  if (s.pending?.kind === "general-draw" && it?.type) {
    const type = it.type;
    return { action: `Draw a ${type} card`, why: `On average a ${type} card would be the most useful to you as your next offer of the types you may draw.` };
  }
  const effect = s.effect;
  if (effect?.asset && (it?.act === "use" || it?.act === "pass")) {
    const asset = catalog.assets.find((a) => a.id === effect.source)?.name ?? effect.source;
    return { action: it.act === "use" ? `Use ${asset}` : `Keep ${asset} for later`, why: it.act === "use" ? `Using it now helps you more than waiting.` : `Using it now would not help you enough.` };
  }
  if (it?.act === "draw" && it.type && t.options.every((o) => o.intent?.act === "draw" && o.intent.type)) {
    const best = bestType(sense, [it.type], () => 0);
    return { action: `Draw a ${best} card`, why: `On average a ${best} card would be the most useful to you as your next offer.` };
  }
  const scored = t.options.map((o) => ({ o, v: effectOptionWorth(sense, o, (type) => typeWorth(sense, type)) }));
  const mine = scored.find((x) => x.o.value === value)!;
  const next = scored.filter((x) => x.o.value !== value).sort((a, b) => b.v - a.v)[0];
  const source = effect ? sourceName(effect.source) : "the card";
  return {
    // a seat's name alone ("NBN") would not read as an action
    action: it?.seat !== undefined ? `Choose ${label}` : cap(label),
    why: `${cap(what(w, option))}.${next ? ` For ${source} this pick is ${w.compare(mine.v, next.v)} the next best, ${next.o.label}.` : ""}`,
  };
}

/** The card or emergency action an offer names. */
function offered(w: Words, c: { card?: string; emergency?: string | true }): string {
  if (c.card) return c.card;
  if (c.emergency === true) return w.s.seats[w.sense.me]!.emergency.find((e) => e.faceup)?.id ?? "";
  return c.emergency ?? "";
}

function sourceName(id: string): string {
  return catalog.assets.find((a) => a.id === id)?.name ?? catalog.actionCards.find((c) => c.id === id)?.title ?? catalog.emergencyActions.find((e) => e.id === id)?.title ?? "the card";
}

/** What an option does, in words, from its intent. */
function what(w: Words, o: ChoiceOption): string {
  const it = o.intent;
  if (!it) return `you choose ${o.label}`;
  const where = it.district !== undefined ? ` in ${w.view.districts[it.district - 1]?.name ?? `district ${it.district}`}` : "";
  const kind = it.kind ? (KIND_WORDS[it.kind] ?? it.kind) : "";
  switch (it.act) {
    case "remove": return `it removes ${kind || "a problem"}${where}, which would otherwise cost threat or production`;
    case "place": return `it places ${kind || "a unit"}${where}`;
    case "lower": return `it lowers ${kind || "unrest"}${where}`;
    case "raise": return `it raises ${kind || "unrest"}${where}`;
    case "move-from": return `it moves ${kind || "a unit"} on from ${where ? where.slice(4) : "there"}`;
    case "move-to": return `it moves ${kind || "a unit"} into ${where ? where.slice(4) : "that district"}`;
    case "develop": return `it develops${where || " a district"}, so it produces more`;
    case "draw": return `you draw ${it.type ? `a ${it.type} card` : "a card"}`;
    case "gain": {
      // a pick may name who gains (High-Risk Investments): that seat, not always the chooser
      const who = it.seat !== undefined && it.seat !== w.sense.me ? `${w.who(it.seat)} gains` : "you gain";
      return `${who} ${it.amount ?? ""} ${it.resource ?? "capital"}`.replace(/\s+/g, " ");
    }
    case "target": return it.seat !== undefined ? `it aims the card at ${w.who(it.seat)}` : `it targets${where || " that"}`;
    case "done": return "you stop here";
    default: return `you choose ${o.label}`;
  }
}

const KIND_WORDS: Record<string, string> = {
  humanFirst: "a Human First unit", orgcrime: "an orgcrime unit", prisec: "a prisec unit", illness: "an illness token",
  outage: "an outage", development: "a development", android: "an android", unrest: "unrest",
};

function bestOther(w: Words, ids: readonly string[]): { id: string; worth: number } | null {
  let best: { id: string; worth: number } | null = null;
  const seen = new Set<string>();
  for (const id of ids) {
    const title = titleOf(id);
    if (seen.has(title)) continue;
    seen.add(title);
    const v = offerWorth(w.sense, id, w.sense.me);
    if (!best || v > best.worth) best = { id, worth: v };
  }
  return best;
}

const cap = (x: string) => (x ? x[0]!.toUpperCase() + x.slice(1) : x);
