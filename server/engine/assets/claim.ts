// Assets with a "when you claim this card" ability (B6). Five of them are one-shots that are then
// discarded (Bryan Stinson, Gurren Imaishi, Hernando Cortez, Naoko Watanabe, Toshiyuki Sakai): by
// default [R] the ability resolves when claimed; with the variant oneShotAssets "keep-until-used"
// the owner may instead keep the card and use it at a later End of Turn of theirs.
import { ACTION_TYPES } from "../../../shared/catalog/types.ts";
import type { ActionType } from "../../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { Ctx } from "../ctx.ts";
import { gainCapital, log } from "../ctx.ts";
import { actionCard, assetName, cardTitle, corpName, emergencyAction } from "../data.ts";
import { claimAsset } from "../deal/resolution.ts";
import { discardCards, drawAndTell, removeFromHand } from "../draw.ts";
import type { Step } from "../effects.ts";
import type { EffectFrame } from "../state.ts";
import type { WindowPayload } from "../windows.ts";
import type { AssetTiming } from "./ability.ts";
import type { RulePart } from "../rulebook.ts";
import { claimedThis, defineAsset, drawTopTypeSteps, moveAsset, otherPlayers, ownTurn, typeOptions } from "./ability.ts";

const keepUntilUsed = (c: Ctx) => c.s.variant.oneShotAssets === "keep-until-used";

/** When a claim-and-discard one-shot can be used: on claim (a must by default), or at a later own End of Turn (variant). */
function oneShot(id: string, usable: (c: Ctx, owner: number) => boolean = () => true): AssetTiming[] {
  const claimed = claimedThis(id);
  return [
    { window: "claim", usable: (c: Ctx, owner: number, p: WindowPayload) => claimed(c, owner, p) && usable(c, owner), optional: keepUntilUsed },
    { window: "end-of-turn", usable: (c: Ctx, owner: number) => keepUntilUsed(c) && ownTurn(c, owner) && usable(c, owner) },
  ];
}

/** Bryan Stinson: discard it to take 2 emergency actions from other players (faceup or facedown, as they are). */
const bryanStinson = defineAsset("bryan-stinson", {
  cost: "discard",
  when: oneShot("bryan-stinson", (c, owner) => c.s.seats.some((p) => p.seat !== owner && p.emergency.length > 0)),
  steps: [
    {
      pick: {
        prompt: "Bryan Stinson: take an emergency action from another player",
        times: 2,
        // with 2 or fewer to take, all are taken: nothing is asked
        eachOnce: true,
        options: (c, f) => {
          const out: ChoiceOption[] = [];
          for (const p of c.s.seats) {
            if (p.seat === f.seat) continue;
            for (const e of p.emergency) out.push({ value: e.id, label: `${emergencyAction(e.id).title} from ${corpName(c.s, p.seat)} (${e.faceup ? "faceup" : "facedown"})`, intent: { act: "take", card: e.id, seat: p.seat, faceup: e.faceup } });
          }
          return out;
        },
        onPick: (c, f, v) => {
          const from = c.s.seats.find((p) => p.seat !== f.seat && p.emergency.some((e) => e.id === v))!;
          // emergency slots are replaced, never changed in place (state.ts)
          const rest = from.emergency.slice();
          const e = rest.splice(
            rest.findIndex((x) => x.id === v),
            1,
          )[0]!;
          from.emergency = rest;
          const to = c.s.seats[f.seat]!;
          to.emergency = [...to.emergency, e];
          log(c, "asset", `Bryan Stinson: ${corpName(c.s, f.seat)} takes ${emergencyAction(e.id).title} from ${corpName(c.s, from.seat)}.`);
        },
      },
    },
  ],
});

/**
 * Elizabeth Mills: when you claim it, give it to another player, then pick: they discard 3 action
 * cards (they pick which; holding 3 or fewer, they discard them all unasked), or they draw 3 of
 * the top type on their corp sheet.
 */
