// Trades (A9): capital and assets change hands by mutual agreement, at any time. A proposal is
// binding once accepted: it is carried out at once and completely, or refused if either side can no
// longer carry it out. During your own support turn you may add your support to the deal.
import type { Command } from "../../shared/protocol.ts";
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { assetName, corpName } from "./data.ts";
import { reject } from "./deal/common.ts";
import type { Reject } from "./deal/common.ts";
import { checkSupport, giveSupport } from "./deal/support.ts";
import type { GameState, Trade } from "./state.ts";
import { without } from "./state.ts";

/** Open proposals a player may have at once (keeps the state small). */
export const MAX_OPEN_TRADES = 5;

type Bundle = { capital: number; assets: string[] };

function canPay(s: GameState, seat: number, b: Bundle): boolean {
  const p = s.seats[seat]!;
  if (!(p.capital >= b.capital)) return false;
  // every asset named once (as a Set would count them) and held
  const xs = b.assets;
  for (let i = 0; i < xs.length; i++) {
    const a = xs[i]!;
    for (let j = 0; j < i; j++) if (sameValueZero(xs[j]!, a)) return false;
    let held = false;
    for (const x of p.assets) if (x.id === a) { held = true; break; }
    if (!held) return false;
  }
  return true;
}

function sameValueZero(x: unknown, y: unknown): boolean {
  return x === y || (x !== x && y !== y);
}

