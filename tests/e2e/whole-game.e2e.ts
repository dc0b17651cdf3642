// A whole game through the UI: three people and a bot at one table, each person in their own browser
// context, play from the waiting room to the end of the game by clicking what a person would click:
// offers, counteroffers (paying with discards), support, "my support for your capital" from a player's
// board, a declined trade, public and private messages, the host's "Bots talk" switch; after the first
// demand round one of them leaves (a bot plays his seat) and two people play on to the end. At every new
// decision and phase the whole prompt fits the top bar at 1440×900 and 1280×720 with nothing scrolled,
// each card picker is tidy (every checkbox inside its own card, no card over another, no title or type
// label cut off), the answer to a trade for you is in sight in the rail, the supply table fits its box,
// and no console error appears; on a phone (390×844) the buttons that answer each new decision are in
// sight without scrolling anything. Pictures of the end (and of a failure) go to /tmp/na-whole-game,
// never into the repository; with WHOLE_GAME_SHOTS=<folder>, of every phase and every new decision too,
// at 1440×900, 1280×720 and (for decisions) 390×844.
// At every decision the threat forecast is in view (at every size where the layout is checked), and a
// prompt a person meets twice in a row says where it is ("2 of 5"). Every click and tick a person makes
// on a decision is counted, by kind, and printed per person: with the table's defaults a person who means
// to pass on a counteroffer chance lets its countdown run out (TIMED_PASS_SECONDS is short here); with
// WHOLE_GAME_ANSWERS=ask each person turns the answers in advance off at their first idle moment and
// draws one card at a time, as the table was before them (the figures to compare with).
import { describe, expect, it, onTestFailed } from "vitest";
import type { Locator, Page } from "playwright-core";
import { axeSerious, serverAndBrowser } from "./browser.ts";

const SHOTS = process.env.WHOLE_GAME_SHOTS || "/tmp/na-whole-game";
const EVERY_SHOT = !!process.env.WHOLE_GAME_SHOTS;
const DESKTOPS = [{ width: 1440, height: 900 }, { width: 1280, height: 720 }];
const PHONE = { width: 390, height: 844 };

const errors: string[] = [];

/** The table as it was before answers in advance: every decision asked, each draw one at a time. */
const ASK_ALL = process.env.WHOLE_GAME_ANSWERS === "ask";
// the server started for this file reads it: a short countdown keeps the game inside its time
process.env.TIMED_PASS_SECONDS ??= "1";

const at = serverAndBrowser(SHOTS);

interface Person { name: string; page: Page; seat: number }

