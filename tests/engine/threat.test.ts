import { afterEach, describe, expect, it } from "vitest";
import { lowerThreat, raiseThreat } from "../../server/engine/threat.ts";
import { clearHooks, registerHook } from "../../server/engine/windows.ts";
import { atFirstMainOffer, ctxOf, giveAsset } from "./helpers.ts";

afterEach(() => clearHooks());

describe("Threat (A11)", () => {
  it("rises and falls within 0..25", () => {
    const c = ctxOf(atFirstMainOffer());
    raiseThreat(c, 7, "a test");
    expect(c.s.threat).toBe(7);
    lowerThreat(c, 10, "a test");
    expect(c.s.threat).toBe(0);
  });

  it("reaching 25 ends the game at once; more threat is ignored afterwards", () => {
    const c = ctxOf(atFirstMainOffer());
    c.s.threat = 20;
    raiseThreat(c, 9, "a test");
    expect(c.s.threat).toBe(25);
    expect(c.s.result?.reason).toBe("threat");
    expect(c.s.stage).toBe("finished");
    raiseThreat(c, 2, "after the end");
    expect(c.s.threat).toBe(25);
  });

  it("opens the threat-increased window with the amount (Sunny LeBeau's hook point)", () => {
    const seen: number[] = [];
    registerHook("threat-increased", "sunny-lebeau", (_c, owner, p) => void seen.push(owner, p.amount!));
    const s = atFirstMainOffer();
    giveAsset(s, 3, "sunny-lebeau");
    const c = ctxOf(s);
    raiseThreat(c, 3, "a test");
    expect(seen).toEqual([3, 3]);
  });
});