function describe(b: Bundle, support?: Trade["support"]): string {
  const parts: string[] = [];
  if (b.capital > 0) parts.push(`${b.capital} capital`);
  for (const a of b.assets) parts.push(assetName(a));
  if (support) parts.push(`support for the ${support.offer === "main" ? "main offer" : "counteroffer"} with ${support.cards.length} card${support.cards.length === 1 ? "" : "s"}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** Mark Yale may forbid a seat to trade until the deal ends. */
export function tradeBlocked(s: GameState, seat: number): boolean {
  return s.deal?.noTrade?.includes(seat) ?? false;
}

/**
 * checkSupport's refusals speak to the support decision ("…, or abstain"); a trade's support is refused
 * in words about the trade, read by its proposer (at proposal) and by its receiver (at acceptance).
 */
const TRADE_SUPPORT_WORDS: Record<string, string> = {
  "no-such-offer": "A trade's support must be for an offer its proposer may support now.",
  "no-cards": "A trade's support needs at least one action card.",
  "not-in-hand": "A trade's support must be cards from its proposer's hand, each once.",
};

/** Whether `seat` may attach support to a trade now (only in their own support turn). */
export function maySupportByTrade(s: GameState, seat: number): boolean {
  return s.pending?.kind === "support" && s.pending.seat === seat;
}

export function checkTrade(s: GameState, t: Omit<Trade, "id">): Reject | null {
  if (s.result) return reject("game-over", "The game is over.");
  if (t.to === t.from || t.to < 0 || t.to >= s.players) return reject("bad-trade", "Trade with another player at the table.");
  if (tradeBlocked(s, t.from) || tradeBlocked(s, t.to)) return reject("trade-blocked", "That player may not trade until the deal ends.");
  if (!canPay(s, t.from, t.give)) return reject("cannot-give", "The proposer does not have everything offered in this trade.");
  if (!canPay(s, t.to, t.get)) return reject("cannot-get", `${corpName(s, t.to)} does not have everything asked for in this trade.`);
  if (t.support) {
    if (!maySupportByTrade(s, t.from)) return reject("not-support-turn", "You can trade your support only during your own support turn.");
    const bad = checkSupport(s, t.from, t.support.offer, t.support.cards);
    if (bad) return reject(bad.code, TRADE_SUPPORT_WORDS[bad.code] ?? bad.message);
  }
  const empty = (b: Bundle) => b.capital === 0 && b.assets.length === 0;
  if (empty(t.give) && empty(t.get) && !t.support) return reject("empty-trade", "A trade must exchange something.");
  return null;
}

export function proposeTrade(c: Ctx, seat: number, cmd: Extract<Command, { type: "trade-propose" }>): Reject | null {
  const s = c.s;
  if (s.trades.filter((t) => t.from === seat).length >= MAX_OPEN_TRADES) {
    return reject("too-many-trades", `You already have ${MAX_OPEN_TRADES} open trade proposals; cancel one first.`);
  }
  if (cmd.support === undefined && cmd.supportCards !== undefined) return reject("bad-trade", "Say which offer your support is for.");
  const t: Omit<Trade, "id"> = {
    from: seat,
    to: cmd.to,
    give: { capital: cmd.give?.capital ?? 0, assets: [...(cmd.give?.assets ?? [])] },
    get: { capital: cmd.get?.capital ?? 0, assets: [...(cmd.get?.assets ?? [])] },
  };
  if (cmd.support) t.support = { offer: cmd.support, cards: [...(cmd.supportCards ?? [])] };
  const bad = checkTrade(s, t);
  if (bad) return bad;
  // Numbered within its pair of seats: a table-wide count would tell the parties how many other trades happen.
  const pair = seat * s.players + t.to;
  s.tradeCounts = s.tradeCounts.slice(); // replaced, never changed in place (state.ts)
  s.tradeCounts[pair] = (s.tradeCounts[pair] ?? 0) + 1;
  const trade: Trade = { id: `t${seat}-${t.to}-${s.tradeCounts[pair]}`, ...t };
  s.trades = [...s.trades, trade]; // the list is replaced, never changed in place (state.ts)
  log(c, "trade-proposed", `${corpName(s, seat)} proposes a trade to ${corpName(s, t.to)}: gives ${describe(t.give, t.support)}, asks ${describe(t.get)}.`, [seat, t.to]);
  return null;
}

export function acceptTrade(c: Ctx, seat: number, id: string): Reject | null {
  const s = c.s;
  const t = s.trades.find((x) => x.id === id);
  if (!t || t.to !== seat) return reject("unknown-trade", "There is no such trade proposal to you.");
  const bad = checkTrade(s, t);
  if (bad) return reject(bad.code, `The trade cannot be carried out any more: ${bad.message}`);
  s.trades = s.trades.filter((x) => x.id !== id);
  const from = s.seats[t.from]!;
  const to = s.seats[t.to]!;
  from.capital += t.get.capital - t.give.capital;
  to.capital += t.give.capital - t.get.capital;
  // play areas are replaced, never changed in place (state.ts)
  for (const a of t.give.assets) {
    const i = from.assets.findIndex((x) => x.id === a);
    to.assets = [...to.assets, from.assets[i < 0 ? from.assets.length + i : i]!];
    from.assets = without(from.assets, i);
  }
  for (const a of t.get.assets) {
    const i = to.assets.findIndex((x) => x.id === a);
    from.assets = [...from.assets, to.assets[i < 0 ? to.assets.length + i : i]!];
    to.assets = without(to.assets, i);
  }
  log(c, "trade", `${corpName(s, t.from)} and ${corpName(s, t.to)} trade: ${corpName(s, t.from)} gives ${describe(t.give, t.support)}, ${corpName(s, t.to)} gives ${describe(t.get)}.`);
  if (t.support) giveSupport(c, t.from, t.support.offer, t.support.cards);
  // a proposal either side can no longer carry out is dropped
  s.trades = s.trades.filter((x) => checkTrade(s, x) === null);
  return null;
}

export function declineTrade(c: Ctx, seat: number, id: string): Reject | null {
  const t = c.s.trades.find((x) => x.id === id);
  if (!t || t.to !== seat) return reject("unknown-trade", "There is no such trade proposal to you.");
  c.s.trades = c.s.trades.filter((x) => x.id !== id);
  log(c, "trade-declined", `${corpName(c.s, seat)} declines the trade.`, [t.from, t.to]);
  return null;
}

export function cancelTrade(c: Ctx, seat: number, id: string): Reject | null {
  const t = c.s.trades.find((x) => x.id === id);
  if (!t || t.from !== seat) return reject("unknown-trade", "You have no such trade proposal.");
  c.s.trades = c.s.trades.filter((x) => x.id !== id);
  log(c, "trade-cancelled", `${corpName(c.s, seat)} withdraws the trade proposal.`, [t.from, t.to]);
  return null;
}
