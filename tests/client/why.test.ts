// The end screen's "why each player won or lost" (client/src/table/why.ts): worded from the engine's
// result and the end's summary, one explanation per seat (yours first) naming the rival card, the
// player who held that corporation, both capitals, the round of the last change of places, and the
// threat's part.
import { describe, expect, it } from "vitest";
import { threatWhy, whyLines } from "../../client/src/table/why.ts";
import type { GameSummary } from "../../shared/ends-api.ts";
import type { ResultView } from "../../shared/view.ts";

const names = ["Ann", "Ben", "Cy", "Di"];
const name = (n: number) => names[n]!;
const label = (k: string) => ({ demand: "unmet demand", event: "events", card: "cards" })[k] ?? k;
const normal: ResultView = {
  reason: "end", winners: [0], rivalUnderBoard: "weyland",
  seats: [
    { seat: 0, corp: "jinteki", rival: "nbn", capital: 14, won: true, why: "14 capital against NBN's 12." },
    { seat: 1, corp: "nbn", rival: "nbn", capital: 12, won: false, why: "Own corporation as rival: more capital than 1 players (needs 2)." },
    { seat: 2, corp: "globalsec", rival: "federalist", capital: 20, won: false, why: "The Federalist does not win at a normal end." },
    { seat: 3, corp: "melange", rival: "jinteki", capital: 14, won: false, why: "14 capital against Jinteki's 14." },
  ],
};
const summary = {
  code: "X", names, corps: ["Jinteki", "NBN", "Globalsec", "Melange Mining"], dealsWon: [], supportGiven: [], supportReceived: [], trades: [],
  rounds: [{ label: "1", step: 0, capital: [], threat: 0, threatFrom: {} }, { label: "end", step: 90, capital: [], threat: 17, threatFrom: { demand: 4, event: 9, card: 2 } }],
  decided: { round: "3", step: 80, lines: [] },
  rivalTurns: [{ round: "D", step: 70, ahead: true }, null, null, null],
} satisfies GameSummary;

describe("why each player won or lost", () => {
  it("names the rival card, who played it, both capitals and when they last changed places; yours first", () => {
    const lines = whyLines(normal, summary, name, 3);
    expect(lines.map((l) => l.seat)).toEqual([3, 0, 1, 2]);
    expect(lines.map((l) => l.won)).toEqual([false, true, false, false]);
    const [di, ann, ben, cy] = lines.map((l) => l.text);
    expect(ann).toBe("Ann's rival card: NBN. Ann ended with 14 capital, Ben, who played it, with 12; went ahead of them in a demand round and stayed ahead. More capital than the rival: a win.");
    expect(di).toBe("Your rival card: Jinteki. You ended with 14 capital, Ann, who played it, with 14; never ahead of them. Equal capital is not enough: a loss.");
    // the engine's own words where the rule is not a comparison with another corporation
    expect(ben).toBe(`Ben's rival card: NBN. ${normal.seats[1]!.why}`);
    expect(cy).toBe(`Cy's rival card: Federalist. ${normal.seats[2]!.why}`);
  });

  it("tells a lead lost", () => {
    const lost = whyLines(normal, { ...summary, rivalTurns: [null, null, null, { round: "5", step: 60, ahead: false }] }, name, null);
    expect(lost.find((l) => l.seat === 3)!.text).toBe("Di's rival card: Jinteki. Di ended with 14 capital, Ann, who played it, with 14; lost the lead to them in round 5 and never took it back. Equal capital is not enough: a loss.");
  });

  it("leaves the turns out while the summary loads, and tells the threat's part", () => {
    expect(whyLines(normal, null, name, null)[0]!.text).toBe("Ann's rival card: NBN. Ann ended with 14 capital, Ben, who played it, with 12. More capital than the rival: a win.");
    expect(threatWhy(normal, 17, summary, label)).toBe("The city held: threat ended at 17 of 25, most of it from events (9). So each rival card decided.");
    const fell: ResultView = { ...normal, reason: "threat", winners: [], seats: normal.seats.map((s) => ({ ...s, won: false, why: "Threat reached 25: the city is lost." })) };
    expect(threatWhy(fell, 25, summary, label)).toBe("The city fell: threat reached 25 in round 3, most of it from events (9). Then rivals do not count; only a Federalist with 25 capital wins.");
    for (const l of whyLines(fell, summary, name, 0)) expect(l.text).toMatch(/rival card: .*\. Threat reached 25: the city is lost\.$/);
  });
});
