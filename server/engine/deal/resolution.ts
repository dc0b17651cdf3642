// Deal step 5, Resolution (A6): most support wins (a tie goes to the main offer [R]); the winner
// resolves their card, then claims the revealed asset. Afterwards every used action card goes to
// its discard pile (covered counteroffers may go back to hand instead [R, coveredCounteroffers]),
// and emergency actions return to their owner: facedown if they won, faceup if not.
// Stages: resolution (its start) -> tally -> deal-won -> resolve (the card) -> claim -> deal-end,
// with an asset window between each two.
import type { Ctx } from "../ctx.ts";
import { log, seatOfCorp } from "../ctx.ts";
import { actionCard, assetName, corpName, emergencyAction } from "../data.ts";
import { discardCards } from "../draw.ts";
import { startEffect } from "../effects.ts";
import type { Offer } from "../state.ts";
import { fireWindow } from "../windows.ts";
import { offerTitle } from "./common.ts";
import { supportCount } from "./support.ts";

export function winningOffer(c: Ctx): Offer | null {
  const deal = c.s.deal!;
  if (deal.winner === "main") return deal.main;
  if (deal.winner === "counter") return deal.counters[deal.counters.length - 1] ?? null;
  return null;
}

/** The "resolution" stage: the start of the Resolution step (Tanaka may name the winner here). */
export function runResolution(c: Ctx): void {
  fireWindow(c, "resolution-start", {});
  c.s.stage = "tally";
}

/** The "tally" stage: most support wins; a tie opens the tie window (Midori), else it goes by the variant. */
export function runTally(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  s.stage = "deal-won";
  if (deal.winner) return;
  const main = supportCount(s, "main");
  const counter = supportCount(s, "counter");
  if (deal.counters.length === 0) deal.winner = deal.main ? "main" : null;
  else if (!deal.main) deal.winner = "counter";
  else if (main !== counter) deal.winner = main > counter ? "main" : "counter";
  else {
    deal.tied = true;
    fireWindow(c, "tie", {});
  }
}

/** The "deal-won" stage: the winner is announced (Coach Walden, Saul Eustecio, Monica Singh react). */
export function runDealWon(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  if (!deal.winner && deal.tied) deal.winner = s.variant.tieWinner;
  if (deal.counters.length > 0 && deal.main) {
    log(c, "support", `Support revealed: main offer ${supportCount(s, "main")}, counteroffer ${supportCount(s, "counter")}.`);
  }
  const won = winningOffer(c);
  if (!won) {
    log(c, "deal", "Nobody wins the deal.");
    s.stage = "claim";
    return;
  }
  const asset = deal.asset ? ` and will claim ${assetName(deal.asset)}` : "";
  log(c, "deal-won", `${corpName(s, won.seat)} wins the deal with ${offerTitle(won)}${asset}.`);
  fireWindow(c, "deal-won", { seat: won.seat });
  s.stage = "resolve";
}

/** The "resolve" stage: the winner resolves their card (bound by a Caprice Nisei declaration, if any). */
export function runResolve(c: Ctx): void {
  const deal = c.s.deal!;
  const won = winningOffer(c)!;
  // asset-added support (Isabel McGuire) is not a player's support
  const supporters = deal.supports.filter((x) => x.offer === deal.winner && !x.asset).map((x) => x.seat);
  const def = won.emergency ? emergencyAction(won.card) : actionCard(won.card);
  startEffect(c, def.id, won.seat, { supporters, illnessFree: def.illnessFree, then: "claim", declared: deal.declared?.[won.card] });
}

/** The "claim" stage: the winner puts the revealed asset in their play area (unwon assets are discarded). */
export function runClaim(c: Ctx): void {
  const s = c.s;
  const deal = s.deal!;
  const won = winningOffer(c);
  if (deal.asset) {
    const asset = deal.asset;
    deal.asset = null;
    if (won) claimAsset(c, won.seat, asset, true);
    else {
      s.assetDiscard = [...s.assetDiscard, asset];
      log(c, "claim", `${assetName(asset)} is discarded.`);
    }
  }
  s.stage = "deal-end";
}

/** A seat claims an asset: it goes ready into their play area, and its "when you claim this card" ability opens. */
export function claimAsset(c: Ctx, seat: number, asset: string, triggers: boolean): void {
  const p = c.s.seats[seat]!;
  p.assets = [...p.assets, { id: asset, exhausted: false }]; // replaced, never changed in place (state.ts)
  log(c, "claim", `${corpName(c.s, seat)} claims ${assetName(asset)}.`);
  if (triggers) fireWindow(c, "claim", { seat, asset });
}

/** Where an emergency action goes back to after a deal: the player with the matching corporation [V] (variant stolenEmergencyOwner). */
function emergencyOwner(c: Ctx, o: Offer): number {
  if (c.s.variant.stolenEmergencyOwner === "thief") return o.seat;
  const seat = seatOfCorp(c.s, emergencyAction(o.card).corp);
  return seat >= 0 ? seat : o.seat;
}

/** The "deal-end" stage: card disposal, then End of Turn. */
export function runDealEnd(c: Ctx): void {
  const s = c.s;
  const deal = s.deal;
  if (deal) {
    const won = winningOffer(c);
    const offers = [deal.main, ...deal.counters].filter((o): o is Offer => o !== null);
    const covered = deal.counters.slice(0, -1);
    for (const o of offers) {
      if (o.emergency) {
        const faceup = o !== won;
        const p = s.seats[emergencyOwner(c, o)]!;
        p.emergency = [...p.emergency, { id: o.card, faceup }]; // replaced, never changed in place (state.ts)
        if (!faceup) log(c, "emergency", `${corpName(s, o.seat)}'s emergency action is spent (facedown).`);
      } else if (covered.includes(o) && s.variant.coveredCounteroffers === "return") {
        const p = s.seats[o.seat]!;
        p.hand = [...p.hand, o.card]; // replaced, never changed in place (state.ts)
        log(c, "counteroffer", `${corpName(s, o.seat)} takes back the covered ${offerTitle(o)}.`);
      } else {
        discardCards(c, [o.card]);
      }
    }
    for (const x of deal.supports) discardCards(c, x.cards);
    if (deal.asset) s.assetDiscard = [...s.assetDiscard, deal.asset]; // a deal skipped for lack of an offer
    fireWindow(c, "deal-end", {});
  }
  s.deal = null;
  // a promise of support cannot outlive the deal
  s.trades = s.trades.filter((t) => !t.support);
  s.stage = "end-of-turn";
}
