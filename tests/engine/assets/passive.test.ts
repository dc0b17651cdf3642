// Passive assets: constant effects and automatic triggers ("you may" ones are offered as use / pass).
import { describe, expect, it } from "vitest";
import { ACTION_TYPES } from "../../../shared/catalog/types.ts";
import { handLimit } from "../../../server/engine/index.ts";
import type { GameState } from "../../../server/engine/index.ts";
import { actionCard } from "../../../server/engine/data.ts";
import { runFlow } from "../helpers.ts";
import {
  answerOffer,
  choices,
  contested,
  emptyHand,
  giveAsset,
  giveCard,
  mainOffer,
  noCounters,
  ok,
  owes,
  reveal,
  say,
  support,
  table,
  texts,
  winDeal,
} from "./helpers.ts";

/** Starts `seat`'s turn from scratch (Refresh, the turn-start window, the corp-sheet draw). */
function turnStart(s: GameState, seat: number) {
  s.assetDiscard.push(s.deal!.asset!);
  s.deal = null;
  s.active = seat;
  s.stage = "turn-start";
  return runFlow(s);
}

describe("Aaron Marron: cards another player discards to pay for a counteroffer go to your hand", () => {
  it("takes another player's payment, but not its owner's own", () => {
    const s = table();
    giveAsset(s, 3, "aaron-marron");
    let r = mainOffer(s);
    r = ok(r.state, 1, { type: "counteroffer", card: giveCard(r.state, 1, "ark-construction"), discard: [] });
    const paid = r.state.seats[2]!.hand[0]!;
    r = ok(r.state, 2, { type: "counteroffer", card: giveCard(r.state, 2, "ark-construction"), discard: [paid] });
    expect(r.state.seats[3]!.hand).toContain(paid);
    expect(r.events.find((e) => e.text.startsWith("Aaron Marron brings you"))!.to).toEqual([3]);
    const own = r.state.seats[3]!.hand.slice(0, 2);
    r = ok(r.state, 3, { type: "counteroffer", card: giveCard(r.state, 3, "ark-construction"), discard: own });
    for (const id of own) expect(r.state.actionDiscards[actionCard(id).type]).toContain(id);
  });
});

describe("Braintrust: doubled corp-sheet draws, hand size 1 lower", () => {
  it("draws 4 labor and 2 General (each a type not yet drawn) for Haas-Bioroid at 4 players; hand size 4", () => {
    const s = table();
    giveAsset(s, 1, "braintrust");
    const before = s.seats[1]!.hand.length;
    let r = turnStart(s, 1);
    expect(owes(r.state)).toBe("general-draw:1");
    expect(r.state.seats[1]!.hand.length).toBe(before + 4);
    r = ok(r.state, 1, { type: "choose", option: "media" });
    expect(choices(r.state, 1)).not.toContain("media");
    r = ok(r.state, 1, { type: "choose", option: "security" });
    expect(r.state.seats[1]!.hand.length).toBe(before + 6);
    expect(handLimit(r.state, 1)).toBe(4);
    giveAsset(r.state, 1, "floyd-2x3a7c");
    expect(handLimit(r.state, 1)).toBe(9); // 5 - 1 + 5
  });

  it("[R] variant braintrustDoublesGeneral false: one General draw", () => {
    const s = table({ braintrustDoublesGeneral: false });
    giveAsset(s, 1, "braintrust");
    let r = turnStart(s, 1);
    r = ok(r.state, 1, { type: "choose", option: "media" });
    expect(r.state.pending?.kind).not.toBe("general-draw");
  });
});

describe("Coach Walden: when the player on your right wins a deal, gain 1 capital", () => {
  it("pays only for the player on the right", () => {
    for (const [seat, gain] of [[1, 1], [2, 0]] as const) {
      const s = table();
      giveAsset(s, seat, "coach-walden");
      const r = winDeal(s); // seat 0 wins: seat 1's right-hand neighbour
      expect(r.state.seats[seat]!.capital - s.seats[seat]!.capital).toBe(gain);
    }
  });
});

