// The table as a group at 1440×900 meets it: two people and two bots. Whatever needs you (your prompt, a
// trade proposed to you, a private message) is on screen without scrolling and shows in the tab's title;
// the first Production leaves a report naming each district that produced; the help finds a card; axe finds
// no serious or critical violation on the lobby, the waiting room and the table.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Locator, Page } from "playwright-core";
import { catalog } from "../../shared/catalog/index.ts";
import { axeSerious, serverAndBrowser } from "./browser.ts";
import { actOnce } from "./decide.ts";

const VIEWPORT = { width: 1440, height: 900 };

const errors: string[] = [];
const opened: Page[] = [];

const at = serverAndBrowser("test-results");

async function openPage(who: string): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport: VIEWPORT })).newPage();
  opened.push(page);
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${who}: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`${who}: ${String(e)}`));
  return page;
}

/** The page does not scroll, and the element's centre is really on screen: not clipped, not covered. */
async function onScreen(page: Page, target: Locator): Promise<void> {
  await target.waitFor();
  await target.scrollIntoViewIfNeeded(); // scrolls only inside its panel if needed; the page itself must not scroll
  const page_ = await page.evaluate(() => ({ scrollY: window.scrollY, height: document.documentElement.scrollHeight, inner: innerHeight }));
  expect(page_.scrollY, "the page itself never scrolls").toBe(0);
  expect(page_.height, "the page is no taller than the window").toBeLessThanOrEqual(page_.inner);
  const hit = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const x = r.left + Math.min(r.width / 2, 20);
    const y = r.top + Math.min(r.height / 2, 10);
    const top = document.elementFromPoint(x, y);
    const where = `${el.tagName} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)} in ${innerWidth}×${innerHeight}, at its point: ${top?.tagName}.${top?.className}`;
    return { inside: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth, hit: !!top && (el === top || el.contains(top)), where };
  });
  expect({ inside: hit.inside, hit: hit.hit }, `on screen and not covered: ${hit.where}`).toEqual({ inside: true, hit: true });
}

/** A report's title is on screen, and the whole report reads without scrolling inside the reports' panel. */
async function reportInView(page: Page, report: Locator): Promise<void> {
  await onScreen(page, report.locator("header"));
  const fits = await report.evaluate((el) => ({ report: el.getBoundingClientRect().height, panel: el.closest(".reports")!.clientHeight }));
  expect(fits.report, `the report (${fits.report} px) fits its panel (${fits.panel} px)`).toBeLessThanOrEqual(fits.panel);
}

/** No two districts of the map overlap, whatever stands on them. */
async function districtsApart(page: Page): Promise<void> {
  const rects = await page.locator('[data-testid^="district-"]').evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { id: e.getAttribute("data-testid"), l: r.left, t: r.top, r: r.right, b: r.bottom };
  }));
  expect(rects.length).toBe(catalog.districts.length);
  for (const a of rects) for (const b of rects) {
    if (a === b) continue;
    const overlap = a.l < b.r - 0.5 && b.l < a.r - 0.5 && a.t < b.b - 0.5 && b.t < a.b - 0.5;
    expect(overlap, `${a.id} overlaps ${b.id}`).toBe(false);
  }
}

