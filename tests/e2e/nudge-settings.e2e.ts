// The seat's nudge settings in the Devices dialog (client/src/table/NudgeSettings.tsx), in Chromium:
// the host sets the table's webhook (a wrong address is refused in words; a right one is shown back as
// its host alone), clears it, stops every "your move" message of the seat at the table, and turns them
// on again (the dialog, reopened, shows the seat's setting as the server keeps it). Screenshots
// at 1440×900 and 390×844 go to test-results/nudge-settings/.
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/nudge-settings";
const at = serverAndBrowser(SHOTS);
const opened: Page[] = [];
afterAll(async () => { for (const p of opened) await p.close().catch(() => {}); });

describe("nudge settings in the Devices dialog", () => {
  for (const [label, viewport] of [["1440", { width: 1440, height: 900 }], ["390", { width: 390, height: 844 }]] as const) {
    it(`set and clear the host's webhook, and stop the messages (${label})`, async () => {
      const res = await fetch(`${at.server.url}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 1500, graceSeconds: 600, pace: "turn-based" }) });
      const { code } = (await res.json()) as { code: string };
      const phone = viewport.width < 1000;
      const page = await (await at.browser.newContext({ viewport, hasTouch: phone, isMobile: phone })).newPage();
      opened.push(page);
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill("Ann");
      await page.getByTestId("join").click();
      await page.getByTestId("topbar").waitFor();
      if (phone) await page.getByTestId("menu").click();
      await page.getByTestId("devices-open").click();
      const settings = page.getByTestId("nudge-settings");
      await settings.waitFor();

      // A wrong address: refused, in words.
      await page.getByTestId("webhook-url").fill("https://evil.example.com/hook");
      await page.getByTestId("webhook-set").click();
      await expect.poll(() => page.getByTestId("nudge-error").textContent()).toMatch(/Discord or Slack webhook address/);
      // A Discord one: shown back as its host only, and nowhere else on the page.
      const secret = "secret-path-4242";
      await page.getByTestId("webhook-url").fill(`https://discord.com/api/webhooks/1/${secret}`);
      await page.getByTestId("webhook-set").click();
      await expect.poll(() => page.getByTestId("nudge-note").textContent()).toBe("The table's webhook posts to https://discord.com/… (discord).");
      expect(await page.getByTestId("webhook-url").inputValue()).toBe("");
      expect(await page.content()).not.toContain(secret);
      expect(await (await fetch(`${at.server.url}/api/games/${code}`)).text()).not.toContain(secret);
      await settings.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/webhook-set-${label}.png` });
      // Cleared with an empty address.
      await page.getByTestId("webhook-set").click();
      await expect.poll(() => page.getByTestId("nudge-note").textContent()).toBe("The table has no webhook.");
      // Every message stopped for this seat at this table.
      await page.getByTestId("nudges-stop").click();
      await expect.poll(() => page.getByTestId("nudge-note").textContent()).toMatch(/^No more "your move" messages/);
      const box = (await page.getByTestId("devices-dialog").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `${SHOTS}/stopped-${label}.png` });
      // Reopened, the dialog offers them again (the server's setting, not the page's memory); on again.
      await page.getByTestId("devices-close").click();
      if (phone) await page.getByTestId("menu").click();
      await page.getByTestId("devices-open").click();
      await page.getByTestId("nudges-start").click();
      await expect.poll(() => page.getByTestId("nudge-note").textContent()).toMatch(/^"Your move" messages are on again/);
      await page.getByTestId("nudges-stop").waitFor();
      await page.screenshot({ path: `${SHOTS}/on-again-${label}.png` });
    }, 120_000);
  }
});
