import { describe, expect, it } from "vitest";
import { runEvent } from "../../server/engine/events.ts";
import { viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { atFirstMainOffer, clearCity, ctxOf, district, setDistrict, texts } from "./helpers.ts";

function withEventOnTop(id: string, setup: (s: GameState) => void = () => {}) {
  const s = atFirstMainOffer();
  clearCity(s);
  s.eventDeck = [id, ...s.eventDeck.filter((x) => x !== id)];
  s.turnTrack = [null, null, null, null, null];
  setup(s);
  const c = ctxOf(s);
  runEvent(c);
  return c;
}

describe("Event Phase (A5.3)", () => {
  it("places one of each listed component in each listed district, deals the turn track, and goes under the deck", () => {
    // Tri-Maf Leaders Unite!: +1 per orgcrime; Human First in 1 and 2, outage in 7, illness in 3; 5 turns
    const c = withEventOnTop("tri-maf-leaders-unite", (s) => setDistrict(s, 9, { orgcrime: true }));
    expect(c.s.threat).toBe(1);
    expect(district(c.s, 1).humanFirst && district(c.s, 2).humanFirst).toBe(true);
    expect(district(c.s, 7).condition).toBe("outage");
    expect(district(c.s, 3).illness).toBe(true);
    expect(c.s.turnTrack.every((x) => x !== null)).toBe(true);
    expect(c.s.eventDeck[c.s.eventDeck.length - 1]).toBe("tri-maf-leaders-unite");
    expect(c.s.stage).toBe("next-round");
    // the event's own "!" ends the line: no full stop after it
    expect(c.ev.map((e) => e.text)).toContain("Threat rises by 1 to 1: Tri-Maf Leaders Unite!");
    expect(c.ev.filter((e) => /[!?]\.$/.test(e.text))).toEqual([]);
  });

  it("a surplus copy moves on along the next-district graph; past Base de Cayambe it enters The Root (+2 threat)", () => {
    // Beanstalk Beset by Protesters places illness in 9 and 10
    const c = withEventOnTop("beanstalk-beset-by-protesters", (s) => {
      setDistrict(s, 9, { illness: true });
      setDistrict(s, 10, { illness: true });
    });
    expect(texts(c.ev)).toContain("moves into The Root");
    // nothing in tier 3 with HF -> every HF moves (none on the board); Root twice: +4
    expect(c.s.threat).toBe(4);
  });

  it("move-all: every unit of the type moves, from the highest-numbered district (Activist Cells Awaken: twice)", () => {
    const c = withEventOnTop("activist-cells-awaken", (s) => {
      setDistrict(s, 1, { humanFirst: true });
      setDistrict(s, 9, { humanFirst: true });
    });
    // 9 -> 10 -> Root (+2); 1 -> 2 -> 5; then La Costa (3) gets a new one from the bottom half
    expect(district(c.s, 5).humanFirst).toBe(true);
    expect(district(c.s, 1).humanFirst || district(c.s, 9).humanFirst || district(c.s, 10).humanFirst).toBe(false);
    expect(district(c.s, 3).humanFirst).toBe(true);
    expect(c.s.threat).toBe(2);
  });

  it("if-in-tier: threat when the unit is in the tier, otherwise the units move", () => {
    const hit = withEventOnTop("beanstalk-owned-by-mob", (s) => setDistrict(s, 10, { orgcrime: true }));
    expect(hit.s.threat).toBe(4);
    expect(district(hit.s, 10).orgcrime).toBe(true);
    const miss = withEventOnTop("beanstalk-owned-by-mob", (s) => setDistrict(s, 3, { orgcrime: true }));
    expect(miss.s.threat).toBe(0);
    expect(district(miss.s, 5).orgcrime).toBe(true); // 3 -> 5
  });

  it("Helium-3: outage in tier 3 gives +5, else in tier 2 gives +3, else nothing", () => {
    expect(withEventOnTop("helium-3-transport-threatened", (s) => setDistrict(s, 9, { condition: "outage" })).s.threat).toBe(5);
    expect(withEventOnTop("helium-3-transport-threatened", (s) => setDistrict(s, 6, { condition: "outage" })).s.threat).toBe(3);
    expect(withEventOnTop("helium-3-transport-threatened", (s) => setDistrict(s, 1, { condition: "outage" })).s.threat).toBe(0);
  });

  it("per-district and at-least thresholds count the current city", () => {
    const three = (s: GameState) => [1, 2, 3].forEach((id) => setDistrict(s, id, { condition: "strike" }));
    expect(withEventOnTop("welfare-programs-slashed", three).s.threat).toBe(3);
    expect(withEventOnTop("average-wage-falls-again", three).s.threat).toBe(4);
    const two = (s: GameState) => [1, 2].forEach((id) => setDistrict(s, id, { condition: "strike" }));
    expect(withEventOnTop("average-wage-falls-again", two).s.threat).toBe(0);
  });

  it("[R] prisec blocks enemy units: they skip a district with prisec (variant prisecBlocksEnemyUnits)", () => {
    // Pistoleros: HF in Esmeraldas (8) -> with prisec in 8 it goes on to 9
    const c = withEventOnTop("pistoleros-hit-squads-strike", (s) => setDistrict(s, 8, { prisec: true }));
    expect(district(c.s, 8).humanFirst).toBe(false);
    expect(district(c.s, 9).humanFirst).toBe(true);
  });

  it("the next event's category (its card back) is public", () => {
    const s = atFirstMainOffer();
    const v = viewFor(s, "spectator");
    expect(["human-first", "orgcrime", "outage", "protest-strike"]).toContain(v.decks.nextEventCategory);
  });
});
