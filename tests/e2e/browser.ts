// Helpers for the browser tests: a real server process and Debian's headless Chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { freePort } from "../store/services.ts";

export const CHROMIUM_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_FLAGS });
}

/**
 * Starts `node server/index.ts` with its own data folder on a free port (never one of the fixed test ports
 * that other checkouts use); resolves once /healthz answers.
 */
export async function startServer(): Promise<{ url: string; process: ChildProcess; stop(): Promise<void> }> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    // BOT_DELAY_MIN_MS 0: bots at full speed (the tests' tables ask for botDelayMs 0).
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "na-e2e-")), LOG_LEVEL: "warn", BOT_DELAY_MIN_MS: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill("SIGKILL"); throw new Error("server did not start within 20 s"); }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    process: child,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}
