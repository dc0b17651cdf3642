// Views without a threat forecast (view.ts, "none"): an imagined card's views (imagine.ts) carry none,
// and a bot's view is the seat's view less its forecast (engine.botViewFor).
import { describe, expect, it } from "vitest";
import { RULEBOOK } from "../../server/engine/registry.ts";
import type { GameState } from "../../server/engine/state.ts";
import { viewFor } from "../../server/engine/view.ts";
import { playRandomGame } from "./driver.ts";

describe("an imagined card's views", () => {
  it("carry no forecast, and stay as they were made while the card goes on in place", async () => {
    const { imagineCard } = await import("../../server/engine/imagine.ts");
    const { catalog } = await import("../../shared/catalog/index.ts");
    const states: GameState[] = [];
    playRandomGame(5, 12, { onStep: (s) => states.push(s) });
    const titles = catalog.actionCards.map((c) => c.id);
    let checked = 0;
    let moved = 0;
    for (let i = 0; i < states.length; i += 9) {
      const view = viewFor(RULEBOOK, states[i]!, 0);
      if (view.result) continue;
      for (const title of titles) {
        // each pick's view, as it was then, kept until the card is over
        const kept: { view: object; atOnce: string }[] = [];
        const r = imagineCard(view, title, 1, (_chooser, options, now) => {
          const seen = now();
          kept.push({ view: seen, atOnce: JSON.stringify(seen) });
          return options[options.length - 1]!.value;
        });
        if (!r.ok) continue;
        expect((r.view as { forecast?: unknown }).forecast ?? null).toBeNull();
        const end = JSON.stringify(r.view);
        for (const k of kept) {
          expect((k.view as { forecast?: unknown }).forecast ?? null).toBeNull();
          expect(JSON.stringify(k.view)).toBe(k.atOnce);
          checked++;
          if (k.atOnce !== end) moved++;
        }
      }
    }
    // the card went on to change the table after many of its picks: the check could fail
    expect(checked).toBeGreaterThan(50);
    expect(moved).toBeGreaterThan(10);
  });
});

describe("a bot's view", () => {
  it("is the seat's view less the threat forecast, which it leaves unworked", async () => {
    const { botViewFor, viewFor: engineViewFor } = await import("../../server/engine/index.ts");
    const states: GameState[] = [];
    playRandomGame(6, 13, { onStep: (s) => states.push(s) });
    let withForecast = 0;
    for (let i = 0; i < states.length; i += 11) {
      const s = states[i]!;
      const seat = s.pending?.seat ?? 0;
      const full = engineViewFor(s, seat);
      const bot = botViewFor(s, seat);
      expect((bot as { forecast?: unknown }).forecast ?? null).toBeNull();
      expect({ ...bot, forecast: full.forecast }).toEqual(full);
      if (full.forecast) withForecast++;
    }
    expect(withForecast).toBeGreaterThan(10);
  });
});
