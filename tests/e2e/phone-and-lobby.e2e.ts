// The table on a phone and the lobby that knows you. Two people at 390×844: the invite link names the table
// and asks only for a name; leaving a game in progress asks first and says a bot plays the seat; the lobby
// then offers "Return to your game". In play, whoever must act sees the prompt without scrolling, chat is one
// tap away, every district scrolled to is tappable (not under the top bar or the tab bar), a trade goes from
// one phone to the other, no text is under 12 px and nothing scrolls sideways (a 24-character unbroken name,
// a long chat word), in portrait, landscape, on a tablet both ways and on a laptop; axe finds nothing serious.
// A finished game is listed in the lobby, whose public list refreshes itself. Screenshots in test-results/.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, serverAndBrowser } from "./browser.ts";
import { actOnce } from "./decide.ts";

const PORTRAIT = { width: 390, height: 844 };
const LANDSCAPE = { width: 844, height: 390 };
const TABLET = { width: 768, height: 1024 };
const TABLET_LANDSCAPE = { width: 1024, height: 768 };
const LAPTOP = { width: 1440, height: 900 };
/** 24 characters without a break: the longest name the lobby takes. */
const LONG_NAME = "Wolfeschlegelsteinhausen";
const LONG_WORD = "Supercalifragilisticexpialidocious-and-then-some-more-letters";
const PANES = ["deal", "city", "players", "you", "talk"] as const;

let errors: string[] = [];
let opened: Page[] = [];

const at = serverAndBrowser("test-results");

async function openPage(who: string, viewport = PORTRAIT): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: true, isMobile: viewport.width < 1000 })).newPage();
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

/** Nothing on the page is wider than the window, and no visible text is smaller than 12 px. */
async function fitsAndReads(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const wide = document.documentElement.scrollWidth - innerWidth;
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim()) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      if (el.closest(".sr-only, .res-name")) continue; // read by screen readers, not shown
      const size = parseFloat(getComputedStyle(el).fontSize);
      if (size < 12) small.push(`${el.tagName.toLowerCase()}.${el.className} "${n.textContent.trim().slice(0, 20)}" ${size}px`);
    }
    return { wide, small: [...new Set(small.map((x) => x.replace(/ ".*" /, " ")))].slice(0, 40) };
  });
  expect(found.wide, `${where}: no horizontal scroll`).toBeLessThanOrEqual(0);
  expect(found.small, `${where}: every text at least 12 px`).toEqual([]);
}

/** The element is inside the window with the page scrolled to the top, and not covered. */
async function inViewWithoutScrolling(page: Page, selector: string): Promise<void> {
  const hit = await page.evaluate((sel) => {
    window.scrollTo(0, 0);
    const el = document.querySelector(sel)!;
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + Math.min(r.width / 2, 20), r.top + Math.min(r.height / 2, 10));
    return { inside: r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth, hit: !!top && (el === top || el.contains(top)) };
  }, selector);
  expect(hit, `${selector} on screen without scrolling`).toEqual({ inside: true, hit: true });
}

