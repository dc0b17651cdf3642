// END OF TURN assets: offered to the active player in their own End of Turn step, before the hand limit.
import { describe, expect, it } from "vitest";
import { viewFor } from "../../../server/engine/index.ts";
import { answerOffer, atEndOfTurn, choices, emptyHand, giveAsset, held, owes, prompt, say, table, texts } from "./helpers.ts";

describe("END OF TURN assets: the window", () => {
  it("is offered only to the active player, for their own END OF TURN assets, one after the other, then the hand limit", () => {
    const s = table();
    giveAsset(s, 0, "susan-chen");
    giveAsset(s, 0, "fumiko-yamamori");
    giveAsset(s, 1, "mr-li"); // not their turn: never offered
    s.supply.energy = 1;
    let r = atEndOfTurn(s);
    r = answerOffer(r.state, 0, "susan-chen", "pass");
    r = answerOffer(r.state, 0, "fumiko-yamamori", "pass");
    expect(r.events.find((e) => e.text === "You do not use Fumiko Yamamori.")!.to).toEqual([0]);
    // then the hand-limit discard (6 cards in hand): nothing else was offered
    expect(owes(r.state)).toBe("hand-limit:0");
    expect(r.state.effects).toEqual([]);
  });

  it("a table whose END OF TURN assets are not usable never waits", () => {
    const s = table();
    giveAsset(s, 0, "fumiko-yamamori"); // every supply is 0: nothing to lower
    const r = atEndOfTurn(s);
    expect(owes(r.state)).toBe("hand-limit:0");
    expect(texts(r.events)).not.toContain("Fumiko");
  });
});

describe("Alex Westlund: swap 2 assets in play; first lose 2 capital if one is yours", () => {
  it("swaps two other players' assets for free, each keeping its ready/exhausted state", () => {
    const s = table();
    giveAsset(s, 0, "alex-westlund");
    giveAsset(s, 1, "midori", true);
    giveAsset(s, 2, "tanaka");
    let r = answerOffer(atEndOfTurn(s).state, 0, "alex-westlund", "use");
    r = say(r.state, 0, "midori");
    expect(choices(r.state, 0)).toEqual(["alex-westlund", "tanaka"]); // only another player's
    r = say(r.state, 0, "tanaka");
    expect(r.state.seats[1]!.assets).toEqual([{ id: "tanaka", exhausted: false }]);
    expect(r.state.seats[2]!.assets).toEqual([{ id: "midori", exhausted: true }]);
    expect(r.state.seats[0]!.capital).toBe(10);
  });

  it("swapping one of your own costs 2 capital first (all you have when you have less)", () => {
    const s = table();
    giveAsset(s, 0, "alex-westlund");
    giveAsset(s, 3, "midori");
    s.seats[0]!.capital = 1;
    let r = answerOffer(atEndOfTurn(s).state, 0, "alex-westlund", "use");
    r = say(say(r.state, 0, "alex-westlund").state, 0, "midori");
    expect(held(r.state, 0)).toEqual(["midori"]);
    expect(held(r.state, 3)).toEqual(["alex-westlund"]);
    expect(r.state.seats[0]!.capital).toBe(0);
  });

  it("is not offered when no two players hold assets", () => {
    const s = table();
    giveAsset(s, 0, "alex-westlund");
    giveAsset(s, 0, "midori");
    expect(owes(atEndOfTurn(s).state)).toBe("hand-limit:0");
  });
});

describe("Bernice Mai: give up to 2 action cards to another player, 1 capital each", () => {
  it("moves the cards, pays per card and tells only the two players which cards", () => {
    const s = table();
    giveAsset(s, 0, "bernice-mai");
    const [a, b] = s.seats[0]!.hand;
    let r = answerOffer(atEndOfTurn(s).state, 0, "bernice-mai", "use");
    r = say(r.state, 0, 2);
    const first = say(r.state, 0, a!);
    r = say(first.state, 0, b!);
    expect(r.state.seats[2]!.hand).toEqual(expect.arrayContaining([a, b]));
    expect(r.state.seats[0]!.hand).not.toContain(a);
    expect(r.state.seats[0]!.capital).toBe(12);
    const privateLines = [...first.events, ...r.events].filter((e) => e.text.startsWith("Bernice Mai: the card given"));
    expect(privateLines).toHaveLength(2);
    for (const e of privateLines) expect(e.to).toEqual([0, 2]);
  });

  it("is 'up to': done after one card", () => {
    const s = table();
    giveAsset(s, 0, "bernice-mai");
    let r = answerOffer(atEndOfTurn(s).state, 0, "bernice-mai", "use");
    r = say(r.state, 0, 3);
    r = say(r.state, 0, r.state.seats[0]!.hand[0]!);
    r = say(r.state, 0, "done");
    expect(r.state.seats[0]!.capital).toBe(11);
  });

  it("is not offered with an empty hand", () => {
    const s = table();
    giveAsset(s, 0, "bernice-mai");
    emptyHand(s, 0);
    expect(atEndOfTurn(s).state.active).toBe(1); // no window, no hand limit: the next turn
  });
});

describe("Fumiko Yamamori: lower a supply above 0 by 1 and gain 2 capital", () => {
  it("offers only the resources above 0", () => {
    const s = table();
    giveAsset(s, 0, "fumiko-yamamori");
    s.supply.tech = 3;
    s.supply.credits = 1;
    let r = answerOffer(atEndOfTurn(s).state, 0, "fumiko-yamamori", "use");
    expect(choices(r.state, 0)).toEqual(["tech", "credits"]);
    r = say(r.state, 0, "credits");
    expect(r.state.supply.credits).toBe(0);
    expect(r.state.seats[0]!.capital).toBe(12);
  });
});

