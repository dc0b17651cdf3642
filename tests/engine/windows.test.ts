import { afterEach, describe, expect, it } from "vitest";
import { clearHooks, hasWindowRule, registerHook, WINDOWS } from "../../server/engine/windows.ts";
import { catalog } from "../../server/engine/data.ts";
import type { WindowName } from "../../server/engine/windows.ts";
import { gainCapital, log } from "../../server/engine/ctx.ts";
import type { Command } from "../../shared/protocol.ts";
import { legal } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { advanceTo, atFirstMainOffer, giveAsset, giveCard, ok } from "./helpers.ts";
import { playRandomGame } from "./driver.ts";

afterEach(() => clearHooks());

describe("Timing windows for assets", () => {
  it("with no hooks registered, a whole game plays the same (windows do nothing)", () => {
    const a = playRandomGame(5, 4);
    clearHooks();
    const b = playRandomGame(5, 4);
    expect(b.state).toEqual(a.state);
  });

  it("the engine opens every named window during play, for the owner of a registered asset", () => {
    const seen = new Set<WindowName>();
    for (const w of WINDOWS) registerHook(w, "coach-walden", () => void seen.add(w));
    // every seat owns the asset in turn: give it to seat 0 at setup
    const s = atFirstMainOffer(4, 6);
    giveAsset(s, 0, "coach-walden");
    // seat 1 counters once per deal and seat 2 supports the main offer, so every deal step happens
    const answer = (t: GameState): Command | null => {
      const p = t.pending!;
      const hand = t.seats[p.seat]!.hand;
      if (p.kind === "counteroffer" && p.seat === 1 && hand.length > 0 && t.deal!.counters.length === 0) return { type: "counteroffer", card: hand[0]!, discard: [] };
      if (p.kind === "support" && p.seat === 2) return { type: "support", offer: "main", cards: [hand[0]!] };
      return null;
    };
    advanceTo(s, (t) => t.round >= 2 || !!t.result, answer);
    const expected: WindowName[] = ["asset-revealed", "offer-proposed", "counteroffer-proposed", "support-start", "abstain", "resolution-start", "deal-won", "deal-end", "end-of-turn", "turn-start", "claim", "threat-increased"];
    for (const w of expected) expect(seen, w).toContain(w);
  });

  it("a hook can change the game through the context (its owner gains capital at turn start)", () => {
    registerHook("turn-start", "coach-walden", (c, owner) => {
      gainCapital(c, owner, 1);
      log(c, "asset", "Coach Walden pays 1.");
    });
    const s = atFirstMainOffer(4, 6);
    giveAsset(s, 2, "coach-walden");
    const before = s.seats[2]!.capital;
    let t = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
    for (const seat of [1, 2, 3]) t = ok(t, seat, { type: "pass" }).state;
    while (t.pending?.kind === "effect") t = ok(t, t.pending.seat, { type: "choose", option: firstOption(t, t.pending.seat) }).state;
    expect(t.seats[2]!.capital).toBe(before + 1);
  });
});

function firstOption(s: GameState, seat: number): string | number {
  const c = legal(s, seat).find((l) => l.type === "choose");
  return c && c.type === "choose" ? c.options[0]!.value : "done";
}

describe("Tie and illness-threat windows", () => {
  it("a tie opens the tie window, where a hook may name the winner (Midori's hook point)", () => {
    registerHook("tie", "midori", (c) => void (c.s.deal!.winner = "counter"));
    let s = atFirstMainOffer(4, 6);
    giveAsset(s, 3, "midori");
    s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }).state;
    s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }).state;
    s = ok(s, 2, { type: "pass" }).state;
    s = ok(s, 3, { type: "pass" }).state;
    s = ok(s, 2, { type: "abstain" }).state;
    const r = ok(s, 3, { type: "abstain" });
    expect(r.events.map((e) => e.text).join("\n")).toContain("Haas-Bioroid wins the deal");
  });

  it("illness threat opens the illness-threat window (Wong Ya Ching's hook point)", () => {
    const seen: number[] = [];
    registerHook("illness-threat", "wong-ya-ching", (_c, owner) => void seen.push(owner));
    const s = atFirstMainOffer(4, 6);
    giveAsset(s, 2, "wong-ya-ching");
    for (const d of s.districts) d.illness = false;
    s.districts[5]!.illness = true;
    let t = ok(s, 0, { type: "offer", card: giveCard(s, 0, "ark-construction") }).state;
    for (const seat of [1, 2, 3]) t = ok(t, seat, { type: "pass" }).state;
    t = ok(t, 0, { type: "choose", option: 6 }).state;
    expect(seen).toEqual([2]);
    expect(t.threat).toBeGreaterThanOrEqual(2);
  });
});

describe("asset coverage", () => {
  it("every asset card has its rules: an ability or automatic effect in a window, or a rule change (Aaron Marron, Braintrust)", () => {
    const ruleChanges = ["aaron-marron", "braintrust"];
    for (const a of catalog.assets) expect(hasWindowRule(a.id) || ruleChanges.includes(a.id), a.id).toBe(true);
    expect(catalog.assets).toHaveLength(34);
  });
});