async function openPage(name: string): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport: DESKTOPS[0] })).newPage();
  page.on("console", (m) => { if (m.type() === "error") errors.push(`${name}: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
  return page;
}

/** What one page shows, read in one round trip. */
interface Look {
  status: string; stage: string; round: string; kind: string; step: string; incoming: number; prompt: boolean; reports: string[];
  /** The prompt's words without its progress, its progress ("2/5"), the options' fingerprint, a timed pass shown. */
  legend: string; progress: string; key: string; countdown: boolean;
  /** The threat forecast is in view, not covered by anything. */
  forecast: boolean; idle: boolean;
}
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const table = document.querySelector("[data-testid=table]");
    const choice = document.querySelector("[data-testid=choices] fieldset.choice");
    return {
      status: table?.getAttribute("data-status") ?? "",
      stage: table?.getAttribute("data-stage") ?? "",
      round: table?.getAttribute("data-round") ?? "",
      kind: choice?.getAttribute("data-testid") ?? (document.querySelector("[data-testid=choices] button[data-choice]") ? "button" : ""),
      step: choice?.getAttribute("data-step") ?? "",
      incoming: document.querySelectorAll("[data-testid=trades-incoming] li").length,
      prompt: !!document.querySelector("[data-testid=choices]"),
      reports: Array.from(document.querySelectorAll("[data-testid^=report-]")).map((e) => e.getAttribute("data-testid")!.slice("report-".length)),
      legend: (choice?.querySelector("legend")?.textContent ?? "").replace(choice?.querySelector("[data-testid=choice-progress]")?.textContent ?? "\u0000", ""),
      progress: choice?.getAttribute("data-progress") ?? "",
      key: document.querySelector("[data-testid=choices]")?.getAttribute("data-key") ?? "",
      countdown: !!document.querySelector("[data-testid=pass-countdown]"),
      forecast: (() => {
        const f = document.querySelector("[data-testid=forecast] summary");
        const r = f?.getBoundingClientRect();
        if (!f || !r || r.width === 0 || r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return false;
        const hit = document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
        return !!hit && f.contains(hit);
      })(),
      idle: !!document.querySelector(".choices-idle"),
    };
  });
}

/**
 * The layout a person needs, as the page measures it: the page itself does not scroll; the prompt is not
 * scrolled and its every button is inside the window; the supply table fits inside its box; at the end,
 * the result is in view.
 */
async function layoutProblems(page: Page): Promise<string[]> {
  const pickers = await page.evaluate(PICKER_PROBLEMS) as string[];
  return page.evaluate((pickers) => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (scrollY !== 0 || doc.scrollHeight > innerHeight + 1) out.push(`the page scrolls (${doc.scrollHeight} > ${innerHeight})`);
    const prompt = document.querySelector<HTMLElement>(".my-prompt");
    if (prompt && prompt.scrollHeight > prompt.clientHeight + 1) out.push(`the prompt needs scrolling (${prompt.scrollHeight} > ${prompt.clientHeight})`);
    for (const b of Array.from(document.querySelectorAll<HTMLElement>("[data-testid=choices] button"))) {
      const r = b.getBoundingClientRect();
      if (r.bottom > innerHeight || r.right > innerWidth || r.top < 0) out.push(`a button is off screen: ${b.textContent?.slice(0, 40)}`);
    }
    const forecast = document.querySelector("[data-testid=forecast] summary")?.getBoundingClientRect();
    if (document.querySelector("[data-testid=choices]") && (!forecast || forecast.width === 0 || forecast.top < 0 || forecast.bottom > innerHeight || forecast.right > innerWidth)) out.push("the threat forecast is out of view");
    const box = document.querySelector("[data-testid=supply]")?.getBoundingClientRect();
    const grid = document.querySelector("[data-testid=supply] table")?.getBoundingClientRect();
    if (box && grid && grid.right > box.right + 0.5) out.push(`the supply table overflows its box by ${Math.round(grid.right - box.right)} px`);
    // The answer to the first trade for you is in sight in the rail, nothing scrolled.
    const incoming = document.querySelector(".rail .incoming")?.getBoundingClientRect();
    for (const b of Array.from(document.querySelectorAll<HTMLElement>(".rail [data-testid=trades-incoming] li:first-child button"))) {
      const r = b.getBoundingClientRect();
      if (incoming && (r.bottom > Math.min(incoming.bottom, innerHeight) + 0.5 || r.top < incoming.top)) out.push(`the trade's ${b.textContent} button is out of sight`);
    }
    // At the end, the result is in view (not left above a scrolled column).
    const over = document.querySelector("[data-testid=game-over] h2");
    if (over) {
      const r = over.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + 10, r.top + r.height / 2);
      if (!hit || !over.contains(hit)) out.push("the game's result is out of view");
    }
    return [...pickers, ...out];
  }, pickers);
}

/**
 * Card pickers, measured in the page (runs inside page.evaluate, so it reads the document itself): each
 * checkbox inside its own card's box, no two cards overlapping, titles and type labels whole inside their card.
 */