describe("Marco Cubrero: take 1 capital from any player, or 2 from the richest", () => {
  it("offers 2 only against the richest player, and every tied richest one", () => {
    const s = table();
    giveAsset(s, 0, "marco-cubrero");
    s.seats[2]!.capital = 20;
    s.seats[3]!.capital = 20;
    const r = answerOffer(atEndOfTurn(s).state, 0, "marco-cubrero", "use");
    expect(choices(r.state, 0)).toEqual(["1:1", "1:2", "2:2", "1:3", "2:3"]);
    const t = say(r.state, 0, "2:3").state;
    expect(t.seats[3]!.capital).toBe(18);
    expect(t.seats[0]!.capital).toBe(12);
  });

  it("when you alone are the richest, only 1 capital from someone is possible", () => {
    const s = table();
    giveAsset(s, 0, "marco-cubrero");
    s.seats[0]!.capital = 30;
    s.seats[1]!.capital = 0; // nothing to take from
    const r = answerOffer(atEndOfTurn(s).state, 0, "marco-cubrero", "use");
    expect(choices(r.state, 0)).toEqual(["1:2", "1:3"]);
  });
});

describe("Mr. Li: any player loses 1 capital and draws 2 action cards of types they pick", () => {
  it("the chosen player picks the types", () => {
    const s = table();
    giveAsset(s, 0, "mr-li");
    const before = s.seats[2]!.hand.length;
    let r = answerOffer(atEndOfTurn(s).state, 0, "mr-li", "use");
    r = say(r.state, 0, 2);
    expect(owes(r.state)).toBe("effect:2");
    r = say(say(r.state, 2, "media").state, 2, "security");
    expect(r.state.seats[2]!.hand.length).toBe(before + 2);
    expect(r.state.seats[2]!.capital).toBe(11);
  });

  it("a player with no capital still draws", () => {
    const s = table();
    giveAsset(s, 0, "mr-li");
    s.seats[0]!.capital = 0;
    let r = answerOffer(atEndOfTurn(s).state, 0, "mr-li", "use");
    r = say(say(say(r.state, 0, 0).state, 0, "labor").state, 0, "labor");
    expect(r.state.seats[0]!.capital).toBe(0);
    expect(r.state.seats[0]!.hand.length).toBe(s.seats[0]!.hand.length + 2);
  });
});

describe("'Mr. White': look at another player's hand; you may take 1 card", () => {
  it("shows the hand to the looker alone, never by card id, and takes the card picked", () => {
    const s = table();
    giveAsset(s, 0, "mr-white");
    const theirs = [...s.seats[1]!.hand];
    let r = answerOffer(atEndOfTurn(s).state, 0, "mr-white", "use");
    r = say(r.state, 0, 1);
    const look = r.events.find((e) => e.text.startsWith("Haas-Bioroid's hand:"))!;
    expect(look.to).toEqual([0]);
    expect(choices(r.state, 0)).toEqual([...theirs.map((_, i) => `take:${i}`), "none"]);
    r = say(r.state, 0, "take:1");
    expect(r.state.seats[0]!.hand).toContain(theirs[1]);
    expect(r.state.seats[1]!.hand).toEqual(theirs.filter((_, i) => i !== 1));
    expect(r.events.find((e) => e.text.startsWith("'Mr. White': Jinteki takes"))!.to).toEqual([0, 1]);
  });

  it("may take nothing, and offers only players with cards", () => {
    const s = table();
    giveAsset(s, 0, "mr-white");
    emptyHand(s, 1);
    let r = answerOffer(atEndOfTurn(s).state, 0, "mr-white", "use");
    expect(choices(r.state, 0)).toEqual([2, 3]);
    const hand = [...s.seats[2]!.hand];
    r = say(say(r.state, 0, 2).state, 0, "none");
    expect(r.state.seats[2]!.hand).toEqual(hand);
  });
});

describe("Susan Chen: gain 2 capital, then give this card to another player", () => {
  it("pays, then changes hands", () => {
    const s = table();
    giveAsset(s, 0, "susan-chen");
    let r = answerOffer(atEndOfTurn(s).state, 0, "susan-chen", "use");
    expect(r.state.seats[0]!.capital).toBe(12);
    r = say(r.state, 0, 3);
    expect(held(r.state, 3)).toEqual(["susan-chen"]);
    expect(held(r.state, 0)).toEqual([]);
  });
});

describe("Thomas Haas: look at the rival card under the board; you may swap it with yours", () => {
  it("only the owner learns the card and whether they swapped; other views and the public log are the same either way", () => {
    const s = table();
    giveAsset(s, 0, "thomas-haas");
    const mine = s.seats[0]!.rival;
    const under = s.rivalUnderBoard;
    const offered = answerOffer(atEndOfTurn(s).state, 0, "thomas-haas", "use");
    const lookLine = offered.events.find((e) => e.text.startsWith("Thomas Haas: the rival card under the board"))!;
    expect(lookLine.to).toEqual([0]);
    expect(prompt(offered.state, 0)).toContain("swap your rival");
    const swap = say(offered.state, 0, "swap");
    const keep = say(offered.state, 0, "keep");
    expect(swap.state.seats[0]!.rival).toBe(under);
    expect(swap.state.rivalUnderBoard).toBe(mine);
    expect(keep.state.seats[0]!.rival).toBe(mine);
    const publicText = (r: typeof swap) => texts(r.events.filter((e) => !e.to));
    expect(publicText(swap)).toBe(publicText(keep));
    for (const e of [...swap.events, ...keep.events]) if (e.text.includes("your rival")) expect(e.to).toEqual([0]);
    for (const who of [1, 2, 3, "spectator"] as const) expect(viewFor(swap.state, who)).toEqual(viewFor(keep.state, who));
  });
});
