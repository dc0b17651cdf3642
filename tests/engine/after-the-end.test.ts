import { describe, expect, it } from "vitest";
import { atFirstMainOffer, clearCity, firstChoice, giveAsset, ok, resolveAsActive, setDistrict } from "./helpers.ts";

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
