// Exhaust assets (B6): reactions usable on anyone's turn. Using one exhausts it; it readies in its
// owner's Refresh step (action-phase.ts). Each is offered to its owner as use / pass.
import type { ActionType } from "../../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { Ctx } from "../ctx.ts";
import { gainCapital, log, loseCapital } from "../ctx.ts";
import { actionCard, cardTitle, corpName, isActionCard } from "../data.ts";
import { canTake, removeFromHand, takeTop } from "../draw.ts";
import type { Value } from "../effects.ts";
import { nextPickAhead } from "../effects.ts";
import { offerTitle } from "../deal/common.ts";
import { counteringSeat, supportableOffers } from "../deal/support.ts";
import type { EffectFrame, Offer } from "../state.ts";
import type { WindowPayload } from "../windows.ts";
import type { RulePart } from "../rulebook.ts";
import { defineAsset, otherPlayers, payloadOf, typeOptions, windowRule } from "./ability.ts";
import { ACTION_TYPES } from "../../../shared/catalog/types.ts";

/** The offer a proposal window is about, if it is still in the deal (the main offer or the visible counteroffer). */
function proposed(c: Ctx, p: WindowPayload): Offer | null {
  const deal = c.s.deal;
  if (!deal || p.card === undefined) return null;
  if (deal.main?.card === p.card) return deal.main;
  const top = deal.counters[deal.counters.length - 1];
  return top?.card === p.card ? top : null;
}
const proposer = (_c: Ctx, f: EffectFrame) => payloadOf(f).seat!;
const offerWindows = ["offer-proposed", "counteroffer-proposed"] as const;

/** The effect script id of an offered card (action card title or emergency action). */
function scriptOf(o: Offer): string {
  return isActionCard(o.card) ? actionCard(o.card).id : o.card;
}

/**
 * Caprice Nisei: when a player proposes an offer, they must declare exactly how they will resolve
 * it, and are bound by that. The proposer makes the card's picks now (looked ahead on a scratch copy
 * of the game); if the offer wins, those picks are made for them (effects.ts), each one that is no
 * longer possible freeing the rest.
 */
const capriceNisei = defineAsset("caprice-nisei", {
  cost: "exhaust",
  when: offerWindows.map((window) => ({ window, usable: (c: Ctx, owner: number, p: WindowPayload) => p.seat !== owner && proposed(c, p) !== null })),
  steps: [
    {
      do: (c, f) => {
        const o = proposed(c, payloadOf(f))!;
        f.vars.card = o.card;
        f.vars.script = scriptOf(o);
        f.vars.picks = [];
        log(c, "asset", `Caprice Nisei: ${corpName(c.s, o.seat)} must declare how they will resolve ${offerTitle(o)}.`);
      },
    },
    {
      pick: {
        who: proposer,
        prompt: (c, f) => `Declare how you will resolve it. ${declaration(c, f)?.prompt ?? ""}`,
        options: (c, f) => declaration(c, f)?.options ?? [],
        // "Remove an illness token (up to 2)" declared twice says which of the two it is
        progress: (c, f) => declaration(c, f)?.progress,
        onPick: (c, f, v) => {
          const label = declaration(c, f)?.options.find((o) => o.value === v)?.label ?? String(v);
          (f.vars.picks as Value[]).push(v);
          log(c, "declare", `${corpName(c.s, proposer(c, f))} declares: ${label}.`);
        },
      },
    },
    { loop: { back: 1, while: (c, f) => declaration(c, f) !== null } },
    {
      do: (c, f) => {
        const deal = c.s.deal;
        if (!deal) return;
        (deal.declared ??= {})[f.vars.card as string] = [...(f.vars.picks as Value[])];
        if ((f.vars.picks as Value[]).length === 0) log(c, "declare", "There is nothing to declare for that card.");
      },
    },
  ],
});

/** The proposer's next pick in the declaration, or null when the card would be fully resolved. */
function declaration(c: Ctx, f: EffectFrame): { prompt: string; options: ChoiceOption[]; progress?: { at: number; of: number } } | null {
  if (!c.s.deal || !f.vars.script) return null;
  return nextPickAhead(c, f.vars.script as string, proposer(c, f), f.vars.picks as Value[]);
}