export const ELIZABETH_CARDS = 3;
const target = (_c: Ctx, f: EffectFrame) => f.vars.target as number;
const elizabethMills = defineAsset("elizabeth-mills", {
  when: [{ window: "claim", usable: claimedThis("elizabeth-mills"), optional: false }],
  steps: [
    {
      pick: {
        prompt: "Elizabeth Mills: give this card to another player",
        intent: { act: "give" },
        options: (c, f) => otherPlayers(c, f.seat),
        onPick: (c, f, v) => {
          f.vars.target = Number(v);
          moveAsset(c.s, f.seat, Number(v), "elizabeth-mills");
          log(c, "asset", `${corpName(c.s, f.seat)} gives Elizabeth Mills to ${corpName(c.s, Number(v))}.`);
        },
      },
    },
    {
      pick: {
        prompt: (c, f) => `Elizabeth Mills: ${corpName(c.s, target(c, f))} discards ${ELIZABETH_CARDS} action cards, or draws ${ELIZABETH_CARDS} of their top type`,
        options: () => [
          { value: "discard", label: `They discard ${ELIZABETH_CARDS} action cards`, intent: { act: "discard", amount: ELIZABETH_CARDS } },
          { value: "draw", label: `They draw ${ELIZABETH_CARDS} action cards`, intent: { act: "draw", amount: ELIZABETH_CARDS } },
        ],
        onPick: (c, f, v) => {
          f.vars.choice = v;
          if (v === "discard") log(c, "asset", `${corpName(c.s, target(c, f))} must discard ${ELIZABETH_CARDS} action cards.`);
        },
      },
    },
    {
      pick: {
        who: target,
        prompt: "Elizabeth Mills: discard an action card",
        times: ELIZABETH_CARDS,
        // holding 3 cards or fewer, they discard them all: nothing is asked
        eachOnce: true,
        options: (c, f) => (f.vars.choice === "discard" ? c.s.seats[target(c, f)]!.hand.map((id) => ({ value: id, label: `Discard ${cardTitle(id)}`, intent: { act: "discard", card: actionCard(id).id } })) : []),
        onPick: (c, f, v) => {
          removeFromHand(c, target(c, f), [String(v)]);
          discardCards(c, [String(v)]);
          log(c, "discard", `${corpName(c.s, target(c, f))} discards ${cardTitle(String(v))}.`);
        },
      },
    },
    ...onlyIf((f) => f.vars.choice === "draw", drawTopTypeSteps(ELIZABETH_CARDS, target)),
  ],
});

/** Steps that run only while `test` holds. */
function onlyIf(test: (f: EffectFrame) => boolean, steps: Step[]): Step[] {
  return steps.map((step) => {
    if ("do" in step) return { do: (c, f) => void (test(f) && step.do(c, f)) };
    if ("loop" in step) return { loop: { back: step.loop.back, while: (c, f) => test(f) && step.loop.while(c, f) } };
    const p = step.pick;
    return { pick: { ...p, options: (c, f) => (test(f) ? p.options(c, f) : []) } };
  });
}

/** Floyd 2X3A7C: when you claim it, draw 5 action cards of any types (hand size +5: passive.ts). */
export const FLOYD_DRAW = 5;
const floyd2x3a7c = defineAsset("floyd-2x3a7c", {
  when: [{ window: "claim", usable: claimedThis("floyd-2x3a7c"), optional: false }],
  steps: [
    {
      pick: {
        prompt: "Floyd 2X3A7C: draw 1 action card of a type you pick",
        times: FLOYD_DRAW,
        options: (c) => typeOptions(c.s, (t) => `Draw 1 ${t} card`),
        onPick: (c, f, v) => void drawAndTell(c, f.seat, v as ActionType, 1),
      },
    },
  ],
});

