// A bot's answers to asset decisions (B6): whether to use an asset offered in a window, and the
// asset's own picks. It uses an asset when that helps it (capital for itself, harm to its rival, an
// offer it prefers winning) and always answers. null: not an asset pick (policy.ts decides).
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { RivalId } from "../../shared/catalog/types.ts";
import type { ChoiceIntent, ChoiceOption } from "../../shared/protocol.ts";
import type { EffectView } from "../../shared/view.ts";
import { ASSET_WORTH, CARD_WORTH, bestType, dealWorth, guessOutcome, utility } from "./card-value.ts";
import { isEmergency, titleOf, type Offer, type Table } from "./table.ts";
import { argmax } from "./choices.ts";
import { capitalWorth, seatOfCorp, type Sense } from "./city-sense.ts";
import type { Random } from "./random.ts";

type Value = string | number;

/** What keeping an action card is worth to me. */
function holdWorth(sense: Sense, card: string): number {
  return titleWorth(sense, titleOf(card));
}
function titleWorth(sense: Sense, title: string): number {
  return Math.max(0, utility(sense, guessOutcome(sense, title, sense.me))) + CARD_WORTH;
}

function offerWorth(sense: Sense, o: Offer | null | undefined): number {
  return o ? dealWorth(sense, titleOf(o.card), o.seat, sense.s.deal?.asset != null) : 0;
}

/** How much more I like the counteroffer winning than the main offer (negative: I prefer the main offer). */
function counterMargin(sense: Sense): number {
  const deal = sense.s.deal;
  if (!deal) return 0;
  const top = deal.counters[deal.counters.length - 1];
  return offerWorth(sense, top) - offerWorth(sense, deal.main);
}

function supportFor(s: Table, offer: "main" | "counter"): number {
  return (s.deal?.supports ?? []).filter((x) => x.offer === offer).reduce((n, x) => n + x.count, 0);
}

/** How well a rival card would do for me now: my capital over what I must beat (higher is better). */
function rivalMargin(s: Table, me: number, rival: string): number {
  const mine = s.seats[me]!;
  if (rival === "federalist") return s.threat >= 18 ? mine.capital - 25 : -15;
  if (rival === mine.corp) {
    const others = s.seats.filter((p) => p.seat !== me).map((p) => p.capital).sort((a, b) => a - b);
    const mustBeat = s.players === 4 ? 2 : 3;
    return mine.capital - others[mustBeat - 1]!;
  }
  const seat = seatOfCorp(s, rival);
  return seat >= 0 ? mine.capital - s.seats[seat]!.capital : 0;
}

/** Whether I use an asset offered now. */
function wantsToUse(sense: Sense, f: EffectView): boolean {
  const s = sense.s;
  const about = f.about;
  switch (f.source) {
    case "bernice-mai":
      return s.hand.length > s.seats[sense.me]!.handLimit;
    case "caprice-nisei":
    case "mark-yale":
      return about === sense.rivalSeat;
    case "eiko":
      return counterMargin(sense) <= 0;
    case "isabel-mcguire":
      return Math.abs(counterMargin(sense)) >= 0.5;
    case "locust-company":
      return counterMargin(sense) < 0;
    case "tanaka": {
      const margin = counterMargin(sense);
      const counterLeads = supportFor(s, "counter") > supportFor(s, "main") || (supportFor(s, "counter") === supportFor(s, "main") && s.rules.tieWinner === "counter");
      return counterLeads ? margin <= -1 : margin >= 1;
    }
    case "fumiko-yamamori":
      return RESOURCES.some((r) => s.supply[r] > 0 && s.supply[r] - 1 >= (s.demand.targets[r] ?? 0));
    case "alex-westlund":
      return alexSwap(sense) !== null;
    default:
      return true;
  }
}

/** What an asset in play is worth to its holder, roughly: a ready one more than an exhausted one. */
function heldWorth(id: string, exhausted: boolean): number {
  if (id === "alex-westlund") return 1; // already used this turn
  return ASSET_WORTH + (exhausted ? -0.5 : 0.5);
}

/**
 * Alex Westlund: swap one of my assets for one of my rival's when that is worth its 2 capital
 * (what I gain, plus what my rival loses, weighed as a rival).
 */
function alexSwap(sense: Sense): { mine: string; theirs: string } | null {
  const s = sense.s;
  if (sense.rivalSeat === null || s.seats[sense.me]!.capital < 6) return null;
  let best: { mine: string; theirs: string } | null = null;
  let bestGain = 0.5;
  for (const m of s.seats[sense.me]!.assets) {
    for (const t of s.seats[sense.rivalSeat]!.assets) {
      const delta = heldWorth(t.id, t.exhausted) - heldWorth(m.id, m.exhausted);
      const gain = -2 + delta + capitalWorth(sense, sense.rivalSeat, -delta);
      if (gain > bestGain) [best, bestGain] = [{ mine: m.id, theirs: t.id }, gain];
    }
  }
  return best;
}

