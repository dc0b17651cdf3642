// A server process started on a port already taken says so and exits 1, so that a supervisor (Docker's
// restart policy, systemd) sees the failure: it did log the error and stay up, not listening.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { freePort } from "../../server/scripts/lib/free-port.ts";

it("exits 1 naming the port when it is taken", async () => {
  const port = await freePort();
  const other = net.createServer();
  await new Promise<void>((resolve) => other.listen(port, resolve));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "na-port-"));
  const child = spawn(path.resolve("node_modules/.bin/node"), ["server/index.ts"], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => { output += d; });
  child.stderr.on("data", (d) => { output += d; });
  const killer = setTimeout(() => child.kill("SIGKILL"), 30_000); // a process still up then has failed the test
  try {
    const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    expect(code, output.slice(-2000)).toBe(1);
    expect(output).toContain(`cannot listen on port ${port} (EADDRINUSE)`);
  } finally {
    clearTimeout(killer);
    other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 45_000);