/** Gurren Imaishi: discard it to gain 5 capital. */
export const GURREN_CAPITAL = 5;
const gurrenImaishi = defineAsset("gurren-imaishi", {
  cost: "discard",
  when: oneShot("gurren-imaishi"),
  steps: [
    {
      do: (c, f) => {
        gainCapital(c, f.seat, GURREN_CAPITAL);
        log(c, "asset", `Gurren Imaishi: ${corpName(c.s, f.seat)} gains ${GURREN_CAPITAL} capital.`);
      },
    },
  ],
});

/** Hernando Cortez: discard it to take 1 asset from another player, or to gain 2 capital. */
const hernandoCortez = defineAsset("hernando-cortez", {
  cost: "discard",
  when: oneShot("hernando-cortez"),
  steps: [
    {
      pick: {
        prompt: "Hernando Cortez: take an asset from another player, or gain 2 capital",
        options: (c, f) => {
          const out: ChoiceOption[] = [];
          for (const p of c.s.seats) {
            if (p.seat === f.seat) continue;
            for (const a of p.assets) out.push({ value: a.id, label: `Take ${assetName(a.id)} from ${corpName(c.s, p.seat)}`, intent: { act: "take", card: a.id, seat: p.seat } });
          }
          out.push({ value: "capital", label: "Gain 2 capital", intent: { act: "gain", amount: 2 } });
          return out;
        },
        onPick: (c, f, v) => {
          if (v === "capital") {
            gainCapital(c, f.seat, 2);
            log(c, "asset", `Hernando Cortez: ${corpName(c.s, f.seat)} gains 2 capital.`);
            return;
          }
          const from = c.s.seats.find((p) => p.assets.some((a) => a.id === v))!.seat;
          moveAsset(c.s, from, f.seat, String(v), c.s.variant.stolenAssetState);
          log(c, "asset", `Hernando Cortez: ${corpName(c.s, f.seat)} takes ${assetName(String(v))} from ${corpName(c.s, from)}.`);
        },
      },
    },
  ],
});

/** Naoko Watanabe: discard it to claim the top 2 cards of the asset deck, one at a time (their claim abilities trigger by default [R]). */
export const NAOKO_CLAIMS = 2;
const naokoClaim: Step = {
  do: (c, f) => {
    const asset = c.s.assetDeck[0];
    c.s.assetDeck = c.s.assetDeck.slice(1); // replaced, never changed in place (state.ts)
    if (asset) claimAsset(c, f.seat, asset, c.s.variant.naokoClaimTriggers);
    else log(c, "asset", "Naoko Watanabe: the asset deck is empty.");
  },
};
const naokoWatanabe = defineAsset("naoko-watanabe", {
  cost: "discard",
  when: oneShot("naoko-watanabe", (c) => c.s.assetDeck.length > 0),
  steps: Array.from({ length: NAOKO_CLAIMS }, () => naokoClaim),
});

/** Toshiyuki Sakai: discard it to draw 2 action cards of each type; you skip the hand-limit discard this turn. */
export const TOSHIYUKI_DRAW = 2;
const toshiyukiSakai = defineAsset("toshiyuki-sakai", {
  cost: "discard",
  when: oneShot("toshiyuki-sakai"),
  steps: [
    {
      do: (c, f) => {
        for (const t of ACTION_TYPES) drawAndTell(c, f.seat, t, TOSHIYUKI_DRAW);
        // only the active player checks the hand limit this turn
        if (f.seat !== c.s.active) return;
        c.s.assetState = { ...c.s.assetState, skipHandLimit: f.seat }; // replaced, never changed in place (state.ts)
        log(c, "asset", `Toshiyuki Sakai: ${corpName(c.s, f.seat)} skips the hand-limit discard this turn.`);
      },
    },
  ],
});

export const CLAIM_ASSETS: RulePart[] = [bryanStinson, elizabethMills, floyd2x3a7c, gurrenImaishi, hernandoCortez, naokoWatanabe, toshiyukiSakai];
