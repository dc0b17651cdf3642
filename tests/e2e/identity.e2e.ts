// Identity on screen: every player's name carries its seat's mark (number on the corporation's colour)
// in the seats, the chat and the log, and a 24-character name of wide letters stays inside its chat tab,
// in a 1280 px window and on a 390 px phone. Screenshots at 1280x800, 1440x900 and 390x844 go to test-results/.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";
import { STEP_SECONDS_FLOOR } from "../../shared/deadlines.ts";

const at = serverAndBrowser();
/** 24 of the widest letter: the longest a name may be. */
const WIDE = "W".repeat(24);
/** 24 of a letter wider still that a name may hold (U+A74E, Latin OO: a third wider than W here). */
const WIDEST = "\ua74e".repeat(24);
const opened: Page[] = [];
afterAll(async () => { for (const p of opened) await p.close().catch(() => {}); });

async function joinAs(name: string, code: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: viewport.width < 1000, isMobile: viewport.width < 1000 })).newPage();
  opened.push(page);
  await page.goto(`${at.server.url}/?join=${code}`);
  await page.getByTestId("name").fill(name);
  await page.getByTestId("join").click();
  await page.getByTestId("waiting-room").or(page.getByTestId("topbar")).first().waitFor();
  return page;
}

describe("seat marks and long names", () => {
  it("marks every name with its seat, and keeps a wide 24-letter name's chat tab inside a 1280 px window", async () => {
    expect(WIDE).toHaveLength(24);
    const res = await fetch(`${at.server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, bots: 1, botDelayMs: 800 }) });
    const { code } = (await res.json()) as { code: string };
    const ann = await joinAs("Ann", code, { width: 1280, height: 800 });
    await ann.getByTestId("seat-0").getByTestId("seat-mark").waitFor();
    // The waiting room says how short a deadline may be (issue #30's floor).
    // With no deadline it says so, and the floor is for a deadline the host may set (not a contradiction).
    expect(await ann.getByTestId("deadline-floor").textContent()).toBe(`No deadline: everyone takes the time they need. If the host sets one, it is never under ${STEP_SECONDS_FLOOR} seconds, time to read an offer and answer.`);
    const wide = await joinAs(WIDE, code, { width: 390, height: 844 });
    await joinAs(WIDEST, code, { width: 390, height: 844 });
    await ann.getByTestId("topbar").waitFor();
    await wide.getByTestId("topbar").waitFor();
    // Ann's private tab with the wide name: within the chat, the chat within the window.
    const tab = ann.getByTestId("chat-tab-1");
    await tab.waitFor();
    await ann.getByTestId("chat-input").fill("hello from Ann");
    await ann.getByTestId("chat-send").click();
    await ann.locator(".chat-lines li").filter({ hasText: "hello from Ann" }).getByTestId("seat-mark").waitFor();
    const box = (await tab.boundingBox())!;
    const chat = (await ann.getByTestId("chat").boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(chat.x + chat.width + 1);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    const sideways = await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(sideways).toBeLessThanOrEqual(0);
    expect(await tab.getAttribute("title")).toBe(WIDE);
    // So does the button that proposes a trade to that player.
    const propose = (await ann.getByTestId("propose-to-1").boundingBox())!;
    const trades = (await ann.getByTestId("trades").boundingBox())!;
    expect(propose.x + propose.width).toBeLessThanOrEqual(trades.x + trades.width + 1);
    // The mark: seat 2's number, the same mark in the chat tab as beside the name in the seats.
    expect(await tab.getByTestId("seat-mark").getAttribute("data-n")).toBe("2");
    expect(await ann.getByTestId("corp-1").getByTestId("seat-mark").getAttribute("data-n")).toBe("2");
    // The log marks names too ("Ann sits down at seat 1").
    expect(await ann.getByTestId("public-log").getByTestId("seat-mark").count()).toBeGreaterThan(0);
    // The wider name's tab too, at 1280 px and on a phone (the Talk pane).
    const widest = ann.getByTestId("chat-tab-2");
    const widestBox = (await widest.boundingBox())!;
    expect(await widest.getAttribute("title")).toBe(WIDEST);
    expect(widestBox.x + widestBox.width).toBeLessThanOrEqual(chat.x + chat.width + 1);
    // In the corporations' list the names wrap: nothing sticks out of the wider name's corporation.
    const corp = ann.getByTestId("corp-2");
    expect(await corp.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
    await tab.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: "test-results/identity-1280.png" });
    await ann.setViewportSize({ width: 390, height: 844 });
    await ann.getByTestId("tab-talk").click();
    await widest.waitFor();
    for (const t of [tab, widest]) {
      const b = (await t.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(390);
    }
    expect(await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await ann.screenshot({ path: "test-results/identity-390-talk.png" });
    await wide.screenshot({ path: "test-results/identity-390.png", fullPage: false });
    await ann.setViewportSize({ width: 1440, height: 900 });
    await ann.screenshot({ path: "test-results/identity-1440.png" });
  }, 120_000);
});
