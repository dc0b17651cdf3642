// legal(): everything a seat may send now, with its options. The bots and the client build their
// moves from it; apply() accepts exactly these (a property test checks both directions).
import { CommandSchema, GENERAL_DRAW_PROMPT } from "../../shared/protocol.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import { handLimit } from "./action-phase.ts";
import { quickCommand } from "./command.ts";
import type { Ctx } from "./ctx.ts";
import { counterofferCost } from "./deal/counteroffer.ts";
import { faceupEmergencies } from "./deal/common.ts";
import { supportableOffers } from "./deal/support.ts";
import { investmentDef } from "./data.ts";
import { generalOptions } from "./draw.ts";
import { effectChoice } from "./effects.ts";
import type { Rulebook } from "./rulebook.ts";
import type { GameState, Trade } from "./state.ts";
import { MAX_OPEN_TRADES, checkTrade, maySupportByTrade, tradeBlocked } from "./trade.ts";

export function legalFor(rules: Rulebook, s: GameState, seat: number): LegalCommand[] {
  if (s.result || seat < 0 || seat >= s.players) return [];
  const out: LegalCommand[] = [];
  if (s.pending?.seat === seat) decisionFor(rules, s, seat, out);
  tradesFor(s, seat, out);
  return out;
}

/** The decision the game waits for from this seat (its pending step), added to `out`. */
function decisionFor(rules: Rulebook, s: GameState, seat: number, out: LegalCommand[]): void {
  const p = s.pending!;
  const hand = s.seats[seat]!.hand;
  switch (p.kind) {
    case "main-offer":
      out.push({ type: "offer", cards: hand.slice(), emergency: faceupEmergencies(s, seat) });
      break;
    case "counteroffer": {
      const cost = counterofferCost(s);
      out.push({
        type: "counteroffer",
        cards: hand.length >= cost + 1 ? hand.slice() : [],
        emergency: hand.length >= cost ? faceupEmergencies(s, seat) : [],
        discard: { from: hand.slice(), min: cost, max: cost },
      });
      out.push({ type: "pass" });
      break;
    }
    case "support":
      out.push({ type: "support", offers: supportableOffers(s, seat), cards: { from: hand.slice(), min: 1, max: hand.length } });
      out.push({ type: "abstain" });
      break;
    case "general-draw": {
      const c: Ctx = { s, ev: [], frame: null, rules };
      const d = s.draw!;
      const options = generalOptions(c);
      // the step's other General slots may be picked with this one (each a type not yet drawn)
      const more = Math.min(d.slots.filter((x) => x === "general").length, options.length) - 1;
      out.push({
        type: "choose",
        prompt: GENERAL_DRAW_PROMPT,
        options,
        progress: { at: d.drawn.length + 1, of: d.drawn.length + d.slots.length },
        ...(more > 0 ? { more } : {}),
      });
      break;
    }
    case "effect": {
      const ch = effectChoice({ s, ev: [], frame: null, rules });
      // effectChoice gives exactly the choose command's fields (its optional ones only when set)
      if (ch) out.push({ type: "choose", ...ch });
      break;
    }
    case "hand-limit":
      out.push({
        type: "discard",
        prompt: `Discard ${p.count} card${p.count === 1 ? "" : "s"} down to your hand size of ${handLimit(rules, s, seat)}`,
        cards: { from: hand.slice(), min: p.count, max: p.count },
      });
      break;
    case "investment":
      out.push({ type: "investment", options: p.cards.map((id) => ({ value: id, label: investmentDef(id).name, intent: { act: "keep", card: id } })) });
      break;
  }
}