/** Scores of one asset pick's options for me (the highest is sent). */
function score(sense: Sense, f: EffectView, v: Value, it: ChoiceIntent): number {
  const s = sense.s;
  const me = sense.me;
  const act = it.act;
  const target = f.about ?? undefined;
  switch (f.source) {
    case "alex-westlund": {
      const plan = alexSwap(sense);
      return plan && (v === plan.mine || v === plan.theirs) ? 1 : 0;
    }
    case "bernice-mai":
      if (act === "target" && it.seat !== undefined) return capitalWorth(sense, it.seat, 2 * CARD_WORTH) - s.seats[it.seat]!.capital * 0.01;
      return act === "done" ? (s.hand.length > s.seats[me]!.handLimit ? -5 : 0) : 1 - holdWorth(sense, String(v)) * 0.5;
    case "chief-gorman": {
      const owner = f.seat;
      if (act === "pay") return -2 - capitalWorth(sense, owner, 2) + Math.max(0, counterMargin(sense)) * 0.5;
      return 0;
    }
    case "eiko":
      if (act === "pay") return -1;
      return -holdWorth(sense, String(v)) * 0.5 - counterMargin(sense) * 0.3;
    case "fumiko-yamamori": {
      const target = s.demand.targets[v as (typeof RESOURCES)[number]] ?? 0;
      return s.supply[v as (typeof RESOURCES)[number]] - target;
    }
    case "hernando-cortez": {
      if (act === "gain") return it.amount ?? 2;
      const from = it.seat ?? s.seats.findIndex((p) => p.assets.some((a) => a.id === v));
      return ASSET_WORTH + capitalWorth(sense, from, -ASSET_WORTH);
    }
    case "isabel-mcguire":
      return v === "counter" ? counterMargin(sense) : -counterMargin(sense);
    case "jackson-howard":
      return Number(v) === s.active ? 2 : Number(v) === (me + 1) % s.players ? 1 : 0;
    case "locust-company":
      // public information only: the player with most cards could give the counteroffer most support
      return s.seats[Number(v)]!.handSize;
    case "marco-cubrero": {
      const amount = it.amount ?? 0;
      const seat = it.seat ?? me;
      const n = Math.min(amount, s.seats[seat]!.capital);
      return n + capitalWorth(sense, seat, -n);
    }
    case "midori":
    case "tanaka":
      return v === "counter" ? counterMargin(sense) : -counterMargin(sense);
    case "mr-li":
      return capitalWorth(sense, Number(v), 2 * CARD_WORTH - 1);
    case "mr-white":
      if (act === "target" && it.seat !== undefined) return (it.seat === sense.rivalSeat ? 3 : 0) + s.seats[it.seat]!.handSize * 0.1;
      if (act === "pass") return -1;
      // the card's title is shown to me on the option
      return it.card ? titleWorth(sense, it.card) : 0;
    case "susan-chen":
    case "elizabeth-mills":
      if (act === "give" && it.seat !== undefined) {
        // Elizabeth Mills then makes them discard: best aimed at my rival
        const hurt = f.source === "elizabeth-mills" ? -capitalWorth(sense, it.seat, -3 * CARD_WORTH) : 0;
        return hurt + capitalWorth(sense, it.seat, ASSET_WORTH) - s.seats[it.seat]!.capital * 0.01;
      }
      if (act === "discard" && !it.card) return capitalWorth(sense, target!, -3 * CARD_WORTH) + 0.01;
      if (act === "draw") return capitalWorth(sense, target!, 3 * CARD_WORTH);
      return it.card ? -titleWorth(sense, it.card) : 0; // discarding from my own hand: the cheapest goes
    case "bryan-stinson":
      // a faceup emergency action can be offered at once
      return it.faceup ? 2 : 1;
    case "the-fall-guy":
      return isEmergency(String(v)) ? -1 : dealWorth(sense, titleOf(String(v)), me, true);
    case "thomas-haas": {
      if (act !== "swap") return 0;
      // Thomas Haas shows me the card under the board (the option names it); unseen, any rival card in play but mine
      const unknown: RivalId[] = it.card ? [it.card as RivalId] : [...s.seats.map((p) => p.corp), "federalist" as const].filter((r) => r !== s.rival);
      const under = unknown.reduce((n, r) => n + rivalMargin(s, me, r), 0) / unknown.length;
      return under - rivalMargin(s, me, s.rival) - 1;
    }
  }
  return 0;
}

/** The option to send for a pending asset pick, or null when the pick is not an asset's. */
export function assetChoice(sense: Sense, options: ChoiceOption[], random: Random): Value | null {
  const f = sense.s.effect;
  if (!f?.asset || options.length === 0) return null;
  if (f.source === "caprice-nisei" && f.seat !== sense.me) return null; // declaring a card's picks: policy.ts picks as for the card
  const use = options.find((o) => o.intent?.act === "use");
  const pass = options.find((o) => o.intent?.act === "pass");
  if (use && pass) return wantsToUse(sense, f) ? use.value : pass.value;
  // a type to draw (Floyd, Mr. Li, a corp sheet without a top type) or Isabel McGuire's deck
  if (options.every((o) => o.intent?.act === "draw" && o.intent.type)) {
    const type = bestType(sense, options.map((o) => o.intent!.type!), random);
    return options.find((o) => o.intent!.type === type)!.value;
  }
  return argmax(options, (o) => score(sense, f, o.value, o.intent ?? { act: "choose" }), random)!.value;
}
