// Exhaust assets: reactions on anyone's turn; using one exhausts it until its owner's Refresh.
import { describe, expect, it } from "vitest";
import { legal, viewFor } from "../../../server/engine/index.ts";
import { runFlow } from "../helpers.ts";
import {
  answerOffer,
  atReveal,
  choices,
  contested,
  emptyHand,
  giveAsset,
  giveCard,
  held,
  mainOffer,
  noCounters,
  ok,
  owes,
  prompt,
  rejected,
  say,
  support,
  table,
  texts,
} from "./helpers.ts";

describe("the windows", () => {
  it("offer each usable asset to its owner in turn, the active player first, then clockwise", () => {
    const s = table();
    giveAsset(s, 3, "mark-yale");
    giveAsset(s, 1, "caprice-nisei");
    giveAsset(s, 0, "the-fall-guy");
    let r = mainOffer(s);
    r = answerOffer(r.state, 0, "the-fall-guy", "pass");
    r = answerOffer(r.state, 1, "caprice-nisei", "pass");
    r = answerOffer(r.state, 3, "mark-yale", "pass");
    expect(owes(r.state)).toBe("counteroffer:1");
  });

  it("an exhausted asset is not offered; it readies in its owner's Refresh, not before", () => {
    let s = table();
    giveAsset(s, 2, "jackson-howard", true);
    expect(owes(atReveal(s).state)).toBe("main-offer:0");
    s = table();
    giveAsset(s, 2, "jackson-howard", true);
    s.deal = null;
    s.stage = "turn-start";
    s.active = 1;
    expect(runFlow(s).state.seats[2]!.assets[0]!.exhausted).toBe(true);
    s.active = 2;
    expect(runFlow(s).state.seats[2]!.assets[0]!.exhausted).toBe(false);
  });

  it("assets trade like capital, an exhausted one stays exhausted", () => {
    const s = table();
    giveAsset(s, 2, "midori", true);
    const t = ok(s, 2, { type: "trade-propose", to: 1, give: { capital: 0, assets: ["midori"] }, get: { capital: 1, assets: [] } }).state;
    const r = ok(t, 1, { type: "trade-accept", id: t.trades[0]!.id });
    expect(r.state.seats[1]!.assets).toEqual([{ id: "midori", exhausted: true }]);
    expect(r.state.seats[2]!.capital).toBe(13);
  });

  it("an asset traded away while its window waits for an answer is no longer offered", () => {
    const s = table();
    giveAsset(s, 2, "jackson-howard");
    let t = atReveal(s).state;
    expect(owes(t)).toBe("effect:2");
    t = ok(t, 2, { type: "trade-propose", to: 3, give: { capital: 0, assets: ["jackson-howard"] }, get: { capital: 0, assets: [] } }).state;
    t = ok(t, 3, { type: "trade-accept", id: t.trades[0]!.id }).state;
    expect(owes(t)).toBe("main-offer:0");
    expect(held(t, 3)).toEqual(["jackson-howard"]);
  });
});

