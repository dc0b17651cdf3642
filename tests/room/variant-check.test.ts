import { describe, expect, it } from "vitest";
import { checkVariant } from "../../server/rooms/variant-check.ts";
import { VARIANT_DOCS, DEFAULT_VARIANT, createGame } from "../../server/engine/index.ts";

describe("variant options sent by clients", () => {
  it("accepts every documented option at its default, and the engine plays with it", () => {
    for (const doc of VARIANT_DOCS) {
      const value = (DEFAULT_VARIANT as unknown as Record<string, unknown>)[doc.key];
      expect(checkVariant({ [doc.key]: value }), doc.key).toBeNull();
    }
    expect(() => createGame({ players: 5, seed: 1, variant: { tieWinner: "counter", supplyMax: 12, eventTurns: {} } })).not.toThrow();
  });

  it("accepts a starting-hand table of 0-4 corp-sheet draws for each of the six seats", () => {
    expect(checkVariant({ startingHand: [2, 1, 1, 1, 0, 4] })).toBeNull();
    for (const bad of [[1, 1], [1, 1, 1, 1, 1, -1], [1, 1, 1, 1, 1, 5], [1, 1, 1, 1, 1, 1.5], "1"]) {
      expect(checkVariant({ startingHand: bad }), JSON.stringify(bad)).toMatch(/variant option "startingHand"/);
    }
  });

  it("accepts every documented choice of each pick-one option", () => {
    for (const doc of VARIANT_DOCS) {
      for (const choice of (doc as { choices?: string[] }).choices ?? []) expect(checkVariant({ [doc.key]: choice })).toBeNull();
    }
  });

  it("refuses unknown options and malformed values with a sentence", () => {
    const bad: Record<string, unknown>[] = [
      { noSuchRule: 1 }, { tieWinner: "nobody" }, { supplyMax: -1 }, { supplyMax: "10" }, { startingCapital: [1, 2] },
      { corpOrder: ["nbn", "nbn", "nbn", "nbn", "nbn", "nbn"] }, { districtOverrides: { "11": { tier: 2 } } },
      { districtOverrides: { "3": { next: 99 } } }, { eventTurns: { "no-such-event": 3 } }, { citySetup: "everything" }, { citySetup: [{ district: 7, android: true }] },
      { citySetup: [{ district: 7, android: true }, { district: 7, android: true }, { district: 2, android: true }] },
      { corpDraws: { nbn: { fourPlayers: ["magic"] } } }, { tokenPools: { illness: 0 } }, { reshuffleEmptyDecks: "yes" },
      { melangeContract: "sometimes" }, { corpAssignment: "chosen" }, { haasBioroidContract: 2 }, { coveredCounteroffers: true }, { supportOrder: "right" },
    ];
    for (const v of bad) expect(checkVariant(v), JSON.stringify(v)).toMatch(/variant option/);
  });
});
