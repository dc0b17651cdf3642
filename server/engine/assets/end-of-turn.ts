// END OF TURN assets (B6): the owner may use each of them in the End of Turn step of their own turn
// (A5.1), before the hand-limit discard. Each is offered as use / pass.
import { RESOURCES } from "../../../shared/catalog/types.ts";
import type { ActionType, Resource } from "../../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { Ctx } from "../ctx.ts";
import { gainCapital, log, loseCapital } from "../ctx.ts";
import { actionCard, assetName, cardTitle, corpName, rivalName } from "../data.ts";
import { drawAndTell } from "../draw.ts";
import type { EffectFrame } from "../state.ts";
import { without } from "../state.ts";
import type { RulePart } from "../rulebook.ts";
import { defineAsset, moveAsset, otherPlayers, ownTurn, typeOptions } from "./ability.ts";

const target = (_c: Ctx, f: EffectFrame) => f.vars.target as number;

/** Every asset in play, with its holder. */
function assetsInPlay(c: Ctx): { id: string; seat: number }[] {
  return c.s.seats.flatMap((p) => p.assets.map((a) => ({ id: a.id, seat: p.seat })));
}
function holder(c: Ctx, id: string): number {
  return c.s.seats.findIndex((p) => p.assets.some((a) => a.id === id));
}

/** Alex Westlund: swap 2 assets in play between two players. If one of them is yours, first lose 2 capital. */
export const WESTLUND_PRICE = 2;
const alexWestlund = defineAsset("alex-westlund", {
  when: [{ window: "end-of-turn", usable: (c, owner) => ownTurn(c, owner) && new Set(assetsInPlay(c).map((a) => a.seat)).size >= 2 }],
  steps: [
    {
      pick: {
        prompt: "Alex Westlund: the first asset to swap",
        options: (c) => {
          const all = assetsInPlay(c);
          return all.filter((a) => all.some((b) => b.seat !== a.seat)).map((a) => ({ value: a.id, label: `${assetName(a.id)} (${corpName(c.s, a.seat)})`, intent: { act: "swap" as const, card: a.id, seat: a.seat } }));
        },
        onPick: (_c, f, v) => void (f.vars.first = v),
      },
    },
    {
      pick: {
        prompt: "Alex Westlund: the asset of another player to swap it with",
        options: (c, f) => {
          const from = holder(c, f.vars.first as string);
          return assetsInPlay(c)
            .filter((a) => a.seat !== from)
            .map((a) => ({ value: a.id, label: `${assetName(a.id)} (${corpName(c.s, a.seat)})`, intent: { act: "swap" as const, card: a.id, seat: a.seat } }));
        },
        onPick: (c, f, v) => {
          const a = f.vars.first as string;
          const b = String(v);
          const [sa, sb] = [holder(c, a), holder(c, b)];
          if (sa === f.seat || sb === f.seat) {
            const n = loseCapital(c, f.seat, WESTLUND_PRICE);
            log(c, "asset", `${corpName(c.s, f.seat)} loses ${n} capital to swap one of their own assets.`);
          }
          moveAsset(c.s, sa, sb, a);
          moveAsset(c.s, sb, sa, b);
          log(c, "asset", `Alex Westlund: ${assetName(a)} goes to ${corpName(c.s, sb)} and ${assetName(b)} to ${corpName(c.s, sa)}.`);
        },
      },
    },
  ],
});

/** Bernice Mai: give up to 2 action cards from your hand to another player; gain 1 capital per card. */
export const BERNICE_CARDS = 2;
const berniceMai = defineAsset("bernice-mai", {
  when: [{ window: "end-of-turn", usable: (c, owner) => ownTurn(c, owner) && c.s.seats[owner]!.hand.length > 0 }],
  steps: [
    {
      pick: {
        prompt: "Bernice Mai: give cards to which player?",
        intent: { act: "target" },
        options: (c, f) => otherPlayers(c, f.seat),
        onPick: (_c, f, v) => void (f.vars.target = Number(v)),
      },
    },
    {
      pick: {
        prompt: (c, f) => `Bernice Mai: give an action card to ${corpName(c.s, target(c, f))} for 1 capital (up to ${BERNICE_CARDS})`,
        times: BERNICE_CARDS,
        upTo: true,
        options: (c, f) => c.s.seats[f.seat]!.hand.map((id) => ({ value: id, label: `Give ${cardTitle(id)}`, intent: { act: "give" as const, card: actionCard(id).id } })),
        onPick: (c, f, v) => {
          const me = c.s.seats[f.seat]!;
          // hands are replaced, never changed in place (state.ts)
          me.hand = without(me.hand, me.hand.indexOf(String(v)));
          const to = c.s.seats[target(c, f)]!;
          to.hand = [...to.hand, String(v)];
          gainCapital(c, f.seat, 1);
          log(c, "asset", `${corpName(c.s, f.seat)} gives 1 action card to ${corpName(c.s, target(c, f))} and gains 1 capital.`);
          log(c, "asset-private", `Bernice Mai: the card given is ${cardTitle(String(v))}.`, [f.seat, target(c, f)]);
        },
      },
    },
  ],
});

