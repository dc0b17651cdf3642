// The lobby's public list, the host's controls, decision deadlines and the end of a game, in the browser.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";

let errors: string[] = [];
let opened: Page[] = [];

const at = serverAndBrowser("test-results");

async function openPage(who: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport })).newPage();
  opened.push(page);
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${who}: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`${who}: ${String(e)}`));
  return page;
}

function keepPicturesOnFailure(prefix: string) {
  errors = [];
  opened = [];
  onTestFailed(async () => {
    for (const [i, p] of opened.entries()) await p.screenshot({ path: `test-results/failed-${prefix}-${i}.png`, fullPage: true }).catch(() => {});
  });
}

describe("lobby, host and deadlines", () => {
  it("lists a public table and lets the host add a bot and start early", async () => {
    keepPicturesOnFailure("host");
    const ann = await openPage("ann");
    await ann.goto(at.server.url + "/");
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("create-private").uncheck();
    await ann.getByTestId("create-deadline").selectOption("30");
    await ann.getByTestId("create").click();
    const code = (await ann.getByTestId("invite-code").textContent())!.trim();
    await expect(ann.getByTestId("waiting-room").textContent()).resolves.toContain("30 seconds");

    // Bea finds the table in the public list and joins it from there.
    const bea = await openPage("bea");
    await bea.goto(at.server.url + "/");
    await bea.getByTestId("name").fill("Bea");
    const listed = bea.getByTestId("public-tables").locator("li", { hasText: code });
    await listed.waitFor();
    await listed.getByRole("button", { name: "Join", exact: true }).click();
    await bea.getByTestId("waiting-room").waitFor();
    await ann.getByTestId("seat-1").filter({ hasText: "Bea" }).waitFor();
    expect(await bea.getByTestId("start").count(), "only the host starts").toBe(0);

    // The host adds a bot, then starts early: the last empty seat gets a bot too.
    await ann.getByTestId("add-bot").click();
    await ann.getByTestId("seat-2").filter({ hasText: "bot" }).waitFor();
    await ann.getByTestId("start").click();
    for (const p of [ann, bea]) await p.getByTestId("table").waitFor();
    await expect(ann.getByTestId("corps").locator("li.corp").count()).resolves.toBe(4);
    await expect(ann.getByTestId("corp-3").textContent()).resolves.toContain("bot");
    expect(errors).toEqual([]);
  }, 60_000);

  it("shows the seconds left on each of your decisions, and a bot decides when they run out", async () => {
    keepPicturesOnFailure("deadline");
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 5 }),
    });
    const { code } = (await res.json()) as { code: string };
    const ann = await openPage("ann");
    await ann.goto(`${at.server.url}/?join=${code}`);
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("join").click();
    await ann.getByTestId("table").waitFor();

    // Ann's next decision: wait for her choices, then read the countdown beside them.
    const secondsShown = async (): Promise<number | null> => {
      await ann.locator(".pending.mine").waitFor({ timeout: 20_000 });
      await ann.getByTestId("choices").waitFor();
      const text = (await ann.locator(".pending.mine").textContent()) ?? "";
      const m = text.match(/(\d+) s left/);
      return m ? Number(m[1]) : null;
    };
    for (let decision = 0; decision < 3; decision++) {
      const shown = await secondsShown();
      expect(shown, `countdown on decision ${decision + 1}`).not.toBeNull();
      expect(shown!).toBeGreaterThan(0);
      expect(shown!).toBeLessThanOrEqual(5);
      if (decision === 0) await ann.screenshot({ path: "test-results/deadline.png", fullPage: true });
      if (decision === 0) {
        // The trade form is modal, but the clock runs on under it: the form shows it.
        await ann.locator('[data-testid^="propose-to-"]').first().click();
        const clock = ann.getByTestId("trade-propose").getByTestId("trade-clock");
        await expect(clock.textContent()).resolves.toMatch(/^Your decision is still waiting: [1-5] s left, then a bot decides for you\.$/);
        await ann.screenshot({ path: "test-results/deadline-trade.png" });
        await ann.keyboard.press("Escape");
        await ann.getByTestId("trade-propose").waitFor({ state: "detached" });
      }
      const before = (await ann.getByTestId("private-log").textContent()) + "|" + (await ann.getByTestId("public-log").textContent());
      if (decision < 2) {
        // Answer at once with the first offered choice (any legal button will do).
        await ann.getByTestId("choices").locator("button:not([disabled])").first().click();
      }
      // (On the last one Ann does nothing: the deadline passes and the bot policy decides for her.)
      await ann.waitForFunction((b) => {
        const now = document.querySelector("[data-testid=private-log]")?.textContent + "|" + document.querySelector("[data-testid=public-log]")?.textContent;
        return now !== b;
      }, before, { timeout: 10_000 });
    }
    // The screen says that the deadline ran out and what the bot chose instead.
    await expect(ann.getByTestId("timeout-note").textContent({ timeout: 10_000 })).resolves.toMatch(/^Your time ran out, so a bot chose for you: it (answered|offered|counteroffered|passed|abstained|supported|discarded|kept) .+\./);
    expect(errors).toEqual([]);
  }, 90_000);

  it("shows the end of the game to a player: every rival revealed, the winners, and the replay", async () => {
    keepPicturesOnFailure("end");
    // Three quick bots and a very short deadline: the game plays itself out around the one human.
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 0.05 }),
    });
    const { code } = (await res.json()) as { code: string };
    const ann = await openPage("ann");
    await ann.goto(`${at.server.url}/?join=${code}`);
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("join").click();
    const over = ann.getByTestId("game-over");
    await over.waitFor({ timeout: 60_000 });
    expect(await ann.getByTestId("table").getAttribute("data-status")).toBe("finished");
    const rows = over.locator(".results-table tbody tr");
    await expect(rows.count()).resolves.toBe(4);
    for (let i = 0; i < 4; i++) await expect(rows.nth(i).locator("td").first().textContent()).resolves.toMatch(/\S/);
    await expect(ann.getByTestId("winners").textContent()).resolves.toMatch(/Winners: |Nobody wins/);
    const replay = await ann.getByTestId("replay-link").getAttribute("href");
    const body = (await (await fetch(at.server.url + replay)).json()) as { seed: string; commands: unknown[] };
    expect(body.seed).toMatch(/^[0-9a-f]{32}$/); // drawn by the server: 128 bits
    expect(body.commands.length).toBeGreaterThan(0);
    await ann.screenshot({ path: "test-results/game-over.png", fullPage: true });
    expect(errors).toEqual([]);
  }, 90_000);
});
