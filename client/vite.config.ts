import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { constants as zlibConstants } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import preact from "@preact/preset-vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

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
  plugins: [
    preact(),
    rulesReference(),
    // Every text file of the build gets .br and .gz copies beside it, at the highest levels: the server
    // (server/static.ts) sends the one the browser accepts, so no request pays for compressing.
    compression({
      include: /\.(html|css|js|mjs|json|svg|md|txt)$/,
      algorithms: [defineAlgorithm("brotliCompress", { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm("gzip", { level: 9 })],
      logLevel: "silent",
    }),
  ],
  build: {
    outDir: "../dist/client",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // the lazily loaded Colyseus SDK (see client/src/net/session.ts) under a name that says what it is
        chunkFileNames: (chunk) => (chunk.moduleIds.some((id) => id.includes("/node_modules/@colyseus/sdk/")) ? "assets/colyseus-sdk-[hash].js" : "assets/[name]-[hash].js"),
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:2567", "/healthz": "http://localhost:2567" } },
});
