import { describe, expect, it } from "vitest";
import { ACTION_INSTANCES, catalog } from "../../../server/engine/data.ts";
import { hasScript } from "../../../server/engine/effects.ts";
import "../../../server/engine/index.ts";

describe("Card coverage", () => {
  it("every action title and emergency action in the catalog has an effect script", () => {
    const missing = [...catalog.actionCards, ...catalog.emergencyActions].map((c) => c.id).filter((id) => !hasScript(id));
    expect(missing).toEqual([]);
    expect(catalog.actionCards).toHaveLength(20);
    expect(catalog.emergencyActions).toHaveLength(6);
  });

  it("the 100 action cards have unique instance ids a0..a99", () => {
    expect(ACTION_INSTANCES.map((x) => x.id)).toEqual(Array.from({ length: 100 }, (_, i) => "a" + i));
  });
});
