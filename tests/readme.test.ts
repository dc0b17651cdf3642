import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VARIANT_DOCS } from "../server/engine/variant.ts";

describe("the README", () => {
  it("lists every variant option the engine has", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    for (const doc of VARIANT_DOCS) expect(readme, doc.key).toContain("`" + doc.key + "`");
  });
});
