// The ends of a game in a browser: two people play a table (their seats on short deadlines, two bots) to its
// end; one click on "Rematch" takes Ann to a new table and Ben, shown who asked, joins it with one more;
// then the finished table's link opens its results and the replay viewer, which steps forward and back,
// jumps to the last step and to a round, on a laptop and on a phone. Screenshots in test-results/.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, serverAndBrowser } from "./browser.ts";

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let errors: string[] = [];
const opened: Page[] = [];
let finishedCode = "";

const at = serverAndBrowser("test-results");

async function openPage(who: string, viewport = LAPTOP): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: viewport.width < 1000, isMobile: viewport.width < 1000 })).newPage();
  opened.push(page);
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${who}: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`${who}: ${String(e)}`));
  return page;
}

function keepPicturesOnFailure(prefix: string) {
  errors = [];
  onTestFailed(async () => {
    console.log("browser errors:", errors);
    for (const [i, p] of opened.entries()) await p.screenshot({ path: `test-results/failed-${prefix}-${i}.png`, fullPage: true }).catch(() => {});
  });
}

async function noSideScroll(page: Page, what: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

const stepOf = async (page: Page) => Number(await page.getByTestId("replay").getAttribute("data-step"));
async function atStep(page: Page, n: number) {
  await page.waitForFunction((want) => document.querySelector("[data-testid=replay]")?.getAttribute("data-step") === String(want), n);
  await expect(page.getByTestId("replay-at").textContent()).resolves.toMatch(new RegExp(`^Step ${n} of \\d+`));
}

describe("the ends of a game", () => {
  it("offers a rematch that brings both players to a new table", async () => {
    keepPicturesOnFailure("rematch");
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 0, stepSeconds: 0.05 }),
    });
    const { code } = (await res.json()) as { code: string };
    finishedCode = code;
    const ann = await openPage("ann");
    const ben = await openPage("ben");
    // Ann's summary (the game in pictures, the moment that decided it) is held until her Rematch button
    // has been measured: what it adds must not push the button away from a click already on its way.
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    await ann.route("**/api/games/*/summary", async (route) => { await held; await route.continue(); });
    for (const [page, name] of [[ann, "Ann"], [ben, "Ben"]] as const) {
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill(name);
      await page.getByTestId("join").click();
      await page.getByTestId("who-am-i").waitFor();
    }
    // Short deadlines: the bots decide for both people, and the game plays itself out.
    for (const page of [ann, ben]) await page.getByTestId("game-over").waitFor({ timeout: 90_000 });
    const buttonTop = () => ann.evaluate(() => {
      const top = (id: string) => document.querySelector(`[data-testid=${id}]`)!.getBoundingClientRect().top;
      return top("rematch-ask") - top("game-over");
    });
    const before = await buttonTop();
    release();
    await ann.getByTestId("charts").waitFor();
    expect(await buttonTop(), "the Rematch button moved when the summary arrived").toBe(before);
    await ann.getByTestId("rematch-ask").click();
    await ann.waitForFunction((old) => { const q = new URLSearchParams(location.search).get("join"); return !!q && q !== old; }, code);
    const next = new URL(ann.url()).searchParams.get("join")!;
    // the new table seats her (the old one's header may still be on screen for a moment)
    await ann.getByTestId("who-am-i").filter({ hasText: /^You are Ann\.$/ }).waitFor();
    // Ben sees who asked, and who sits at the new table, within a few seconds.
    const offer = ben.getByTestId("rematch-offer");
    await offer.waitFor({ timeout: 10_000 });
    await expect(offer.textContent()).resolves.toContain("Ann wants a rematch");
    await ben.waitForFunction(() => document.querySelector("[data-testid=rematch-seated]")?.textContent?.includes("Ann"));
    await ben.screenshot({ path: "test-results/ends-rematch-offer.png" });
    await ben.getByTestId("rematch-join").click();
    // The table is full now, so it starts (and, on these deadlines, plays itself out) at once.
    await ben.waitForFunction((want) => new URLSearchParams(location.search).get("join") === want, next);
    await ben.waitForFunction((want) => document.querySelector(".topbar")?.textContent?.includes(want), next);
    const table = (await (await fetch(`${at.server.url}/api/games/${next}`)).json()) as { status: string; seats: number; players: { name: string; bot: boolean }[] };
    expect(table.seats).toBe(4);
    expect(table.players.filter((p) => !p.bot).map((p) => p.name).sort()).toEqual(["Ann", "Ben"]);
    await ann.screenshot({ path: "test-results/ends-rematch-table.png" });
    expect(errors).toEqual([]);
  }, 150_000);

  for (const [label, viewport] of [["laptop", LAPTOP], ["phone", PHONE]] as const) {
    it(`opens a finished table's link on its results and replays it (${label})`, async () => {
      keepPicturesOnFailure(`finished-${label}`);
      expect(finishedCode).not.toBe("");
      const cy = await openPage(`cy-${label}`, viewport);
      await cy.goto(`${at.server.url}/?join=${finishedCode}`);
      const over = cy.getByTestId("game-over");
      await over.waitFor();
      await expect(over.locator(".results-table tbody tr").count()).resolves.toBe(4);
      await expect(cy.getByTestId("winners").textContent()).resolves.toMatch(/^(Winners: .+\.|Nobody wins\.)$/);
      await expect(cy.getByTestId("ending").textContent()).resolves.toMatch(/game/);
      // A stranger is shown the rematch that was made, not a button to make one.
      await cy.getByTestId("rematch-offer").waitFor();
      expect(await cy.getByTestId("rematch-ask").count()).toBe(0);
      // Why each player won or lost: one explanation per player, naming their rival card, and the threat's part.
      const why = cy.getByTestId("why");
      await expect(why.locator("li").count()).resolves.toBe(4);
      for (const text of await why.locator("li").allTextContents()) expect(text).toMatch(/rival card: /);
      await expect(cy.getByTestId("why-threat").textContent()).resolves.toMatch(/^The city (held|fell)/);
      // the summary's turns against each rival arrive with the charts
      await cy.getByTestId("charts").waitFor();
      // each line says what decided it: capital against the rival's player (with when the lead changed),
      // the Federalist's or one's own corporation's rule, or the fallen city
      for (const text of await why.locator("li").allTextContents()) {
        expect(text).toMatch(/ended with \d+ capital, .+, who played it, with \d+(; .+)?\. |The Federalist|Own corporation as rival|Threat reached 25/);
      }
      await noSideScroll(cy, "results");
      await cy.screenshot({ path: `test-results/ends-results-${label}.png`, fullPage: true });

      await cy.getByTestId("replay-open").click();
      await atStep(cy, 0);
      const total = Number((await cy.getByTestId("replay-at").textContent())!.match(/of (\d+)/)![1]);
      expect(total).toBeGreaterThan(20);
      await cy.getByTestId("replay-next").click();
      await atStep(cy, 1);
      await cy.getByTestId("replay-next").click();
      await atStep(cy, 2);
      await cy.getByTestId("replay-prev").click();
      await atStep(cy, 1);
      await cy.getByTestId("replay-last").click();
      await atStep(cy, total);
      const logAtEnd = await cy.getByTestId("public-log").locator("li").count();
      // Jump to a round: the board shows that round, and the log is shorter than at the end.
      const round = cy.locator('[data-testid^="replay-round-"]').nth(2);
      const roundNumber = Number((await round.getAttribute("data-testid"))!.replace("replay-round-", ""));
      await round.click();
      await cy.waitForFunction((r) => document.querySelector("[data-testid=round-track]")?.textContent !== null
        && document.querySelector("[data-testid=replay-round-" + r + "]")?.getAttribute("aria-pressed") === "true", roundNumber);
      const jumped = await stepOf(cy);
      expect(jumped).toBeGreaterThan(2);
      expect(jumped).toBeLessThan(total);
      expect(await cy.getByTestId("public-log").locator("li").count()).toBeLessThan(logAtEnd);
      await cy.getByTestId("replay-first").click();
      await atStep(cy, 0);
      // The slider goes anywhere.
      await cy.getByTestId("replay-slider").fill(String(Math.floor(total / 2)));
      await atStep(cy, Math.floor(total / 2));
      await noSideScroll(cy, "replay");
      await cy.getByTestId("replay").screenshot({ path: `test-results/ends-replay-${label}.png` });
      // The guide's notes: off for a game that was no tutorial, one click away; a note jumps to its step.
      expect(await cy.getByTestId("replay-guide-note").count()).toBe(0);
      await cy.getByTestId("replay-guide-toggle").check();
      await cy.getByTestId("replay-note-moment-main-offer").click();
      const note = cy.getByTestId("replay-guide-note").filter({ has: cy.locator("h3") });
      await note.first().waitFor();
      await expect(note.first().getAttribute("data-moment")).resolves.toBe("moment:main-offer");
      expect(await stepOf(cy)).toBeGreaterThan(0);
      await cy.getByTestId("replay-first").click();
      await atStep(cy, 0);
      await expect(cy.getByTestId("replay-guide-note").first().getAttribute("data-moment")).resolves.toBe("moment:start");
      await noSideScroll(cy, "replay with the guide's notes");
      expect(await axeSerious(cy)).toEqual([]);
      await cy.getByTestId("replay").screenshot({ path: `test-results/ends-replay-guide-${label}.png` });
      await cy.screenshot({ path: `test-results/ends-replay-page-${label}.png`, fullPage: true });
      expect(errors).toEqual([]);
    }, 60_000);
  }
});
