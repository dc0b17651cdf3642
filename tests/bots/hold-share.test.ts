// The negotiator's rough worths (issue #32): what a title is worth to it as its own offer, kept in its
// memory with the round it was imagined in and read where a rough worth will do, up to ROUGH_AGE rounds old.
import { describe, expect, it } from "vitest";
import { ROUGH_AGE, myUtility, typeWorth } from "../../server/bots/card-value.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { readTable } from "../../server/bots/city-sense.ts";
import { newMemory } from "../../server/bots/index.ts";
import { negotiate } from "../../server/bots/negotiate.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { botsUntil, firstMainOffer, ok, setHand, tableOf } from "./helpers.ts";

describe("the negotiator's kept worths", () => {
  it("a rough read takes a kept worth up to ROUGH_AGE rounds old; a fresh read imagines and keeps it", () => {
    const s = firstMainOffer(4, 1);
    s.round = 4;
    const sense = readTable(tableOf(s, 1));
    const fresh = myUtility(sense, "high-risk-investments");
    expect(Math.abs(fresh)).toBeGreaterThan(0.5);
    sense.roundWorth = newMemory().worth;
    const keep = (age: number) => sense.roundWorth!.set("high-risk-investments", { u: -100, round: s.round - age });
    keep(ROUGH_AGE);
    expect(myUtility(sense, "high-risk-investments", true)).toBe(-100);
    keep(ROUGH_AGE + 1);
    expect(myUtility(sense, "high-risk-investments", true)).toBe(fresh);
    // the fresh worth was kept with this round
    expect(sense.roundWorth!.get("high-risk-investments")).toEqual({ u: fresh, round: s.round });
    keep(0);
    expect(myUtility(sense, "high-risk-investments")).toBe(fresh);
    // "this-round": only a worth kept in this very round
    keep(0);
    expect(myUtility(sense, "high-risk-investments", "this-round")).toBe(-100);
    keep(1);
    expect(myUtility(sense, "high-risk-investments", "this-round")).toBe(fresh);
  });

  it("a type's worth for a draw reads kept worths of any earlier round, and imagines only titles never kept", () => {
    const s = firstMainOffer(4, 1);
    s.round = 6;
    const sense = readTable(tableOf(s, 1));
    const titles = catalog.actionCards.filter((c) => c.type === "media").map((c) => c.id);
    expect(titles.length).toBeGreaterThan(1);
    sense.roundWorth = newMemory().worth;
    // all but the last title kept long ago (older than ROUGH_AGE), each worth 10 * its place
    titles.slice(0, -1).forEach((id, i) => sense.roundWorth!.set(id, { u: 10 * i, round: s.round - ROUGH_AGE - 3 }));
    const last = titles[titles.length - 1]!;
    const fresh = myUtility(readTable(tableOf(s, 1)), last);
    const kept = titles.slice(0, -1).reduce((n, _, i) => n + 10 * i, 0);
    expect(typeWorth(sense, "media")).toBeCloseTo((kept + fresh) / titles.length, 9);
    // the old worths were read, not replaced; the one never kept was imagined and kept with this round
    expect(sense.roundWorth.get(titles[1]!)).toEqual({ u: 10, round: s.round - ROUGH_AGE - 3 });
    expect(sense.roundWorth.get(last)).toEqual({ u: fresh, round: s.round });
  });

  it("a counteroffer takes a worth kept in this round for a screened option, and imagines one kept earlier afresh", () => {
    let s = firstMainOffer(4, 3);
    const active = s.active;
    s = ok(s, active, { type: "offer", card: s.seats[active]!.hand[0]! });
    s = botsUntil(s, (x) => x.pending?.kind === "counteroffer", 5);
    const seat = s.pending!.seat;
    // two titles in hand: one the bot's memory says is worth a fortune as its offer, one worth nothing
    const [rich, poor] = ["clinical-trials", "spin-doctors"];
    const hand = setHand(s, seat, [rich, poor, poor]);
    const decide = (age: number) => {
      const memory = newMemory();
      memory.worth.set(rich, { u: 1000, round: s.round - age });
      memory.worth.set(poor, { u: -1000, round: s.round - age });
      return negotiate(tableOf(s, seat), makeRandom(1), memory).command;
    };
    // kept in this round: the fortune is believed, and the card is put forward
    expect(decide(0)).toMatchObject({ type: "counteroffer", card: hand[0] });
    // kept a round before: still screened in, but imagined afresh, and no fortune is found
    expect(decide(1)).not.toMatchObject({ card: hand[0] });
  });
});
