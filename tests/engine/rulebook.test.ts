// The rulebook (server/engine/rulebook.ts, registry.ts): the cards' and assets' parts gathered once,
// where a later part never silently replaces an earlier one.
import { describe, expect, it } from "vitest";
import { buildRulebook } from "../../server/engine/rulebook.ts";
import type { Ability, CardScript } from "../../server/engine/rulebook.ts";
import { RULE_PARTS, RULEBOOK } from "../../server/engine/registry.ts";
import { engine } from "../../server/engine/index.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { createEngine } from "../../server/engine/engine.ts";
import { atFirstMainOffer, giveAsset } from "./helpers.ts";

const card: CardScript = { steps: [{ do: () => {} }] };
const ability: Ability = { usable: () => true, optional: true, cost: "none" };

describe("the rulebook", () => {
  it("refuses two scripts for one id and two abilities of one asset in one window", () => {
    expect(() => buildRulebook([{ scripts: { x: card } }, { scripts: { x: card } }])).toThrow(/two effect scripts for x/);
    const twice = { abilities: [{ window: "tie" as const, asset: "midori", ability }] };
    expect(() => buildRulebook([twice, twice])).toThrow(/two abilities for midori in the tie window/);
    expect(() => buildRulebook([...RULE_PARTS, { scripts: { [catalog.actionCards[0]!.id]: card } }])).toThrow(/two effect scripts/);
  });

  it("keeps every automatic effect of an asset in a window, in order", () => {
    const a = () => {};
    const b = () => {};
    const book = buildRulebook([{ automatic: [{ window: "deal-won", asset: "coach-walden", hook: a }] }, { automatic: [{ window: "deal-won", asset: "coach-walden", hook: b }] }]);
    expect(book.automatic["deal-won"]?.get("coach-walden")).toEqual([a, b]);
  });

  it("is what the core rules ask: hand size comes from the modifiers of the assets a seat holds", () => {
    const s = atFirstMainOffer();
    giveAsset(s, 1, "braintrust");
    expect(engine.handLimit(s, 1)).toBe(4);
    const withoutModifiers = createEngine(buildRulebook(RULE_PARTS.map((p) => ({ ...p, modifiers: undefined }))));
    expect(withoutModifiers.handLimit(s, 1)).toBe(5);
    expect(RULEBOOK.modifiers.handSize).toHaveLength(2); // Braintrust, Floyd 2X3A7C
  });
});
