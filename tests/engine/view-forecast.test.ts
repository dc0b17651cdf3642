// A view whose threat forecast is worked out when read (view.ts, "when-read": views seldom asked for
// it, as the simulator's decisions) gives the forecast of the state as it was when the view was made,
// whatever the rules did to that state since. An imagined card's views carry none (imagine.ts).
import { describe, expect, it } from "vitest";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { forkState } from "../../server/engine/state.ts";
import type { GameState } from "../../server/engine/state.ts";
import { publicViewSince, viewFor } from "../../server/engine/view.ts";
import { playRandomGame } from "./driver.ts";

describe("a forecast worked out when read", () => {
  it("equals the one worked out at once, read before or after the state moved on", () => {
    const states: GameState[] = [];
    playRandomGame(5, 11, { onStep: (s) => states.push(s) });
    let moved = 0;
    for (let i = 0; i + 1 < states.length; i += 7) {
      const [s, next] = [states[i]!, states[i + 1]!];
      const now = publicViewSince(RULEBOOK, s, viewFor(RULEBOOK, s, "spectator"), next);
      const later = publicViewSince(RULEBOOK, s, viewFor(RULEBOOK, s, "spectator"), next, "when-read");
      expect(later).toEqual(now);
      // the state a "when-read" view was made of moves on as the rules move a working copy (in place)
      const working = forkState(next);
      const seen = viewFor(RULEBOOK, working, "spectator", "when-read");
      const atOnce = viewFor(RULEBOOK, working, "spectator").forecast;
      working.threat = Math.max(0, working.threat - 5);
      for (const r of Object.keys(working.supply) as (keyof GameState["supply"])[]) working.supply[r] = 0;
      working.effects = [];
      working.eventDiscard = [];
      if (JSON.stringify(viewFor(RULEBOOK, working, "spectator").forecast) !== JSON.stringify(atOnce)) moved++;
      expect(seen.forecast).toEqual(atOnce);
    }
    // the changes above did change the forecast most of the time: the check could fail
    expect(moved).toBeGreaterThan(10);
  });
});

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
