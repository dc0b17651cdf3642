// The threat forecast (server/engine/forecast.ts) against the engine's own scoring: each event that may
// be next, revealed now by the game's real flow (windows open), adds what the forecast says; an unmet
// demand, paid now, adds its penalty; and the forecast reads nothing hidden (the order of the event deck).
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import type { GameEvent } from "../../shared/view.ts";
import { viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { threatForecast } from "../../server/engine/forecast.ts";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { clonePlain } from "../../server/engine/state.ts";
import { playRandomGame } from "./driver.ts";
import { runFlow } from "./helpers.ts";

/** Mid-game states of a few random games, every `every` commands, unfinished only. */
function samples(every: number): GameState[] {
  const out: GameState[] = [];
  for (const [players, seed] of [[4, 3], [5, 11], [6, 29]] as const) {
    let n = 0;
    playRandomGame(players, seed, { onStep: (s) => { if (!s.result && n++ % every === 0) out.push(s); } });
  }
  return out;
}

/** The threat when the event's log ends ("The next Action Phase has …"), from the real flow's log. */
function threatAfterEvent(start: number, events: GameEvent[]): number {
  let threat = start;
  for (const e of events) {
    const m = /^Threat (rises|falls) by \d+ to (\d+)/.exec(e.text);
    if (m) threat = Number(m[2]);
    if (/^The next Action Phase has/.test(e.text) || e.type === "game-over") return threat;
  }
  throw new Error(`the event did not finish: ${events.map((e) => e.text).join(" | ")}`);
}

describe("threat forecast", () => {
  const states = samples(40);

  it("each possible next event adds what the real event phase then adds", () => {
    let compared = 0;
    let nonZero = 0;
    for (const s of states) {
      const f = threatForecast(RULEBOOK, s);
      expect(f.event, "an event is always on top in these games").not.toBeNull();
      for (const c of f.event!.candidates) {
        const copy = clonePlain(s);
        copy.eventDeck = [c.id, ...copy.eventDeck.filter((x) => x !== c.id)];
        copy.stage = "event";
        copy.effects = [];
        copy.deal = null;
        const { events } = runFlow(copy);
        expect(threatAfterEvent(s.threat, events) - s.threat, `${c.name} at threat ${s.threat}`).toBe(c.adds);
        compared++;
        if (c.adds > 0) nonZero++;
      }
    }
    expect(compared).toBeGreaterThan(50);
    expect(nonZero, "some events do raise the threat in these games").toBeGreaterThan(5);
  });

  it("an unmet demand, paid now, adds its penalty; a met one adds nothing", () => {
    let unmet = 0;
    for (const s of states) {
      const f = threatForecast(RULEBOOK, s);
      const copy = clonePlain(s);
      copy.stage = "demand-pay";
      copy.effects = [];
      copy.deal = null;
      copy.demandRounds = 0; // not the last demand round: the game goes on after paying
      const { state } = runFlow(copy);
      // threat stops at 25: what it adds is at most what is left below it
      expect(state.threat - s.threat).toBe(Math.min(f.demand.adds, 25 - s.threat));
      if (f.demand.adds > 0) unmet++;
      expect(f.worst).toBe(Math.min(25, s.threat + f.demand.adds + (f.event?.max ?? 0) + f.illness));
    }
    expect(unmet).toBeGreaterThan(0);
  });

  it("the candidates are every event of the top card's category not yet resolved, whatever the deck's order", () => {
    for (const s of states.slice(0, 20)) {
      const f = threatForecast(RULEBOOK, s);
      const category = catalog.events.find((e) => e.id === s.eventDeck[0])!.category;
      expect(f.event!.category).toBe(category);
      expect(f.event!.candidates.map((c) => c.id).sort()).toEqual(
        catalog.events.filter((e) => e.category === category && !s.eventDiscard.includes(e.id)).map((e) => e.id).sort());
      // another card of the same category on top, the rest shuffled: the same forecast
      const same = s.eventDeck.filter((id) => catalog.events.find((e) => e.id === id)!.category === category);
      const other = clonePlain(s);
      const rest = other.eventDeck.filter((x) => x !== same.at(-1)).reverse();
      other.eventDeck = [same.at(-1)!, ...rest];
      expect(threatForecast(RULEBOOK, other)).toEqual(f);
    }
  });

  it("is in every view, the same for each seat and the spectator", () => {
    const s = states[5]!;
    const spectator = viewFor(s, "spectator").forecast;
    expect(spectator).toEqual(threatForecast(RULEBOOK, s));
    for (let seat = 0; seat < s.players; seat++) expect(viewFor(s, seat).forecast).toEqual(spectator);
  });

  it("tallies the threat of this round by source, and starts again each round", () => {
    let checked = 0;
    for (const s of states) {
      const f = threatForecast(RULEBOOK, s);
      for (const [k, v] of Object.entries(f.round)) expect(v).toBeLessThanOrEqual(f.total[k as keyof typeof f.total] ?? 0);
      if (Object.keys(f.round).length > 0) checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
