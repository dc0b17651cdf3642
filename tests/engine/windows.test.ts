import { describe, expect, it } from "vitest";
import { WINDOWS } from "../../server/engine/windows.ts";
import { catalog } from "../../server/engine/data.ts";
import type { WindowName } from "../../server/engine/windows.ts";
import { gainCapital, log } from "../../server/engine/ctx.ts";
import type { Command } from "../../shared/protocol.ts";
import type { Engine, GameState } from "../../server/engine/index.ts";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { advanceTo, atFirstMainOffer, giveAsset, giveCard, hook, ok, withRules } from "./helpers.ts";
import { playRandomGame } from "./driver.ts";

describe("Timing windows for assets", () => {
  it("hooks that do nothing, in every window for every asset, leave a whole game as it was", () => {
    const idle = withRules(...WINDOWS.flatMap((w) => catalog.assets.map((a) => hook(w, a.id, () => {}))));
    const a = playRandomGame(5, 4, { tradeRate: 0.05 });
    const b = playRandomGame(5, 4, { tradeRate: 0.05, engine: idle.engine });
    expect(b.state).toEqual(a.state);
    expect(b.commands).toEqual(a.commands);
  });

  it("the engine opens every named window during play, for the owner of a registered asset", () => {
    const seen = new Set<WindowName>();
    const { engine } = withRules(...WINDOWS.map((w) => hook(w, "coach-walden", () => void seen.add(w))));
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
    advanceTo(s, (t) => t.round >= 2 || !!t.result, answer, engine);
    const expected: WindowName[] = ["asset-revealed", "offer-proposed", "counteroffer-proposed", "support-start", "abstain", "resolution-start", "deal-won", "deal-end", "end-of-turn", "turn-start", "claim", "threat-increased"];
    for (const w of expected) expect(seen, w).toContain(w);
  });

  it("a hook can change the game through the context (its owner gains capital at turn start)", () => {
    const { engine } = withRules(
      hook("turn-start", "coach-walden", (c, owner) => {
        gainCapital(c, owner, 1);
        log(c, "asset", "Coach Walden pays 1.");
      }),
    );
    const s = atFirstMainOffer(4, 6);
    giveAsset(s, 2, "coach-walden");
    const before = s.seats[2]!.capital;
    let t = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }, engine).state;
    for (const seat of [1, 2, 3]) t = ok(t, seat, { type: "pass" }, engine).state;
    while (t.pending?.kind === "effect") t = ok(t, t.pending.seat, { type: "choose", option: firstOption(engine, t, t.pending.seat) }, engine).state;
    expect(t.seats[2]!.capital).toBe(before + 1);
  });
});

function firstOption(engine: Engine, s: GameState, seat: number): string | number {
  const c = engine.legal(s, seat).find((l) => l.type === "choose");
  return c && c.type === "choose" ? c.options[0]!.value : "done";
}

describe("Tie and illness-threat windows", () => {
  it("a tie opens the tie window, where a hook may name the winner (Midori's hook point)", () => {
    const { engine } = withRules(hook("tie", "midori", (c) => void (c.s.deal!.winner = "counter")));
    let s = atFirstMainOffer(4, 6);
    giveAsset(s, 3, "midori");
    s = ok(s, 0, { type: "offer", card: s.seats[0]!.hand[0]! }, engine).state;
    s = ok(s, 1, { type: "counteroffer", card: s.seats[1]!.hand[0]!, discard: [] }, engine).state;
    s = ok(s, 2, { type: "pass" }, engine).state;
    s = ok(s, 3, { type: "pass" }, engine).state;
    s = ok(s, 2, { type: "abstain" }, engine).state;
    const r = ok(s, 3, { type: "abstain" }, engine);
    expect(r.events.map((e) => e.text).join("\n")).toContain("Haas-Bioroid wins the deal");
  });

  it("illness threat opens the illness-threat window (Wong Ya Ching's hook point)", () => {
    const seen: number[] = [];
    const { engine } = withRules(hook("illness-threat", "wong-ya-ching", (_c, owner) => void seen.push(owner)));
    const s = atFirstMainOffer(4, 6);
    giveAsset(s, 2, "wong-ya-ching");
    for (const d of s.districts) d.illness = false;
    s.districts[5]!.illness = true;
    let t = ok(s, 0, { type: "offer", card: giveCard(s, 0, "ark-construction") }, engine).state;
    for (const seat of [1, 2, 3]) t = ok(t, seat, { type: "pass" }, engine).state;
    t = ok(t, 0, { type: "choose", option: 6 }, engine).state;
    expect(seen).toEqual([2]);
    expect(t.threat).toBeGreaterThanOrEqual(2);
  });
});

/** Whether an asset has any ability or automatic effect in any window of the game's rulebook. */
function hasWindowRule(assetId: string): boolean {
  return WINDOWS.some((w) => RULEBOOK.abilities[w]?.has(assetId) || RULEBOOK.automatic[w]?.has(assetId));
}

describe("asset coverage", () => {
  it("every asset card has its rules: an ability or automatic effect in a window, or a rule change (Aaron Marron, Braintrust)", () => {
    const ruleChanges = ["aaron-marron", "braintrust"];
    for (const a of catalog.assets) expect(hasWindowRule(a.id) || ruleChanges.includes(a.id), a.id).toBe(true);
    expect(RULEBOOK.modifiers.counterDiscard).toHaveLength(1); // Aaron Marron
    expect(RULEBOOK.modifiers.drawSlots).toHaveLength(1); // Braintrust
    expect(RULEBOOK.modifiers.handSize).toHaveLength(2); // Braintrust, Floyd 2X3A7C
    expect(catalog.assets).toHaveLength(34);
  });
});
