import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import preact from "@preact/preset-vite";

/** The rules reference (docs/rules.md) goes into the build, so the app serves it at /docs/rules.md. */
function rulesReference(): Plugin {
  const file = path.resolve(import.meta.dirname, "../docs/rules.md");
  return {
    name: "rules-reference",
    generateBundle() {
      if (!existsSync(file)) {
        this.warn("docs/rules.md is missing: the help's link to the rules will not open");
        return;
      }
      this.emitFile({ type: "asset", fileName: "docs/rules.md", source: readFileSync(file, "utf8") });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [preact(), rulesReference()],
  build: { outDir: "../dist/client", emptyOutDir: true },
  server: { proxy: { "/api": "http://localhost:2567", "/healthz": "http://localhost:2567" } },
});
