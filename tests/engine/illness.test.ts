import { describe, expect, it } from "vitest";
import type { GameEvent } from "../../shared/view.ts";
import { catalog } from "../../server/engine/data.ts";
import type { GameState } from "../../server/engine/index.ts";
import { atFirstMainOffer, clearCity, district, firstChoice, ok, resolveAsActive, setDistrict } from "./helpers.ts";

const ILLNESS_LINE = /involved a district with illness/;

/** Answers the card's picks with the first option (the given ones first) until no action card is resolving; returns the log. */
function finishCard(start: { state: GameState; events: GameEvent[] }, answers: (string | number)[] = []): { state: GameState; events: GameEvent[] } {
  let r = start;
  const events = [...start.events];
  const queue = [...answers];
  while (r.state.effects.some((f) => !f.asset) && r.state.pending?.kind === "effect") {
    const seat = r.state.pending.seat;
    r = ok(r.state, seat, { type: "choose", option: queue.shift() ?? firstChoice(r.state, seat) });
    events.push(...r.events);
  }
  return { state: r.state, events };
}

function illnessThreatLines(events: GameEvent[]): number {
  return events.filter((e) => ILLNESS_LINE.test(e.text)).length;
}

describe("Illness involvement (A10.3 [R]: a card that selects, targets or changes anything in a district with illness)", () => {
  it("Scorched Earth: the second district of the tier counts even with no enemy unit to remove", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { illness: true });
    const r = finishCard(resolveAsActive(s, "scorched-earth"), [1, 5]);
    expect(district(r.state, 1).condition).toBe("outage");
    expect(r.state.threat).toBe(2);
    expect(illnessThreatLines(r.events)).toBe(1);
  });

  it("a surplus copy that lands in a district with illness involves it (Media Circus's Human First unit moves 5 -> 6)", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { humanFirst: true });
    setDistrict(s, 6, { illness: true });
    const r = finishCard(resolveAsActive(s, "media-circus"), [5]);
    expect(district(r.state, 6).humanFirst).toBe(true);
    expect(r.state.threat).toBe(2);
  });

  it("a surplus copy that only passes a district with illness does not involve it", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { humanFirst: true });
    setDistrict(s, 6, { humanFirst: true, illness: true });
    const r = finishCard(resolveAsActive(s, "media-circus"), [5]);
    expect(district(r.state, 9).humanFirst).toBe(true);
    expect(r.state.threat).toBe(0);
  });

  it("Gentrification: an enemy unit moved on into a district with illness involves it", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { condition: "outage", humanFirst: true });
    setDistrict(s, 6, { illness: true });
    const r = finishCard(resolveAsActive(s, "gentrification"), [5]);
    expect(district(r.state, 6).humanFirst).toBe(true);
    expect(r.state.threat).toBe(2);
  });

  it("placing with an empty reserve still selects the district", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    // every orgcrime unit on the board: the reserve is empty
    for (const id of [1, 2, 3, 4, 5, 6, 8, 9, 10]) setDistrict(s, id, { orgcrime: true });
    setDistrict(s, 7, { illness: true });
    const r = finishCard(resolveAsActive(s, "labor-solutions"), ["done", 7]);
    expect(district(r.state, 7).orgcrime).toBe(false);
    expect(r.state.threat).toBe(2);
  });

  it("costs +2 once per card, however many districts with illness it involves", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    s.supply.credits = 3; // Spin Doctors then lowers credits instead of raising threat
    setDistrict(s, 3, { illness: true, condition: "protest" });
    setDistrict(s, 4, { illness: true, condition: "strike" });
    const r = finishCard(resolveAsActive(s, "spin-doctors"), [3, 4]);
    expect(district(r.state, 3).condition).toBe("none");
    expect(district(r.state, 4).condition).toBe("protest");
    expect(r.state.threat).toBe(2);
    expect(illnessThreatLines(r.events)).toBe(1);
  });

  // Every card that touches the city, in a city with illness everywhere, costs exactly one +2;
  // cards that waive it, and those that never touch a district, cost none.
  const NO_DISTRICT = new Set(["information-procurement", "unorthodox-knowledge", "vanity-project", "high-risk-investments", "puff-piece", "full-deployment", "energy-for-all"]);
  const cards = [...catalog.actionCards.map((a) => ({ id: a.id, emergency: false, free: a.illnessFree })), ...catalog.emergencyActions.map((e) => ({ id: e.id, emergency: true, free: e.illnessFree }))];
  for (const card of cards) {
    const expected = card.free || NO_DISTRICT.has(card.id) ? 0 : 1;
    it(`${card.id}: ${expected} illness threat in a city with illness everywhere`, () => {
      const s = atFirstMainOffer(6, 3);
      clearCity(s);
      for (const d of s.districts) d.illness = true;
      setDistrict(s, 1, { condition: "outage" });
      setDistrict(s, 2, { condition: "outage" });
      setDistrict(s, 3, { condition: "protest", humanFirst: true });
      setDistrict(s, 4, { condition: "strike", orgcrime: true });
      setDistrict(s, 8, { prisec: true });
      if (card.emergency) {
        // the corporation whose emergency action it is makes the main offer
        const seat = s.seats.findIndex((p) => p.emergency.some((e) => e.id === card.id));
        s.active = seat;
        s.pending = { kind: "main-offer", seat };
      }
      const r = finishCard(resolveAsActive(s, card.emergency ? "emergency" : card.id));
      expect(illnessThreatLines(r.events)).toBe(expected);
    });
  }
});
