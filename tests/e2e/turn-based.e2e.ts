// Turn-based tables in the browser: the pace choice in "Create a table", and each seat's time bank on
// the table (with whose move it is, and since when), at 1440×900 and on a phone (390×844). Screenshots
// go to /tmp, never the repo.
import { describe, expect, it } from "vitest";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverAndBrowser } from "./browser.ts";

const SHOTS = path.join(tmpdir(), "na-e2e-turn-based");
const at = serverAndBrowser(SHOTS);

describe("a turn-based table in the browser", () => {
  for (const [label, viewport] of [["laptop", { width: 1440, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    it(`offers the pace and shows each person's bank (${label})`, async () => {
      const page = await (await at.browser.newContext({ viewport })).newPage();
      await page.goto(at.server.url);
      await page.getByTestId("create-pace").selectOption("turn-based");
      await page.getByTestId("create-bank").selectOption("8");
      await page.getByTestId("create-pace").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-create.png`) });
      // A table of one person and three bots: the person's bank is on their corporation.
      const res = await fetch(at.server.url + "/api/games", {
        method: "POST", headers: { "content-type": "application/json" },
        body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, pace: "turn-based", turn: { bankSeconds: 8 * 3600 } }),
      });
      expect(res.status).toBe(201);
      const { code } = (await res.json()) as { code: string };
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill("Ann");
      await page.getByTestId("join").click();
      if (label === "phone") { await page.getByTestId("tab-players").waitFor(); await page.getByTestId("tab-players").click(); }
      const bank = page.getByTestId("bank-0");
      await bank.waitFor();
      await expect.poll(async () => bank.textContent(), { timeout: 20_000 }).toMatch(/^bank (7|8) h/);
      await bank.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${label}-table.png`) });
      const listed = await (await fetch(`${at.server.url}/api/games/${code}`)).json() as { pace: string; players: { seat: number; bank?: number }[] };
      expect(listed.pace).toBe("turn-based");
      expect(listed.players.find((p) => p.seat === 0)!.bank).toBeGreaterThan(7 * 3600);
      await page.context().close();
    }, 120_000);
  }
});
