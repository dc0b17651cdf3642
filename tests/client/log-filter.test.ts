// The game log's filter and names, on the engine's own public log lines of random games with trades.
import { describe, expect, it } from "vitest";
import { keepLine, withPeople } from "../../client/src/table/log-filter.ts";
import { apply, createGame, waitingFor } from "../../server/engine/index.ts";
import type { GameEvent } from "../../shared/view.ts";
import { corpName } from "../../server/engine/data.ts";
import { randomMove, testRng } from "../engine/driver.ts";

function publicEvents(seed: number): { events: GameEvent[]; corps: string[] } {
  const rnd = testRng(seed);
  let s = createGame({ players: 4, seed });
  const events: GameEvent[] = [];
  for (let step = 0; step < 20_000 && waitingFor(s).length > 0; step++) {
    const m = randomMove(rnd, s, 0.3)!;
    const r = apply(s, m.seat, m.command);
    if (!r.ok) continue;
    events.push(...r.events.filter((e) => !e.to));
    s = r.state;
  }
  return { events, corps: s.seats.map((_, i) => corpName(s, i)) };
}

describe("the log filter", () => {
  const { events, corps } = publicEvents(5);

  it("keeps trades, deals and the city apart, and yours by your corporation", () => {
    const of = (type: string) => events.filter((e) => e.type === type);
    expect(of("trade").length).toBeGreaterThan(0);
    for (const e of of("trade")) expect(keepLine("trades", e.text, null), e.text).toBe(true);
    for (const e of of("deal-won")) {
      expect(keepLine("deals", e.text, null), e.text).toBe(true);
      expect(keepLine("trades", e.text, null), e.text).toBe(false);
    }
    for (const type of ["threat", "event", "place", "production", "root"]) {
      for (const e of of(type)) expect(keepLine("city", e.text, null), e.text).toBe(true);
    }
    for (const e of of("round")) expect(keepLine("trades", e.text, null)).toBe(false);
    const mine = events.filter((e) => keepLine("mine", e.text, corps[0]!));
    expect(mine.length).toBeGreaterThan(0);
    for (const e of mine) expect(e.text).toContain(corps[0]);
    expect(events.filter((e) => keepLine("all", e.text, null))).toHaveLength(events.length);
  });

  it("names each corporation's player", () => {
    const people = corps.map((corp, i) => ({ corp, name: `P${i}` }));
    const won = events.find((e) => e.type === "deal-won")!;
    const seat = corps.findIndex((c) => won.text.startsWith(c));
    expect(withPeople(won.text, people).startsWith(`${corps[seat]} (P${seat}) wins the deal`)).toBe(true);
    expect(withPeople("Round 2 begins.", people)).toBe("Round 2 begins.");
  });
});