describe("Caprice Nisei: the proposer declares how they will resolve their offer and is held to it", () => {
  it("the declared picks are made for them at resolution", () => {
    const s = table();
    giveAsset(s, 1, "caprice-nisei");
    let r = mainOffer(s, "ark-construction");
    r = answerOffer(r.state, 1, "caprice-nisei", "use");
    expect(owes(r.state)).toBe("effect:0");
    expect(prompt(r.state, 0)).toContain("Declare how you will resolve it. Ark Construction: Place a development token");
    expect(choices(r.state, 0)).toHaveLength(10);
    r = say(r.state, 0, 5);
    expect(texts(r.events)).toContain("Jinteki declares: Rabotgorod (5).");
    expect(owes(r.state)).toBe("counteroffer:1");
    r = noCounters(r.state);
    expect(texts(r.events)).toContain("Jinteki resolves as declared: Rabotgorod (5).");
    expect(r.state.districts[4]!.development).toBe(true);
    expect(r.state.seats[1]!.assets[0]!.exhausted).toBe(true);
  });

  it("a card's repeated pick, declared, says which of its picks each one is", () => {
    const s = table();
    giveAsset(s, 1, "caprice-nisei");
    s.districts[2]!.illness = true;
    s.districts[6]!.illness = true;
    let r = mainOffer(s, "clean-slate");
    r = answerOffer(r.state, 1, "caprice-nisei", "use");
    const asked = (t: typeof r.state) => legal(t, 0).find((l) => l.type === "choose");
    expect(asked(r.state)).toMatchObject({ prompt: expect.stringContaining("Remove an illness token (up to 2)"), progress: { at: 1, of: 2 } });
    r = say(r.state, 0, 3);
    expect(asked(r.state)).toMatchObject({ prompt: expect.stringContaining("Remove an illness token (up to 2)"), progress: { at: 2, of: 2 } });
    r = say(r.state, 0, 7);
    // the card's next pick is asked once: no progress
    expect(asked(r.state)).toMatchObject({ prompt: expect.stringContaining("Place an outage") });
    expect(asked(r.state)).not.toHaveProperty("progress");
  });

  it("a declared pick that is no longer possible frees the resolver", () => {
    const s = table();
    giveAsset(s, 1, "caprice-nisei");
    let r = mainOffer(s, "ark-construction");
    r = say(answerOffer(r.state, 1, "caprice-nisei", "use").state, 0, 5);
    r.state.districts[4]!.development = true; // as if something built there meanwhile
    r = noCounters(r.state);
    expect(texts(r.events)).toContain("declared choice is no longer possible");
    expect(owes(r.state)).toBe("effect:0");
    expect(choices(r.state, 0)).not.toContain(5);
  });

  it("binds counteroffers too; a card whose picks show hidden cards has nothing to declare", () => {
    const s = table();
    giveAsset(s, 3, "caprice-nisei");
    let r = answerOffer(mainOffer(s).state, 3, "caprice-nisei", "pass");
    r = ok(r.state, 1, { type: "counteroffer", card: giveCard(r.state, 1, "unorthodox-knowledge"), discard: [] });
    r = answerOffer(r.state, 3, "caprice-nisei", "use");
    expect(texts(r.events)).toContain("There is nothing to declare for that card.");
    expect(owes(r.state)).toBe("counteroffer:2");
  });

  it("is not offered for your own offer", () => {
    const s = table();
    giveAsset(s, 0, "caprice-nisei");
    expect(owes(mainOffer(s).state)).toBe("counteroffer:1");
  });
});

describe("Chief Gorman: a counteroffer goes back unless its owner pays 2 capital", () => {
  it("paying keeps the counteroffer; the owner cannot counter again this turn", () => {
    const s = table();
    giveAsset(s, 3, "chief-gorman");
    let r = mainOffer(s);
    r = ok(r.state, 1, { type: "counteroffer", card: giveCard(r.state, 1, "clinical-trials"), discard: [] });
    r = answerOffer(r.state, 3, "chief-gorman", "use");
    expect(owes(r.state)).toBe("effect:1");
    expect(choices(r.state, 1)).toEqual(["pay", "take-back"]);
    r = say(r.state, 1, "pay");
    expect(r.state.seats[1]!.capital).toBe(9);
    expect(r.state.seats[3]!.capital).toBe(15);
    expect(r.state.deal!.counters).toHaveLength(1);
    expect(r.state.deal!.noCounter).toEqual([1]);
  });

  it("taking it back returns the card to the hand; a player short of 2 capital can only take it back", () => {
    const s = table();
    giveAsset(s, 3, "chief-gorman");
    s.seats[1]!.capital = 1;
    let r = mainOffer(s);
    const card = giveCard(r.state, 1, "clinical-trials");
    r = ok(r.state, 1, { type: "counteroffer", card, discard: [] });
    r = answerOffer(r.state, 3, "chief-gorman", "use");
    expect(choices(r.state, 1)).toEqual(["take-back"]);
    r = say(r.state, 1, "take-back");
    expect(r.state.deal!.counters).toEqual([]);
    expect(r.state.seats[1]!.hand).toContain(card);
    expect(owes(r.state)).toBe("counteroffer:2");
  });

  it("a covered counteroffer is in contention again after a take-back [R]", () => {
    const s = table();
    giveAsset(s, 0, "chief-gorman");
    let r = mainOffer(s);
    r = ok(r.state, 1, { type: "counteroffer", card: giveCard(r.state, 1, "clinical-trials"), discard: [] });
    r = answerOffer(r.state, 0, "chief-gorman", "pass");
    const pay = r.state.seats[2]!.hand[0]!;
    r = ok(r.state, 2, { type: "counteroffer", card: giveCard(r.state, 2, "spin-doctors"), discard: [pay] });
    r = say(answerOffer(r.state, 0, "chief-gorman", "use").state, 2, "take-back");
    expect(r.state.deal!.counters.map((o) => o.seat)).toEqual([1]);
  });
});

