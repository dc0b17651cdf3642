// Turns one of legal()'s command templates into a concrete command, choosing options at random.
// The policies build on it; on its own it is the "random" bot used by property tests and fuzzing.
import type { CardPick, Command, LegalCommand } from "../../shared/protocol.ts";

export type Random = () => number;

export function pickOne<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)]!;
}

/** Between pick.min and pick.max distinct ids out of pick.from. */
export function pickCards(pick: CardPick, random: Random, count?: number): string[] {
  const n = count ?? pick.min + Math.floor(random() * (pick.max - pick.min + 1));
  const pool = [...pick.from];
  const chosen: string[] = [];
  while (chosen.length < n && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

/** A concrete command for a template, or null when the template offers nothing to send (e.g. no trades). */
export function instantiate(template: LegalCommand, random: Random): Command | null {
  switch (template.type) {
    case "offer": {
      const options = [...template.cards.map((card) => ({ card })), ...template.emergency.map((e) => ({ emergency: e }))];
      return options.length === 0 ? null : { type: "offer", ...pickOne(options, random) };
    }
    case "counteroffer": {
      const options: { card?: string; emergency?: string }[] = [
        ...template.cards.map((card) => ({ card })),
        ...template.emergency.map((e) => ({ emergency: e })),
      ];
      if (options.length === 0) return null;
      const choice = pickOne(options, random);
      const pick = { ...template.discard, from: template.discard.from.filter((id) => id !== choice.card) };
      if (pick.from.length < pick.min) return null;
      return { type: "counteroffer", ...choice, discard: pickCards(pick, random, pick.min) };
    }
    case "support":
      if (template.offers.length === 0 || template.cards.from.length < Math.max(1, template.cards.min)) return null;
      return { type: "support", offer: pickOne(template.offers, random), cards: pickCards({ ...template.cards, min: Math.max(1, template.cards.min) }, random) };
    case "choose":
      return template.options.length === 0 ? null : { type: "choose", option: pickOne(template.options, random).value };
    case "discard":
      return { type: "discard", cards: pickCards(template.cards, random, template.cards.min) };
    case "investment":
      return template.options.length === 0 ? null : { type: "investment", keep: String(pickOne(template.options, random).value) };
    case "trade-accept":
      return template.ids.length === 0 ? null : { type: "trade-accept", id: pickOne(template.ids, random) };
    case "trade-decline":
      return template.ids.length === 0 ? null : { type: "trade-decline", id: pickOne(template.ids, random) };
    case "trade-cancel":
      return template.ids.length === 0 ? null : { type: "trade-cancel", id: pickOne(template.ids, random) };
    case "trade-propose":
      return null; // never proposed at random: a policy decides when a trade is worth it
    case "pass":
      return { type: "pass" };
    case "abstain":
      return { type: "abstain" };
  }
}

/** A random command that moves the game on (never only a trade), or null if the seat owes nothing. */
export function randomCommand(templates: LegalCommand[], random: Random): Command | null {
  const progressing = templates.filter((t) => !t.type.startsWith("trade-"));
  const order = [...progressing].sort(() => random() - 0.5);
  for (const t of order) {
    const c = instantiate(t, random);
    if (c) return c;
  }
  return null;
}

/**
 * A trade offered to this seat, accepted or declined at random, as people answer them (a bot that
 * proposed one waits on the answer); null when none is offered.
 */
export function answerTrade(templates: LegalCommand[], random: Random): Command | null {
  const open = templates.filter((t): t is Extract<LegalCommand, { type: "trade-accept" | "trade-decline" }> =>
    (t.type === "trade-accept" || t.type === "trade-decline") && t.ids.length > 0);
  const pick = open.length > 0 ? open[Math.floor(random() * open.length)]! : null;
  return pick ? { type: pick.type, id: pick.ids[0]! } as Command : null;
}

/** mulberry32: a small seeded generator for the bots' own choices (separate from the game's RNG). */
export function makeRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
