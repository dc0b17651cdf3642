// "When you claim this card" assets: the winner of a deal claims the revealed asset, then its ability opens.
import { describe, expect, it } from "vitest";
import { checkInvariants } from "../../../server/engine/index.ts";
import { cardTitle } from "../../../server/engine/data.ts";
import { ACTION_TYPES } from "../../../shared/catalog/types.ts";
import { giveCard } from "../helpers.ts";
import { handLimit } from "../../../server/engine/index.ts";
import { answerOffer, choices, deckTop, emptyHand, giveAsset, held, owes, reveal, say, table, texts, winDeal } from "./helpers.ts";

describe("one-shot claim assets [R]: by default they resolve when claimed, then are discarded", () => {
  it("Gurren Imaishi: claimed, 5 capital at once, discarded; nothing is asked", () => {
    const s = table();
    reveal(s, "gurren-imaishi");
    const r = winDeal(s);
    expect(texts(r.events)).toContain("Jinteki uses Gurren Imaishi (discarded).");
    expect(r.state.seats[0]!.capital).toBe(15);
    expect(held(r.state, 0)).toEqual([]);
    expect(r.state.assetDiscard).toContain("gurren-imaishi");
    expect(owes(r.state)).toBe("hand-limit:0");
  });

  it("variant keep-until-used: offered when claimed; kept, it is offered again at your End of Turn", () => {
    const s = table({ oneShotAssets: "keep-until-used" });
    reveal(s, "gurren-imaishi");
    let r = answerOffer(winDeal(s).state, 0, "gurren-imaishi", "pass");
    expect(held(r.state, 0)).toEqual(["gurren-imaishi"]);
    // the same turn's End of Turn comes next
    r = answerOffer(r.state, 0, "gurren-imaishi", "use");
    expect(r.state.seats[0]!.capital).toBe(15);
    expect(held(r.state, 0)).toEqual([]);
  });

  it("Hernando Cortez: takes another player's asset as it is (exhausted stays exhausted), or 2 capital", () => {
    const s = table();
    giveAsset(s, 2, "midori", true);
    reveal(s, "hernando-cortez");
    let r = winDeal(s);
    expect(owes(r.state)).toBe("effect:0");
    expect(choices(r.state, 0)).toEqual(["midori", "capital"]);
    r = say(r.state, 0, "midori");
    expect(r.state.seats[0]!.assets).toEqual([{ id: "midori", exhausted: true }]);
    expect(held(r.state, 2)).toEqual([]);
    expect(r.state.assetDiscard).toContain("hernando-cortez");
  });

  it("Hernando Cortez [R]: variant stolenAssetState 'ready' readies the stolen asset; with no asset to take only the capital is left", () => {
    let s = table({ stolenAssetState: "ready" });
    giveAsset(s, 2, "midori", true);
    reveal(s, "hernando-cortez");
    let r = say(winDeal(s).state, 0, "midori");
    expect(r.state.seats[0]!.assets).toEqual([{ id: "midori", exhausted: false }]);

    s = table();
    reveal(s, "hernando-cortez");
    r = winDeal(s);
    expect(choices(r.state, 0)).toEqual(["capital"]);
    expect(say(r.state, 0, "capital").state.seats[0]!.capital).toBe(12);
  });

  it("Bryan Stinson: takes 2 emergency actions from other players, faceup or facedown as they are; the thief may offer a faceup one", () => {
    const s = table();
    s.seats[2]!.emergency[0]!.faceup = false;
    reveal(s, "bryan-stinson");
    let r = winDeal(s);
    expect(choices(r.state, 0)).toEqual(["underpaid-overclocked", "sweeps-week", "massive-reconstruction"]);
    r = say(r.state, 0, "sweeps-week");
    expect(choices(r.state, 0)).toEqual(["underpaid-overclocked", "massive-reconstruction"]);
    r = say(r.state, 0, "massive-reconstruction");
    expect(r.state.seats[0]!.emergency).toEqual([
      { id: "mandatory-quarantine", faceup: true },
      { id: "sweeps-week", faceup: false },
      { id: "massive-reconstruction", faceup: true },
    ]);
    expect(r.state.seats[2]!.emergency).toEqual([]);
    expect(checkInvariants(r.state)).toEqual([]);
  });

  it("Bryan Stinson: with 2 emergency actions or fewer held by others, they are taken without asking", () => {
    const s = table();
    // Jinteki already holds Weyland's: the others hold 2
    s.seats[0]!.emergency = [...s.seats[0]!.emergency, ...s.seats[3]!.emergency];
    s.seats[3]!.emergency = [];
    reveal(s, "bryan-stinson");
    const r = winDeal(s);
    expect(owes(r.state)).toBe("hand-limit:0");
    expect(r.state.seats[0]!.emergency.map((e) => e.id)).toEqual(["mandatory-quarantine", "massive-reconstruction", "underpaid-overclocked", "sweeps-week"]);
    expect(texts(r.events)).toContain("Bryan Stinson: Jinteki takes Sweeps Week from NBN.");
    expect(checkInvariants(r.state)).toEqual([]);
  });

  it("Naoko Watanabe: claims the top 2 assets one at a time; their claim abilities trigger", () => {
    const s = table();
    deckTop(s, ["gurren-imaishi", "coach-walden"]);
    reveal(s, "naoko-watanabe");
    const r = winDeal(s);
    expect(held(r.state, 0)).toEqual(["coach-walden"]);
    expect(r.state.seats[0]!.capital).toBe(15); // Gurren Imaishi's claim
    expect(r.state.assetDiscard).toEqual(expect.arrayContaining(["naoko-watanabe", "gurren-imaishi"]));
  });

  it("Naoko Watanabe [R]: variant naokoClaimTriggers false claims them without their claim abilities; an emptying deck gives what is left", () => {
    let s = table({ naokoClaimTriggers: false });
    deckTop(s, ["gurren-imaishi", "coach-walden"]);
    reveal(s, "naoko-watanabe");
    let r = winDeal(s);
    expect(held(r.state, 0)).toEqual(["gurren-imaishi", "coach-walden"]);
    expect(r.state.seats[0]!.capital).toBe(10);

    s = table();
    reveal(s, "naoko-watanabe");
    const rest = s.assetDeck.splice(1);
    s.assetDiscard.push(...rest);
    const last = s.assetDeck[0]!;
    r = winDeal(s);
    expect(held(r.state, 0)).toContain(last);
    expect(texts(r.events)).toContain("Naoko Watanabe: the asset deck is empty.");
  });

  it("Toshiyuki Sakai: 2 action cards of each type, and the active player skips this turn's hand-limit discard only", () => {
    const s = table();
    reveal(s, "toshiyuki-sakai");
    const before = s.seats[0]!.hand.length;
    const r = winDeal(s);
    expect(r.state.seats[0]!.hand.length).toBe(before + 10); // the offered card was given for the test
    // no hand-limit discard: the next player's turn
    expect(r.state.active).toBe(1);
    expect(r.state.assetState.skipHandLimit).toBeUndefined();
  });
});