describe("Eiko: an abstaining player supports the main offer with 1 card or loses 1 capital", () => {
  it("the abstainer picks a card: it becomes their support for the main offer", () => {
    const s = table();
    giveAsset(s, 3, "eiko");
    let r = ok(contested(s), 2, { type: "abstain" });
    r = answerOffer(r.state, 3, "eiko", "use");
    expect(owes(r.state)).toBe("effect:2");
    const card = r.state.seats[2]!.hand[0]!;
    expect(choices(r.state, 2)).toEqual([...r.state.seats[2]!.hand, "lose"]);
    r = say(r.state, 2, card);
    expect(r.state.deal!.supports).toEqual([{ seat: 2, offer: "main", cards: [card] }]);
    expect(r.state.deal!.abstained).toEqual([]);
    expect(owes(r.state)).toBe("support:3");
  });

  it("or loses 1 capital; a player who abstains with no cards can only lose it", () => {
    let s = table();
    giveAsset(s, 3, "eiko");
    let r = say(answerOffer(ok(contested(s), 2, { type: "abstain" }).state, 3, "eiko", "use").state, 2, "lose");
    expect(r.state.seats[2]!.capital).toBe(11);

    s = table();
    giveAsset(s, 3, "eiko");
    emptyHand(s, 2);
    r = answerOffer(contested(s), 3, "eiko", "use");
    expect(choices(r.state, 2)).toEqual(["lose"]);
  });
});

describe("Isabel McGuire: the top card of any action deck as 1 support for either offer", () => {
  it("adds 1 support that is not the owner's own support", () => {
    const s = table();
    giveAsset(s, 2, "isabel-mcguire");
    let t = answerOffer(contested(s, 1, "clinical-trials", "vanity-project"), 2, "isabel-mcguire", "use").state;
    const top = t.actionDecks.media[0];
    t = say(t, 2, "media").state;
    expect(choices(t, 2)).toEqual(["main", "counter"]);
    t = say(t, 2, "counter").state;
    expect(t.deal!.supports).toEqual([{ seat: 2, offer: "counter", cards: [top], asset: "isabel-mcguire" }]);
    expect(viewFor(t, 0).deal!.supports).toEqual([{ seat: 2, offer: "counter", count: 1, asset: "Isabel McGuire" }]);
    const done = support(t, {});
    expect(texts(done.events)).toContain("Haas-Bioroid wins the deal with Vanity Project");
    // Vanity Project: 4 capital only for a supporter; Isabel's card does not make NBN one
    t = say(done.state, 1, 2).state;
    expect(t.seats[2]!.capital).toBe(14);
  });
});

