// A seat that follows its player, in real browsers: Ann opens "Other device", makes a link (text and
// QR code), and the link opened in a fresh Chromium context with empty storage shows a Continue page;
// loading it spends nothing; Continue takes the seat there. The link refuses a second use with a
// clear message; the first device signs the other out and the other's connection closes.
// The sign-out is asked from the first browser's lobby while the phone holds the seat. Screenshots
// of the dialog and the Continue page at 1440x900 and 390x844 go to test-results/seat-link/. The first
// browser, its seat now played on the phone, says so and plays it here again at a click (and the phone then
// says so in turn); a Devices dialog open when that happens closes under the notice.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/seat-link";
const at = serverAndBrowser(SHOTS);
const opened: Page[] = [];
afterAll(async () => { for (const p of opened) await p.close().catch(() => {}); });

async function fresh(viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: viewport.width < 1000, isMobile: viewport.width < 1000 })).newPage();
  opened.push(page);
  return page;
}

/** A new table of one person and three bots, with `name` seated in a fresh browser. */
async function seatedAlone(name: string, viewport: { width: number; height: number }): Promise<{ code: string; page: Page }> {
  const res = await fetch(`${at.server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 1500, graceSeconds: 600 }) });
  const { code } = (await res.json()) as { code: string };
  const page = await fresh(viewport);
  await page.goto(`${at.server.url}/?join=${code}`);
  await page.getByTestId("name").fill(name);
  await page.getByTestId("join").click();
  await page.getByTestId("topbar").waitFor();
  return { code, page };
}

describe("seat links in the browser", () => {
  it("a link opened in an empty browser reaches the seat; a used link is refused; signing out closes the other device", async () => {
    const { code, page: ann } = await seatedAlone("Ann", { width: 1440, height: 900 });

    // The dialog: make a link; it is shown as text, with a copy button and a QR code.
    await ann.getByTestId("devices-open").click();
    await ann.getByTestId("devices-count").filter({ hasText: "Signed in on 1 device." }).waitFor();
    await ann.getByTestId("seat-link-make").click();
    const link = await ann.getByTestId("seat-link").inputValue();
    expect(link).toMatch(/#seat-link=[A-Za-z0-9_-]{24}$/);
    expect(await ann.getByTestId("seat-link-qr").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await ann.screenshot({ path: `${SHOTS}/devices-dialog-1440.png` });

    // Opened in a fresh context with empty storage: the Continue page; loading it spends nothing.
    const scanner = await fresh({ width: 390, height: 844 });
    await scanner.goto(link);
    await scanner.getByTestId("seat-link-page").waitFor();
    await scanner.close();
    const phone = await fresh({ width: 390, height: 844 });
    await phone.goto(link);
    await phone.getByTestId("seat-link-continue").waitFor();
    await phone.screenshot({ path: `${SHOTS}/continue-390.png` });
    expect(await phone.evaluate(() => localStorage.length)).toBe(0);
    await phone.getByTestId("seat-link-continue").click();
    await phone.getByTestId("topbar").waitFor();
    await phone.getByTestId("who-am-i").filter({ hasText: "Ann" }).waitFor({ state: "attached" });
    expect(await phone.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith("na.seat.")))).toBe(true);
    expect(new URL(phone.url()).hash).toBe("");

    // The first browser is told plainly that the seat is played elsewhere, and may play it here again.
    const elsewhere = (p: Page) => p.locator("[data-testid=connection][data-state=left][data-elsewhere]");
    await elsewhere(ann).waitFor();
    // The Devices dialog, open when the link was spent, closed with the notice: the notice is on top.
    const devicesShown = (p: Page) => p.getByTestId("devices-dialog").evaluate((d: HTMLDialogElement) => d.open);
    await expect(devicesShown(ann)).resolves.toBe(false);
    await expect(ann.getByTestId("connection-reason").textContent()).resolves.toBe("Your seat is now being played from another device or browser tab.");
    await expect(elsewhere(ann).locator("h2").textContent()).resolves.toBe("Your seat is being played elsewhere");
    await expect(elsewhere(ann).textContent()).resolves.not.toMatch(/taken back|no longer at this table/);
    await expect(ann.getByTestId("play-here-again").evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await ann.getByTestId("connection-lobby").waitFor();
    await ann.screenshot({ path: `${SHOTS}/seat-played-elsewhere-1440.png` });
    // "Play here again": Ann's browser has the seat back (its Devices dialog opens again), and the phone,
    // its own Devices dialog open, is told the same in turn, the dialog closed.
    await phone.getByTestId("menu").click();
    await phone.getByTestId("devices-open").click();
    await phone.getByTestId("devices-count").filter({ hasText: "Signed in on 2 devices." }).waitFor();
    await ann.getByTestId("play-here-again").click();
    await ann.getByTestId("connection").waitFor({ state: "detached" });
    await ann.getByTestId("who-am-i").filter({ hasText: "Ann" }).waitFor({ state: "attached" });
    await ann.getByTestId("devices-open").click();
    await expect(devicesShown(ann)).resolves.toBe(true);
    await ann.getByTestId("devices-close").click();
    await elsewhere(phone).waitFor();
    await expect(devicesShown(phone)).resolves.toBe(false);
    await phone.screenshot({ path: `${SHOTS}/seat-played-elsewhere-390.png` });
    // It stays so: nothing takes the seat back and forth by itself.
    await new Promise((r) => setTimeout(r, 1500));
    await expect(ann.getByTestId("connection").count()).resolves.toBe(0);
    // The phone plays it again, for what follows.
    await phone.getByTestId("play-here-again").click();
    await phone.getByTestId("connection").waitFor({ state: "detached" });
    await elsewhere(ann).waitFor();

    // Used once: the same link in another empty browser is refused with a sentence.
    const late = await fresh({ width: 1440, height: 900 });
    await late.goto(link);
    await late.screenshot({ path: `${SHOTS}/continue-1440.png` });
    await late.getByTestId("seat-link-continue").click();
    await expect.poll(() => late.getByTestId("seat-link-error").textContent()).toMatch(/already been used/);
    expect(await late.getByTestId("seat-link-continue").count()).toBe(0); // nothing left to try
    await late.screenshot({ path: `${SHOTS}/continue-spent-1440.png` });

    // Ann's first browser lost the seat to the phone, but its key still opens it: from the lobby's
    // "Your games" there, the owner signs the other device out, and the phone's connection closes.
    await ann.goto(`${at.server.url}/`);
    await ann.getByTestId("your-game-devices").click();
    await ann.getByTestId("devices-count").filter({ hasText: "Signed in on 2 devices." }).waitFor();
    await ann.getByTestId("sign-out-others").click();
    await ann.getByTestId("devices-note").filter({ hasText: "Signed the other device out." }).waitFor();
    await ann.screenshot({ path: `${SHOTS}/lobby-devices-1440.png` });
    await phone.getByText(/signed out of the seat/i).first().waitFor({ timeout: 15_000 });
    // Back at the table in the first browser: one device.
    await ann.goto(`${at.server.url}/?join=${code}`);
    await ann.getByTestId("topbar").waitFor();
    await ann.getByTestId("devices-open").click();
    await ann.getByTestId("devices-count").filter({ hasText: "Signed in on 1 device." }).waitFor();
  });

  it("shows the other-device dialog on a phone", async () => {
    const { page: bea } = await seatedAlone("Bea", { width: 390, height: 844 });
    const open = bea.getByTestId("devices-open");
    await bea.getByTestId("menu").click(); // on a phone the controls sit in the top bar's menu
    await open.click();
    await bea.getByTestId("seat-link-make").click();
    await bea.getByTestId("seat-link-qr").waitFor();
    await bea.screenshot({ path: `${SHOTS}/devices-dialog-390.png` });
    const box = (await bea.getByTestId("devices-dialog").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // "Your games" in the lobby lists this game with what it asks of Bea (her seat's key, asked of the server).
    await bea.goto(`${at.server.url}/`);
    const state = bea.getByTestId("your-games").getByTestId("your-game-state");
    await expect.poll(() => state.textContent(), { timeout: 10_000 }).toMatch(/^(your move|waiting for the others)$/);
  });
});
