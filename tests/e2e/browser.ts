// Helpers for the browser tests: a real server process and Debian's headless Chromium.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
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
export type E2EServer = { url: string; process: ChildProcess; stop(): Promise<void> };

/**
 * A server of the file's own and Chromium, started before the file's tests and stopped after them
 * (read `at.server` and `at.browser` inside the tests); `folder`, when given, is made for screenshots.
 */
export function serverAndBrowser(folder?: string): { server: E2EServer; browser: Browser } {
  const at = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    at.server = await startServer();
    at.browser = await launchChromium();
    if (folder) mkdirSync(folder, { recursive: true });
  });
  afterAll(async () => {
    await at.browser?.close();
    await at.server?.stop();
  });
  return at;
}

export async function startServer(): Promise<E2EServer> {
  const port = await freePort();
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    // BOT_DELAY_MIN_MS 0: bots at full speed (the tests' tables ask for botDelayMs 0).
    env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(path.join(tmpdir(), "na-e2e-")), LOG_LEVEL: "warn", BOT_DELAY_MIN_MS: "0", STEP_SECONDS_MIN: "0" },
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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's serious and critical violations on the page, as "rule (impact) at selectors". axe is put in
 * through the DevTools protocol (page.evaluate), which the page's Content-Security-Policy does not govern,
 * as a script tag would be.
 */
export async function axeSerious(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}) at ${v.where.join(", ")}`);
}

/** Opens a table of 4 with 3 bots at full speed and no deadline, and seats a person called `name` at it on `page`. */
export async function joinBotTable(server: E2EServer, page: Page, name: string): Promise<void> {
  const res = await fetch(server.url + "/api/games", {
    method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 0 }),
  });
  const { code } = (await res.json()) as { code: string };
  await page.goto(`${server.url}/?join=${code}`);
  await page.getByTestId("name").fill(name);
  await page.getByTestId("join").click();
}