describe("Floyd 2X3A7C: draw 5 action cards of any types when claimed; hand size +5", () => {
  it("asks 5 type picks, then the hand limit is 10 (11 cards: discard 1)", () => {
    const s = table();
    reveal(s, "floyd-2x3a7c");
    let r = winDeal(s);
    const before = r.state.seats[0]!.hand.length;
    for (const t of ["media", "media", "labor", "security", "biotech"]) r = say(r.state, 0, t);
    expect(r.state.seats[0]!.hand.length).toBe(before + 5);
    expect(handLimit(r.state, 0)).toBe(10);
    expect(r.state.pending).toEqual({ kind: "hand-limit", seat: 0, count: before + 5 - 10 });
  });

  it("never offers a type whose deck and discard pile are empty: the last picks draw real cards", () => {
    const s = table();
    // seat 3 hoards every card but 2 media and the Clinical Trials seat 0 offers (the cards stay in the game)
    const offered = giveCard(s, 0, "clinical-trials");
    for (const t of ACTION_TYPES) {
      const keep = t === "media" ? 2 : 0;
      s.seats[3]!.hand.push(...s.actionDecks[t].splice(keep), ...s.actionDiscards[t].splice(0));
    }
    s.seats[0]!.hand.splice(s.seats[0]!.hand.indexOf(offered), 1);
    s.actionDecks.biotech.push(offered);
    reveal(s, "floyd-2x3a7c");
    let r = winDeal(s);
    const before = r.state.seats[0]!.hand.length;
    expect(choices(r.state, 0)).toEqual(["media"]);
    r = say(r.state, 0, "media");
    expect(choices(r.state, 0)).toEqual(["media"]);
    r = say(r.state, 0, "media");
    expect(r.state.seats[0]!.hand.length).toBe(before + 2);
    expect(owes(r.state)).not.toBe("effect:0");
  });
});