describe("Lily Lockwell: at the start of a richer player's turn, you may take 1 random card from their hand", () => {
  it("takes a card from the hand as it is before their draw; the two players alone learn which", () => {
    const s = table();
    giveAsset(s, 1, "lily-lockwell");
    s.seats[0]!.capital = 20;
    const hand = [...s.seats[0]!.hand];
    let r = turnStart(s, 0);
    r = answerOffer(r.state, 1, "lily-lockwell", "use");
    const taken = r.state.seats[1]!.hand.filter((id) => hand.includes(id));
    expect(taken).toHaveLength(1);
    expect(r.events.find((e) => e.text.includes(" takes ") && e.to)!.to).toEqual([1, 0]);
    expect(owes(r.state)).toBe("general-draw:0"); // then the draw
  });

  it("is not offered when the active player is not richer, or has no cards", () => {
    let s = table();
    giveAsset(s, 1, "lily-lockwell"); // Jinteki 10 < Haas-Bioroid 11
    expect(owes(turnStart(s, 0).state)).toBe("general-draw:0");
    s = table();
    giveAsset(s, 1, "lily-lockwell");
    s.seats[0]!.capital = 20;
    emptyHand(s, 0);
    expect(owes(turnStart(s, 0).state)).toBe("general-draw:0");
  });
});

describe("Monica Singh: losing a deal as the active player, you may take 2 capital from the countering player", () => {
  it("takes 2 (or what they have) when the counteroffer wins; not when the main offer wins", () => {
    for (const [capital, taken] of [[11, 2], [1, 1]] as const) {
      const s = table();
      giveAsset(s, 0, "monica-singh");
      s.seats[1]!.capital = capital;
      const r = answerOffer(support(contested(s), { 2: "counter" }).state, 0, "monica-singh", "use");
      expect(r.state.seats[0]!.capital).toBe(10 + taken);
      expect(r.state.seats[1]!.capital).toBe(capital - taken);
    }
    const s = table();
    giveAsset(s, 0, "monica-singh");
    const r = support(contested(s), { 2: "main" });
    expect(r.state.pending?.kind).not.toBe("effect");
  });
});

describe("Rachel Beckmann: at the end of each deal, with an empty hand, you may draw 1 card of your top type", () => {
  it("is offered only to an empty hand", () => {
    let s = table();
    giveAsset(s, 2, "rachel-beckmann");
    emptyHand(s, 2);
    let r = answerOffer(winDeal(s).state, 2, "rachel-beckmann", "use");
    expect(r.state.seats[2]!.hand.map((id) => actionCard(id).type)).toEqual(["media"]);

    s = table();
    giveAsset(s, 2, "rachel-beckmann");
    r = winDeal(s);
    expect(owes(r.state)).toBe("hand-limit:0");
  });
});

describe("Sunny LeBeau: when threat rises, you may draw 2 cards of your top type", () => {
  it("is offered in the middle of the card that raised threat, which then carries on", () => {
    const s = table();
    giveAsset(s, 2, "sunny-lebeau");
    s.supply.credits = 0;
    const before = s.seats[2]!.hand.length;
    let r = noCounters(mainOffer(s, "spin-doctors").state); // no unrest to lower; credits at 0: threat +1
    expect(texts(r.events)).toContain("Threat rises by 1");
    r = answerOffer(r.state, 2, "sunny-lebeau", "use");
    expect(r.state.seats[2]!.hand.length).toBe(before + 2);
    expect(owes(r.state)).toBe("hand-limit:0");
  });
});

describe("[R] a corp sheet without a top type (Melange Mining): variant noTopTypeDraws", () => {
  it("'chosen-type' asks the drawer for a type; 'nothing' draws nothing", () => {
    for (const [variant, asked] of [["chosen-type", true], ["nothing", false]] as const) {
      const s = table({ noTopTypeDraws: variant }, 6);
      giveAsset(s, 5, "sunny-lebeau");
      s.supply.credits = 0;
      let r = noCounters(mainOffer(s, "spin-doctors").state);
      r = answerOffer(r.state, 5, "sunny-lebeau", "use");
      expect(owes(r.state)).toBe(asked ? "effect:5" : "hand-limit:0");
      if (asked) expect(choices(r.state, 5)).toEqual([...ACTION_TYPES]);
    }
  });
});

describe("Wong Ya Ching: when an illness token makes threat rise, gain 2 capital", () => {
  it("pays at once, asking nothing", () => {
    const s = table();
    giveAsset(s, 2, "wong-ya-ching");
    reveal(s, "coach-walden");
    s.districts[5]!.illness = true;
    let r = noCounters(mainOffer(s, "ark-construction").state);
    r = say(r.state, 0, 6);
    expect(r.state.threat).toBe(2);
    expect(r.state.seats[2]!.capital).toBe(14);
    expect(owes(r.state)).toBe("hand-limit:0");
  });
});