describe("the table at 1440×900", () => {
  it("keeps what needs you on screen, reports Production, finds cards in the help, passes axe", async () => {
    onTestFailed(async () => {
      for (const [i, p] of opened.entries()) await p.screenshot({ path: `test-results/failed-screen-${i}.png` }).catch(() => {});
    });
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 0, stepSeconds: 0 }),
    });
    const { code } = (await res.json()) as { code: string };

    // The lobby and the waiting room, checked by axe.
    const ann = await openPage("ann");
    await ann.goto(`${at.server.url}/?join=${code}`);
    await ann.getByTestId("health").filter({ hasText: "server online" }).waitFor();
    expect(await axeSerious(ann), "lobby").toEqual([]);
    await ann.screenshot({ path: "test-results/screen-lobby.png" });
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("join").click();
    await ann.getByTestId("waiting-room").waitFor();
    expect(await axeSerious(ann), "waiting room").toEqual([]);
    await ann.screenshot({ path: "test-results/screen-waiting.png" });

    const bea = await openPage("bea");
    await bea.goto(`${at.server.url}/?join=${code}`);
    await bea.getByTestId("name").fill("Bea");
    await bea.getByTestId("join").click();
    for (const p of [ann, bea]) await p.getByTestId("your-corp").waitFor();
    const annSeat = (await ann.getByTestId("table").getAttribute("data-seat"))!;

    // Bea proposes a trade from Ann's board (two clicks and the amount), then writes to her privately.
    await ann.bringToFront();
    expect(await ann.title()).not.toMatch(/trade/);
    await bea.getByTestId(`trade-with-${annSeat}`).click();
    await bea.getByTestId("trade-give-capital").fill("1");
    await bea.getByTestId("trade-send").click();
    const offer = ann.getByTestId("trades-incoming").locator("li").first();
    await onScreen(ann, offer.getByRole("button", { name: "Accept" }));
    await expect(offer.textContent()).resolves.toContain("1 capital");
    await ann.waitForFunction(() => /a trade for you/.test(document.title));
    await bea.getByTestId(`message-${annSeat}`).click();
    // The input says where the line goes; after a private line it goes back to everyone.
    await bea.getByTestId("chat-to").filter({ hasText: /^Private to Ann$/ }).waitFor();
    await bea.getByTestId("chat-input").fill("Support me and the capital is yours");
    await bea.getByTestId("chat-send").click();
    await bea.getByTestId("chat-to").filter({ hasText: /^To everyone at the table$/ }).waitFor();
    await expect(bea.getByTestId("chat-tab-all").getAttribute("aria-selected")).resolves.toBe("true");
    await onScreen(ann, ann.getByTestId("chat").getByText("Support me and the capital is yours"));
    await ann.waitForFunction(() => /1 new message/.test(document.title));
    await expect(ann.getByTestId("chat-tab-all").getByTestId("unread").textContent()).resolves.toBe("1");
    await ann.screenshot({ path: "test-results/screen-trade-and-message.png" });
    // Ann declines; her look clears the alerts from the title.
    await offer.getByRole("button", { name: "Decline" }).click();
    await ann.waitForFunction(() => !/trade|message/.test(document.title));
    expect(await axeSerious(ann), "table").toEqual([]);

    // A spectator talks in the spectators' channel: players do not see it until the host (Ann) opens it.
    const cy = await openPage("cy");
    await cy.goto(`${at.server.url}/?join=${code}&watch=1`);
    await cy.getByTestId("corps").waitFor();
    await cy.getByTestId("chat-to").filter({ hasText: /^To the spectators/ }).waitFor();
    await cy.getByTestId("chat-input").fill("Ann should sell her support");
    await cy.getByTestId("chat-send").click();
    await cy.getByTestId("chat").getByText("Ann should sell her support").waitFor();
    expect(await cy.getByTestId("chat").getByText("Support me and the capital is yours").count()).toBe(0);
    expect(await ann.getByTestId("chat-tab-watchers").count()).toBe(0);
    expect(await bea.getByTestId("chat").getByText("Ann should sell").count()).toBe(0);
    expect(await bea.getByTestId("watchers-toggle").count()).toBe(0);
    // The box shows the table's setting: it turns on when the server has answered (a render before the
    // answer shows the old setting again, so click and wait rather than check()).
    const watchersBox = ann.getByTestId("watchers-toggle").locator("input");
    await watchersBox.click();
    await ann.waitForFunction(() => (document.querySelector('[data-testid="watchers-toggle"] input') as HTMLInputElement | null)?.checked === true);
    await bea.getByTestId("chat-tab-watchers").click();
    await bea.getByTestId("chat").getByText("Ann should sell her support").waitFor();
    await bea.getByTestId("chat-to").filter({ hasText: /only spectators write here/ }).waitFor();
    await bea.screenshot({ path: "test-results/screen-watchers.png" });
    await bea.getByTestId("chat-tab-all").click();
    expect(await bea.getByTestId("chat").getByText("Ann should sell").count()).toBe(0);
    await cy.close();
    // The sound toggle is off until you turn it on, and remembered over a reload.
    await expect(bea.getByTestId("sound-toggle").getAttribute("aria-pressed")).resolves.toBe("false");
    await bea.getByTestId("sound-toggle").click();
    await bea.reload();
    await bea.getByTestId("your-corp").waitFor();
    await expect(bea.getByTestId("sound-toggle").getAttribute("aria-pressed")).resolves.toBe("true");

    // Play to the first Production: whoever must act sees the prompt without scrolling.
    const shown = new Set<string>();
    let sold = false;
    const deadline = Date.now() + 150_000;
    const publicLog = async () => (await ann.getByTestId("public-log").textContent()) ?? "";
    while (!(await publicLog()).includes("Production Phase.")) {
      expect(Date.now(), "reached Production in time").toBeLessThan(deadline);
      let acted = false;
      for (const [who, p] of [["ann", ann], ["bea", bea]] as const) {
        if ((await p.locator(".pending.mine").count()) === 0 || (await p.getByTestId("choices").count()) === 0) continue;
        if (!shown.has(who)) {
          await onScreen(p, p.locator(".pending.mine"));
          await onScreen(p, p.getByTestId("choices").locator("button[data-choice]").first());
          expect(await p.title()).toMatch(/Your move/);
          await p.screenshot({ path: `test-results/screen-prompt-${who}.png` });
          shown.add(who);
          if (who === "ann" && (await p.getByTestId("choices").locator("button[data-choice]:not([disabled])").count())) {
            // Keyboard only: Tab reaches a choice of the prompt, Enter makes it.
            const before = await p.getByTestId("choices").getAttribute("data-key");
            let reached = false;
            for (let i = 0; i < 60 && !reached; i++) {
              await p.keyboard.press("Tab");
              reached = await p.evaluate(() => !!document.activeElement?.closest("[data-testid=choices]") && document.activeElement?.tagName === "BUTTON");
            }
            expect(reached, "a choice is reachable with Tab").toBe(true);
            await p.keyboard.press("Enter");
            await p.waitForFunction((b) => document.querySelector("[data-testid=choices]")?.getAttribute("data-key") !== b, before);
            acted = true;
            continue;
          }
        }
        // In her support step Bea sells her support to Ann from Ann's board: two clicks.
        if (who === "bea" && !sold && (await p.getByTestId("choice-support").count()) && (await p.getByTestId(`sell-support-${annSeat}`).count())) {
          await p.getByTestId(`sell-support-${annSeat}`).click();
          await p.getByTestId("trade-send").click();
          const sale = ann.getByTestId("trades-incoming").locator("li", { hasText: "support for " });
          await onScreen(ann, sale.getByRole("button", { name: "Decline" }));
          await expect(sale.textContent()).resolves.toMatch(/You give\s*1 capital/);
          // whose offer and which card, in words, as the deal panel shows them
          const words = /support for (your|.+?'s) (main offer|counteroffer), (.+?), with 1 card/.exec((await sale.textContent())!.replace(/\s+/g, " "));
          expect(words, "the sale names the offer and its card").not.toBeNull();
          await expect(ann.getByTestId(words![2] === "main offer" ? "deal-main" : "deal-counter").locator(".cf-title").first().textContent()).resolves.toBe(words![3]);
          await ann.screenshot({ path: "test-results/screen-support-for-capital.png" });
          await sale.getByRole("button", { name: "Decline" }).click();
          await sale.waitFor({ state: "detached" });
          sold = true;
        }
        // Bea makes no counteroffer: an offer's maker does not support, and Bea is to sell her support.
        const noCounter = p.getByTestId("choices").locator('button[data-choice="pass"]', { hasText: "make no counteroffer" });
        if (who === "bea" && !sold && (await noCounter.count())) {
          await noCounter.click({ timeout: 5000 }).catch(() => {});
          acted = true;
          continue;
        }
        if (await actOnce(p)) acted = true;
      }
      if (!acted) await ann.waitForTimeout(100);
    }
    expect([...shown].sort()).toEqual(["ann", "bea"]);
    expect(sold, "Bea offered her support for capital").toBe(true);

    // The Production report names each district the log says produced, and stays until dismissed.
    const lines = (await ann.getByTestId("public-log").locator("li").allTextContents());
    const from = lines.lastIndexOf("Production Phase.");
    const producers = lines.slice(from + 1).filter((l) => / produces /.test(l)).map((l) => l.split(" produces ")[0]!);
    const report = ann.getByTestId("report-production").first();
    await reportInView(ann, report);
    const text = (await report.textContent()) ?? "";
    for (const d of producers) expect(text).toContain(d);
    await ann.waitForTimeout(1000);
    await expect(report.isVisible()).resolves.toBe(true);
    // The event that followed: its card face up, with its text, and what it did.
    const eventName = lines.slice(from).find((l) => l.startsWith("Event: "))!.slice("Event: ".length).replace(/\.$/, "");
    const eventReport = ann.getByTestId("report-event").first();
    await expect(eventReport.textContent()).resolves.toContain(catalog.events.find((e) => e.name === eventName)!.text);
    await ann.screenshot({ path: "test-results/screen-production.png" });
    await districtsApart(ann);
    // The same screen at 1280×720: still no page scroll, the districts still apart.
    await ann.setViewportSize({ width: 1280, height: 720 });
    await onScreen(ann, ann.getByTestId("pending"));
    await districtsApart(ann);
    await ann.screenshot({ path: "test-results/screen-production-1280.png" });
    await ann.setViewportSize(VIEWPORT);

    // The report outlives a reload until it is dismissed; once dismissed, a reload does not bring it back.
    await ann.reload();
    await ann.getByTestId("your-corp").waitFor();
    const again = ann.getByTestId("report-production");
    await again.first().waitFor();
    await expect(again.count()).resolves.toBe(1);
    for (const d of producers) expect(await again.textContent()).toContain(d);
    // Rebuilt from the log history: the supply before and after, as the log's facts say.
    const facts = lines.slice(from).find((l) => l.startsWith("Supply after Production: "))!;
    const energy = /energy (\d+) → (\d+)/.exec(facts)!;
    await expect(again.locator("tr", { hasText: "Energy" }).locator("td").allTextContents()).resolves.toEqual([energy[1], energy[2]]);
    await again.getByRole("button", { name: "Dismiss this report" }).click();
    await again.waitFor({ state: "detached" });
    await ann.reload();
    await ann.getByTestId("your-corp").waitFor();
    await ann.getByTestId("public-log").getByText("Production Phase.").first().waitFor();
    expect(await ann.getByTestId("report-production").count()).toBe(0);

    // The help opens from the top bar and finds a card by its name, with its text.
    const card = catalog.actionCards[catalog.actionCards.length - 1]!;
    await ann.getByTestId("help-open").click();
    await ann.getByTestId("card-search").fill(card.title);
    const found = ann.getByTestId("card-results").locator(".cardface", { hasText: card.title }).first();
    await onScreen(ann, found);
    await expect(found.textContent()).resolves.toContain(card.text);
    expect(await ann.getByTestId("rules-link").getAttribute("href")).toBe("/docs/rules.md");
    expect(await axeSerious(ann), "help").toEqual([]);
    await ann.screenshot({ path: "test-results/screen-help.png" });
    await ann.getByTestId("help").getByRole("button", { name: "Close" }).click();
    await ann.getByTestId("help").waitFor({ state: "hidden" });
    await bea.screenshot({ path: "test-results/screen-table-bea.png" });

    // Play on to the first demand round: its report puts each resource against its target, and agrees
    // with the server on whether the demand was met, what it cost and what each investment paid.
    const until = Date.now() + 150_000;
    while (!(await publicLog()).includes("Demand round 1 begins.")) {
      expect(Date.now(), "reached the first demand round in time").toBeLessThan(until);
      let acted = false;
      for (const p of [ann, bea]) if (await actOnce(p)) acted = true;
      if (!acted) await ann.waitForTimeout(100);
    }
    const demand = ann.getByTestId("report-demand").first();
    await reportInView(ann, demand);
    // the log shows each corporation with its player ("Jinteki (Ann)"); the report names corporations only
    const all = (await ann.getByTestId("public-log").locator("li").allTextContents()).map((l) => l.replace(/ \((Ann|Bea|Bot \w+)\)/g, ""));
    const round = all.slice(all.lastIndexOf("Demand round 1 begins."));
    const paid = round.find((l) => /^The demand .* is met\.$/.test(l) || / the demand .* was not met\.$/.test(l))!;
    const demandText = (await demand.textContent()) ?? "";
    expect(demandText).toContain(paid.startsWith("The demand") ? "The demand was met" : paid);
    const rows = demand.locator("tbody tr");
    await expect(rows.count()).resolves.toBe(5);
    let missed = false;
    for (let i = 0; i < 5; i++) {
      const [have, need, verdict] = await rows.nth(i).locator("td").allTextContents();
      expect(verdict).toBe(Number(have) >= Number(need) ? "met" : `missed by ${Number(need) - Number(have)}`);
      if (verdict !== "met") missed = true;
    }
    expect(missed, "a miss in the report exactly when the server says the demand was not met").toBe(paid.includes("was not met"));
    for (const l of round.filter((x) => / reveals .* and gains \d+ capital\.$/.test(x))) expect(demandText).toContain(l);
    await ann.screenshot({ path: "test-results/screen-demand.png" });

    expect(errors).toEqual([]);
  }, 240_000);
});
