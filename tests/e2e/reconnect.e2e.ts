// Lost connections, in the browser: two players (one on a laptop, one on a phone) and a spectator at a
// table whose server is killed (SIGKILL, then SIGTERM) and started again on the same data and port: each
// page says it is reconnecting and comes back by itself, without a reload, soon after the server (the
// product target, 5 s, is printed; the test allows 15 s, for a busy machine), with its seat, log and chat. A dropped network (the browser offline) comes back too, with what was said
// meanwhile. The banner shows above a dialog the table had open (a half-filled trade form stays as it
// was underneath). A table the restarted server does not know shows a sentence and the way to the lobby.
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "./browser.ts";
import { freePort } from "../store/services.ts";

/** How soon after its server answers again every page must be back at the table: the product target
 * (printed beside each figure), and the test's bound, three times it, which a busy 2-core machine keeps.
 * In a short outage a page retries at most RETRY_MAX_MS (2 s) apart, so the bound still tells a page
 * that stopped retrying, or waits for a reload, from one that comes back by itself. */
const BACK_TARGET_MS = 5000;
const BACK_WITHIN_MS = 15_000;
const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let port = 0;
let url = "";
let dataDir = "";
let server: ChildProcess | null = null;
let browser: Browser;
const pageErrors: string[] = [];
const pages: Record<"ann" | "bea" | "cy", { context: BrowserContext; page: Page }> = {} as never;
let code = "";

/** Starts `node server/index.ts` on the fixed port and data folder; resolves when /healthz answers (that time, ms). */
async function startServer(): Promise<number> {
  const root = path.resolve(import.meta.dirname, "../..");
  const child = spawn(process.execPath, ["server/index.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", BOT_DELAY_MIN_MS: "0", STEP_SECONDS_MIN: "0" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return Date.now();
    } catch { /* not up yet */ }
    if (Date.now() > deadline) { child.kill("SIGKILL"); throw new Error("server did not start within 60 s"); }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopServer(signal: "SIGKILL" | "SIGTERM"): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

async function openPage(who: keyof typeof pages, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  // Refused connections and 404s while the server is away are expected; an uncaught error is not.
  page.on("pageerror", (e) => pageErrors.push(`${who}: ${String(e)}`));
  pages[who] = { context, page };
  return page;
}

const all = () => Object.values(pages).map((p) => p.page);

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).textContent()) ?? "";
}

/** Marks each page, so a reload (which would lose the mark) shows. */
async function markPages(): Promise<void> {
  for (const p of all()) await p.evaluate(() => { (window as unknown as { stayed: number }).stayed = 1; });
}
async function expectNotReloaded(): Promise<void> {
  for (const p of all()) await expect(p.evaluate(() => (window as unknown as { stayed?: number }).stayed)).resolves.toBe(1);
}

async function expectReconnecting(): Promise<void> {
  for (const p of all()) await p.locator('[data-testid=connection][data-state=reconnecting]').waitFor({ timeout: 30_000 });
}

/** Every page at the table again, as before: the seat, the log so far, the chat. */
async function expectBack(since: number, log: Record<string, string[]>, chat: string): Promise<number> {
  for (const p of all()) await p.getByTestId("connection").waitFor({ state: "detached", timeout: BACK_WITHIN_MS + 5000 });
  const { ann, bea, cy } = pages;
  // Back means seated again: the seat's message may follow the banner's going by a moment (once, in CI,
  // "who am I" was still empty when the banner had gone), so the time is taken once each page says who it is.
  await expect.poll(() => Promise.all([text(ann.page, "who-am-i"), text(bea.page, "who-am-i"), text(cy.page, "who-am-i")]), { timeout: BACK_WITHIN_MS })
    .toEqual([expect.stringContaining("You are Ann"), expect.stringContaining("You are Bea"), "You are watching."]);
  const took = Date.now() - since;
  for (const [who, { page }] of Object.entries(pages)) {
    // The game's log is back as it was (the game may have moved on since; who came and went is not
    // kept over a restart), and so is the chat.
    const game = log[who]!.filter((l) => !/ sits down | is back | left | lost | restarted|^The game begins\.$/.test(l));
    expect(game.length).toBeGreaterThan(2);
    await expect.poll(async () => {
      const now = new Set(await logLines(page));
      return game.filter((l) => !now.has(l));
    }, { timeout: 15_000 }).toEqual([]);
    await expect(text(page, "chat")).resolves.toContain(chat);
    await expect(page.getByTestId("table-holder").evaluate((e) => (e as HTMLElement).inert)).resolves.toBe(false);
  }
  // Still connected: a chat line goes round.
  const line = `still here ${Date.now()}`;
  await ann.page.getByTestId("chat-input").fill(line);
  await ann.page.getByTestId("chat-send").click();
  for (const p of all()) await p.getByTestId("chat").getByText(line).waitFor({ state: "attached" });
  return took;
}

