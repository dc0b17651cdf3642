// A clone of this repository is complete on its own: the rules reference is docs/rules.md, and no
// committed file points at a rules file outside the repository.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), "utf8");
const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter((f) => f && f !== "package-lock.json" && existsSync(new URL(f, root)));

describe("the repository is complete on its own", () => {
  it("no committed file points at a rules file outside the repository", () => {
    expect(files.length).toBeGreaterThan(50);
    const outside = /shared\/rules|new-angeles\.md|\/work\/shared/;
    expect(files.filter((f) => f !== "tests/engine/self-contained.test.ts" && outside.test(read(f)))).toEqual([]);
  });

  it("the README, the engine's README and the rule options (shared/variant.ts) send readers to docs/rules.md", () => {
    expect(read("README.md")).toContain("(docs/rules.md)");
    expect(read("server/engine/README.md")).toContain("docs/rules.md");
    expect(read("shared/variant.ts")).toContain("docs/rules.md");
  });

  it("the corp data calls its reconstructions reconstructions, not a choice of ours", () => {
    expect(read("shared/catalog/corps.ts")).not.toMatch(/our choice/i);
  });

  it("the engine's README gives Melange Mining's real default", () => {
    expect(read("server/engine/README.md")).toContain(`(default "event-card"`);
  });
});
