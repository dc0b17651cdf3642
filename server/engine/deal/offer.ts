// Deal step 2, Main Offer (A6): the active player puts an action card or faceup emergency action
// in the Main Offer box.
import type { Ctx } from "../ctx.ts";
import { log } from "../ctx.ts";
import { assetName, corpName } from "../data.ts";
import type { GameState } from "../state.ts";
import { fireWindow } from "../windows.ts";
import { checkOffer, faceupEmergencies, isReject, offerTitle, takeOffered } from "./common.ts";
import type { Reject } from "./common.ts";
import { startCounteroffers } from "./counteroffer.ts";

export function canMakeMainOffer(s: GameState, seat: number): boolean {
  return s.seats[seat]!.hand.length > 0 || faceupEmergencies(s, seat).length > 0;
}

/** The "main-offer" stage. */
export function runMainOffer(c: Ctx): void {
  const s = c.s;
  if (canMakeMainOffer(s, s.active)) {
    s.pending = { kind: "main-offer", seat: s.active };
    return;
  }
  if (s.variant.noMainOffer === "discard-asset") {
    log(c, "offer", `${corpName(s, s.active)} has nothing to offer, so there is no deal this turn.`);
    s.stage = "deal-end";
    return;
  }
  log(c, "offer", `${corpName(s, s.active)} has nothing to offer; the main offer stays empty.`);
  startCounteroffers(c);
}

export function proposeMainOffer(c: Ctx, seat: number, card: string | undefined, emergency: true | string | undefined): Reject | null {
  const s = c.s;
  const o = checkOffer(s, seat, card, emergency);
  if (isReject(o)) return o;
  takeOffered(c, o);
  s.deal!.main = o;
  s.pending = null;
  const asset = s.deal!.asset ? ` for ${assetName(s.deal!.asset)}` : "";
  log(c, "offer", `${corpName(s, seat)} proposes ${offerTitle(o)} as the main offer${asset}.`);
  fireWindow(c, "offer-proposed", { seat, card: o.card });
  startCounteroffers(c);
  return null;
}

