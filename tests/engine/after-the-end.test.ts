import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Command } from "../../shared/protocol.ts";
import type { GameState } from "../../server/engine/index.ts";
import type { RulePart } from "../../server/engine/rulebook.ts";
import { WINDOWS } from "../../server/engine/rulebook.ts";
import { cloneState } from "../../server/engine/state.ts";
import { randomMove, testRng } from "./driver.ts";
import { atFirstMainOffer, clearCity, firstChoice, giveAsset, ok, resolveAsActive, setDistrict, withRules } from "./helpers.ts";

// Reported: illness raised threat to 25 while a card resolved, the game ended, and the
// illness-threat window still opened afterwards: Wong Ya Ching's holder gained 2 capital after the
// result was written (results 27, panel 29). Nothing may change once the result exists.
describe("Nothing changes once the result exists", () => {
  it("illness threat ending the game mid-card: Wong Ya Ching does not pay after the result", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { illness: true });
    s.threat = 23;
    const holder = (s.active + 1) % s.players;
    giveAsset(s, holder, "wong-ya-ching");
    let r = resolveAsActive(s, "scorched-earth");
    const events = [...r.events];
    for (const answer of [1, 5]) {
      if (r.state.result || r.state.pending?.kind !== "effect") break;
      r = ok(r.state, r.state.pending.seat, { type: "choose", option: r.state.pending.seat === s.active ? answer : firstChoice(r.state, r.state.pending.seat) });
      events.push(...r.events);
    }
    expect(r.state.threat).toBe(25);
    expect(r.state.result?.reason).toBe("threat");
    // the result's figures are the seats' figures: nothing moved after it was written
    for (const seatResult of r.state.result!.seats) expect(r.state.seats[seatResult.seat]!.capital).toBe(seatResult.capital);
    const over = events.findIndex((e) => e.type === "game-over");
    expect(over).toBeGreaterThanOrEqual(0);
    expect(events.slice(over + 1).map((e) => e.text)).toEqual([]);
    expect(events.some((e) => /Wong Ya Ching/.test(e.text))).toBe(false);
  });
});

// The property: over many seeded games played by random legal moves (trades too), some of them
// pushed towards an end by illness threat (high threat, illness in many districts, Wong Ya Ching in
// play), nothing changes once the result exists: no window opens after it, the command that ended
// the game logs nothing after "The game is over", the result's figures are the seats' own, and every
// later command, by any seat, is refused and leaves the state as it was.
describe("Property: no command or window changes any state after the result", () => {
  const afterResult: string[] = [];
  const watchers: RulePart = { rules: WINDOWS.map((window) => ({ window, rule: (c) => void (c.s.result && afterResult.push(window)) })) };
  const { engine } = withRules(watchers);
  let endedByIllness = 0;
  let ended = 0;

  function forced(s: GameState, rnd: () => number, threat: number): GameState {
    const t = cloneState(s);
    t.threat = threat;
    for (const d of t.districts) if (rnd() < 0.6) d.illness = true;
    giveAsset(t, Math.floor(rnd() * t.players), "wong-ya-ching");
    return t;
  }

  it("holds over seeded games, including games ended by illness threat mid-card", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(4, 5, 6), fc.option(fc.integer({ min: 17, max: 24 }), { nil: undefined }), (seed, players, threat) => {
        const rnd = testRng(seed);
        let s = engine.createGame({ players: players as 4 | 5 | 6, seed });
        if (threat !== undefined) s = forced(s, rnd, threat);
        let before = afterResult.length;
        for (let step = 0; step < 3000 && !s.result; step++) {
          const m = randomMove(rnd, s, 0.05, engine);
          if (!m) break;
          const r = engine.apply(s, m.seat, m.command);
          if (!r.ok) continue;
          s = r.state;
          if (!s.result) continue;
          ended++;
          const over = r.events.findIndex((e) => e.type === "game-over");
          expect(over).toBeGreaterThanOrEqual(0);
          expect(r.events.slice(over + 1)).toEqual([]);
          if (r.events.slice(0, over).some((e) => e.type === "threat" && /illness/.test(e.text) && / to 25:/.test(e.text))) endedByIllness++;
          for (const seat of s.result.seats) expect(s.seats[seat.seat]).toMatchObject({ capital: seat.capital, rival: seat.rival, corp: seat.corp });
          expect(s).toMatchObject({ stage: "finished", pending: null, effects: [], trades: [] });
        }
        expect(afterResult.length).toBe(before);
        if (!s.result) return;
        // after the result: whatever anyone sends is refused, and the state stays the same object
        const frozen = JSON.stringify(s);
        for (let seat = 0; seat < s.players; seat++) {
          for (const command of [...everyKindOfCommand(s, seat), { type: "trade-propose", to: (seat + 1) % s.players, give: { capital: 1, assets: [] } } as Command]) {
            const r = engine.apply(s, seat, command);
            expect(r.ok).toBe(false);
          }
        }
        expect(engine.legal(s, 0)).toEqual([]);
        expect(engine.waitingFor(s)).toEqual([]);
        expect(JSON.stringify(s)).toBe(frozen);
        before = afterResult.length;
      }),
      { numRuns: 60, seed: 34 },
    );
    expect(afterResult).toEqual([]);
    // the property saw games end, some of them by illness threat in the middle of a card
    expect(ended).toBeGreaterThan(30);
    expect(endedByIllness).toBeGreaterThan(0);
  });
});

function everyKindOfCommand(s: GameState, seat: number): Command[] {
  const hand = s.seats[seat]!.hand;
  return [
    { type: "offer", card: hand[0] ?? "a1" },
    { type: "offer", emergency: true },
    { type: "counteroffer", card: hand[0] ?? "a1", discard: [] },
    { type: "pass" },
    { type: "support", offer: "main", cards: hand.slice(0, 1) },
    { type: "abstain" },
    { type: "choose", option: "media" },
    { type: "choose", option: 1 },
    { type: "discard", cards: hand.slice(0, 1) },
    { type: "investment", keep: "x" },
    { type: "trade-accept", id: "t1" },
    { type: "trade-decline", id: "t1" },
    { type: "trade-cancel", id: "t1" },
  ];
}
