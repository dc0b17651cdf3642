// Several picks of one step at once (client/src/table/pick-sets.ts): one-click sets only where the
// picks are unordered, so a shortcut never makes an order (seat order) the table's choice, not yours.
import { describe, expect, it } from "vitest";
import type { ChoiceOption, LegalCommand } from "../../shared/protocol.ts";
import { allSets, offeredSets, setLabel } from "../../client/src/table/pick-sets.ts";

type Choose = Extract<LegalCommand, { type: "choose" }>;

const players = ["Haas-Bioroid", "Globalsec", "Melange Mining", "Jinteki"];
/** High-Risk Investments as the engine asks it: 3 players in order, the first gains 3 capital. */
const highRisk: Choose = {
  type: "choose", prompt: "High-Risk Investments: Pick the player who gains 3 capital", progress: { at: 1, of: 3 }, more: 2, ordered: true,
  options: players.map((label, seat) => ({ value: seat, label, intent: { act: "gain", amount: 3, seat } })),
};
const discard = (id: string, title: string): ChoiceOption => ({ value: id, label: `Discard ${title}`, intent: { act: "discard", card: id } });
/** Elizabeth Mills: discard 3, asked as 3 picks of one step (holding 3 or fewer, the engine discards them all unasked). */
const elizabeth = (hand: ChoiceOption[]): Choose => ({
  type: "choose", prompt: "Elizabeth Mills: discard an action card", progress: { at: 1, of: 3 }, more: Math.min(3, hand.length) - 1, options: hand,
});
const labels = (sets: ChoiceOption[][]) => sets.map(setLabel);

describe("sets of picks offered at once", () => {
  it("offers none where the order matters: no order (seat order or any other) is picked for you", () => {
    expect(allSets(highRisk)).toEqual([]);
    expect(offeredSets(highRisk)).toEqual([]);
  });

  it("offers every set where the picks are unordered, in words that name no order", () => {
    const unordered = { ...highRisk, ordered: undefined };
    const sets = labels(offeredSets(unordered));
    expect(sets).toHaveLength(4);
    expect(sets[0]).toBe("All 3: Haas-Bioroid, Globalsec and Melange Mining");
    for (const s of sets) expect(s).not.toContain("then");
  });

  it("gives a pick of every option one button with all of it (a step the engine still asks, as the client sees it)", () => {
    const hand = [discard("arrest-orders", "Arrest Orders"), discard("labor-solutions", "Labor Solutions"), discard("scorched-earth", "Scorched Earth")];
    expect(labels(offeredSets(elizabeth(hand)))).toEqual(["All 3: Discard Arrest Orders, Discard Labor Solutions and Discard Scorched Earth"]);
  });

  it("offers sets that read the same (two copies of one card) once", () => {
    const hand = [discard("labor-solutions", "Labor Solutions"), discard("labor-solutions#2", "Labor Solutions"),
      discard("arrest-orders", "Arrest Orders"), discard("scorched-earth", "Scorched Earth")];
    expect(labels(offeredSets(elizabeth(hand)))).toEqual([
      "All 3: Discard Labor Solutions, Discard Labor Solutions and Discard Arrest Orders",
      "All 3: Discard Labor Solutions, Discard Labor Solutions and Discard Scorched Earth",
      "All 3: Discard Labor Solutions, Discard Arrest Orders and Discard Scorched Earth",
    ]);
  });

  it("names a General draw's types as before", () => {
    const types = ["labor", "media", "biotech"].map((type): ChoiceOption => ({ value: type, label: type, intent: { act: "draw", type } as ChoiceOption["intent"] }));
    const draw: Choose = { type: "choose", prompt: "General draw", options: types, progress: { at: 1, of: 2 }, more: 1 };
    expect(labels(offeredSets(draw))).toEqual(["Draw labor + media", "Draw labor + biotech", "Draw media + biotech"]);
  });
});