/** Chief Gorman: after a counteroffer is proposed, it goes back to its owner unless they pay you 2 capital; they cannot counter again this turn. */
export const GORMAN_PRICE = 2;
const chiefGorman = defineAsset("chief-gorman", {
  cost: "exhaust",
  when: [{ window: "counteroffer-proposed", usable: (c, owner, p) => p.seat !== owner && proposed(c, p) !== null }],
  steps: [
    {
      pick: {
        who: proposer,
        prompt: (c, f) => `Chief Gorman: pay ${corpName(c.s, f.seat)} ${GORMAN_PRICE} capital, or take your counteroffer back`,
        options: (c, f) => {
          const out: ChoiceOption[] = [];
          if (c.s.seats[proposer(c, f)]!.capital >= GORMAN_PRICE) out.push({ value: "pay", label: `Pay ${GORMAN_PRICE} capital`, intent: { act: "pay", amount: GORMAN_PRICE, seat: f.seat } });
          out.push({ value: "take-back", label: "Take the counteroffer back", intent: { act: "pass" } });
          return out;
        },
        onPick: (c, f, v) => {
          const seat = proposer(c, f);
          const deal = c.s.deal!;
          (deal.noCounter ??= []).push(seat);
          if (v === "pay") {
            loseCapital(c, seat, GORMAN_PRICE);
            gainCapital(c, f.seat, GORMAN_PRICE);
            log(c, "asset", `${corpName(c.s, seat)} pays ${corpName(c.s, f.seat)} ${GORMAN_PRICE} capital; the counteroffer stands.`);
            return;
          }
          // the box goes back to the counteroffer it covered, if any [R]
          const o = deal.counters.pop()!;
          if (o.emergency) {
            const p = c.s.seats[o.seat]!;
            p.emergency = [...p.emergency, { id: o.card, faceup: true }]; // replaced, never changed in place (state.ts)
          }
          else {
            const p = c.s.seats[o.seat]!;
            p.hand = [...p.hand, o.card]; // replaced, never changed in place (state.ts)
          }
          if (deal.declared) delete deal.declared[o.card];
          log(c, "asset", `${corpName(c.s, seat)} takes ${offerTitle(o)} back.`);
        },
      },
    },
  ],
});

/** Eiko: when a player abstains, they must support the main offer with 1 card or lose 1 capital. */
const eiko = defineAsset("eiko", {
  cost: "exhaust",
  when: [{ window: "abstain", usable: (c, owner, p) => p.seat !== owner && !!c.s.deal?.main }],
  steps: [
    {
      pick: {
        who: proposer,
        prompt: "Eiko: support the main offer with 1 card, or lose 1 capital",
        options: (c, f) => [
          ...c.s.seats[proposer(c, f)]!.hand.map((id) => ({ value: id, label: `Support the main offer with ${cardTitle(id)}`, intent: { act: "support" as const, card: actionCard(id).id } })),
          { value: "lose", label: "Lose 1 capital", intent: { act: "pay" as const, amount: 1 } },
        ],
        onPick: (c, f, v) => {
          const seat = proposer(c, f);
          const deal = c.s.deal!;
          if (v === "lose") {
            const n = loseCapital(c, seat, 1);
            log(c, "asset", `${corpName(c.s, seat)} loses ${n} capital rather than support the main offer.`);
            return;
          }
          removeFromHand(c, seat, [String(v)]);
          deal.supports.push({ seat, offer: "main", cards: [String(v)] });
          deal.abstained = deal.abstained.filter((x) => x !== seat);
          log(c, "support", `${corpName(c.s, seat)} supports the main offer with 1 card after all.`);
        },
      },
    },
  ],
});

/** Isabel McGuire: at the start of Support, put the top card of any action deck on either offer as 1 support. */
const isabelMcguire = defineAsset("isabel-mcguire", {
  cost: "exhaust",
  when: [{ window: "support-start", usable: (c) => ACTION_TYPES.some((t) => canTake(c.s, t)) }],
  steps: [
    {
      pick: {
        prompt: "Isabel McGuire: take the top card of which deck?",
        options: (c) => typeOptions(c.s, (t) => `The top ${t} card`),
        onPick: (_c, f, v) => void (f.vars.type = v),
      },
    },
    {
      pick: {
        prompt: "Isabel McGuire: add it as 1 support to which offer?",
        options: (c, f) => supportableOffers(c.s, f.seat).map((o) => ({ value: o, label: o === "main" ? "The main offer" : "The counteroffer", intent: { act: "support" as const } })),
        onPick: (c, f, v) => {
          const card = takeTop(c, f.vars.type as ActionType);
          if (!card) return;
          const offer = v === "main" ? "main" : "counter";
          c.s.deal!.supports.push({ seat: f.seat, offer, cards: [card], asset: "isabel-mcguire" });
          log(c, "support", `Isabel McGuire adds the top ${f.vars.type} card as 1 support to the ${offer === "main" ? "main offer" : "counteroffer"}.`);
        },
      },
    },
  ],
});

