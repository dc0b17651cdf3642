import { describe, expect, it } from "vitest";
import { VariantSchema, districtWithoutRoot, variantProblem as checkVariant } from "../../server/engine/variant-schema.ts";
import { VARIANT_DOCS, DEFAULT_VARIANT, createGame, viewFor } from "../../server/engine/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { catalog } from "../../shared/catalog/index.ts";

describe("variant options sent by clients (one schema, owned by the engine)", () => {
  it("accepts every documented option at its default, and the engine plays with it", () => {
    for (const doc of VARIANT_DOCS) {
      const value = (DEFAULT_VARIANT as unknown as Record<string, unknown>)[doc.key];
      expect(checkVariant({ [doc.key]: value }), doc.key).toBeNull();
    }
    // bots play a whole game with options off their defaults: to its end, no error, no broken invariant
    const run = playGame(5, 1, { tieWinner: "counter", supplyMax: 12, eventTurns: {} });
    expect(run.error).toBeNull();
    expect(run.violations).toEqual([]);
    expect(run.ending).not.toBeNull();
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

  it("refuses next-district arrows that loop instead of reaching The Root", () => {
    const loops: Record<string, unknown>[] = [
      { districtOverrides: { "1": { next: 2 }, "2": { next: 1 } } },
      { districtOverrides: { "5": { next: 5 } } },
      { districtOverrides: Object.fromEntries(catalog.districts.map((d) => [String(d.id), { next: d.id }])) },
      { districtOverrides: { "10": { next: 1 } } }, // the last district no longer leaves the city
    ];
    for (const v of loops) {
      expect(checkVariant(v), JSON.stringify(v)).toMatch(/variant option "districtOverrides".*never reach The Root/);
      expect(VariantSchema.safeParse(v).success).toBe(false);
    }
    // a different graph that still leads everywhere to The Root is fine, and the engine plays it
    const shortcut = { districtOverrides: { "1": { next: "root" as const }, "5": { next: 10 as const } } };
    expect(checkVariant(shortcut)).toBeNull();
    expect(districtWithoutRoot(shortcut.districtOverrides)).toBeNull();
    const run = playGame(4, 1, shortcut);
    expect(run.error).toBeNull();
    expect(run.violations).toEqual([]);
    expect(run.ending).not.toBeNull();
    // the game was played on the new arrows (they are what the players see) and went otherwise than without them
    const arrows = Object.fromEntries(viewFor(run.state, "spectator").districts.map((d) => [d.id, d.next]));
    expect(arrows).toMatchObject({ 1: "root", 5: 10 });
    const plain = playGame(4, 1);
    expect(JSON.stringify(run.commands)).not.toBe(JSON.stringify(plain.commands));
  });

  it("refuses unknown keys at every level, and a City Setup the pools cannot hold", () => {
    expect(checkVariant({ tokenPools: { illness: 3, plague: 1 } })).toMatch(/variant option "tokenPools"/);
    expect(checkVariant({ corpDraws: { nbn: { threePlayers: ["media"] } } })).toMatch(/variant option "corpDraws"/);
    expect(checkVariant({ citySetup: [{ district: 1, android: true, dragon: true }] })).toMatch(/variant option "citySetup"/);
    expect(checkVariant({ sneaky: true, tieWinner: "main" })).toBe('There is no variant option "sneaky".');
    const illnessEverywhere = catalog.districts.map((d, i) => ({ district: d.id, illness: true, android: i < 3 }));
    expect(checkVariant({ citySetup: illnessEverywhere, tokenPools: { illness: 4 } })).toMatch(/citySetup.*illness/);
    expect(checkVariant({ citySetup: illnessEverywhere, tokenPools: { illness: catalog.districts.length } })).toBeNull();
    // at the edge: two illnesses need a pool of two
    const twoIllnesses = [{ district: 1, illness: true, android: true }, { district: 2, illness: true, android: true }, { district: 3, android: true }];
    expect(checkVariant({ citySetup: twoIllnesses, tokenPools: { illness: 1 } })).toMatch(/citySetup.*2 illness but only 1/);
    expect(checkVariant({ citySetup: twoIllnesses, tokenPools: { illness: 2 } })).toBeNull();
  });

  it("covers every documented option: a new option with choices is checked without a change here", () => {
    for (const doc of VARIANT_DOCS) {
      if (!doc.choices) continue;
      expect(checkVariant({ [doc.key]: "not-" + doc.choices.join("-") }), doc.key).toMatch(new RegExp(`variant option "${doc.key}"`));
    }
  });
});
