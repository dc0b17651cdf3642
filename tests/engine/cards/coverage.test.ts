import { describe, expect, it } from "vitest";
import { ACTION_INSTANCES, catalog } from "../../../server/engine/data.ts";
import { RULEBOOK } from "../../../server/engine/registry.ts";

describe("Card coverage", () => {
  it("every action title and emergency action in the catalog has an effect script", () => {
    const missing = [...catalog.actionCards, ...catalog.emergencyActions].map((c) => c.id).filter((id) => !RULEBOOK.scripts.has(id));
    expect(missing).toEqual([]);
    // and every script in the rulebook belongs to a catalog card or asset
    const known = new Set([...catalog.actionCards, ...catalog.emergencyActions, ...catalog.assets].map((c) => c.id));
    expect([...RULEBOOK.scripts.keys()].filter((id) => !known.has(id))).toEqual([]);
    expect(catalog.actionCards).toHaveLength(20);
    expect(catalog.emergencyActions).toHaveLength(6);
  });

  it("the 100 action cards have unique instance ids a0..a99", () => {
    expect(ACTION_INSTANCES.map((x) => x.id)).toEqual(Array.from({ length: 100 }, (_, i) => "a" + i));
  });
});
