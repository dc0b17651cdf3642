// The trade form in the browser. In her support turn a person chooses "Support: the main offer" and ticks
// no card: Propose stays disabled and the form says why (ticking a card enables it). And a proposal the
// server refuses keeps the form open with the refusal in it, on a phone too, where the Trades rail is in
// another tab; and so does a refusal that comes late (the server's messages held 6 s, past the form's
// 5-s wait for an answer). Screenshots at 1440×900 and 390×844 go to /tmp, never the repo.
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";
import { actOnce } from "./decide.ts";

const SHOTS = process.env.SHOTS_DIR ?? path.join(tmpdir(), "na-e2e-trade-form");
const at = serverAndBrowser(SHOTS);
const opened: Page[] = [];
const after: (() => void)[] = [];
afterAll(async () => {
  for (const p of opened) await p.close().catch(() => {});
  for (const f of after) f();
});

/**
 * A slow network in front of the server: a TCP relay whose address a page opens instead of the server's.
 * `hold(ms)` keeps what the server sends back for that long (in order), and says until when.
 */
async function slowNetwork(serverUrl: string): Promise<{ url: string; hold(ms: number): number; close(): void }> {
  const target = new URL(serverUrl);
  let holdUntil = 0;
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((page) => {
    const server = net.connect(Number(target.port), target.hostname);
    for (const s of [page, server]) { sockets.add(s); s.on("error", () => {}); s.on("close", () => { page.destroy(); server.destroy(); sockets.delete(s); }); }
    page.pipe(server);
    server.on("data", (chunk) => {
      const wait = holdUntil - Date.now();
      if (wait <= 0) { page.write(chunk); return; }
      server.pause();
      setTimeout(() => { page.write(chunk); server.resume(); }, wait);
    });
  });
  await new Promise<void>((ok) => relay.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(relay.address() as net.AddressInfo).port}`,
    hold: (ms) => (holdUntil = Date.now() + ms),
    close: () => { for (const s of sockets) s.destroy(); relay.close(); },
  };
}

async function fresh(viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 1000;
  const page = await (await at.browser.newContext({ viewport, hasTouch: phone, isMobile: phone })).newPage();
  opened.push(page);
  return page;
}

async function newTable(body: object): Promise<string> {
  const res = await fetch(`${at.server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return ((await res.json()) as { code: string }).code;
}

async function sit(page: Page, code: string, name: string, url = at.server.url): Promise<void> {
  await page.goto(`${url}/?join=${code}`);
  await page.getByTestId("name").fill(name);
  await page.getByTestId("join").click();
  await page.locator("[data-testid=topbar], [data-testid=waiting-room]").first().waitFor();
}

describe("the trade form", () => {
  it("keeps Propose disabled, with the reason, while support is chosen with no card", async () => {
    const ann = await fresh({ width: 1440, height: 900 });
    onTestFailed(async () => { await ann.screenshot({ path: path.join(SHOTS, "failed-support.png") }).catch(() => {}); });
    const code = await newTable({ seats: 4, bots: 3, botDelayMs: 150, stepSeconds: 120 });
    await sit(ann, code, "Ann");
    // Play until Ann's own support turn (she makes no counteroffer, so that she supports).
    const deadline = Date.now() + 150_000;
    while ((await ann.getByTestId("choice-support").count()) === 0) {
      expect(Date.now(), "reached Ann's support turn in time").toBeLessThan(deadline);
      const noCounter = ann.getByTestId("choices").locator('button[data-choice="pass"]', { hasText: "make no counteroffer" });
      if (await noCounter.count()) await noCounter.click({ timeout: 5000 }).catch(() => {});
      else if (!(await actOnce(ann))) await ann.waitForTimeout(100);
    }
    await ann.locator('[data-testid^="propose-to-"]').first().click();
    const form = ann.getByTestId("trade-propose");
    await form.getByTestId("trade-get-capital").fill("1");
    const send = form.getByTestId("trade-send");
    await expect(send.isEnabled()).resolves.toBe(true);
    await form.getByTestId("trade-support").selectOption({ index: 1 });
    await form.getByTestId("pick-trade-support").waitFor();
    await expect(send.isDisabled()).resolves.toBe(true);
    const why = form.getByTestId("trade-send-why");
    await expect(why.textContent()).resolves.toBe("Tick at least one card to support with, or choose no support.");
    await expect(send.getAttribute("aria-describedby")).resolves.toBe("trade-send-why");
    await why.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: path.join(SHOTS, "support-no-card-1440.png") });
    await ann.setViewportSize({ width: 390, height: 844 });
    await why.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: path.join(SHOTS, "support-no-card-390.png") });
    await ann.setViewportSize({ width: 1440, height: 900 });
    // A card ticked: Propose may be pressed, and the reason goes.
    await form.getByTestId("pick-trade-support").locator('input[type="checkbox"]').first().check();
    await expect(send.isEnabled()).resolves.toBe(true);
    await expect(why.count()).resolves.toBe(0);
  });

  it("keeps the form open with the server's refusal in it, on a phone", async () => {
    const code = await newTable({ seats: 4, bots: 2, botDelayMs: 150, stepSeconds: 600 });
    const bea = await fresh({ width: 1440, height: 900 });
    const ann = await fresh({ width: 390, height: 844 });
    onTestFailed(async () => { await ann.screenshot({ path: path.join(SHOTS, "failed-refusal.png") }).catch(() => {}); });
    await sit(bea, code, "Bea");
    await sit(ann, code, "Ann");
    await ann.getByTestId("topbar").waitFor();
    const beaSeat = (await bea.getByTestId("table").getAttribute("data-seat"))!;
    await ann.getByTestId("tab-players").tap();
    const form = ann.getByTestId("trade-propose");
    // Proposals wait for Bea, who does not answer; each closes the form once it is on the table, until
    // the table's limit of open proposals (3 by default) is reached.
    const refusal = form.getByTestId("refusal");
    let sent = 0;
    for (; sent < 6; sent++) {
      await ann.getByTestId(`trade-with-${beaSeat}`).tap();
      await form.getByTestId("trade-give-capital").fill("1");
      await form.getByTestId("trade-send").tap();
      await ann.locator("dialog.trade-dialog:not([open]), [data-testid=trade-propose] [data-testid=refusal]").first().waitFor({ state: "attached" });
      if (await refusal.count()) break;
    }
    expect(sent, "proposals taken before the limit").toBeGreaterThanOrEqual(1);
    // The one over the limit is refused: the form stays open and says why, in view, where Ann is.
    await refusal.waitFor();
    await expect(refusal.getAttribute("data-code")).resolves.toBe("too-many-trades");
    await expect(form.isVisible()).resolves.toBe(true);
    await expect(form.getByTestId("trade-send").textContent()).resolves.toBe("Propose");
    await expect(form.getByTestId("trade-send").isEnabled()).resolves.toBe(true);
    await refusal.scrollIntoViewIfNeeded();
    const box = (await refusal.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect(box.y).toBeGreaterThanOrEqual(0);
    await ann.screenshot({ path: path.join(SHOTS, "refused-in-form-390.png") });
  });

  it("keeps the form open past the wait, and a refusal that comes late shows in it", async () => {
    const code = await newTable({ seats: 4, bots: 2, botDelayMs: 150, stepSeconds: 600 });
    const bea = await fresh({ width: 1440, height: 900 });
    const ann = await fresh({ width: 1440, height: 900 });
    onTestFailed(async () => { await ann.screenshot({ path: path.join(SHOTS, "failed-late.png") }).catch(() => {}); });
    const slow = await slowNetwork(at.server.url);
    after.push(slow.close);
    await sit(bea, code, "Bea");
    await sit(ann, code, "Ann", slow.url);
    await ann.getByTestId("topbar").waitFor();
    const beaSeat = (await bea.getByTestId("table").getAttribute("data-seat"))!;
    const form = ann.getByTestId("trade-propose");
    const closed = ann.locator("dialog.trade-dialog:not([open])");
    // Three proposals wait for Bea, who does not answer: each is on the table, and closes the form.
    for (let i = 0; i < 3; i++) {
      await ann.getByTestId(`trade-with-${beaSeat}`).click();
      await form.getByTestId("trade-give-capital").fill("1");
      await form.getByTestId("trade-send").click();
      await closed.waitFor({ state: "attached" });
    }
    // The fourth is over the table's limit, and its refusal comes 6 s late (longer, and the server would
    // take the held pings for a dead connection): past the wait, the form stays open and says it has had
    // no word; then the refusal shows in it.
    await ann.getByTestId(`trade-with-${beaSeat}`).click();
    await form.getByTestId("trade-give-capital").fill("1");
    const sentAt = Date.now();
    const holdUntil = slow.hold(6000);
    await form.getByTestId("trade-send").click();
    await ann.waitForTimeout(sentAt + 5500 - Date.now());
    await expect(form.getByTestId("trade-quiet").isVisible(), "the form still open, past the wait").resolves.toBe(true);
    await expect(form.getByTestId("trade-send").textContent()).resolves.toBe("Sent");
    await ann.screenshot({ path: path.join(SHOTS, "quiet-1440.png") });
    const refusal = form.getByTestId("refusal");
    await refusal.waitFor({ timeout: 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(holdUntil);
    await expect(refusal.getAttribute("data-code")).resolves.toBe("too-many-trades");
    await expect(form.getByTestId("trade-quiet").count()).resolves.toBe(0);
    await expect(form.getByTestId("trade-send").textContent()).resolves.toBe("Propose");
    await ann.setViewportSize({ width: 390, height: 844 });
    await refusal.scrollIntoViewIfNeeded();
    await ann.screenshot({ path: path.join(SHOTS, "late-refusal-390.png") });
    await ann.setViewportSize({ width: 1440, height: 900 });
    await ann.screenshot({ path: path.join(SHOTS, "late-refusal-1440.png") });
  });
});