/** Jackson Howard: when an asset is revealed, name another player; if they win the deal, gain 2 capital. */
export const JACKSON_PRIZE = 2;
const jacksonHoward = defineAsset("jackson-howard", {
  cost: "exhaust",
  when: [{ window: "asset-revealed", usable: (c) => !!c.s.deal }],
  steps: [
    {
      pick: {
        prompt: "Jackson Howard: name another player; if they win this deal you gain 2 capital",
        intent: { act: "target" },
        options: (c, f) => otherPlayers(c, f.seat),
        onPick: (c, f, v) => {
          (c.s.deal!.bets ??= []).push({ owner: f.seat, named: Number(v) });
          log(c, "asset", `Jackson Howard: ${corpName(c.s, f.seat)} names ${corpName(c.s, Number(v))}.`);
        },
      },
    },
  ],
});
const jacksonHowardBets = windowRule("deal-won", (c, p) => {
  for (const bet of c.s.deal?.bets ?? []) {
    if (bet.named !== p.seat) continue;
    gainCapital(c, bet.owner, JACKSON_PRIZE);
    log(c, "asset", `Jackson Howard: ${corpName(c.s, bet.owner)} named the winner and gains ${JACKSON_PRIZE} capital.`);
  }
});

/** Locust Company: at the start of Support, pick a player; they may not support the counteroffer. */
const locustCompany = defineAsset("locust-company", {
  cost: "exhaust",
  when: [{ window: "support-start", usable: (c, owner) => (c.s.deal?.counters.length ?? 0) > 0 && c.s.deal!.supportQueue.some((x) => x !== owner) }],
  steps: [
    {
      pick: {
        prompt: "Locust Company: pick a player who may not support the counteroffer",
        intent: { act: "target" },
        options: (c, f) => otherPlayers(c, f.seat, (seat) => c.s.deal!.supportQueue.includes(seat)),
        onPick: (c, _f, v) => {
          (c.s.deal!.noCounterSupport ??= []).push(Number(v));
          log(c, "asset", `Locust Company: ${corpName(c.s, Number(v))} may not support the counteroffer.`);
        },
      },
    },
  ],
});

/** Mark Yale: after a player proposes an offer, they cannot trade capital or assets until the deal ends. */
const markYale = defineAsset("mark-yale", {
  cost: "exhaust",
  when: offerWindows.map((window) => ({
    window,
    usable: (c: Ctx, owner: number, p: WindowPayload) => p.seat !== owner && proposed(c, p) !== null && !c.s.deal!.noTrade?.includes(p.seat!),
  })),
  steps: [
    {
      do: (c, f) => {
        const seat = proposer(c, f);
        (c.s.deal!.noTrade ??= []).push(seat);
        // their open proposals can no longer be carried out
        c.s.trades = c.s.trades.filter((t) => t.from !== seat && t.to !== seat);
        log(c, "asset", `Mark Yale: ${corpName(c.s, seat)} may not trade capital or assets until the deal ends.`);
      },
    },
  ],
});

/** Midori: at Resolution, if support is tied, you decide who wins. */
const midori = defineAsset("midori", {
  cost: "exhaust",
  when: [{ window: "tie", usable: (c) => !!c.s.deal && !c.s.deal.winner }],
  steps: [
    {
      pick: {
        prompt: "Midori: which offer wins the tie?",
        options: () => [
          { value: "main", label: "The main offer", intent: { act: "choose" } },
          { value: "counter", label: "The counteroffer", intent: { act: "choose" } },
        ],
        onPick: (c, f, v) => {
          c.s.deal!.winner = v === "main" ? "main" : "counter";
          log(c, "asset", `Midori: ${corpName(c.s, f.seat)} decides the tie for the ${v === "main" ? "main offer" : "counteroffer"}.`);
        },
      },
    },
  ],
});

/** Saul Eustecio: when the countering player wins a deal, you gain 1 capital, then the active player gains 1 capital. */
const saulEustecio = defineAsset("saul-eustecio", {
  cost: "exhaust",
  when: [{ window: "deal-won", usable: (c) => c.s.deal?.winner === "counter" && counteringSeat(c.s) !== null }],
  steps: [
    {
      do: (c, f) => {
        gainCapital(c, f.seat, 1);
        gainCapital(c, c.s.active, 1);
        log(c, "asset", `Saul Eustecio: ${corpName(c.s, f.seat)} gains 1 capital, then ${corpName(c.s, c.s.active)} gains 1 capital.`);
      },
    },
  ],
});

export const EXHAUST_ASSETS: RulePart[] = [capriceNisei, chiefGorman, eiko, isabelMcguire, jacksonHoward, jacksonHowardBets, locustCompany, markYale, midori, saulEustecio];
