// The bots' per-card pick knowledge (server/bots/card-picks.ts) is keyed by card id: a key that names
// no card (a typo, a renamed card) would silently leave that card to the general rules.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import { CARD_PICKS } from "../../server/bots/card-picks.ts";

describe("the bots' per-card picks", () => {
  it("are keyed by the ids of action cards and emergency actions", () => {
    const ids = new Set([...catalog.actionCards.map((c) => c.id), ...catalog.emergencyActions.map((c) => c.id)]);
    const keys = Object.keys(CARD_PICKS);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => !ids.has(k))).toEqual([]);
  });
});