function pickerProblems(): string[] {
  const out: string[] = [];
  function inside(r: DOMRect, box: DOMRect) {
    return r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
  }
  for (const picker of Array.from(document.querySelectorAll("[data-testid=choices] .picker"))) {
    const cards = Array.from(picker.querySelectorAll<HTMLElement>(".pick-card"));
    const boxes = cards.map((c) => c.querySelector(".cardface")!.getBoundingClientRect());
    cards.forEach((card, i) => {
      const title = card.querySelector(".cf-title")?.textContent ?? "?";
      for (const input of Array.from(card.querySelectorAll("input"))) {
        if (!inside(input.getBoundingClientRect(), boxes[i]!)) out.push(`the checkbox of ${title} is outside its card`);
      }
      for (const part of Array.from(card.querySelectorAll<HTMLElement>(".cf-title, .cf-type"))) {
        if (!inside(part.getBoundingClientRect(), boxes[i]!) || part.scrollWidth > part.clientWidth + 1) out.push(`${part.textContent} is cut off in ${title}`);
      }
      boxes.forEach((other, j) => {
        if (j > i && Math.min(boxes[i]!.right, other.right) - Math.max(boxes[i]!.left, other.left) > 1 &&
          Math.min(boxes[i]!.bottom, other.bottom) - Math.max(boxes[i]!.top, other.top) > 1) out.push(`${title} overlaps ${cards[j]!.querySelector(".cf-title")?.textContent}`);
      });
    });
  }
  return out;
}
/** The same, as a script for page.evaluate (a function of this file cannot be called inside the page). */
const PICKER_PROBLEMS = `(${pickerProblems.toString()})()`;

/**
 * A phone: the buttons that answer the prompt are in sight without scrolling anything (inside the window,
 * above the tab bar, inside the prompt's visible box), and the card pickers are tidy.
 */
async function phoneProblems(page: Page): Promise<string[]> {
  const pickers = await page.evaluate(PICKER_PROBLEMS) as string[];
  return [...pickers, ...await page.evaluate(() => {
    const out: string[] = [];
    const prompt = document.querySelector<HTMLElement>(".my-prompt")?.getBoundingClientRect();
    const tabbar = document.querySelector(".tabbar")?.getBoundingClientRect();
    const floor = Math.min(innerHeight, tabbar && tabbar.height > 0 ? tabbar.top : innerHeight, prompt ? prompt.bottom : innerHeight);
    const ceiling = Math.max(0, prompt ? prompt.top : 0);
    const forecast = document.querySelector("[data-testid=forecast] summary")?.getBoundingClientRect();
    if (document.querySelector("[data-testid=choices]") && (!forecast || forecast.width === 0 || forecast.top < 0 || forecast.bottom > floor || forecast.right > innerWidth)) out.push("the threat forecast is out of view");
    for (const b of Array.from(document.querySelectorAll<HTMLElement>("[data-testid=choices] .prompt-buttons button"))) {
      const r = b.getBoundingClientRect();
      if (r.bottom > floor + 0.5 || r.top < ceiling - 0.5 || r.right > innerWidth) out.push(`a button of the prompt is out of sight: ${b.textContent?.slice(0, 40)} (${Math.round(r.top)}–${Math.round(r.bottom)}, visible ${Math.round(ceiling)}–${Math.round(floor)})`);
    }
    return out;
  })];
}

let shot = 0;
/** A picture, numbered in order; only when every picture is asked for, unless `always`. */
async function picture(page: Page, tag: string, always = false): Promise<void> {
  if (EVERY_SHOT || always) await page.screenshot({ path: `${SHOTS}/${String(++shot).padStart(3, "0")}-${tag}.png` });
}

/** Checks the layout at both desktop sizes (pictures: also on a phone), then goes back to 1440×900. */
async function checkLayout(p: Person, tag: string, phone = false, always = false): Promise<void> {
  for (const size of DESKTOPS) {
    await p.page.setViewportSize(size);
    const problems = await layoutProblems(p.page);
    await picture(p.page, `${tag}-${size.width}`, always);
    expect(problems, `${tag} at ${size.width}×${size.height} (${p.name})`).toEqual([]);
  }
  if (phone) {
    await p.page.setViewportSize(PHONE);
    const problems = await phoneProblems(p.page);
    await picture(p.page, `${tag}-${PHONE.width}`, always);
    expect(problems, `${tag} on a phone (${p.name})`).toEqual([]);
  }
  await p.page.setViewportSize(DESKTOPS[0]!);
}

async function capital(page: Page, seat: number): Promise<number> {
  return Number(await page.getByTestId(`capital-${seat}`).textContent());
}

