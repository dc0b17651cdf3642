import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: import.meta.dirname + "/../..",
    include: ["tests/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    pool: "forks",
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
