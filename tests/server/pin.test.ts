// The bench's pinning (server/scripts/lib/pin.ts): its clients' thread, started after the server's
// thread was pinned, runs on the other CPUs, not beside the server's thread.
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./pin-threads.ts", import.meta.url));

describe("pinning the bench's threads", () => {
  // (A machine with one CPU has nothing to keep apart: pinServerThread says so and pins nothing.)
  it.skipIf(process.platform !== "linux" || availableParallelism() < 2)("puts a clients' thread started later on the CPUs the server's thread left", () => {
    const out = JSON.parse(execFileSync(process.execPath, [script], { encoding: "utf8" }).trim().split("\n").pop()!);
    const cpus = (list: string) => list.split(",").flatMap((part) => {
      const [a, b] = part.split("-").map(Number);
      return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
    });
    expect(out.pinned.clientCpus.length).toBeGreaterThan(0);
    expect(cpus(out.server)).toHaveLength(1);
    expect(cpus(out.client)).toEqual(out.pinned.clientCpus);
    expect(cpus(out.client)).not.toContain(cpus(out.server)[0]);
  });
});
