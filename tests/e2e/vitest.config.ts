import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: import.meta.dirname + "/../..",
    include: ["tests/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    pool: "forks",
    // generous: three browsers and a server share a busy 2-core machine (the tests' own bounds are tighter)
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