describe("a whole game in the browser", () => {
  it("people and a bot play from the waiting room to the end through the UI", async () => {
    const people: Person[] = [];
    onTestFailed(async () => {
      for (const p of people) await p.page.screenshot({ path: `${SHOTS}/failed-${p.name}.png` }).catch(() => {});
    });
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      // graceSeconds 0: a bot plays a seat as soon as its player leaves.
      body: JSON.stringify({ seats: 4, bots: 1, botDelayMs: 0, stepSeconds: 0, graceSeconds: 0 }),
    });
    const { code } = (await res.json()) as { code: string };

    // The waiting room: the host silences the bots; the others see it.
    for (const name of ["Ann", "Bea", "Cal"]) {
      const page = await openPage(name);
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill(name);
      await page.getByTestId("join").click();
      await page.locator("[data-testid=waiting-room], [data-testid=your-corp]").first().waitFor();
      people.push({ name, page, seat: -1 });
      if (name === "Ann") {
        await page.getByTestId("bot-chat-toggle").filter({ hasText: "Bots talk: on" }).click();
        await page.getByTestId("bot-chat-toggle").filter({ hasText: "Bots talk: off" }).waitFor();
        await expect(page.getByTestId("bot-chat-toggle").getAttribute("aria-pressed")).resolves.toBe("false");
      }
      if (name === "Bea") {
        await page.getByTestId("bot-chat-state").filter({ hasText: "Bots talk: off" }).waitFor();
        expect(await page.getByTestId("bot-chat-toggle").count(), "only the host has the switch").toBe(0);
        await picture(page, "waiting-room-bea");
      }
    }
    for (const p of people) {
      await p.page.getByTestId("your-corp").waitFor();
      p.seat = Number(await p.page.getByTestId("table").getAttribute("data-seat"));
    }
    const [ann, bea, cal] = people as [Person, Person, Person];
    // During the game the host turns the bots' talk back on; the others see the switch's state.
    await ann.page.getByTestId("bot-chat-toggle").click();
    await bea.page.getByTestId("bot-chat-state").filter({ hasText: "Bots talk: on" }).waitFor();

    // Talk: a line to everyone reaches all; a private line reaches only its reader.
    await ann.page.getByTestId("chat-input").fill("Good luck, everyone");
    await ann.page.getByTestId("chat-send").click();
    for (const p of people) await p.page.getByTestId("chat").getByText("Good luck, everyone").waitFor();
    await ann.page.getByTestId(`message-${bea.seat}`).click();
    await ann.page.getByTestId("chat-input").fill("Back my offer and I back yours");
    await ann.page.getByTestId("chat-send").click();
    await bea.page.getByTestId("chat").getByText("Back my offer and I back yours").waitFor();
    await bea.page.waitForFunction(() => /new message/.test(document.title));
    await checkLayout(bea, "whisper-bea");
    // A trade from a player's board, two clicks and an amount; declined.
    await cal.page.getByTestId(`trade-with-${ann.seat}`).click();
    await cal.page.getByTestId("trade-give-capital").fill("2");
    await cal.page.getByTestId("trade-send").click();
    const offer = ann.page.getByTestId("trades-incoming").locator("li").first();
    await offer.getByRole("button", { name: "Decline" }).waitFor();
    await checkLayout(ann, "trade-for-ann");
    await offer.getByRole("button", { name: "Decline" }).click();
    await offer.waitFor({ state: "detached" });
    expect(await cal.page.getByText("Back my offer and I back yours").count(), "a private line stays private").toBe(0);

    // Play to the end. Each person decides in turn, alternating between the bold and the careful choice.
    const seen = new Set<string>();
    const playing = [...people];
    let n = 0;
    let sold = false;
    /** What went wrong picking a support card from the keyboard (axe included), once; null before it is tried. */
    let keyboardPick: string | null = null;
    const phases: string[] = [];
    /** Each person's clicks on decisions (and trade answers), by kind. */
    const clicks = new Map<Person, Map<string, number>>(people.map((p) => [p, new Map()]));
    const count = (p: Person, kind: string, k = 1) => clicks.get(p)!.set(kind, (clicks.get(p)!.get(kind) ?? 0) + k);
    /** Each person's last decision acted on (its words and options), and the one whose countdown they let run out. */
    const last = new Map<Person, { legend: string; key: string }>();
    const letPass = new Map<Person, string>();
    const asked = new Set<Person>();
    let repeats = 0;
    const deadline = Date.now() + 420_000;
    for (;;) {
      const looks = await Promise.all(playing.map((p) => look(p.page)));
      const first = looks[0]!;
      if (first.status === "finished") break;
      expect(Date.now(), "the game ends in time").toBeLessThan(deadline);
      const phase = `r${first.round}-${/^demand/.test(first.stage) ? "demand" : first.stage === "production" || first.stage === "event" ? first.stage : "action"}`;
      if (phases.at(-1) !== phase) {
        phases.push(phase);
        if (process.env.WHOLE_GAME_DEBUG) console.log(`${phase} at ${((Date.now() - deadline + 420_000) / 1000).toFixed(1)} s, ${n} decisions`);
        await picture(ann.page, `${phase}-1440`);
        // Bea reads the corporations at the foot of the board at each new phase, as a person would.
        await bea.page.locator(".board-col").evaluate((e) => { e.scrollTop = e.scrollHeight; });
      }
      for (const r of ["production", "event", "demand"]) {
        if (!seen.has(r) && first.reports.includes(r)) {
          seen.add(r);
          await checkLayout(ann, `report-${r}`);
        }
      }
      // After the first demand round Cal leaves the game (asked first); a bot plays his seat at once.
      if (seen.has("demand") && playing.includes(cal)) {
        await cal.page.getByTestId("leave").click();
        await cal.page.getByTestId("leave-dialog").getByRole("heading", { name: "Leave the game?" }).waitFor();
        await cal.page.getByTestId("leave-confirm").click();
        await cal.page.getByTestId("table").waitFor({ state: "detached" });
        await ann.page.getByTestId(`corp-${cal.seat}`).getByText("away: a bot plays").waitFor();
        playing.splice(playing.indexOf(cal), 1);
        continue;
      }
      let acted = false;
      for (const [i, p] of playing.entries()) {
        const l = looks[i]!;
        if (l.incoming > 0) {
          // Trades for you: the sale of support is accepted, anything else declined.
          // (A trade may be withdrawn under us: then there is nothing to answer.)
          const card = p.page.getByTestId("trades-incoming").locator("li").first();
          const accept = card.getByRole("button", { name: "Accept" });
          try {
            const isSale = /support for /.test((await card.textContent({ timeout: 1000 })) ?? "");
            await (isSale && (await accept.isEnabled({ timeout: 1000 })) ? accept : card.getByRole("button", { name: "Decline" })).click({ timeout: 2000 });
            count(p, "trade answer");
            acted = true;
          } catch { /* gone */ }
          continue;
        }
        if (ASK_ALL && l.idle && !asked.has(p)) {
          // the table as before: every decision asked (settings, not counted as decisions)
          try {
            await p.page.getByTestId("answer-settings").locator("summary").click({ timeout: 2000 });
            for (const id of ["answers-abilities", "answers-forced", "answers-timed"]) await p.page.getByTestId(id).uncheck({ timeout: 2000 });
            asked.add(p);
          } catch { /* a decision came up meanwhile (the settings are beside "nothing to decide"): next idle moment */ }
          continue;
        }
        if (!l.prompt) continue;
        expect(l.forecast, `the threat forecast in view at ${p.name}'s decision "${l.legend}"`).toBe(true);
        // letting the countdown run out, while one runs: a later chance with the same options (the same hand)
        // after "Wait for me" has turned the person's timed passes off has none, and is answered by a click
        if (letPass.get(p) === l.key && l.countdown) continue;
        const before = last.get(p);
        if (before && before.key !== l.key && before.legend === l.legend && l.kind === "choice-choose") {
          repeats++;
          expect(l.progress, `"${l.legend}" asked of ${p.name} again says where it is`).not.toBe("");
        }
        const key = l.kind + l.step;
        if (!seen.has(key)) {
          seen.add(key);
          await checkLayout(p, `prompt-${key}-${p.name}`, true);
        }
        n++;
        const box = p.page.getByTestId("choices");
        try {
          // Bea sells her support to Ann once, from Ann's board, and Ann accepts: capital moves at once.
          if (!sold && p === bea && l.kind === "choice-support" && (await bea.page.getByTestId(`sell-support-${ann.seat}`).count())) {
            const before = [await capital(bea.page, ann.seat), await capital(bea.page, bea.seat)];
            // 1 capital, or nothing when Ann has none (the form refuses to ask for more than she has)
            const price = Math.min(1, before[0]!);
            // the support's countdown is short here: Bea asks the table to wait while she writes the sale
            await waitForMe(box);
            await bea.page.getByTestId(`sell-support-${ann.seat}`).click();
            await bea.page.getByTestId("trade-get-capital").fill(String(price));
            await bea.page.getByTestId("trade-send").click();
            const sale = ann.page.getByTestId("trades-incoming").locator("li", { hasText: "support for " });
            await sale.getByRole("button", { name: "Accept" }).waitFor();
            // The card says whose offer Bea would support and which card it plays, as the deal panel shows it.
            const words = /support for (your|.+?'s) (main offer|counteroffer), (.+?), with 1 card/.exec((await sale.textContent())!.replace(/\s+/g, " "));
            expect(words, "the sale names the offer and its card").not.toBeNull();
            const panel = ann.page.getByTestId(words![2] === "main offer" ? "deal-main" : "deal-counter");
            await expect(panel.locator(".cf-title").first().textContent()).resolves.toBe(words![3]);
            await expect(panel.textContent()).resolves.toContain(`by ${words![1] === "your" ? "Ann" : words![1].slice(0, -2)} (`);
            await checkLayout(ann, "support-for-capital");
            await sale.getByRole("button", { name: "Accept" }).click();
            await bea.page.waitForFunction(([a, b, ca, cb]) =>
              document.querySelector(`[data-testid=capital-${a}]`)?.textContent === String(ca) &&
              document.querySelector(`[data-testid=capital-${b}]`)?.textContent === String(cb),
            [ann.seat, bea.seat, before[0]! - price, before[1]! + price] as const);
            sold = true;
            acted = true;
            continue;
          }
          if (l.kind === "choice-counteroffer" && l.step === "discard") {
            const boxes = box.getByTestId("pick-counter-discard").locator("input[type=checkbox]");
            const go = box.getByTestId("counter-confirm");
            let ticks = 0;
            for (let i = 0; i < (await boxes.count()) && (await go.isDisabled()); i++, ticks++) await boxes.nth(i).check({ timeout: 2000 });
            await go.click({ timeout: 2000 });
            count(p, "counteroffer: discards", ticks + 1);
          } else if (l.kind === "choice-counteroffer") {
            const counter = box.locator('button[data-choice="counteroffer"]:not([disabled])');
            if (n % 3 === 0 && (await counter.count())) {
              await counter.first().click({ timeout: 2000 });
              count(p, "counteroffer: counter");
            } else if (l.countdown) {
              letPass.set(p, l.key); // no click: the table passes when the countdown runs out
              last.set(p, { legend: l.legend, key: l.key });
              continue;
            } else {
              await box.locator('[data-choice="pass"]').click({ timeout: 2000 });
              count(p, "counteroffer: pass");
            }
          } else if (l.kind === "choice-support") {
            const cards = box.getByTestId("pick-support").locator("input[type=checkbox]");
            if ((n % 2 === 0 || keyboardPick === null) && (await cards.count())) {
              if (keyboardPick === null) {
                // Once: the picker passes axe, and a card is picked from the keyboard: Shift+Tab from the
                // Abstain button (past the support buttons) reaches the last card's box, Space ticks it and
                // lights up that card.
                await waitForMe(box); // the support's countdown is short here: the checks take longer
                // kept only once done: a support gone meanwhile (another page's move) is checked at the next one
                let found = (await axeSerious(p.page)).join("; ");
                const last = cards.last();
                await box.locator('[data-choice="abstain"]').focus();
                for (let i = 0; i < 4 && !(await last.evaluate((e) => e === document.activeElement)); i++) await p.page.keyboard.press("Shift+Tab");
                if (!(await last.evaluate((e) => e === document.activeElement))) found += "; Shift+Tab does not reach the last card";
                else {
                  await p.page.keyboard.press("Space");
                  if (!(await last.isChecked()) || (await box.locator(".pick-card.on").count()) !== 1) found += "; Space does not pick the card";
                }
                keyboardPick = found;
              } else await cards.first().check({ timeout: 2000 });
            }
            const ticked = await box.getByTestId("pick-support").locator("input[type=checkbox]:checked").count();
            await box.locator(n % 2 === 0 ? '[data-choice="support"]:not([disabled])' : '[data-choice="abstain"]').first().click({ timeout: 2000 });
            count(p, n % 2 === 0 ? "support" : "abstain", ticked + 1);
          } else if (l.kind === "choice-discard") {
            const boxes = box.locator("input[type=checkbox]");
            const go = box.locator('[data-choice="discard"]');
            let ticks = 0;
            for (let i = 0; i < (await boxes.count()) && (await go.isDisabled()); i++, ticks++) await boxes.nth(i).check({ timeout: 2000 });
            await go.click({ timeout: 2000 });
            count(p, "discard", ticks + 1);
          } else {
            const onMap = p.page.locator('[data-testid^="pick-district-"]');
            // before: one draw at a time; now a wide screen offers the step's draws as one button, first
            const option = box.locator(ASK_ALL ? "button[data-choice]:not([disabled]):not([data-choice=choose-several])" : "button[data-choice]:not([disabled])").first();
            const kind = l.kind === "choice-offer" ? "main offer" : l.kind === "choice-investment" ? "investment" : /^General draw/.test(l.legend) ? "general draw" : "card effect choice";
            await ((await onMap.count()) ? onMap.first() : option).click({ timeout: 2000 });
            count(p, kind);
          }
          last.set(p, { legend: l.legend, key: l.key });
          acted = true;
        } catch {
          // The options changed under us (another page's move): look again on the next pass, after closing
          // a trade form left open (as a person would).
          if (await p.page.locator("dialog.trade-dialog[open]").count()) await p.page.keyboard.press("Escape");
        }
      }
      if (!acted) await ann.page.waitForTimeout(50);
    }

    // The end: every person still at the table sees the result, the stepper says so, nothing to decide,
    // nothing scrolls.
    for (const p of playing) {
      await p.page.getByTestId("game-over").waitFor();
      await expect(p.page.getByTestId("round-now").first().textContent()).resolves.toBe("Game over");
      expect(await p.page.getByTestId("choices").count()).toBe(0);
      await checkLayout(p, `final-${p.name}`, p === ann, true);
    }
    await expect(ann.page.getByTestId("winners").textContent()).resolves.toMatch(/^(Winners: .+\.|Nobody wins\.)$/);
    expect(await axeSerious(ann.page), "the final table").toEqual([]);
    expect(sold, "Bea sold her support to Ann").toBe(true);
    expect(keyboardPick, "a support card picked from the keyboard, axe clean").toBe("");
    for (const k of ["choice-offer", "choice-counteroffer", "choice-support", "production", "event", "demand"]) expect([...seen], k).toContain(k);
    expect(phases.filter((x) => x.endsWith("-demand")).length, "at least one demand round was played").toBeGreaterThan(0);
    expect(errors).toEqual([]);
    // the clicks each person made on decisions, by kind (Cal left after the first demand round)
    const lines = people.map((p) => {
      const byKind = [...clicks.get(p)!].sort((a, b) => b[1] - a[1]);
      const decisions = byKind.filter(([k]) => k !== "trade answer").reduce((a, [, v]) => a + v, 0);
      return `  ${p.name}${p === cal ? " (left after the first demand)" : ""}: ${decisions} on decisions (${byKind.map(([k, v]) => `${k} ${v}`).join(", ")})`;
    });
    console.log([`clicks per person, ${ASK_ALL ? "every decision asked (as before)" : "the table's defaults"}; ${repeats} prompts met twice in a row, each with its progress:`, ...lines].join("\n"));
    for (const p of [ann, bea]) expect([...clicks.get(p)!.values()].reduce((a, b) => a + b, 0), `${p.name} clicked`).toBeGreaterThan(0);
  }, 480_000);
});

/** "Wait for me": stops the table's timed abstention on the support open now (and the person's timed passes after it). */
async function waitForMe(box: Locator): Promise<void> {
  await box.getByTestId("pass-countdown").waitFor({ timeout: 1500 }).catch(() => {});
  if (await box.getByTestId("pass-countdown-off").count()) await box.getByTestId("pass-countdown-off").click({ timeout: 2000 });
}