function logLines(page: Page): Promise<string[]> {
  return page.getByTestId("public-log").locator("li").allTextContents();
}

async function logs(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [who, { page }] of Object.entries(pages)) out[who] = await logLines(page);
  return out;
}

beforeAll(async () => {
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "na-e2e-reconnect-"));
  await startServer();
  browser = await launchChromium();
  mkdirSync("test-results", { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stopServer("SIGTERM");
});

describe("a lost connection comes back by itself", () => {
  it("seats two players and a spectator", async () => {
    // Two humans and two bots that wait between moves: the game is under way but not over by the end.
    const res = await fetch(`${url}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, private: true, bots: 2, stepSeconds: 0, botDelayMs: 500 }),
    });
    expect(res.status).toBe(201);
    code = ((await res.json()) as { code: string }).code;
    const ann = await openPage("ann", LAPTOP);
    const bea = await openPage("bea", PHONE);
    const cy = await openPage("cy", LAPTOP);
    for (const [page, name] of [[ann, "Ann"], [bea, "Bea"]] as const) {
      await page.goto(`${url}/?join=${code}`);
      await page.getByTestId("name").fill(name);
      await page.getByTestId("join").click();
    }
    await cy.goto(`${url}/?join=${code}`);
    await cy.getByTestId("watch").click();
    for (const p of all()) await p.locator('[data-testid=table][data-status=playing]').waitFor();
    // The people make moves until the log holds more than the setup (who moves first, and whether a
    // choice is logged, depends on the deal of corporations and cards).
    const lines = (await logLines(ann)).length;
    await expect.poll(async () => {
      for (const p of [ann, bea]) {
        const choice = p.getByTestId("choices").locator("button[data-choice]:not([disabled])").first();
        if (await choice.count()) await choice.click({ timeout: 2000 }).catch(() => {});
      }
      return (await logLines(ann)).length;
    }, { timeout: 30_000 }).toBeGreaterThan(lines);
    await ann.getByTestId("chat-input").fill("Hello before the restart");
    await ann.getByTestId("chat-send").click();
    for (const p of all()) await p.getByTestId("chat").getByText("Hello before the restart").waitFor({ state: "attached" });
  });

  for (const signal of ["SIGKILL", "SIGTERM"] as const) {
    it(`comes back in every page after the server is stopped by ${signal} and started again`, async () => {
      onTestFailed(async () => {
        for (const [who, { page }] of Object.entries(pages)) await page.screenshot({ path: `test-results/reconnect-failed-${signal}-${who}.png` }).catch(() => {});
      });
      await markPages();
      const before = await logs();
      await stopServer(signal);
      await expectReconnecting();
      if (signal === "SIGKILL") {
        await pages.ann.page.screenshot({ path: "test-results/reconnecting-1440.png" });
        await pages.bea.page.screenshot({ path: "test-results/reconnecting-390.png" });
      }
      // What the banner says is a sentence, with no close code or id in it.
      const banner = await text(pages.ann.page, "connection");
      expect(banner).toContain("Reconnecting…");
      expect(banner).not.toMatch(/\d{4}|not found|roomId/);
      const up = await startServer();
      const took = await expectBack(up, before, "Hello before the restart");
      console.info(`${signal}: every page back ${took} ms after the server answered (target ${BACK_TARGET_MS} ms)`);
      expect(took, `back ${took} ms after the server`).toBeLessThan(BACK_WITHIN_MS);
      await expectNotReloaded();
      if (signal === "SIGKILL") {
        await pages.ann.page.screenshot({ path: "test-results/recovered-1440.png" });
        await pages.bea.page.screenshot({ path: "test-results/recovered-390.png" });
      }
    });
  }

  it("comes back after the network drops, with what was said meanwhile counted as new", async () => {
    const { ann, bea } = pages;
    await markPages();
    // Bea's phone shows the deal: the Talk tab's badge counts what she has not read.
    await bea.page.getByTestId("tab-deal").click();
    const badge = async () => Number((await bea.page.getByTestId("tab-badge-talk").textContent({ timeout: 500 }).catch(() => "0")) ?? 0);
    const unread = await badge();
    await bea.context.setOffline(true);
    await bea.page.locator("[data-testid=connection][data-state=reconnecting]").waitFor();
    await expect(text(bea.page, "connection")).resolves.toContain("offline");
    await bea.page.screenshot({ path: "test-results/offline-390.png" });
    await ann.page.getByTestId("chat-input").fill("Said while Bea was offline");
    await ann.page.getByTestId("chat-send").click();
    await ann.page.getByTestId("chat").getByText("Said while Bea was offline").waitFor();
    await bea.context.setOffline(false);
    await bea.page.getByTestId("connection").waitFor({ state: "detached", timeout: BACK_WITHIN_MS });
    await bea.page.getByTestId("chat").getByText("Said while Bea was offline").waitFor({ state: "attached" });
    await expect(text(bea.page, "who-am-i")).resolves.toContain("You are Bea");
    await expect.poll(badge, { timeout: 15_000 }).toBe(unread + 1);
    await expectNotReloaded();
  });

  it("shows the banner above a dialog the table had open, and a half-filled trade form stays as it was", async () => {
    const { ann, bea } = pages;
    // Ann on the laptop has the trade form open, half filled; Bea on the phone has the help open.
    await ann.page.locator("[data-testid^=propose-to-]").first().click();
    await ann.page.getByTestId("trade-give-capital").fill("1");
    await expect(ann.page.getByTestId("trade-give-capital").inputValue()).resolves.toBe("1");
    await bea.page.getByTestId("menu").click();
    await bea.page.getByTestId("help-open").click();
    await bea.page.getByTestId("help").waitFor();
    for (const p of [ann, bea]) await p.context.setOffline(true);
    try {
      for (const [p, shot] of [[ann.page, "reconnecting-dialog-1440"], [bea.page, "reconnecting-dialog-390"]] as const) {
        await p.locator("[data-testid=connection][data-state=reconnecting]").waitFor();
        // the banner is on top: what is at its centre is the banner, not the dialog or its backdrop
        const onTop = await p.getByTestId("connection").evaluate((banner) => {
          const r = banner.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return hit && banner.contains(hit) ? "the banner" : `${hit?.tagName.toLowerCase()}.${hit?.className}`;
        });
        expect(onTop, "at the banner's centre").toBe("the banner");
        // the focus on the banner itself: an Enter then leaves nothing (on "Back to the lobby" it left the table)
        await expect(p.getByTestId("connection").evaluate((banner) => document.activeElement === banner)).resolves.toBe(true);
        await p.screenshot({ path: `test-results/${shot}.png` });
      }
      // the form underneath is as Ann left it
      await expect(ann.page.getByTestId("trade-give-capital").inputValue()).resolves.toBe("1");
    } finally {
      for (const p of [ann, bea]) await p.context.setOffline(false);
    }
    for (const p of [ann, bea]) await p.page.getByTestId("connection").waitFor({ state: "detached", timeout: BACK_WITHIN_MS });
    // back at the table the form is still open (after a fresh join, as here, it starts afresh)
    await ann.page.getByTestId("trade-propose").waitFor();
    await ann.page.getByTestId("trade-close").click();
    await bea.page.keyboard.press("Escape");
    await bea.page.getByTestId("help").waitFor({ state: "hidden" });
  });

  it("a second tab takes the seat back, and the first one says so instead of fighting for it", async () => {
    const { ann } = pages;
    const old = ann.page;
    ann.page = await ann.context.newPage();
    ann.page.on("pageerror", (e) => pageErrors.push(`ann: ${String(e)}`));
    await ann.page.goto(`${url}/?join=${code}`);
    await ann.page.locator("[data-testid=table][data-status=playing]").waitFor();
    await expect(text(ann.page, "who-am-i")).resolves.toContain("You are Ann");
    await old.locator("[data-testid=connection][data-state=left]").waitFor();
    await expect(text(old, "connection-reason")).resolves.toBe("Your seat is now being played from another device or browser tab.");
    await old.getByTestId("play-here-again").waitFor();
    // It stays so: no reconnection takes the seat back and forth.
    await new Promise((r) => setTimeout(r, 1500));
    await expect(old.locator("[data-testid=connection][data-state=left]").count()).resolves.toBe(1);
    await expect(ann.page.getByTestId("connection").count()).resolves.toBe(0);
    await old.close();
  });

  it("says in plain words when the table is gone, and offers the way back to the lobby", async () => {
    await stopServer("SIGKILL");
    await expectReconnecting();
    // The same port with none of the old data: the server has never heard of the table.
    dataDir = mkdtempSync(path.join(tmpdir(), "na-e2e-reconnect-empty-"));
    await startServer();
    for (const p of all()) await p.locator("[data-testid=connection][data-state=gone]").waitFor({ timeout: 60_000 });
    await pages.ann.page.screenshot({ path: "test-results/table-gone-1440.png" });
    await pages.bea.page.screenshot({ path: "test-results/table-gone-390.png" });
    for (const p of all()) {
      const reason = await text(p, "connection-reason");
      expect(reason).toContain(code);
      expect(reason).toMatch(/^[A-Z].*\.$/);
      expect(reason).not.toMatch(/\(\d+\)|not found|roomId/);
    }
    await pages.bea.page.getByTestId("connection-lobby").click();
    await pages.bea.page.getByTestId("lobby").waitFor();
    expect(new URL(pages.bea.page.url()).search).toBe("");
    expect(pageErrors).toEqual([]);
  });
});
