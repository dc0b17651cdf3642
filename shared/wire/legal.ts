// A seat's legal commands, compacted without loss for its secret's `legal` and `legalTrades` fields
// (encodeLegal), and read back (decodeLegal). Private to that seat's secret: nothing here is public.
import type { CardPick, ChoiceIntent, ChoiceOption, LegalCommand } from "../protocol.ts";
import { unpackLegal } from "./legal-codec.ts";
import { assetIds, decodeJson } from "./placeholders.ts";
import type { WireCardId, WireHeld } from "./types.ts";

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
  | { type: "choose"; prompt: string; options?: ChoiceOption[]; o?: CompactOptions; progress?: { at: number; of: number }; more?: number; ordered?: true }
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
      return { type: l.type, prompt: l.prompt, ...encodeOptions(l.options), ...(l.progress ? { progress: l.progress } : {}), ...(l.more ? { more: l.more } : {}), ...(l.ordered ? { ordered: true } : {}) };
    case "investment":
      return { type: l.type, ...encodeOptions(l.options) };
    default:
      return l;
  }
}

/** What a seat holds to trade, from its public fields. */
function holdings(s: { capital: number; assets?: WireHeld }): { capital: number; assets: string[] } {
  return { capital: s.capital, assets: assetIds(s.assets) };
}

/**
 * A seat as decodeLegal() reads it, as sent (a decoded schema object or its toJSON()): its public
 * holdings and, for your own seat, the secret with your hand.
 */
interface LegalSeat { seat: number; capital: number; assets?: WireHeld }

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
  const compact = [...decodeJson<CompactLegal[]>(json && unpackLegal(json), []), ...decodeJson<CompactLegal[]>(tradesJson && unpackLegal(tradesJson), [])];
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
        return { type: l.type, prompt: l.prompt, options: decodeOptions(l), ...(l.progress ? { progress: l.progress } : {}), ...(l.more ? { more: l.more } : {}), ...(l.ordered ? { ordered: true } : {}) };
      case "investment":
        return { type: l.type, options: decodeOptions(l) };
      default:
        return l;
    }
  });
}
