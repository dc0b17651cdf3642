// The picture of docs/architecture.md, enforced: every import between two of the project's parts
// (server/engine, server/rooms, shared/wire, client ...) must be an edge of PICTURE below; no import
// circle anywhere in server/, shared/ and client/src, between files or between parts; the engine's
// core rules never import a card. dependency-cruiser walks every import of every .ts/.tsx file,
// `import type` included, and every import must resolve, so nothing hides behind an import the walk
// could not follow. A new part, or a new edge, is a change to the picture: here and in the doc.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise } from "dependency-cruiser";
import type { ICruiseResult, IViolation } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

/**
 * What each part of the project may import besides itself and packages (a part: a folder under
 * server/ or shared/, a file directly there, or the whole client). The picture in
 * docs/architecture.md, from the bottom up.
 */
export const PICTURE: Record<string, string[]> = {
  "shared/catalog": [],
  "shared/prompts": [],
  "shared/protocol": ["shared/catalog", "shared/prompts"],
  "shared/phase-lines": ["shared/catalog"],
  "shared/view": ["shared/catalog", "shared/protocol"],
  "shared/variant": ["shared/view"],
  "shared/unsafe-keys": [],
  "shared/deadlines": [],
  "shared/adjourn-protocol": [],
  "shared/vote-protocol": [],
  "shared/room-protocol": ["shared/prompts", "shared/unsafe-keys"],
  "shared/bot-chose": [],
  "shared/seat-elsewhere": [],
  "shared/ends-api": ["shared/view", "shared/wire"],
  "shared/guide": ["shared/protocol", "shared/view"],
  "shared/wire": ["shared/catalog", "shared/protocol", "shared/room-protocol", "shared/view", "shared/vote-protocol"],
  "server/engine": ["shared/catalog", "shared/phase-lines", "shared/protocol", "shared/unsafe-keys", "shared/variant", "shared/view"],
  "server/bots": ["server/engine", "shared/catalog", "shared/protocol", "shared/view"],
  "server/sim": ["server/bots", "server/engine", "shared/catalog", "shared/protocol"],
  "server/logger": [],
  "server/metrics": [],
  "server/access": [],
  "server/store": ["server/engine", "shared/protocol", "shared/room-protocol", "shared/vote-protocol"],
  "server/table": ["server/access", "server/bots", "server/engine", "server/metrics", "server/store", "shared/adjourn-protocol", "shared/bot-chose", "shared/catalog", "shared/deadlines", "shared/guide", "shared/protocol", "shared/room-protocol", "shared/view", "shared/vote-protocol", "shared/wire"],
  "server/http-guard": ["server/access"],
  "server/fair-turns": ["server/access"],
  "server/static": [],
  "server/rooms": ["server/access", "server/engine", "server/metrics", "server/store", "server/table", "shared/adjourn-protocol", "shared/catalog", "shared/protocol", "shared/room-protocol", "shared/seat-elsewhere", "shared/view", "shared/vote-protocol", "shared/wire"],
  "server/lobby": ["server/access", "server/engine", "server/http-guard", "server/store", "server/table", "shared/ends-api", "shared/protocol", "shared/room-protocol", "shared/view", "shared/wire"],
  "server/config": ["server/access", "server/table"],
  "server/notify": ["server/lobby", "server/store", "server/table"],
  "server/app": ["server/access", "server/bots", "server/fair-turns", "server/http-guard", "server/lobby", "server/metrics", "server/notify", "server/rooms", "server/static", "server/store", "server/table", "shared/room-protocol"],
  "server/index": ["server/app", "server/config", "server/logger", "server/rooms", "server/store"],
  "server/scripts": ["server/access", "server/app", "server/bots", "server/engine", "server/http-guard", "server/lobby", "server/metrics", "server/rooms", "server/sim", "server/store", "server/table", "shared/catalog", "shared/protocol", "shared/room-protocol", "shared/view", "shared/wire"],
  // The client imports nothing from server/ (the "client-imports-no-server" rule below).
  "client": ["shared/adjourn-protocol", "shared/bot-chose", "shared/catalog", "shared/deadlines", "shared/ends-api", "shared/guide", "shared/phase-lines", "shared/prompts", "shared/protocol", "shared/room-protocol", "shared/seat-elsewhere", "shared/variant", "shared/view", "shared/vote-protocol", "shared/wire"],
};

/** A part's files: a folder (server/engine/...), a file beside the folders (server/app.ts), or one file named whole. */
function partPath(part: string): string {
  const escaped = part.replace(/[.]/g, "[.]");
  if (part === "client") return "^client/";
  return part.endsWith(".ts") ? `^${escaped}$` : `^${escaped}(/|[.]tsx?$)`;
}