describe("Elizabeth Mills: give it away, then the new holder discards 3 or draws 3 of their top type", () => {
  it("discard: the new holder picks the 3 cards", () => {
    const s = table();
    // a fourth card: with 3 or fewer there is nothing to pick (below)
    giveCard(s, 2, "puff-piece");
    expect(s.seats[2]!.hand.length).toBeGreaterThan(3);
    reveal(s, "elizabeth-mills");
    let r = winDeal(s);
    expect(choices(r.state, 0)).toEqual([1, 2, 3]);
    r = say(r.state, 0, 2);
    expect(held(r.state, 2)).toEqual(["elizabeth-mills"]);
    r = say(r.state, 0, "discard");
    const hand = [...r.state.seats[2]!.hand];
    for (let i = 0; i < 3; i++) {
      expect(owes(r.state)).toBe("effect:2");
      r = say(r.state, 2, r.state.seats[2]!.hand[0]!);
    }
    expect(r.state.seats[2]!.hand).toEqual(hand.slice(3));
  });

  it("discard with fewer than 3 cards discards what there is; draw gives 3 of the top type", () => {
    let s = table();
    emptyHand(s, 3);
    reveal(s, "elizabeth-mills");
    let r = say(say(winDeal(s).state, 0, 3).state, 0, "discard");
    expect(owes(r.state)).toBe("hand-limit:0");

    s = table();
    reveal(s, "elizabeth-mills");
    r = say(say(winDeal(s).state, 0, 2).state, 0, "draw");
    const drawn = r.events.find((e) => e.text.startsWith("NBN draws"))!;
    expect(drawn.text).toBe("NBN draws 3 action cards (3 media).");
  });

  it("discard holding 3 cards or fewer: they are all discarded without asking, each logged", () => {
    for (const n of [3, 2]) {
      const s = table();
      emptyHand(s, 2);
      const hand = ["puff-piece", "arrest-orders", "clean-slate"].slice(0, n).map((def) => giveCard(s, 2, def));
      reveal(s, "elizabeth-mills");
      const r = say(say(winDeal(s).state, 0, 2).state, 0, "discard");
      expect(owes(r.state), `${n} cards`).toBe("hand-limit:0");
      expect(r.state.seats[2]!.hand).toEqual([]);
      for (const id of hand) expect(texts(r.events)).toContain(`NBN discards ${cardTitle(id)}.`);
      expect(checkInvariants(r.state)).toEqual([]);
    }
  });

  it("[R] a corp with no top type (Melange Mining) picks the type (variant noTopTypeDraws)", () => {
    const s = table({}, 6);
    reveal(s, "elizabeth-mills");
    let r = say(say(winDeal(s).state, 0, 5).state, 0, "draw");
    expect(owes(r.state)).toBe("effect:5");
    r = say(r.state, 5, "labor");
    expect(texts(r.events)).toContain("Melange Mining draws 3 action cards (3 labor).");
  });
});

describe("claim windows open only for the asset claimed, by its claimer", () => {
  it("holding a claim asset does nothing when another asset is claimed", () => {
    const s = table();
    giveAsset(s, 0, "gurren-imaishi");
    reveal(s, "coach-walden");
    const r = winDeal(s);
    expect(held(r.state, 0)).toEqual(["gurren-imaishi", "coach-walden"]);
    expect(r.state.seats[0]!.capital).toBe(10);
  });
});
