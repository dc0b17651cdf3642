// Issue 28 in the browser: at a table of two people and two bots, Ben asks to adjourn and Ann (the
// host) adjourns from the table with a time to meet again: both see the adjourned panel with the time
// in their own time zone and a calendar file (on a phone the bar's menu at the right edge); a fresh browser (no storage) opening the table's link
// reads that the game is adjourned, until when; then Ann resumes and the game goes on. Screenshots at
// 1440×900 and 390×844 go to SHOTS_DIR (a temp folder by default), never the repo.
import { describe, expect, it, onTestFailed } from "vitest";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "@colyseus/sdk";
import type { Page } from "playwright-core";
import { axeSerious, serverAndBrowser } from "./browser.ts";

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "na-e2e-adjourn");
mkdirSync(SHOTS, { recursive: true });

const at = serverAndBrowser(SHOTS);

describe("adjourning in the browser", () => {
  it("shows the request, the adjourned table with its time and calendar file, the link's page, and resumes", async () => {
    const created = await fetch(`${at.server.url}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 400, graceSeconds: 600 }),
    });
    const { code, roomId } = await created.json();
    const context = await at.browser.newContext({ viewport: LAPTOP, timezoneId: "Europe/Paris", locale: "en-GB" });
    const page: Page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    onTestFailed(async () => { await page.screenshot({ path: path.join(SHOTS, "failed.png") }).catch(() => {}); });
    await page.goto(`${at.server.url}/?join=${code}`);
    await page.getByTestId("name").fill("Ann");
    await page.getByTestId("join").click();
    await expect.poll(() => page.getByTestId("who-am-i").textContent(), { timeout: 10_000 }).toBe("You are Ann."); // Ann hosts
    const ben = await new Client(at.server.url).joinById(roomId, { code, name: "Ben" });
    ben.onMessage("*", () => {});
    await page.locator('[data-testid=table][data-status="playing"]').waitFor({ timeout: 15_000 });

    // Ben asks to adjourn: Ann reads who asked, and how many are needed.
    ben.send("adjourn", {});
    await expect.poll(() => page.getByTestId("adjourn-votes").textContent(), { timeout: 5_000 }).toBe("Ben asked to adjourn (1 of 2 needed).");
    await page.getByTestId("adjourn-open").click();
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10);
    await page.getByTestId("adjourn-time").fill(`${tomorrow}T19:30`);
    // The instant that is, read in the page's own time zone (Paris).
    const utc = await page.evaluate((local) => new Date(local).toISOString(), `${tomorrow}T19:30`);
    await page.screenshot({ path: path.join(SHOTS, "asked-1440.png") });

    // Ann adjourns until then: the panel says it in Paris time, with the calendar file.
    await page.getByTestId("adjourn-send").click();
    await page.locator('[data-testid=table][data-status="adjourned"]').waitFor({ timeout: 5_000 });
    await expect.poll(() => page.getByTestId("adjourned-until").textContent()).toContain("19:30");
    expect(await page.getByTestId("adjourned").textContent()).toContain("2 of 2 people are back");
    const ics = await page.getByTestId("adjourned-ics").getAttribute("href");
    expect(ics).toBe(`/api/games/${code}/calendar.ics`);
    const calendar = await (await fetch(`${at.server.url}${ics}`)).text();
    expect(calendar).toContain(`DTSTART:${utc.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
    expect(utc.slice(11, 16)).not.toBe("19:30"); // Paris is never UTC: the page sent the local time's instant
    expect(await axeSerious(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, "adjourned-1440.png") });
    await page.setViewportSize(PHONE);
    // without the threat's chip the menu still keeps to the bar's right edge (it once sat beside the code)
    const edges = await page.evaluate(() => ({
      menu: document.querySelector("[data-testid=menu]")!.getBoundingClientRect().right,
      bar: document.querySelector(".topbar .bar-row")!.getBoundingClientRect().right,
    }));
    expect(Math.abs(edges.menu - edges.bar), `the menu's right edge ${edges.menu}, the bar's ${edges.bar}`).toBeLessThanOrEqual(3);
    await page.screenshot({ path: path.join(SHOTS, "adjourned-390.png") });
    await page.setViewportSize(LAPTOP);

    // Someone with the link and nothing else (a fresh browser) reads that the game is adjourned.
    const fresh = await at.browser.newContext({ viewport: PHONE, timezoneId: "Europe/Paris", locale: "en-GB" });
    const guest = await fresh.newPage();
    await guest.goto(`${at.server.url}/?join=${code}`);
    await expect.poll(() => guest.getByTestId("invitation-status").textContent(), { timeout: 10_000 }).toContain("adjourned until");
    expect(await guest.getByTestId("invitation-ics").count()).toBe(1);
    await guest.screenshot({ path: path.join(SHOTS, "link-390.png") });
    await guest.setViewportSize(LAPTOP);
    await guest.screenshot({ path: path.join(SHOTS, "link-1440.png") });
    await fresh.close();

    // Ann resumes (both are back): the game goes on.
    await page.getByTestId("resume").click();
    await page.locator('[data-testid=table][data-status="playing"]').waitFor({ timeout: 5_000 });
    expect(await page.getByTestId("adjourned").count()).toBe(0);
    expect(errors).toEqual([]);
    await ben.leave();
    await context.close();
  }, 90_000);
});