describe("the phone table and the lobby", () => {
  it("invites by link, leaves with a warning, returns to the game, and plays on a phone", async () => {
    keepPicturesOnFailure("phone");
    // Ann creates a table from the lobby on her phone: two bots, a quick pace, one rule option changed.
    const ann = await openPage("ann");
    await ann.goto(at.server.url + "/");
    await ann.getByTestId("health").filter({ hasText: "server online" }).waitFor();
    expect(await ann.getByTestId("join-code").getAttribute("placeholder")).not.toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    await fitsAndReads(ann, "lobby");
    await ann.getByTestId("create-variants").locator("summary").click();
    expect(await axeSerious(ann), "lobby").toEqual([]);
    await ann.getByTestId("variant-tieWinner").selectOption("counter");
    await expect(ann.getByTestId("create-variants").locator("summary").textContent()).resolves.toContain("1 changed");
    await ann.screenshot({ path: "test-results/phone-lobby.png", fullPage: true });
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("create-bots").selectOption("2");
    await ann.getByTestId("create-bot-pace").selectOption("300");
    await ann.getByTestId("create").click();
    await ann.getByTestId("waiting-room").waitFor();
    const code = (await ann.getByTestId("invite-code").textContent())!.trim();
    await fitsAndReads(ann, "waiting room");
    await ann.screenshot({ path: "test-results/phone-waiting-room.png", fullPage: true });
    const link = (await ann.getByTestId("invite-link").getAttribute("href"))!;

    // Bea follows the invite link: a page that names the table and asks only for her name.
    const bea = await openPage("bea");
    await bea.goto(link);
    const invitation = bea.getByTestId("invitation");
    await invitation.getByText("Ann invites you to a table").waitFor();
    await expect(bea.getByTestId("invitation-code").textContent()).resolves.toBe(code);
    await expect(bea.getByTestId("invitation-status").textContent()).resolves.toMatch(/^3 of 4 seats taken\. Waiting for players: 1 seat free\./);
    await expect(invitation.locator("input, select").count()).resolves.toBe(1);
    await fitsAndReads(bea, "invitation");
    expect(await axeSerious(bea), "invitation").toEqual([]);
    await bea.screenshot({ path: "test-results/phone-invitation.png", fullPage: true });
    await bea.getByTestId("name").fill(LONG_NAME);
    await bea.getByTestId("join").click();
    for (const p of [ann, bea]) await p.getByTestId("your-corp").waitFor({ state: "attached" });
    const beaSeat = await bea.getByTestId("table").getAttribute("data-seat");

    // Leaving a game in progress asks first and says a bot plays the seat; the lobby then offers the way back.
    await bea.getByTestId("menu").click();
    await bea.getByTestId("leave").click();
    await bea.getByTestId("leave-dialog").waitFor({ state: "visible" });
    await expect(bea.getByTestId("leave-dialog").textContent()).resolves.toMatch(/a bot plays your seat/);
    await bea.screenshot({ path: "test-results/phone-leave.png" });
    await bea.getByTestId("leave-stay").click();
    expect(await bea.getByTestId("table").count(), "staying keeps you at the table").toBe(1);
    await bea.getByTestId("menu").click();
    await bea.getByTestId("leave").click();
    await bea.getByTestId("leave-confirm").click();
    await bea.getByTestId("lobby").waitFor();
    const back = bea.getByTestId("your-games");
    await expect(back.textContent()).resolves.toContain(code);
    await bea.screenshot({ path: "test-results/phone-return.png", fullPage: true });
    expect(await axeSerious(bea), "lobby with your game").toEqual([]);
    await back.getByTestId("return-to-game").click();
    await bea.getByTestId("your-corp").waitFor({ state: "attached" }); // the seat's secrets came back: the same seat
    expect(await bea.getByTestId("table").getAttribute("data-seat")).toBe(beaSeat);

    // Play: whoever must act sees the prompt without scrolling, and the chat is one tap away.
    // Until each has acted, one has made a main offer (cards with their text: the largest prompt), and a
    // district was picked on the map (or the first Production came without a district to pick).
    const checked = new Set<string>();
    let picked = false;
    const deadline = Date.now() + 150_000;
    const production = async () => ((await ann.getByTestId("public-log").textContent()) ?? "").includes("Production Phase.");
    while (checked.size < 3 || !(picked || (await production()))) {
      expect(Date.now(), "both players had to act in time").toBeLessThan(deadline);
      let acted = false;
      for (const [who, p] of [["ann", ann], ["bea", bea]] as const) {
        if ((await p.locator(".pending.mine").count()) === 0 || (await p.getByTestId("choices").count()) === 0) continue;
        if (!checked.has("offer") && (await p.getByTestId("choice-offer").count())) {
          await inViewWithoutScrolling(p, ".pending.mine");
          await inViewWithoutScrolling(p, "[data-testid=choice-offer] button[data-choice]");
          await fitsAndReads(p, `${who} offer`);
          await p.screenshot({ path: "test-results/phone-prompt-offer.png" });
          checked.add("offer");
        }
        if (!checked.has(who)) {
          await inViewWithoutScrolling(p, ".pending.mine");
          await inViewWithoutScrolling(p, "[data-testid=choices] button[data-choice]");
          await p.screenshot({ path: `test-results/phone-prompt-${who}.png` });
          await p.getByTestId("tab-talk").tap();
          await p.getByTestId("chat-input").waitFor({ state: "visible" });
          await inViewWithoutScrolling(p, "[data-testid=chat-input]");
          // With the prompt open above it, every district scrolled to is tappable: not under either bar.
          await p.getByTestId("tab-city").tap();
          for (const d of await p.locator('[data-testid^="district-"]').all()) {
            await d.scrollIntoViewIfNeeded();
            const free = await d.evaluate((el) => {
              const r = el.getBoundingClientRect();
              const top = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 12));
              return !!top && el.contains(top);
            });
            expect(free, `${await d.getAttribute("data-testid")} is not covered once scrolled to`).toBe(true);
          }
          await p.getByTestId("tab-deal").tap();
          checked.add(who);
        }
        // A district to pick: the prompt's "Show the map" opens the City tab, a tap on the district picks it.
        if (!picked && (await p.getByTestId("show-map").count())) {
          const before = await p.getByTestId("choices").getAttribute("data-key");
          await p.getByTestId("show-map").tap();
          const district = p.locator('[data-testid^="pick-district-"]').last(); // the lowest: nearest the tab bar
          await district.waitFor({ state: "visible" });
          await p.screenshot({ path: `test-results/phone-map-pick.png` });
          await district.tap();
          await p.waitForFunction((b) => document.querySelector("[data-testid=choices]")?.getAttribute("data-key") !== b, before);
          await p.getByTestId("tab-deal").tap();
          picked = true;
          acted = true;
          continue;
        }
        if (await actOnce(p, { map: false })) acted = true;
      }
      if (!acted) await ann.waitForTimeout(100);
    }

    // A long word in the chat: Ann's Talk tab shows it waiting, and nothing scrolls sideways.
    await bea.getByTestId("tab-talk").tap();
    await bea.getByTestId("chat-input").fill(LONG_WORD);
    await bea.getByTestId("chat-send").tap();
    await bea.getByTestId("chat").getByText(LONG_WORD).waitFor();
    await ann.getByTestId("tab-badge-talk").waitFor();
    expect(await axeSerious(ann), "a badge on the tab bar").toEqual([]);
    for (const [who, p] of [["ann", ann], ["bea", bea]] as const) {
      for (const pane of PANES) {
        await p.getByTestId(`tab-${pane}`).tap();
        await fitsAndReads(p, `${who} ${pane}`);
        if (who === "bea") {
          await p.screenshot({ path: `test-results/phone-${pane}.png` });
          expect(await axeSerious(p), `${who} ${pane}`).toEqual([]);
        }
      }
    }
    await ann.getByTestId("chat").getByText(LONG_WORD).waitFor();
    await expect(ann.getByTestId("tab-badge-talk").count(), "the badge goes once the talk is seen").resolves.toBe(0);
    // A trade proposed from a player's board, on a phone: the dialog fits, and the offer reaches Ann's Talk tab.
    const annSeat = (await ann.getByTestId("table").getAttribute("data-seat"))!;
    await bea.getByTestId("tab-players").tap();
    await bea.getByTestId(`trade-with-${annSeat}`).tap();
    await bea.getByTestId("trade-give-capital").fill("1");
    await fitsAndReads(bea, "trade dialog");
    await bea.screenshot({ path: "test-results/phone-trade-dialog.png" });
    await bea.getByTestId("trade-send").tap();
    await ann.getByTestId("tab-badge-talk").waitFor();
    await ann.getByTestId("trade-waiting").tap(); // the top bar's note opens the Talk tab
    const offer = ann.getByTestId("trades-incoming").locator("li").first();
    await offer.getByRole("button", { name: "Decline" }).waitFor({ state: "visible" });
    await inViewWithoutScrolling(ann, "[data-testid=trades-incoming] button");
    await fitsAndReads(ann, "incoming trade");
    await ann.screenshot({ path: "test-results/phone-incoming-trade.png" });
    await offer.getByRole("button", { name: "Decline" }).tap();
    await offer.waitFor({ state: "detached" });

    // The help, from the menu, reads on a phone too.
    await ann.getByTestId("menu").tap();
    await ann.getByTestId("help-open").tap();
    await ann.getByTestId("card-search").fill("a");
    await fitsAndReads(ann, "help");
    await ann.screenshot({ path: "test-results/phone-help.png" });
    await ann.keyboard.press("Escape");

    // The same table in landscape, on a tablet both ways, and on a laptop (no tab bar there: everything in view).
    for (const [name, size] of [["landscape", LANDSCAPE], ["tablet", TABLET], ["tablet-landscape", TABLET_LANDSCAPE]] as const) {
      await bea.setViewportSize(size);
      await bea.getByTestId("tab-city").tap();
      await fitsAndReads(bea, name);
      await bea.screenshot({ path: `test-results/phone-${name}-city.png` });
      await bea.getByTestId("tab-deal").tap();
      await inViewWithoutScrolling(bea, "[data-testid=pending]");
      await bea.screenshot({ path: `test-results/phone-${name}-deal.png` });
    }
    await bea.setViewportSize(LAPTOP);
    await expect(bea.getByTestId("tabbar").count()).resolves.toBe(0);
    await bea.getByTestId("chat").getByText(LONG_WORD).waitFor();
    await bea.getByTestId("corps").waitFor();
    await bea.screenshot({ path: "test-results/phone-laptop.png" });
    expect(errors).toEqual([]);
  }, 180_000);

  it("lists a finished game's result in the lobby of this browser", async () => {
    keepPicturesOnFailure("recent");
    // Three quick bots and a very short deadline: the game plays itself out around the one human.
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 0.05 }),
    });
    const { code } = (await res.json()) as { code: string };
    const cy = await openPage("cy");
    await cy.goto(`${at.server.url}/?join=${code}`);
    await cy.getByTestId("name").fill("Cy");
    await cy.getByTestId("join").click();
    const over = cy.getByTestId("game-over");
    await over.waitFor({ timeout: 60_000 });
    const mine = over.locator(".results-table tbody tr", { hasText: "Cy" });
    const capital = (await mine.locator("td").nth(1).textContent())!.trim();
    const result = (await mine.locator("td").nth(2).textContent())!.startsWith("wins") ? "Won" : "Lost";
    await cy.screenshot({ path: "test-results/phone-game-over.png" });
    await fitsAndReads(cy, "game over");
    expect(await axeSerious(cy), "game over").toEqual([]);
    await cy.goto(at.server.url + "/");
    const recent = cy.getByTestId("recent-games").locator("li", { hasText: code });
    await recent.waitFor();
    // A public table made while the lobby is open shows up in its list by itself.
    const listed = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 5, private: false }),
    });
    const open = (await listed.json()) as { code: string };
    const row = cy.getByTestId("public-tables").locator("li", { hasText: open.code });
    expect(await row.count(), "not listed before the lobby looks again").toBe(0);
    await row.waitFor({ timeout: 8000 });
    await expect(recent.textContent()).resolves.toMatch(new RegExp(`^${result} as Cy .*, ${capital} capital`));
    expect(await cy.getByTestId("your-games").count(), "a finished game is no game to return to").toBe(0);
    await fitsAndReads(cy, "lobby with results");
    expect(await axeSerious(cy), "lobby with results").toEqual([]);
    await cy.screenshot({ path: "test-results/phone-lobby-results.png", fullPage: true });
    expect(errors).toEqual([]);
  }, 90_000);
});