/** Fumiko Yamamori: lower by 1 the supply of a resource that is above 0, and gain 2 capital. */
export const FUMIKO_CAPITAL = 2;
const fumikoYamamori = defineAsset("fumiko-yamamori", {
  when: [{ window: "end-of-turn", usable: (c, owner) => ownTurn(c, owner) && RESOURCES.some((r) => c.s.supply[r] > 0) }],
  steps: [
    {
      pick: {
        prompt: "Fumiko Yamamori: lower which supply by 1?",
        options: (c) => RESOURCES.filter((r) => c.s.supply[r] > 0).map((r) => ({ value: r, label: `Lower ${r} (now ${c.s.supply[r]})`, intent: { act: "lower" as const, resource: r, amount: 1 } })),
        onPick: (c, f, v) => {
          const r = v as Resource;
          c.s.supply[r]--;
          gainCapital(c, f.seat, FUMIKO_CAPITAL);
          log(c, "asset", `Fumiko Yamamori: ${r} supply drops to ${c.s.supply[r]}; ${corpName(c.s, f.seat)} gains ${FUMIKO_CAPITAL} capital.`);
        },
      },
    },
  ],
});

/**
 * Marco Cubrero: take 1 capital from any player, or 2 from the richest player (you pick among
 * ties). "The richest player" is read literally: when you alone are the richest, only the 1 is there.
 */
const marcoCubrero = defineAsset("marco-cubrero", {
  when: [{ window: "end-of-turn", usable: (c, owner) => ownTurn(c, owner) && c.s.seats.some((p) => p.seat !== owner && p.capital > 0) }],
  steps: [
    {
      pick: {
        prompt: "Marco Cubrero: take 1 capital from any player, or 2 from the richest",
        options: (c, f) => {
          const richest = Math.max(...c.s.seats.map((p) => p.capital));
          const out: ChoiceOption[] = [];
          for (const p of c.s.seats) {
            if (p.seat === f.seat || p.capital === 0) continue;
            out.push({ value: `1:${p.seat}`, label: `Take 1 capital from ${corpName(c.s, p.seat)}`, intent: { act: "take", amount: 1, seat: p.seat } });
            if (p.capital === richest) out.push({ value: `2:${p.seat}`, label: `Take 2 capital from ${corpName(c.s, p.seat)} (the richest)`, intent: { act: "take", amount: 2, seat: p.seat } });
          }
          return out;
        },
        onPick: (c, f, v) => {
          const [amount, seat] = String(v).split(":").map(Number) as [number, number];
          const n = loseCapital(c, seat, amount);
          gainCapital(c, f.seat, n);
          log(c, "asset", `Marco Cubrero: ${corpName(c.s, f.seat)} takes ${n} capital from ${corpName(c.s, seat)}.`);
        },
      },
    },
  ],
});

/** Mr. Li: pick any player; they lose 1 capital and draw 2 action cards of any types (they pick the types). */
export const MR_LI_DRAW = 2;
const mrLi = defineAsset("mr-li", {
  when: [{ window: "end-of-turn", usable: ownTurn }],
  steps: [
    {
      pick: {
        prompt: "Mr. Li: pick a player to lose 1 capital and draw 2 action cards",
        options: (c) => c.s.seats.map((p) => ({ value: p.seat, label: corpName(c.s, p.seat), intent: { act: "target" as const, seat: p.seat } })),
        onPick: (c, f, v) => {
          f.vars.target = Number(v);
          const n = loseCapital(c, Number(v), 1);
          log(c, "asset", `Mr. Li: ${corpName(c.s, Number(v))} loses ${n} capital and draws ${MR_LI_DRAW} action cards.`);
        },
      },
    },
    {
      pick: {
        who: target,
        prompt: "Mr. Li: draw 1 action card of a type you pick",
        times: MR_LI_DRAW,
        options: (c) => typeOptions(c.s, (t) => `Draw 1 ${t} card`),
        onPick: (c, f, v) => void drawAndTell(c, target(c, f), v as ActionType, 1),
      },
    },
  ],
});

