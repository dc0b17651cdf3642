import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_VARIANT, VARIANT_DOCS } from "../../server/engine/index.ts";
import { resolveVariant } from "../../server/engine/variant.ts";
import type { VariantDoc } from "../../server/engine/variant.ts";

/** The README's table row for an option: key, default (and the other choices), tag, doc. */
function readmeRow(d: VariantDoc): string {
  const others = (d.choices ?? []).filter((x) => x !== d.default).map((x) => "`" + x + "`");
  const dflt = "`" + JSON.stringify(d.default) + "`" + (others.length ? ` (or ${others.join(", ")})` : "");
  return `| \`${d.key}\` | ${dflt} | ${d.tag} | ${d.doc} |`;
}
import { newGame } from "./helpers.ts";

describe("Variant options", () => {
  it("VARIANT_DOCS documents every option once, with its real default", () => {
    expect(VARIANT_DOCS.map((d) => d.key).sort()).toEqual(Object.keys(DEFAULT_VARIANT).sort());
    for (const d of VARIANT_DOCS) {
      expect(d.default).toEqual(DEFAULT_VARIANT[d.key]);
      expect(d.doc.length).toBeGreaterThan(20);
    }
  });

  it("Part E defaults: non-offerers support, capital 10-15 by seat, draw 2 keep 1 investments", () => {
    expect(DEFAULT_VARIANT.supportEligibility).toBe("non-offerers");
    expect(DEFAULT_VARIANT.startingCapital).toEqual([10, 11, 12, 13, 14, 15]);
    expect(DEFAULT_VARIANT.setupInvestments).toBe("draw-2-keep-1");
  });

  it("a partial variant keeps the other defaults and is stored in the state", () => {
    const v = resolveVariant({ tieWinner: "counter", tokenPools: { illness: 4, outage: 10, development: 10 } });
    expect(v.tieWinner).toBe("counter");
    expect(v.supplyMax).toBe(10);
    expect(newGame(4, 1, { startingCapital: [0, 0, 0, 0] }).seats.map((p) => p.capital)).toEqual([0, 0, 0, 0]);
  });

  it("citySetup and corpOrder change the starting table", () => {
    const s = newGame(4, 1, { citySetup: [{ district: 1, android: true }, { district: 2, android: true }, { district: 3, android: true, orgcrime: true }], corpOrder: ["jinteki", "nbn", "globalsec", "melange", "weyland", "haas-bioroid"] });
    expect(s.districts.filter((d) => d.android).map((d) => d.id)).toEqual([1, 2, 3]);
    expect(s.districts[2]!.orgcrime).toBe(true);
    expect(s.seats.map((p) => p.corp)).toEqual(["jinteki", "nbn", "globalsec", "melange"]);
  });
});

describe("The README's table of variant options", () => {
  it("has each option's row exactly as VARIANT_DOCS documents it (default, choices, tag, doc)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const d of VARIANT_DOCS) expect(readme, d.key).toContain(readmeRow(d));
  });
});

describe("docs/rules.md, the rules reference", () => {
  const rules = readFileSync(new URL("../../docs/rules.md", import.meta.url), "utf8");
  const evidence = rules.slice(rules.indexOf("## Variant options and their evidence"));
  const section = evidence.slice(0, evidence.indexOf("\n## ", 1));

  it("gives every variant option its evidence, in the section on variant options", () => {
    expect(section.length).toBeGreaterThan(0);
    for (const d of VARIANT_DOCS) expect(section, d.key).toContain("`" + d.key + "`");
  });

  it("names no option the engine does not have", () => {
    const named = [...section.matchAll(/^- `(\w+)`/gm)].map((m) => m[1]);
    expect(named.sort()).toEqual(VARIANT_DOCS.map((d) => d.key).sort());
  });
});

describe("Variant choices", () => {
  it("every enumerated option lists its allowed values, its default among them", () => {
    for (const d of VARIANT_DOCS) {
      if (typeof d.default !== "string") continue;
      expect(d.choices, d.key).toBeDefined();
      expect(d.choices).toContain(d.default);
    }
  });

  it("unknown keys are dropped from the stored variant", () => {
    const v = resolveVariant({ tieWinner: "counter", nonsense: 1 } as never);
    expect(Object.keys(v).sort()).toEqual(Object.keys(DEFAULT_VARIANT).sort());
  });
});
