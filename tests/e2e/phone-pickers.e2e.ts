// Card pickers on a phone (390×844), in a game with three bots: at a support decision and at a
// counteroffer's discard step, the cards you tick and the button that sends are in sight together, the
// prompt's sticky buttons never covering the cards (the first row of the picker and every ticked card are
// whole and uncovered with nothing scrolled, and so is a card just ticked), and at a support the one-tap
// "support with the card you would part with first" buttons too. Pictures (390×844 and 1440×900) go to
// PICKER_SHOTS (default /tmp/na-phone-pickers), never into the repository.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { joinBotTable, serverAndBrowser } from "./browser.ts";
import { actOnce } from "./decide.ts";

const SHOTS = process.env.PICKER_SHOTS || "/tmp/na-phone-pickers";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const errors: string[] = [];
// the timed pass (its countdown sits among the buttons) waits long enough for the measures
process.env.TIMED_PASS_SECONDS ??= "60";
const at = serverAndBrowser(SHOTS);

/**
 * What covers or hides the picker's cards, or the buttons that answer, as the page measures it with the
 * prompt as it is (`picker`: the picker's test id); `unscrolled`: nothing scrolled yet, so the first row of
 * cards and the one-tap supports must be in sight too, not only the cards ticked.
 */
function pickerProblems(page: Page, picker: string, unscrolled: boolean): Promise<string[]> {
  return page.evaluate(([picker, unscrolled]) => {
    const out: string[] = [];
    const box = document.querySelector<HTMLElement>(`[data-testid=${picker}]`);
    const prompt = document.querySelector<HTMLElement>(".my-prompt");
    const strip = box?.closest("fieldset.choice")?.querySelector<HTMLElement>(".prompt-buttons");
    if (!box || !prompt || !strip) return [`no picker, prompt or buttons (${picker})`];
    const p = prompt.getBoundingClientRect();
    const tabbar = document.querySelector(".tabbar")?.getBoundingClientRect();
    const floor = Math.min(innerHeight, p.bottom, tabbar && tabbar.height > 0 ? tabbar.top : innerHeight);
    const ceiling = Math.max(0, p.top);
    const top = strip.getBoundingClientRect().top;
    const round = (n: number) => Math.round(n);
    // the buttons that send, abstain, pass or go back: in sight
    for (const b of Array.from(strip.querySelectorAll<HTMLElement>("button"))) {
      const r = b.getBoundingClientRect();
      if (r.top < ceiling - 0.5 || r.bottom > floor + 0.5 || r.right > innerWidth) out.push(`the button ${b.textContent} is out of sight (${round(r.top)}–${round(r.bottom)}, visible ${round(ceiling)}–${round(floor)})`);
    }
    /** Whole between the prompt's top and the buttons, and on top where a finger would land. */
    const seen = (el: HTMLElement, what: string) => {
      const r = el.getBoundingClientRect();
      if (r.top < ceiling - 0.5 || r.bottom > top + 0.5) return out.push(`${what} is not whole above the buttons (${round(r.top)}–${round(r.bottom)}, room ${round(ceiling)}–${round(top)})`);
      for (const y of [r.top + 3, r.top + r.height / 2, r.bottom - 3]) {
        const hit = document.elementFromPoint(r.left + r.width / 2, y);
        if (!hit || !el.contains(hit)) return out.push(`${what} is covered at ${round(y)} by ${hit?.closest("[class]")?.className ?? "nothing"}`);
      }
      return 0;
    };
    const cards = Array.from(box.querySelectorAll<HTMLElement>(".pick-card"));
    const firstRow = cards.filter((c) => Math.abs(c.getBoundingClientRect().top - cards[0]!.getBoundingClientRect().top) < 1);
    for (const c of new Set([...(unscrolled ? firstRow : []), ...cards.filter((c) => c.hasAttribute("data-picked"))])) seen(c, `the card ${c.querySelector(".cf-title")?.textContent}`);
    if (unscrolled) for (const b of Array.from(document.querySelectorAll<HTMLElement>("[data-testid=support-one] button"))) seen(b, `the one-tap button ${b.textContent}`);
    return out;
  }, [picker, unscrolled] as const);
}

/** The problems now, then with the first unticked card ticked (and that card's own problems). */
async function checkPicker(page: Page, picker: string, tag: string): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await page.evaluate(() => { const p = document.querySelector(".my-prompt"); if (p) p.scrollTop = 0; scrollTo(0, 0); });
  const problems = await pickerProblems(page, picker, true);
  await page.screenshot({ path: `${SHOTS}/${tag}-390.png` });
  const card = page.getByTestId(picker).locator(".pick-card:not([data-picked]) input[type=checkbox]").first();
  if (await card.count()) {
    await card.check({ timeout: 5000 });
    problems.push(...(await pickerProblems(page, picker, false)).map((p) => `once a card is ticked: ${p}`));
    await page.screenshot({ path: `${SHOTS}/${tag}-ticked-390.png` });
  }
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/${tag}-1440.png` });
  await page.setViewportSize(PHONE);
  return problems;
}

describe("card pickers on a phone", () => {
  it("show the cards you tick and the button that sends, at a support and at a counteroffer's discards", { timeout: 400_000 }, async () => {
    const page = await (await at.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    page.on("pageerror", (e) => errors.push(String(e)));
    onTestFailed(async () => { await page.screenshot({ path: `${SHOTS}/failed.png` }).catch(() => {}); });
    await joinBotTable(at.server, page, "Pia");
    await page.getByTestId("your-corp").waitFor({ timeout: 30_000, state: "attached" });

    const found: Record<string, string[]> = {};
    const box = page.getByTestId("choices");
    const end = Date.now() + 300_000;
    while (Date.now() < end && !(found.support && found.counter)) {
      if ((await page.getByTestId("game-over").count()) > 0) break;
      if ((await box.count()) === 0) { await page.waitForTimeout(100); continue; }
      try {
        if (!found.support && (await box.getByTestId("pick-support").count())) {
          found.support = await checkPicker(page, "pick-support", "support");
          await box.locator('button[data-choice="abstain"]').click({ timeout: 5000 });
          continue;
        }
        if (!found.counter && (await box.getByTestId("choice-counteroffer").count())) {
          const card = box.locator('button[data-choice="counteroffer"]:not([disabled])').first();
          if ((await box.getByTestId("pick-counter-discard").count()) === 0 && (await card.count())) await card.click({ timeout: 5000 });
          if (await box.getByTestId("pick-counter-discard").count()) {
            found.counter = await checkPicker(page, "pick-counter-discard", "counter-discard");
            await box.locator('button[data-choice="pass"]').click({ timeout: 5000 });
          }
          continue;
        }
        if (await box.locator('button[data-choice="pass"]').count()) await box.locator('button[data-choice="pass"]').click({ timeout: 5000 });
        else if (await box.locator('button[data-choice="abstain"]').count()) await box.locator('button[data-choice="abstain"]').click({ timeout: 5000 });
        else await actOnce(page, { map: false });
      } catch {
        // the options changed under us: look again
      }
      await page.waitForTimeout(50);
    }
    expect(Object.keys(found).sort(), "a support and a counteroffer's discard step were met").toEqual(["counter", "support"]);
    expect(found.support, "at a support").toEqual([]);
    expect(found.counter, "at a counteroffer's discards").toEqual([]);
    expect(errors).toEqual([]);
  });
});
