import { describe, expect, it } from "vitest";
import { GameOver } from "../../server/engine/end.ts";
import { lowerThreat, raiseThreat } from "../../server/engine/threat.ts";
import { atFirstMainOffer, ctxOf, giveAsset, hook, withRules } from "./helpers.ts";

describe("Threat (A11)", () => {
  it("rises and falls within 0..25", () => {
    const c = ctxOf(atFirstMainOffer());
    raiseThreat(c, 7, "a test", "card");
    expect(c.s.threat).toBe(7);
    lowerThreat(c, 10, "a test");
    expect(c.s.threat).toBe(0);
  });

  it("the log says how far the track moved, and what was called for when it stopped at 25 or 0", () => {
    const c = ctxOf(atFirstMainOffer());
    c.s.threat = 1;
    lowerThreat(c, 3, "Riot Control");
    lowerThreat(c, 2, "Riot Control");
    c.s.threat = 21;
    raiseThreat(c, 2, "Refugee Influx", "demand");
    expect(() => raiseThreat(c, 5, "Helium-3 Transport Threatened", "event")).toThrow(GameOver);
    expect(c.ev.map((e) => e.text).filter((t) => t.startsWith("Threat "))).toEqual([
      "Threat falls by 1 to 0 (3 called for): Riot Control.",
      "Threat stays at 0 (2 called for): Riot Control.",
      "Threat rises by 2 to 23: Refugee Influx.",
      "Threat rises by 2 to 25 (5 called for): Helium-3 Transport Threatened.",
    ]);
  });

  it("reaching 25 ends the game at once; more threat is ignored afterwards", () => {
    const c = ctxOf(atFirstMainOffer());
    c.s.threat = 20;
    // the end unwinds whatever rule raised it: nothing runs after the result (end.ts)
    expect(() => raiseThreat(c, 9, "a test", "event")).toThrow(GameOver);
    expect(c.s.threat).toBe(25);
    expect(c.s.result?.reason).toBe("threat");
    expect(c.s.stage).toBe("finished");
    raiseThreat(c, 2, "after the end", "event");
    expect(c.s.threat).toBe(25);
  });

  it("tallies each rise by where it came from, counting only what was really added below 25", () => {
    const c = ctxOf(atFirstMainOffer());
    expect(c.s.threatFrom).toEqual({});
    raiseThreat(c, 6, "a test", "demand");
    raiseThreat(c, 2, "a test", "root");
    raiseThreat(c, 2, "a test", "root");
    lowerThreat(c, 3, "a test");
    raiseThreat(c, 3, "a test", "event");
    expect(c.s.threatFrom).toEqual({ demand: 6, root: 4, event: 3 });
    c.s.threat = 24;
    expect(() => raiseThreat(c, 2, "a test", "illness")).toThrow(GameOver);
    expect(c.s.threatFrom.illness).toBe(1);
  });

  it("opens the threat-increased window with the amount (Sunny LeBeau's hook point)", () => {
    const seen: number[] = [];
    const { rules } = withRules(hook("threat-increased", "sunny-lebeau", (_c, owner, p) => void seen.push(owner, p.amount!)));
    const s = atFirstMainOffer();
    giveAsset(s, 3, "sunny-lebeau");
    const c = { ...ctxOf(s), rules };
    raiseThreat(c, 3, "a test", "card");
    expect(seen).toEqual([3, 3]);
  });
});