/** The picture as dependency-cruiser's allow-list: anything not allowed is an error. */
function allowedRules(picture: Record<string, string[]>) {
  return [
    { from: {}, to: { dependencyTypes: ["core" as const] } },
    { from: {}, to: { path: "node_modules/" } },
    // within one part
    { from: { path: "^(server|shared)/([^/.]+)/" }, to: { path: "^$1/$2/" } },
    { from: { path: "^client/" }, to: { path: "^client/" } },
    ...Object.entries(picture).filter(([, to]) => to.length > 0).map(([from, to]) => ({
      from: { path: partPath(from) },
      to: { path: to.map(partPath).join("|") },
    })),
  ];
}

const RULES = {
  allowed: allowedRules(PICTURE),
  allowedSeverity: "error" as const,
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
    { name: "client-imports-no-server", severity: "error" as const, from: { path: "^client/" }, to: { path: "^server/" } },
    { name: "no-tests-in-production", severity: "error" as const, from: { path: "^(server|shared|client)/" }, to: { path: "^tests/" } },
  ],
};

/**
 * Circles known when this check came in, allowed until they are undone (each by its rule and the
 * folders or files on the circle, in order from where dependency-cruiser starts it). Any other
 * circle fails; so does an entry here that no longer happens (take it out). None is left.
 */
const KNOWN: { rule: string; cycle: string[] }[] = [];

async function cruiseTree(roots: string[], baseDir = process.cwd(), ruleSet: object = RULES): Promise<ICruiseResult> {
  const r = await cruise(roots, {
    baseDir,
    ruleSet,
    validate: true,
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
  });
  return r.output as ICruiseResult;
}

function describeViolation(v: IViolation): string {
  if (v.rule.name === "not-in-allowed") return `not in the picture (PICTURE, docs/architecture.md): ${v.from} → ${v.to}`;
  const path = v.cycle ? [v.from, ...v.cycle.map((d) => d.name)] : [v.from, v.unresolvedTo ?? v.to];
  return `${v.rule.name}: ${path.join(" → ")}`;
}

function key(rule: string, cycle: string[]): string {
  return `${rule}: ${cycle.join(" → ")}`;
}

/** The violations of the picture's rules in a small tree of these files (path: text), walked from `roots`. */
async function violationsIn(roots: string[], files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "na-picture-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return (await cruiseTree(roots, dir)).summary.violations.map(describeViolation);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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

  it("every part of the tree is in the picture, and every edge of the picture is used", async () => {
    const result = await cruiseTree(["server", "shared", "client/src"]);
    const ours = result.modules.filter((m) => !m.source.includes("node_modules") && !m.coreModule);
    const partOf = (file: string) => Object.keys(PICTURE).find((p) => new RegExp(partPath(p)).test(file));
    expect(ours.map((m) => m.source).filter((f) => !partOf(f)), "files in no part of the picture").toEqual([]);
    const used = new Set<string>();
    const targets = [...new Set(Object.values(PICTURE).flat())];
    for (const m of ours) {
      for (const d of m.dependencies) {
        for (const to of targets.filter((p) => p !== partOf(m.source) && new RegExp(partPath(p)).test(d.resolved))) {
          used.add(`${partOf(m.source)} → ${to}`);
        }
      }
    }
    const drawn = Object.entries(PICTURE).flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`));
    expect(drawn.filter((e) => !used.has(e)), "edges of the picture no import uses: take them out").toEqual([]);
  });

  it("the picture refuses an import it does not draw (the engine reaching up to the table)", async () => {
    const seen = await violationsIn(["server"], {
      "server/table/t.ts": 'import { e } from "../engine/e.ts";\nexport const t = e;\n',
      "server/engine/e.ts": "export const e = 1;\n",
      "server/engine/up.ts": 'import { t } from "../table/t.ts";\nexport const up = t;\n',
    });
    expect(seen.filter((v) => v.startsWith("not in the picture"))).toEqual([
      "not in the picture (PICTURE, docs/architecture.md): server/engine/up.ts → server/table/t.ts",
    ]);
  });

  it("the client may import nothing from server/", async () => {
    const seen = await violationsIn(["client"], {
      "server/engine/variant.ts": "export const v = 1;\n",
      "client/src/form.ts": 'import { v } from "../../server/engine/variant.ts";\nexport const f = v;\n',
    });
    expect(seen.filter((v) => v.startsWith("client-imports-no-server: client/src/form.ts → ") && v.endsWith("server/engine/variant.ts"))).toHaveLength(1);
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
      const result = await cruiseTree(["a", "b"], dir, { forbidden: RULES.forbidden });
      const seen = result.summary.violations.map(describeViolation);
      expect(seen.filter((v) => v.startsWith("no-circular: ") && v.includes("a/two.ts") && v.includes("a/three.ts"))).not.toEqual([]);
      expect(seen.filter((v) => v.startsWith("no-circular-folders: a → b → a") || v.startsWith("no-circular-folders: b → a → b"))).not.toEqual([]);
      expect(seen.filter((v) => v.includes("one.ts") || v.includes("five.ts"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
