// No engine loop runs unbounded (issue #14): states built around the validation (a next-district cycle
// written straight into the state, a script that loops forever, queues that never empty) make the
// engine throw EngineStuck, and apply() refuses the command, instead of spinning forever.
import { describe, expect, it } from "vitest";
import { EngineStuck, STEP_BUDGET } from "../../server/engine/budget.ts";
import { move, place } from "../../server/engine/city.ts";
import type { Ctx } from "../../server/engine/ctx.ts";
import { runInvestmentChoice } from "../../server/engine/demand.ts";
import { runDraw } from "../../server/engine/draw.ts";
import { runEffects, startEffect } from "../../server/engine/effects.ts";
import { runCounteroffer } from "../../server/engine/deal/counteroffer.ts";
import { runSupport } from "../../server/engine/deal/support.ts";
import type { GameState } from "../../server/engine/state.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import { newGame, withRules } from "./helpers.ts";

/** The game's rules plus a card whose script loops forever (written straight into a test rulebook). */
const { rules, engine } = withRules({
  scripts: { "test-forever": { steps: [{ do: () => {} }, { loop: { back: 1, while: () => true } }] } },
});

const ctx = (s: GameState): Ctx => ({ s, ev: [], frame: null, rules });

/** Every district's arrow points back at itself: written into the state, as no validated variant can. */
function selfLoops(s: GameState): void {
  s.variant.districtOverrides = Object.fromEntries(catalog.districts.map((d) => [d.id, { next: d.id }]));
}

/** An array that never empties: shift() hands out its first item and keeps it. */
function endless<T>(item: T): T[] {
  const a = [item];
  a.shift = () => item;
  return a;
}

describe("engine loops have a step budget", () => {
  it("a unit moving along a next-district cycle throws instead of looping", () => {
    const s = newGame(4, 1);
    selfLoops(s);
    for (const d of s.districts) d.humanFirst = d.id <= 2; // the first two are taken: a new unit must move on
    expect(() => place(ctx(s), "humanFirst", 1)).toThrow(EngineStuck);
    const t = newGame(4, 1);
    t.variant.districtOverrides = { 1: { next: 2 }, 2: { next: 3 }, 3: { next: 2 } };
    for (const d of t.districts) d.orgcrime = d.id <= 3;
    expect(() => move(ctx(t), "orgcrime", 1)).toThrow(/never reach The Root/);
  });

  it("a card script whose loop never ends throws; through apply() the command is refused", () => {
    const s = newGame(4, 1);
    const c = ctx(s);
    startEffect(c, "test-forever", 0);
    expect(() => runEffects(c)).toThrow(EngineStuck);

    // the same frame waiting behind a player's decision: answering it is refused, the state unchanged
    const g = newGame(4, 1);
    expect(g.pending?.kind).toBe("general-draw");
    const seat = g.pending!.seat;
    const stage = g.stage;
    startEffect(ctx(g), "test-forever", seat);
    g.stage = stage;
    const before = JSON.stringify(g);
    const type = ACTION_TYPES.find((t) => !g.draw!.drawn.includes(t))!;
    const r = engine.apply(g, seat, { type: "choose", option: type });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe("engine-stuck");
      expect(r.message).toMatch(/engine stopped/);
    }
    expect(JSON.stringify(g)).toBe(before);
  });

  it("draw, investment, counteroffer and support queues that never empty throw", () => {
    const s = newGame(4, 1);
    s.draw = { seat: 0, slots: endless("media"), drawn: [], cards: [], then: "asset" };
    expect(() => runDraw(ctx(s))).toThrow(EngineStuck);

    const t = newGame(4, 1);
    t.pending = null;
    t.cursor = 0;
    expect(() => runInvestmentChoice(ctx(t), new Array(STEP_BUDGET + 1).fill(0), false, "next-round")).toThrow(EngineStuck);

    const u = newGame(4, 1);
    const seat = 1;
    u.seats[seat]!.hand = [];
    u.seats[seat]!.emergency = [];
    u.deal = { counterQueue: endless(seat), supportQueue: endless(seat), abstained: [], counters: [], main: null } as unknown as GameState["deal"];
    expect(() => runCounteroffer(ctx(u))).toThrow(EngineStuck);
    u.effects = [];
    expect(() => runSupport(ctx(u))).toThrow(EngineStuck);
  });
});