/** Trades: any time during the game, added to `out`. */
function tradesFor(s: GameState, seat: number, out: LegalCommand[]): void {
  const hand = s.seats[seat]!.hand;
  const outgoing: string[] = [];
  const incoming: Trade[] = [];
  for (const t of s.trades) {
    if (t.from === seat) outgoing.push(t.id);
    if (t.to === seat) incoming.push(t);
  }
  if (outgoing.length < MAX_OPEN_TRADES && !tradeBlocked(s, seat)) {
    const me = s.seats[seat]!;
    const to: { seat: number; capital: number; assets: string[] }[] = [];
    for (const o of s.seats) if (o.seat !== seat && !tradeBlocked(s, o.seat)) to.push({ seat: o.seat, capital: o.capital, assets: o.assets.map((a) => a.id) });
    if (to.length > 0) {
      const cmd: LegalCommand = { type: "trade-propose", to, give: { capital: me.capital, assets: me.assets.map((a) => a.id) } };
      if (maySupportByTrade(s, seat) && hand.length > 0) {
        cmd.support = { offers: supportableOffers(s, seat), cards: { from: hand.slice(), min: 1, max: hand.length } };
      }
      out.push(cmd);
    }
  }
  if (incoming.length) {
    const acceptable = incoming.filter((t) => checkTrade(s, t) === null).map((t) => t.id);
    if (acceptable.length) out.push({ type: "trade-accept", ids: acceptable });
    out.push({ type: "trade-decline", ids: incoming.map((t) => t.id) });
  }
  if (outgoing.length) out.push({ type: "trade-cancel", ids: outgoing });
}


function distinctSubset(xs: string[], from: string[]): boolean {
  return new Set(xs).size === xs.length && xs.every((x) => from.includes(x));
}

/** Whether a command is one of the moves `legal()` lists (used by tests, bots and the room to double-check). */
export function isListed(list: LegalCommand[], raw: Command): boolean {
  let cmd = quickCommand(raw);
  if (!cmd) {
    const parsed = CommandSchema.safeParse(raw);
    if (!parsed.success) return false;
    cmd = parsed.data;
  }
  for (const l of list) {
    if (l.type !== cmd.type) continue;
    switch (l.type) {
      case "offer":
      case "counteroffer": {
        const c = cmd as Extract<Command, { type: "offer" | "counteroffer" }>;
        if ((c.card === undefined) === (c.emergency === undefined)) return false;
        if (c.card !== undefined && !l.cards.includes(c.card)) return false;
        if (c.emergency !== undefined && !(c.emergency === true ? l.emergency.length > 0 : l.emergency.includes(c.emergency))) return false;
        if (l.type === "offer") return !("discard" in c);
        const discard = (c as Extract<Command, { type: "counteroffer" }>).discard ?? [];
        return discard.length >= l.discard.min && discard.length <= l.discard.max && distinctSubset(discard, l.discard.from.filter((x) => x !== c.card));
      }
      case "pass":
      case "abstain":
        return true;
      case "support": {
        const c = cmd as Extract<Command, { type: "support" }>;
        return l.offers.includes(c.offer) && c.cards.length >= l.cards.min && c.cards.length <= l.cards.max && distinctSubset(c.cards, l.cards.from);
      }
      case "choose":
        return l.options.some((o) => o.value === (cmd as Extract<Command, { type: "choose" }>).option);
      case "discard": {
        const c = cmd as Extract<Command, { type: "discard" }>;
        return c.cards.length >= l.cards.min && c.cards.length <= l.cards.max && distinctSubset(c.cards, l.cards.from);
      }
      case "investment":
        return l.options.some((o) => o.value === (cmd as Extract<Command, { type: "investment" }>).keep);
      case "trade-propose": {
        const c = cmd as Extract<Command, { type: "trade-propose" }>;
        const to = l.to.find((x) => x.seat === c.to);
        if (!to) return false;
        const give = { capital: c.give?.capital ?? 0, assets: c.give?.assets ?? [] };
        const get = { capital: c.get?.capital ?? 0, assets: c.get?.assets ?? [] };
        if (give.capital > l.give.capital || !distinctSubset(give.assets, l.give.assets)) return false;
        if (get.capital > to.capital || !distinctSubset(get.assets, to.assets)) return false;
        if (c.support === undefined) {
          if (c.supportCards !== undefined) return false;
        } else {
          const sup = l.support;
          const cards = c.supportCards ?? [];
          if (!sup || !sup.offers.includes(c.support) || cards.length < sup.cards.min || cards.length > sup.cards.max || !distinctSubset(cards, sup.cards.from)) return false;
        }
        return give.capital + give.assets.length + get.capital + get.assets.length > 0 || c.support !== undefined;
      }
      case "trade-accept":
      case "trade-decline":
      case "trade-cancel":
        return l.ids.includes((cmd as { id: string }).id);
    }
  }
  return false;
}
