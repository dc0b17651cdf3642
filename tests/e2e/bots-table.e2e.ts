// Issue 20 in the browser: one person and three bots at a table with a short step time. The person
// proposes a trade to a bot from the rail and sees the bot's answer; then plays through the real UI until a
// bot offers its support for capital: the offer shows as a trade card with Accept and Decline, the person
// accepts it and sees the trade done. Screenshots at 1440×900 go to /tmp, never the repo.
import { describe, expect, it, onTestFailed } from "vitest";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";
import { decide } from "./decide.ts";

const VIEWPORT = { width: 1440, height: 900 };
const SHOTS = path.join(tmpdir(), "na-e2e-bots-table");
/** Bots act this long after their turn comes: quick, yet a patch is seen before the next one. */
const BOT_DELAY_MS = 150;
/** A short step: a decision the person leaves too long is made for them, and the game never waits long. */
const STEP_SECONDS = 5;
/** How long the person plays on for a bot's offer: on a quiet machine one comes within a minute. */
const PLAY_FOR_AN_OFFER_MS = 150_000;

const errors: string[] = [];
let page: Page | null = null;

const at = serverAndBrowser(SHOTS);

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const capitalOf = async (p: Page) => Number(await p.getByTestId("my-capital").textContent());

describe("a person with three bots in the browser", () => {
  it("gets a bot's answer to their own trade, then is offered a bot's support for capital and accepts it on the trade card", async () => {
    onTestFailed(async () => { await page?.screenshot({ path: path.join(SHOTS, "failed.png") }).catch(() => {}); });
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: BOT_DELAY_MS, stepSeconds: STEP_SECONDS }),
    });
    expect(res.status).toBe(201);
    const { code } = (await res.json()) as { code: string };
    page = await (await at.browser.newContext({ viewport: VIEWPORT })).newPage();
    const p = page;
    p.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    p.on("pageerror", (e) => errors.push(String(e)));
    await p.goto(`${at.server.url}/?join=${code}`);
    await p.getByTestId("name").fill("Ann");
    await p.getByTestId("join").click();
    await p.getByTestId("my-capital").waitFor(); // the three bots fill the table: the game starts at once
    const corp = /^You: (.+?) ·/.exec((await p.getByTestId("your-corp").locator("h2").textContent())!.trim())![1]!;
    const me = `${corp} (Ann)`; // the rail's done trades name the person beside the corporation

    // The person proposes a trade to a bot from the rail: a gift of capital, which a bot takes.
    const bots = p.locator('[data-testid^="propose-to-"]');
    await bots.first().waitFor();
    const gift = 2;
    expect(await capitalOf(p)).toBeGreaterThanOrEqual(gift);
    const bot = (await bots.first().textContent())!.trim();
    await bots.first().click();
    const form = p.getByTestId("trade-propose");
    await form.waitFor();
    await form.getByTestId("trade-give-capital").fill(String(gift));
    await p.screenshot({ path: path.join(SHOTS, "proposing.png") });
    await form.getByTestId("trade-send").click();
    // The bot's answer: the trade done, in the rail (its delay is 150 ms; the deadline is for a busy machine).
    const answered = p.getByTestId("trades").locator("ul.done li").filter({ hasText: `${me} gives ${gift} capital, ` });
    await answered.first().waitFor({ timeout: 30_000 });
    await expect(answered.first().textContent()).resolves.toMatch(/ gives nothing\.$/);
    await expect(p.getByTestId("trades-outgoing").count()).resolves.toBe(0);
    // and the bot says so to the person alone.
    const said = p.getByTestId("chat").locator("li.whisper").filter({ hasText: bot });
    await said.first().waitFor();
    await expect(said.first().textContent()).resolves.toMatch(/private, to you ?: Deal\.$/);
    await p.screenshot({ path: path.join(SHOTS, "answered.png") });

    // Play until a bot proposes a trade: its card appears at the top of the rail.
    const incoming = p.getByTestId("trades-incoming");
    const started = Date.now();
    while ((await incoming.count()) === 0) {
      expect(Date.now() - started, "a bot offers a trade within a few minutes of play").toBeLessThan(PLAY_FOR_AN_OFFER_MS);
      if (!(await decide(p))) await p.waitForTimeout(100);
    }
    const card = incoming.locator("li.trade-card").first();
    await card.waitFor();
    await p.screenshot({ path: path.join(SHOTS, "offered.png") });
    // On a 1280×720 laptop too, its Accept and Decline are in sight in the rail, nothing scrolled.
    await p.setViewportSize({ width: 1280, height: 720 });
    const hidden = await p.evaluate(() => {
      const box = document.querySelector(".rail .incoming")!.getBoundingClientRect();
      return Array.from(document.querySelectorAll("[data-testid=trades-incoming] li:first-child button"))
        .filter((b) => b.getBoundingClientRect().bottom > Math.min(box.bottom, innerHeight) + 0.5).map((b) => b.textContent);
    });
    await p.screenshot({ path: path.join(SHOTS, "offered-1280.png") });
    expect(hidden, "buttons of the trade card out of sight at 1280×720").toEqual([]);
    await p.setViewportSize(VIEWPORT);

    // The card says who proposes what, in words: the bot's support for the person's capital.
    const text = (await card.textContent())!.replace(/\s+/g, " ");
    expect(text).toMatch(/^.+ proposes a binding trade:/);
    // Whose offer and which card: the same as the deal panel shows.
    const offer = /You get ?support for (your|.+?'s) (main offer|counteroffer), (.+?), with (\d+) cards? ?You give ?(\d+) capital/.exec(text);
    expect(offer, text).not.toBeNull();
    const panel = p.getByTestId(offer![2] === "main offer" ? "deal-main" : "deal-counter");
    await expect(panel.locator(".cf-title").first().textContent()).resolves.toBe(offer![3]);
    await expect(panel.textContent()).resolves.toContain(`by ${offer![1] === "your" ? "Ann" : offer![1].slice(0, -2)} (`);
    const price = Number(offer![5]);
    const accept = card.getByRole("button", { name: "Accept" });
    await expect(accept.isEnabled()).resolves.toBe(true);
    await expect(card.getByRole("button", { name: "Decline" }).isEnabled()).resolves.toBe(true);
    await expect(p.getByTestId("trade-waiting").textContent()).resolves.toContain("A trade waits for your answer");
    await expect(p.title()).resolves.toContain("a trade for you");

    // Accepted: the card goes, the trade is done in the rail (the capital paid), the support in the log.
    await accept.click();
    await incoming.waitFor({ state: "detached" });
    const done = p.getByTestId("trades").locator("ul.done li").filter({ hasText: `${me} gives ${price} capital.` });
    await done.first().waitFor();
    await expect(done.first().textContent()).resolves.toMatch(new RegExp(` and ${escaped(me)} trade: .+ gives support for the ${offer![2]} with ${offer![4]} cards?, ${escaped(me)} gives ${price} capital\\.$`));
    await expect(p.getByTestId("public-log").textContent()).resolves.toContain(`supports the ${offer![2]} with ${offer![4]} card`);
    await p.screenshot({ path: path.join(SHOTS, "accepted.png") });

    expect(errors).toEqual([]);
  }, PLAY_FOR_AN_OFFER_MS + 90_000);
});