/** 'Mr. White': look at another player's hand (you alone see it); you may take 1 action card from it. */
const mrWhite = defineAsset("mr-white", {
  when: [{ window: "end-of-turn", usable: (c, owner) => ownTurn(c, owner) && c.s.seats.some((p) => p.seat !== owner && p.hand.length > 0) }],
  steps: [
    {
      pick: {
        prompt: "'Mr. White': look at whose hand?",
        intent: { act: "target" },
        options: (c, f) => otherPlayers(c, f.seat, (seat) => c.s.seats[seat]!.hand.length > 0),
        onPick: (c, f, v) => {
          const seat = Number(v);
          f.vars.target = seat;
          log(c, "asset", `'Mr. White': ${corpName(c.s, f.seat)} looks at ${corpName(c.s, seat)}'s hand.`);
          log(c, "asset-private", `${corpName(c.s, seat)}'s hand: ${c.s.seats[seat]!.hand.map(cardTitle).join(", ")}.`, [f.seat]);
        },
      },
    },
    {
      pick: {
        prompt: (c, f) => `'Mr. White': take 1 card from ${corpName(c.s, target(c, f))}'s hand?`,
        // by position, so that no card id of another hand reaches anyone's options
        options: (c, f) => [
          ...c.s.seats[target(c, f)]!.hand.map((id, i) => ({ value: `take:${i}`, label: `Take ${cardTitle(id)}`, intent: { act: "take" as const, card: actionCard(id).id } })),
          { value: "none", label: "Take nothing", intent: { act: "pass" } },
        ],
        onPick: (c, f, v) => {
          const from = target(c, f);
          if (v === "none") {
            log(c, "asset", `${corpName(c.s, f.seat)} takes nothing.`);
            return;
          }
          // hands are replaced, never changed in place (state.ts)
          const rest = c.s.seats[from]!.hand.slice();
          const card = rest.splice(Number(String(v).slice("take:".length)), 1)[0]!;
          c.s.seats[from]!.hand = rest;
          const me = c.s.seats[f.seat]!;
          me.hand = [...me.hand, card];
          log(c, "asset", `${corpName(c.s, f.seat)} takes 1 card from ${corpName(c.s, from)}'s hand.`);
          log(c, "asset-private", `'Mr. White': ${corpName(c.s, f.seat)} takes ${cardTitle(card)} from ${corpName(c.s, from)}.`, [f.seat, from]);
        },
      },
    },
  ],
});

/** Susan Chen: gain 2 capital, then give this card to another player. */
export const SUSAN_CAPITAL = 2;
const susanChen = defineAsset("susan-chen", {
  when: [{ window: "end-of-turn", usable: ownTurn }],
  steps: [
    {
      do: (c, f) => {
        gainCapital(c, f.seat, SUSAN_CAPITAL);
        log(c, "asset", `Susan Chen: ${corpName(c.s, f.seat)} gains ${SUSAN_CAPITAL} capital.`);
      },
    },
    {
      pick: {
        prompt: "Susan Chen: give this card to another player",
        intent: { act: "give" },
        options: (c, f) => otherPlayers(c, f.seat),
        onPick: (c, f, v) => {
          moveAsset(c.s, f.seat, Number(v), "susan-chen");
          log(c, "asset", `${corpName(c.s, f.seat)} gives Susan Chen to ${corpName(c.s, Number(v))}.`);
        },
      },
    },
  ],
});

/**
 * Thomas Haas: look at the rival card under the board; you may swap it with your own (both stay
 * facedown). Only the owner learns the card and whether they swapped: the public log reads the same.
 */
const thomasHaas = defineAsset("thomas-haas", {
  when: [{ window: "end-of-turn", usable: ownTurn }],
  steps: [
    {
      do: (c, f) => {
        log(c, "asset", `${corpName(c.s, f.seat)} looks at the rival card under the board.`);
        log(c, "asset-private", `Thomas Haas: the rival card under the board is ${rivalName(c.s.rivalUnderBoard)}.`, [f.seat]);
      },
    },
    {
      pick: {
        prompt: (c, f) => `Thomas Haas: swap your rival (${rivalName(c.s.seats[f.seat]!.rival)}) for the card under the board (${rivalName(c.s.rivalUnderBoard)})?`,
        options: (c, f) => [
          // the card under the board is shown to this player (Thomas Haas lets them look)
          { value: "swap", label: "Swap them", intent: { act: "swap", card: c.s.rivalUnderBoard } },
          { value: "keep", label: "Keep your rival", intent: { act: "keep", card: c.s.seats[f.seat]!.rival } },
        ],
        onPick: (c, f, v) => {
          const me = c.s.seats[f.seat]!;
          if (v === "swap") [me.rival, c.s.rivalUnderBoard] = [c.s.rivalUnderBoard, me.rival];
          log(c, "asset-private", v === "swap" ? `Thomas Haas: your rival is now ${rivalName(me.rival)}.` : "Thomas Haas: you keep your rival.", [f.seat]);
        },
      },
    },
  ],
});

export const END_OF_TURN_ASSETS: RulePart[] = [alexWestlund, berniceMai, fumikoYamamori, marcoCubrero, mrLi, mrWhite, susanChen, thomasHaas];
