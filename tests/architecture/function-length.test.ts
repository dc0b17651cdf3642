// No function in server/ (outside server/scripts, the command-line tools) is longer than 80 lines,
// counted from its first line to its last, nested functions included in their parent's count: a
// longer one is split into parts that each do one job.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MAX_LINES = 80;
const EXCLUDED = ["server/scripts"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return EXCLUDED.includes(path) ? [] : sources(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** Every function with a body in `text` longer than `max` lines, as "file:line name (n lines)". */
export function longFunctions(file: string, text: string, max: number): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isFunctionLike(n) && "body" in n && n.body) {
      const first = sf.getLineAndCharacterOfPosition(n.getStart(sf)).line;
      const lines = sf.getLineAndCharacterOfPosition(n.getEnd()).line - first + 1;
      if (lines > max) {
        const named = n.name ?? (ts.isVariableDeclaration(n.parent) || ts.isPropertyAssignment(n.parent) ? n.parent.name : undefined);
        found.push(`${file}:${first + 1} ${named ? named.getText(sf) : "(anonymous)"} (${lines} lines)`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe("function length", () => {
  it("finds a long function of each kind (the check can fail)", () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const x${i} = ${i};`).join("\n");
    const text = `function a() {\n${body}\n}\nconst b = () => {\n${body}\n};\nclass C { m() {\n${body}\n} }\nfunction short() {\n  return 1;\n}\n`;
    expect(longFunctions("x.ts", text, MAX_LINES).map((x) => x.split(" ")[1])).toEqual(["a", "b", "m"]);
  });

  it(`no function in server/ outside ${EXCLUDED.join(", ")} is over ${MAX_LINES} lines`, () => {
    const files = sources("server");
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((f) => longFunctions(f, readFileSync(f, "utf8"), MAX_LINES))).toEqual([]);
  });
});
