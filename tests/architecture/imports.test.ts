// Straight layers: no import circle anywhere in server/, shared/ and client/src, between files or
// between the server's parts (server/rooms, server/lobby, server/store...), and imports only go down
// (shared/ ← the engine ← the rest; the engine's core rules ← its cards). dependency-cruiser walks
// every import of every .ts/.tsx file, `import type` included, and every import must resolve, so a
// circle cannot hide behind an import the walk could not follow.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cruise } from "dependency-cruiser";
import type { ICruiseResult, IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const RULES = {
  forbidden: [
    { name: "no-circular", severity: "error" as const, from: {}, to: { circular: true } },
    { name: "no-circular-folders", scope: "folder" as const, severity: "error" as const, from: {}, to: { circular: true } },
    { name: "no-unresolvable", severity: "error" as const, from: {}, to: { couldNotResolve: true } },
    // the layers: shared/ stands on nothing of ours; the engine on shared/ and zod only; the core
    // rules never import a card or an asset (they read the rulebook: server/engine/registry.ts).
    { name: "shared-stands-alone", severity: "error" as const, from: { path: "^shared/" }, to: { path: "^(server|client|tests)/" } },
    {
      name: "engine-stands-alone",
      severity: "error" as const,
      from: { path: "^server/engine/" },
      to: { path: "^(server/(?!engine/)|client/|tests/)|node_modules/(?!zod/)" },
    },
    {
      name: "core-rules-import-no-card",
      severity: "error" as const,
      from: { path: "^server/engine/", pathNot: "^server/engine/(cards/|assets/|registry[.]ts$)" },
      to: { path: "^server/engine/(cards|assets)/" },
    },
    // the server's parts: the lobby and the rooms share the access layer, never each other; the table
    // core knows nothing of Colyseus; the store stands below the rooms, the lobby and the table.
    { name: "lobby-and-rooms-apart", severity: "error" as const, from: { path: "^server/lobby/" }, to: { path: "^server/rooms/" } },
    { name: "rooms-and-lobby-apart", severity: "error" as const, from: { path: "^server/rooms/" }, to: { path: "^server/lobby/" } },
    { name: "table-knows-no-colyseus", severity: "error" as const, from: { path: "^server/table/" }, to: { path: "^server/(rooms|lobby)/|node_modules/@colyseus/" } },
    { name: "store-below-the-game", severity: "error" as const, from: { path: "^server/store/" }, to: { path: "^server/(rooms|lobby|table|access)/" } },
    { name: "no-tests-in-production", severity: "error" as const, from: { path: "^(server|shared|client)/" }, to: { path: "^tests/" } },
  ],
};

/**
 * Circles known when this check came in, allowed until they are undone (each by its rule and the
 * folders or files on the circle, in order from where dependency-cruiser starts it). Any other
 * circle fails; so does an entry here that no longer happens (take it out). None is left.
 */
const KNOWN: { rule: string; cycle: string[] }[] = [];

async function cruiseTree(roots: string[], baseDir = process.cwd()): Promise<ICruiseResult> {
  const r = await cruise(roots, {
    baseDir,
    ruleSet: RULES,
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  });
  return r.output as ICruiseResult;
}

function describeViolation(v: IViolation): string {
  const path = v.cycle ? [v.from, ...v.cycle.map((d) => d.name)] : [v.from, v.unresolvedTo ?? v.to];
  return `${v.rule.name}: ${path.join(" → ")}`;
}

function key(rule: string, cycle: string[]): string {
  return `${rule}: ${cycle.join(" → ")}`;
}

describe("import graph", () => {
  it("has no import circle in server/, shared/ or client/src, imports only go down the layers, and every import resolves", async () => {
    const result = await cruiseTree(["server", "shared", "client/src"]);
    const ours = result.modules.filter((m) => !m.source.includes("node_modules"));
    // the walk really covered the tree: the server, the engine, the shared code and the client
    for (const f of ["server/index.ts", "server/engine/index.ts", "server/engine/registry.ts", "shared/protocol.ts", "client/src/main.tsx"]) {
      expect(ours.map((m) => m.source)).toContain(f);
    }
    expect(ours.length).toBeGreaterThan(100);

    const found = result.summary.violations.map((v) => ({ v, key: key(v.rule.name, v.rule.name === "no-circular-folders" ? [v.from, ...(v.cycle ?? []).map((d) => d.name)] : []) }));
    const known = new Set(KNOWN.map((k) => key(k.rule, k.cycle)));
    const unexpected = found.filter((f) => !known.has(f.key)).map((f) => describeViolation(f.v));
    expect(unexpected).toEqual([]);
    const stale = [...known].filter((k) => !found.some((f) => f.key === k));
    expect(stale, "a known circle is gone: take it out of KNOWN").toEqual([]);
  });

  it("the check finds a circle, also one made only of type imports, and a circle between folders", async () => {
    const dir = mkdtempSync(join(tmpdir(), "na-imports-"));
    try {
      mkdirSync(join(dir, "a"));
      mkdirSync(join(dir, "b"));
      writeFileSync(join(dir, "a", "one.ts"), 'import { two } from "./two.ts";\nexport const one = () => two;\n');
      writeFileSync(join(dir, "a", "two.ts"), 'import type { Three } from "./three.ts";\nexport const two = 2;\nexport type T = Three;\n');
      writeFileSync(join(dir, "a", "three.ts"), 'import type { T } from "./two.ts";\nexport type Three = T | 3;\n');
      writeFileSync(join(dir, "a", "four.ts"), 'import { five } from "../b/five.ts";\nexport const four = five;\n');
      writeFileSync(join(dir, "b", "five.ts"), 'export const five = 5;\n');
      writeFileSync(join(dir, "b", "six.ts"), 'import { one } from "../a/one.ts";\nexport const six = one;\n');
      const result = await cruiseTree(["a", "b"], dir);
      const seen = result.summary.violations.map(describeViolation);
      expect(seen.filter((v) => v.startsWith("no-circular: ") && v.includes("a/two.ts") && v.includes("a/three.ts"))).not.toEqual([]);
      expect(seen.filter((v) => v.startsWith("no-circular-folders: a → b → a") || v.startsWith("no-circular-folders: b → a → b"))).not.toEqual([]);
      expect(seen.filter((v) => v.includes("one.ts") || v.includes("five.ts"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
