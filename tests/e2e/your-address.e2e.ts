// A verified address in real browsers, with the mail through a real SMTP server on 127.0.0.1: Ann, seated
// in one browser, gives her address in the lobby; the mailed link opened in that browser signs it in and
// ties her seat. In a fresh Chromium context (a phone, empty storage), she asks for a link again; it
// opens a Continue page; after Continue the lobby lists the game "on another device", and "Take your
// seat here" brings her to her seat. Screenshots at 1440x900 and 390x844 go to test-results/your-address/.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";
import { startMailServer } from "../mail-server.ts";

const smtp = await startMailServer();
const mails = smtp.mails;
process.env.SMTP_URL = smtp.url;
process.env.MAIL_FROM = "tables@example.org";
afterAll(() => smtp.close());

const SHOTS = process.env.SHOTS_DIR ?? "test-results/your-address";
const at = serverAndBrowser(SHOTS);
const opened: Page[] = [];
afterAll(async () => { for (const p of opened) await p.close().catch(() => {}); });

async function fresh(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: viewport.width < 1000, isMobile: viewport.width < 1000 })).newPage();
  opened.push(page);
  return page;
}

/** Asks for a sign-in link from this page's lobby; returns the mailed link. */
async function mailedLink(page: Page, address: string): Promise<string> {
  const before = mails.length;
  await page.getByTestId("address-email").fill(address);
  await page.getByTestId("address-send").click();
  await page.getByTestId("address-note").filter({ hasText: "on its way" }).waitFor();
  await expect.poll(() => mails.length, { timeout: 10_000 }).toBe(before + 1);
  return mails.at(-1)!.text.match(/http:\/\/\S+#sign-in=[A-Za-z0-9_-]+/)![0];
}

describe("your games on every device", () => {
  it("signs in by mail on two browsers, and the second takes the seat from the lobby", async () => {
    const res = await fetch(`${at.server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 1500, graceSeconds: 600 }) });
    const { code } = (await res.json()) as { code: string };
    const ann = await fresh({ width: 1440, height: 900 });
    await ann.goto(`${at.server.url}/?join=${code}`);
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("join").click();
    await ann.getByTestId("topbar").waitFor();

    // In the lobby of her first browser: give the address, open the link there, Continue.
    await ann.goto(`${at.server.url}/`);
    await ann.getByTestId("your-address").waitFor();
    await ann.screenshot({ path: `${SHOTS}/lobby-address-1440.png`, fullPage: true });
    const first = await mailedLink(ann, "ann.browser@example.net");
    await ann.goto(first);
    await ann.getByTestId("sign-in-continue").click();
    await ann.getByTestId("address-signed-in").filter({ hasText: "a…@example.net" }).waitFor();
    await ann.getByTestId("address-no-others").waitFor(); // her one game is held here
    await ann.screenshot({ path: `${SHOTS}/lobby-signed-in-1440.png`, fullPage: true });
    expect(await ann.content()).not.toContain("ann.browser@example.net");

    // A phone with empty storage: the link again, its Continue page, then the game to take.
    const phone = await fresh({ width: 390, height: 844 });
    await phone.goto(`${at.server.url}/`);
    await phone.getByTestId("your-address").screenshot({ path: `${SHOTS}/address-panel-390.png` });
    const second = await mailedLink(phone, "Ann.Browser@example.net");
    await phone.goto(second);
    await phone.getByTestId("sign-in-continue").waitFor();
    await phone.screenshot({ path: `${SHOTS}/continue-390.png` });
    await phone.getByTestId("sign-in-continue").click();
    await phone.getByTestId("take-seat-here").waitFor();
    await phone.screenshot({ path: `${SHOTS}/lobby-other-device-390.png`, fullPage: true });
    expect(new URL(phone.url()).hash).toBe("");
    await phone.getByTestId("take-seat-here").click();
    await phone.getByTestId("topbar").waitFor();
    await phone.getByTestId("who-am-i").filter({ hasText: "Ann" }).waitFor({ state: "attached" });
    expect(await phone.evaluate((c) => localStorage.getItem(`na.seat.${c}`) !== null, code)).toBe(true);
  });
});
