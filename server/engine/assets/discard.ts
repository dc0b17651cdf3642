// Discard-to-use reactions (B6): using one discards it to the asset discard pile.
import type { ChoiceOption } from "../../../shared/protocol.ts";
import { log } from "../ctx.ts";
import { actionCard, cardTitle, corpName, emergencyAction } from "../data.ts";
import { checkOffer, faceupEmergencies, isReject } from "../deal/common.ts";
import { placeCounteroffer } from "../deal/counteroffer.ts";
import { counteringSeat } from "../deal/support.ts";
import type { RulePart } from "../rulebook.ts";
import { defineAsset } from "./ability.ts";

/** Tanaka: at the start of Resolution, discard it to make the active or the countering player the winner. */
const tanaka = defineAsset("tanaka", {
  cost: "discard",
  when: [{ window: "resolution-start", usable: (c) => !!c.s.deal?.main && c.s.deal.counters.length > 0 && !c.s.deal.winner }],
  steps: [
    {
      pick: {
        prompt: "Tanaka: who wins the deal?",
        options: (c) => [
          { value: "main", label: `The active player (${corpName(c.s, c.s.deal!.main!.seat)})`, intent: { act: "choose", seat: c.s.deal!.main!.seat } },
          { value: "counter", label: `The countering player (${corpName(c.s, counteringSeat(c.s)!)})`, intent: { act: "choose", seat: counteringSeat(c.s)! } },
        ],
        onPick: (c, f, v) => {
          c.s.deal!.winner = v === "main" ? "main" : "counter";
          log(c, "asset", `Tanaka: ${corpName(c.s, f.seat)} makes the ${v === "main" ? "active" : "countering"} player the winner of the deal.`);
        },
      },
    },
  ],
});

/** The Fall Guy: after you propose a main offer, discard it to propose a counteroffer as well; the deal then goes straight to Support. */
const theFallGuy = defineAsset("the-fall-guy", {
  cost: "discard",
  when: [
    {
      window: "offer-proposed",
      usable: (c, owner, p) =>
        p.seat === owner && c.s.deal?.main?.card === p.card && (c.s.seats[owner]!.hand.length > 0 || faceupEmergencies(c.s, owner).length > 0),
    },
  ],
  steps: [
    {
      pick: {
        prompt: "The Fall Guy: your counteroffer",
        options: (c, f) => {
          const out: ChoiceOption[] = c.s.seats[f.seat]!.hand.map((id) => ({ value: id, label: `Counter with ${cardTitle(id)}`, intent: { act: "choose", card: actionCard(id).id } }));
          for (const id of faceupEmergencies(c.s, f.seat)) out.push({ value: id, label: `Counter with the emergency action ${emergencyAction(id).title}`, intent: { act: "choose", card: id, faceup: true } });
          return out;
        },
        onPick: (c, f, v) => {
          const id = String(v);
          const hand = c.s.seats[f.seat]!.hand.includes(id);
          const o = checkOffer(c.s, f.seat, hand ? id : undefined, hand ? undefined : id);
          if (isReject(o)) return;
          // nobody else gets a counteroffer chance: play jumps to Support
          c.s.deal!.counterQueue = [];
          placeCounteroffer(c, o, 0);
        },
      },
    },
  ],
});

export const DISCARD_ASSETS: RulePart[] = [tanaka, theFallGuy];
