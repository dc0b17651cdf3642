// Shared pieces of the deal: what a seat can offer, and taking an offered card out of its place.
import type { Ctx } from "../ctx.ts";
import { cardTitle, isActionCard } from "../data.ts";
import type { GameState, Offer } from "../state.ts";
import { without } from "../state.ts";

export interface Reject {
  code: string;
  message: string;
}
export function reject(code: string, message: string): Reject {
  return { code, message };
}

/** Emergency actions a seat holds faceup (usable as an offer). */
export function faceupEmergencies(s: GameState, seat: number): string[] {
  return s.seats[seat]!.emergency.filter((e) => e.faceup).map((e) => e.id);
}

/**
 * Checks an offer of `card` (from hand) or `emergency` (true = the first faceup one) and returns
 * the Offer it makes, without changing anything.
 */
export function checkOffer(
  s: GameState,
  seat: number,
  card: string | undefined,
  emergency: true | string | undefined,
): Offer | Reject {
  if ((card === undefined) === (emergency === undefined)) {
    return reject("bad-offer", "Offer exactly one card: an action card from your hand or your emergency action.");
  }
  if (card !== undefined) {
    if (!isActionCard(card) || !s.seats[seat]!.hand.includes(card)) {
      return reject("not-in-hand", "That action card is not in your hand.");
    }
    return { seat, card, emergency: false };
  }
  const faceup = faceupEmergencies(s, seat);
  const id = emergency === true ? faceup[0] : emergency;
  if (!id || !faceup.includes(id)) return reject("no-emergency", "You have no faceup emergency action to offer.");
  return { seat, card: id, emergency: true };
}

/** Moves the offered card out of the hand or emergency slot. */
export function takeOffered(c: Ctx, o: Offer): void {
  const p = c.s.seats[o.seat]!;
  if (o.emergency) p.emergency = without(p.emergency, p.emergency.findIndex((e) => e.id === o.card && e.faceup));
  else p.hand = without(p.hand, p.hand.indexOf(o.card));
}

export function offerTitle(o: Offer): string {
  return o.emergency ? `the emergency action ${cardTitle(o.card)}` : cardTitle(o.card);
}

export function isReject(x: unknown): x is Reject {
  return typeof x === "object" && x !== null && "code" in x && "message" in x;
}
