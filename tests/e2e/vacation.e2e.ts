// Vacations in the browser (server/table/vacations.ts): the table option in "Create a table", and at a
// turn-based table set to pause "Vacation…": Ann marks a week away, the game pauses (at most 72 hours),
// her corporation shows "on vacation until …" and "away: the game is paused" (not "a bot plays": the bot
// plays only after the pause), and "I'm back" ends it; at 1440×900 and on a phone (390×844). Screenshots go to /tmp.
import { describe, expect, it } from "vitest";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverAndBrowser } from "./browser.ts";

const SHOTS = path.join(tmpdir(), "na-e2e-vacation");
const at = serverAndBrowser(SHOTS);

describe("vacations in the browser", () => {
  for (const [label, viewport] of [["laptop", { width: 1440, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    it(`offers the setting, marks a vacation and ends it (${label})`, async () => {
      const page = await (await at.browser.newContext({ viewport })).newPage();
      await page.goto(at.server.url);
      await page.getByTestId("create-pace").selectOption("turn-based");
      await page.getByTestId("create-vacation").selectOption("pause");
      await page.getByTestId("create-vacation").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-create.png`) });
      const res = await fetch(at.server.url + "/api/games", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, pace: "turn-based", turn: { vacation: "pause" } }),
      });
      expect(res.status).toBe(201);
      const { code } = (await res.json()) as { code: string };
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill("Ann");
      await page.getByTestId("join").click();
      await page.getByTestId("vacation-open").waitFor({ timeout: 20_000 });
      await page.getByTestId("vacation-open").scrollIntoViewIfNeeded();
      await page.getByTestId("vacation-open").click();
      await page.getByTestId("vacation-send").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-form.png`) });
      await page.getByTestId("vacation-send").click();
      await page.getByTestId("vacation-mine").waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("vacation-mine").textContent()).toMatch(/You are on vacation until/);
      expect(await page.getByTestId("vacation-paused").textContent()).toMatch(/pauses the game until/);
      await page.getByTestId("vacation-mine").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-away.png`) });
      if (label === "phone") await page.getByTestId("tab-players").click();
      const tag = page.getByTestId("vacation-0");
      await tag.waitFor({ timeout: 10_000 });
      expect(await tag.textContent()).toMatch(/^on vacation until /);
      // The pause holds: nobody plays her seat yet (a bot does only once the pause is over).
      expect(await page.getByTestId("presence-0").textContent()).toBe("away: the game is paused");
      await tag.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-tag.png`) });
      if (label === "phone") await page.getByTestId("tab-deal").click();
      await page.getByTestId("vacation-end").click();
      await page.getByTestId("vacation-open").waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("vacation-0").count()).toBe(0);
      await page.context().close();
    }, 120_000);
  }
});