describe("Jackson Howard: name another player when an asset is revealed; 2 capital if they win the deal", () => {
  it("pays when the named player wins, not otherwise", () => {
    for (const [named, gain] of [[0, 2], [1, 0]] as const) {
      const s = table();
      giveAsset(s, 2, "jackson-howard");
      let r = answerOffer(atReveal(s).state, 2, "jackson-howard", "use");
      expect(choices(r.state, 2)).toEqual([0, 1, 3]);
      r = say(r.state, 2, named);
      r = noCounters(mainOffer(r.state).state);
      expect(r.state.seats[2]!.capital).toBe(12 + gain);
      expect(r.state.seats[2]!.assets[0]!.exhausted).toBe(true);
    }
  });
});

describe("Locust Company: a player may not support the counteroffer", () => {
  it("leaves only the main offer in their support options", () => {
    const s = table();
    giveAsset(s, 2, "locust-company");
    let r = answerOffer(contested(s), 2, "locust-company", "use");
    expect(choices(r.state, 2)).toEqual([3]);
    r = say(r.state, 2, 3);
    r = ok(r.state, 2, { type: "abstain" });
    const sup = legal(r.state, 3).find((l) => l.type === "support");
    expect(sup && sup.type === "support" && sup.offers).toEqual(["main"]);
    rejected(r.state, 3, { type: "support", offer: "counter", cards: [r.state.seats[3]!.hand[0]!] }, "no-such-offer");
  });

  it("is not offered without a counteroffer", () => {
    const s = table({ noCounterofferSkipsSupport: false });
    giveAsset(s, 2, "locust-company");
    const r = noCounters(mainOffer(s).state);
    expect(owes(r.state)).toBe("support:1");
  });
});

describe("Mark Yale: the proposer cannot trade capital or assets until the deal ends", () => {
  it("blocks their trades (open ones are dropped) until the deal ends", () => {
    const s = table();
    giveAsset(s, 2, "mark-yale");
    let t = ok(s, 0, { type: "trade-propose", to: 3, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } }).state;
    let r = answerOffer(mainOffer(t).state, 2, "mark-yale", "use");
    expect(r.state.trades).toEqual([]);
    expect(legal(r.state, 0).some((l) => l.type === "trade-propose")).toBe(false);
    rejected(r.state, 0, { type: "trade-propose", to: 3, give: { capital: 1, assets: [] } }, "trade-blocked");
    rejected(r.state, 3, { type: "trade-propose", to: 0, give: { capital: 1, assets: [] } }, "trade-blocked");
    r = noCounters(r.state);
    expect(r.state.deal).toBeNull();
    t = ok(r.state, 0, { type: "trade-propose", to: 3, give: { capital: 1, assets: [] } }).state;
    expect(t.trades).toHaveLength(1);
  });
});

describe("Midori: decide a tie", () => {
  it("is offered only on a tie, and names the winner", () => {
    let s = table();
    giveAsset(s, 3, "midori");
    let r = support(contested(s), { 2: "counter", 3: "main" });
    r = answerOffer(r.state, 3, "midori", "use");
    r = say(r.state, 3, "counter");
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal");

    s = table();
    giveAsset(s, 3, "midori");
    r = support(contested(s), { 2: "counter" });
    expect(texts(r.events)).toContain("Haas-Bioroid wins the deal");
    expect(r.state.seats[3]!.assets[0]!.exhausted).toBe(false);
  });
});

describe("Saul Eustecio: when the countering player wins, you gain 1, then the active player gains 1", () => {
  it("pays both when the counteroffer wins, and is not offered when the main offer wins", () => {
    let s = table();
    giveAsset(s, 3, "saul-eustecio");
    let r = support(contested(s), { 2: "counter" });
    r = answerOffer(r.state, 3, "saul-eustecio", "use");
    expect(r.state.seats[3]!.capital).toBe(14);
    expect(r.state.seats[0]!.capital).toBe(11);

    s = table();
    giveAsset(s, 3, "saul-eustecio");
    r = support(contested(s), { 2: "main" });
    expect(texts(r.events)).toContain("Jinteki wins the deal");
    expect(r.state.seats[3]!.capital).toBe(13);
  });
});
