// Issue 34's acceptance run: four people, one of them on a phone (390×844, touch), play a whole game
// through the client with the table's defaults, talking and trading. The host starts the game from the
// ready moment. At every decision each person meets, the threat forecast is in view (on the phone too);
// no prompt is shown that the table would answer in advance (a "Use X now? / Pass" window, a decision
// with one possible answer); a prompt met twice in a row says where it is ("2 of 5"); a hand-limit
// discard or a counteroffer's payment opens with a suggestion ticked, confirmed with one click. Bea takes
// back a decision once, and the log says so. A trade accepted on the phone asks once more, and the
// Trades panel names its people as the log does. If the city falls, every person saw the
// alarm first (in the tab's title too), and the phone buzzed. At the end each person has a headline, and
// the phone has the rematch in view and no report badge left on its Deal tab. The clicks each person made on decisions are counted by kind and
// compared with the clicks the same game's decisions would have taken before answers in advance (every
// decision asked, one draw at a time: the game's commands, from its replay, counted as
// tests/table/answers-in-advance.test.ts counts them): at least 40% fewer in all in this one game, and
// 25% for each person (margins below the lowest seen, 49% and 32%: the game is random; the issue's 40%
// per person is judged from every run's printout, docs/testing.md). A support with one card and a step's General draws are
// one click each, on the phone too; a person who means to abstain lets the support's countdown run out,
// and each person says once at their first General draw "the same every round". Pictures go to
// EVENING_SHOTS (default /tmp/na-evening).
import { describe, expect, it, onTestFailed } from "vitest";
import type { Locator, Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";
import { clicksBefore } from "./decide.ts";
import type { Command } from "../../shared/protocol.ts";

const SHOTS = process.env.EVENING_SHOTS || "/tmp/na-evening";
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
// the server started for this file reads it: a short countdown keeps the game short
process.env.TIMED_PASS_SECONDS ??= "1";
const at = serverAndBrowser(SHOTS);

interface Person {
  name: string; page: Page; seat: number; phone: boolean;
  /** Clicks and ticks on decisions, by kind. */
  clicks: Map<string, number>;
  /** Forecast levels seen at this person's looks during play; the tab's title in an alarm. */
  levels: Set<string>; alarmTitle: boolean;
  /** A look showed the threat at 20 or more, or the forecast's worst at 25: the alarm was due. */
  alarmDue: boolean;
  /** Said at a General draw: "the same every round" (the table makes the later ones). */
  drawsEveryRound: boolean;
}

const errors: string[] = [];

/** A click, or a tap on the phone. */
async function press(p: Person, target: Locator): Promise<void> {
  await (p.phone ? target.tap({ timeout: 2000 }) : target.click({ timeout: 2000 }));
}
function count(p: Person, kind: string, n = 1): void {
  p.clicks.set(kind, (p.clicks.get(kind) ?? 0) + n);
}

/** What a page shows, read in one round trip. */
interface Look {
  status: string; kind: string; step: string; incoming: number; prompt: boolean;
  legend: string; progress: string; key: string; countdown: boolean;
  /** Whether the step's picks are offered at once (a button a set); how many more picks it allows. */
  sets: boolean; more: number; level: string; threat: number; worst: number; title: string;
  /** The forecast's chip is inside the window (above a phone's tab bar) and not covered. */
  forecast: boolean;
  /** What the table would have answered in advance, if shown: "" when nothing. */
  answerable: string;
}
function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const table = document.querySelector("[data-testid=table]");
    const box = document.querySelector("[data-testid=choices]");
    const choice = box?.querySelector("fieldset.choice");
    const chip = document.querySelector("[data-testid=forecast] > summary");
    const tabbar = document.querySelector(".tabbar")?.getBoundingClientRect();
    const floor = tabbar && tabbar.height > 0 && tabbar.top > innerHeight / 2 ? tabbar.top : innerHeight;
    const r = chip?.getBoundingClientRect();
    const hit = r && document.elementFromPoint(r.left + Math.min(20, r.width / 2), r.top + r.height / 2);
    const answers = box ? box.querySelectorAll("button[data-choice]").length : 0;
    const picks = box ? box.querySelectorAll("input[type=checkbox]").length : 0;
    const ownChoice = box?.querySelector("[data-testid=choice-offer], [data-testid=choice-investment], [data-testid=choice-discard]");
    return {
      status: table?.getAttribute("data-status") ?? "",
      kind: choice?.getAttribute("data-testid") ?? "",
      step: choice?.getAttribute("data-step") ?? "",
      incoming: document.querySelectorAll("[data-testid=trades-incoming] li").length,
      prompt: !!box,
      legend: (choice?.querySelector("legend")?.textContent ?? "").replace(choice?.querySelector("[data-testid=choice-progress]")?.textContent || "\u0000", ""),
      progress: choice?.getAttribute("data-progress") ?? "",
      key: box?.getAttribute("data-key") ?? "",
      countdown: !!document.querySelector("[data-testid=pass-countdown]"),
      level: document.querySelector("[data-testid=forecast]")?.getAttribute("data-level") ?? "",
      threat: Number(document.querySelector("[data-testid=forecast-threat]")?.textContent ?? -1),
      worst: Number(document.querySelector("[data-testid=forecast]")?.getAttribute("data-worst") ?? -1),
      title: document.title,
      sets: !!box?.querySelector("[data-testid=choose-several]"),
      more: Number(choice?.getAttribute("data-more") ?? 0),
      forecast: !!chip && !!r && r.width > 0 && r.top >= 0 && r.bottom <= floor && r.left >= 0 && r.right <= innerWidth && !!hit && chip.contains(hit),
      answerable: box?.querySelector("[data-testid=pass-round]") ? "an optional ability the table passes on"
        : box && answers === 1 && picks === 0 && !ownChoice ? `one possible answer (${box.querySelector("button[data-choice]")?.textContent})` : "",
    };
  });
}

async function capital(page: Page, seat: number): Promise<number> {
  return Number(await page.getByTestId(`capital-${seat}`).textContent());
}

describe("an evening at a person's pace", () => {
  it("four people, one on a phone, play a whole game with fewer clicks and the forecast in view", { timeout: 720_000 }, async () => {
    const started = Date.now();
    const people: Person[] = [];
    onTestFailed(async () => {
      for (const p of people) await p.page.screenshot({ path: `${SHOTS}/failed-${p.name}.png` }).catch(() => {});
    });
    const res = await fetch(at.server.url + "/api/games", {
      method: "POST", headers: { "content-type": "application/json" },
      // a ready moment once the last seat fills: the host starts the game
      body: JSON.stringify({ seats: 4, bots: 0, botDelayMs: 0, stepSeconds: 0, startCountdown: 60 }),
    });
    const { code } = (await res.json()) as { code: string };
    for (const name of ["Ann", "Bea", "Cal", "Dee"]) {
      const phone = name === "Dee";
      const context = await at.browser.newContext(phone
        ? { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
        : { viewport: DESKTOP });
      // the phone's buzzes, counted
      if (phone) await context.addInitScript(() => { navigator.vibrate = () => { (window as unknown as { buzzes: number }).buzzes = ((window as unknown as { buzzes?: number }).buzzes ?? 0) + 1; return true; }; });
      const page = await context.newPage();
      page.on("console", (m) => { if (m.type() === "error") errors.push(`${name}: ${m.text()}`); });
      page.on("pageerror", (e) => errors.push(`${name}: ${String(e)}`));
      await page.goto(`${at.server.url}/?join=${code}`);
      await page.getByTestId("name").fill(name);
      await (phone ? page.getByTestId("join").tap() : page.getByTestId("join").click());
      await page.getByTestId("waiting-room").waitFor();
      people.push({ name, page, seat: -1, phone, clicks: new Map(), levels: new Set(), alarmTitle: false, alarmDue: false, drawsEveryRound: false });
    }
    const [ann, bea, cal, dee] = people as [Person, Person, Person, Person];
    // Every seat is taken: a ready moment, and the host starts.
    await dee.page.getByTestId("start-countdown").waitFor();
    await ann.page.getByTestId("start-now").click();
    for (const p of people) {
      await p.page.getByTestId("your-corp").waitFor({ state: "attached" });
      p.seat = Number(await p.page.getByTestId("table").getAttribute("data-seat"));
    }

    // Talk: Ann to everyone; Dee from the phone's Talk tab; Ann whispers to Bea.
    await ann.page.getByTestId("chat-input").fill("Evening, all");
    await ann.page.getByTestId("chat-send").click();
    await press(dee, dee.page.getByTestId("tab-talk"));
    await dee.page.getByTestId("chat").getByText("Evening, all").waitFor();
    await dee.page.getByTestId("chat-input").fill("Hi from the sofa");
    await press(dee, dee.page.getByTestId("chat-send"));
    await press(dee, dee.page.getByTestId("tab-deal"));
    await ann.page.getByTestId(`message-${bea.seat}`).click();
    await ann.page.getByTestId("chat-input").fill("Back me this round?");
    await ann.page.getByTestId("chat-send").click();
    for (const p of people) await p.page.getByTestId("chat").getByText("Hi from the sofa").waitFor({ state: "attached" });
    await bea.page.getByTestId("chat").getByText("Back me this round?").waitFor();
    expect(await cal.page.getByText("Back me this round?").count(), "a whisper stays private").toBe(0);

    // Trade: Cal gives Dee 1 capital; on the phone, Accept asks once more (a binding trade).
    const dialogs: string[] = [];
    dee.page.on("dialog", (d) => { dialogs.push(d.message()); void d.accept(); });
    const before = [await capital(dee.page, cal.seat), await capital(dee.page, dee.seat)];
    await cal.page.getByTestId(`trade-with-${dee.seat}`).click();
    await cal.page.getByTestId("trade-give-capital").fill("1");
    await cal.page.getByTestId("trade-send").click();
    await dee.page.getByTestId("tab-badge-talk").waitFor();
    await press(dee, dee.page.getByTestId("tab-talk"));
    await press(dee, dee.page.getByTestId("trades-incoming").locator("li").first().getByRole("button", { name: "Accept" }));
    await dee.page.waitForFunction(([c, d, cc, dc]) =>
      document.querySelector(`[data-testid=capital-${c}]`)?.textContent === String(cc) &&
      document.querySelector(`[data-testid=capital-${d}]`)?.textContent === String(dc),
    [cal.seat, dee.seat, before[0]! - 1, before[1]! + 1] as const);
    expect(dialogs, "accepting a binding trade on the phone asks once more").toEqual([expect.stringMatching(/binding trade/)]);
    await dee.page.screenshot({ path: `${SHOTS}/trade-accepted-390.png` });
    // the trade done, in the Trades panel, names the people beside their corporations, as the log does
    await cal.page.getByTestId("trades-done").getByText(new RegExp(`\\(Cal\\).*\\(Dee\\)|\\(Dee\\).*\\(Cal\\)`)).waitFor();
    await press(dee, dee.page.getByTestId("tab-deal"));
    console.log(`evening: the table started and the talk and the trade were done in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    // Play to the end, everyone deciding in turn: the bold and the careful choice alternately.
    const playStart = Date.now();
    let n = 0;
    let decisions = 0;
    let repeats = 0;
    let tookBack = "";
    const answerable: string[] = [];
    /** Hand-limit discards that opened without their suggestion ticked; those that opened with it. */
    const unsuggested: string[] = [];
    let suggestions = 0;
    const outOfView: string[] = [];
    /** Each person's last decision: its prompt, its options, when, and the table's decisions shown by then. */
    const last = new Map<Person, { legend: string; key: string; at: number; shown: number }>();
    const letPass = new Map<Person, string>();
    const shot = new Set<string>();
    const prompts = new Map<string, number>();
    const drawsAtOnce: string[] = [];
    const drawsOneByOne: string[] = [];
    /** Supports with one card that took a tick and a click: the card you would part with first comes at once. */
    const slowSupports: string[] = [];
    let oneCardSupports = 0;
    /** Supports left to the countdown beside Abstain: the table abstains, without a click. */
    let timedAbstains = 0;
    /** General draws asked of a person after their "the same every round" (its types no longer fill the step). */
    const drawsAskedAgain: string[] = [];
    const drawsAskedUnticked: string[] = [];
    const askedAgainShot = new Set<number>();
    /** The sizes at which "the same every round" was seen in the answers in advance, ready to withdraw. */
    const settingsSeen = new Set<number>();
    const deadline = Date.now() + 600_000;
    for (;;) {
      const looks = await Promise.all(people.map((p) => look(p.page)));
      if (looks.every((l) => l.status === "finished")) break;
      expect(Date.now(), "the game ends in time").toBeLessThan(deadline);
      let acted = false;
      for (const [i, p] of people.entries()) {
        const l = looks[i]!;
        if (l.status !== "playing") continue;
        if (l.level) p.levels.add(l.level);
        if (l.level === "alarm" && /^⚠/.test(l.title)) p.alarmTitle = true;
        if (l.threat >= 20 || l.worst >= 25) p.alarmDue = true;
        if (l.incoming > 0) {
          // any other trade for you is declined (on the phone, from the Talk tab)
          try {
            if (p.phone) await press(p, p.page.getByTestId("tab-talk"));
            await press(p, p.page.getByTestId("trades-incoming").locator("li").first().getByRole("button", { name: "Decline" }));
            if (p.phone) await press(p, p.page.getByTestId("tab-deal"));
            acted = true;
          } catch { /* withdrawn meanwhile */ }
          continue;
        }
        if (!l.prompt) {
          // once a size: the answers in advance, with "the same every round" to withdraw, where a person finds them
          const size = p.phone ? PHONE.width : DESKTOP.width;
          if (p.drawsEveryRound && !settingsSeen.has(size) && (await p.page.getByTestId("answer-settings").isVisible())) {
            try {
              await press(p, p.page.getByTestId("answer-settings").locator("summary"));
              await p.page.getByTestId("answers-general-draws").waitFor({ timeout: 2000 });
              await p.page.getByTestId("answer-settings").scrollIntoViewIfNeeded();
              await p.page.screenshot({ path: `${SHOTS}/answer-settings-${size}-${p.name}.png` });
              settingsSeen.add(size);
              await press(p, p.page.getByTestId("answer-settings").locator("summary"));
            } catch { /* a decision came meanwhile: another time */ }
          }
          continue;
        }
        if (letPass.get(p) === l.key) continue; // letting the countdown run out
        if (last.get(p)?.key === l.key && Date.now() - last.get(p)!.at < 5000) continue; // the decision sent is on its way
        decisions++;
        if (!l.forecast) outOfView.push(`${p.name}: ${l.legend}`);
        // a General draw of several types is one click, on the phone too
        if (l.more > 0 && /^General draw/.test(l.legend)) (l.sets ? drawsAtOnce : drawsOneByOne).push(`${p.name}: ${l.legend}`);
        if (l.answerable) answerable.push(`${p.name}: ${l.legend}: ${l.answerable}`);
        const earlier = last.get(p);
        // in a row: nobody else was shown a decision in between (one card's prompt to each player in turn,
        // played twice in a game, is not one prompt repeated)
        if (earlier && earlier.legend === l.legend && earlier.shown === decisions - 1 && l.kind === "choice-choose") {
          repeats++;
          expect(l.progress, `"${l.legend}" asked of ${p.name} again says where it is`).not.toBe("");
        }
        const tag = `${l.kind}${l.step}${l.sets ? "-sets" : ""}-${p.phone ? PHONE.width : DESKTOP.width}`;
        if (!shot.has(tag)) {
          shot.add(tag);
          await p.page.screenshot({ path: `${SHOTS}/${tag}-${p.name}.png` });
        }
        n++;
        const box = p.page.getByTestId("choices");
        try {
          if (l.kind === "choice-counteroffer" && l.step === "discard") {
            // a counteroffer's payment opens ticked as suggested, as a hand-limit discard does
            if (await box.getByTestId("counter-suggested").isVisible()) suggestions++;
            else unsuggested.push(`${p.name}: ${l.legend} (the payment not ticked)`);
            count(p, "counteroffer: discards", await pickUntilReady(p, box.getByTestId("pick-counter-discard"), box.getByTestId("counter-confirm")));
          } else if (l.kind === "choice-counteroffer") {
            const counter = box.locator('button[data-choice="counteroffer"]:not([disabled])');
            if (n % 3 === 0 && (await counter.count())) {
              await press(p, counter.first());
              count(p, "counteroffer: counter");
            } else if (l.countdown || (await box.getByTestId("pass-countdown").waitFor({ timeout: 1500 }).then(() => true, () => false))) {
              // no click: the table passes when the countdown runs out (it may show a moment after the prompt)
              letPass.set(p, l.key);
            } else {
              await press(p, box.locator('[data-choice="pass"]'));
              count(p, "counteroffer: pass");
            }
          } else if (l.kind === "choice-support") {
            // support with one card (the one offered at once, else the first ticked), or abstain
            const one = box.getByTestId("support-one").locator("button");
            if (n % 2 === 0 && (await one.count())) {
              await press(p, one.first());
              count(p, "support");
              oneCardSupports++;
            } else if (n % 2 === 1 && (l.countdown || (await box.getByTestId("pass-countdown").waitFor({ timeout: 1500 }).then(() => true, () => false)))) {
              // no click: the table abstains when the countdown beside Abstain runs out
              letPass.set(p, l.key);
              timedAbstains++;
            } else {
              const cards = box.getByTestId("pick-support").locator("input[type=checkbox]");
              if (n % 2 === 0 && (await cards.count())) {
                slowSupports.push(`${p.name}: ${l.legend}`);
                await press(p, cards.first());
              }
              const ticked = await box.getByTestId("pick-support").locator("input[type=checkbox]:checked").count();
              await press(p, box.locator(n % 2 === 0 ? '[data-choice="support"]:not([disabled])' : '[data-choice="abstain"]').first());
              count(p, n % 2 === 0 ? "support" : "abstain", ticked + 1);
            }
          } else if (l.kind === "choice-discard") {
            // a hand-limit discard comes with a suggestion ticked: agreeing is one click
            const ticked = await box.getByTestId("pick-discard").locator("input[type=checkbox]:checked").evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value).sort().join(" "));
            const suggested = ((await box.getByTestId("choice-discard").getAttribute("data-suggested")) ?? "").split(" ").sort().join(" ");
            if (!ticked || ticked !== suggested || !(await box.getByTestId("discard-suggested").isVisible())) unsuggested.push(`${p.name}: ${l.legend} (ticked "${ticked}", suggested "${suggested}")`);
            else suggestions++;
            count(p, "discard", await pickUntilReady(p, box.getByTestId("pick-discard"), box.locator('[data-choice="discard"]')));
          } else {
            // the first option offered: a step's picks at once come first (one set of them); else, on a
            // wide screen, the map's districts (the phone's map is in another tab: it uses the prompt's buttons)
            const onMap = p.page.locator('[data-testid^="pick-district-"]');
            const option = box.locator("button[data-choice]:not([disabled])").first();
            // at the first General draw, the person says once: the same every round
            // asked again while the answer stands (it names fewer types than the step draws, or none open):
            // the box starts ticked, so the pick joins the answer (once looked at, each size)
            if (/^General draw/.test(l.legend) && p.drawsEveryRound) {
              drawsAskedAgain.push(`${p.name}: ${l.legend}`);
              if (!(await box.getByTestId("draws-every-round").isChecked())) drawsAskedUnticked.push(`${p.name}: ${l.legend}`);
              const size = p.phone ? PHONE.width : DESKTOP.width;
              if (!askedAgainShot.has(size)) {
                askedAgainShot.add(size);
                await p.page.screenshot({ path: `${SHOTS}/general-draw-asked-again-${size}.png` });
              }
            }
            if (/^General draw/.test(l.legend) && !p.drawsEveryRound) {
              await press(p, box.getByTestId("draws-every-round"));
              count(p, "general draw: the same every round");
              p.drawsEveryRound = true;
            }
            await press(p, !l.sets && !p.phone && (await onMap.count()) ? onMap.first() : option);
            const what = l.kind === "choice-offer" ? "main offer" : l.kind === "choice-investment" ? "investment" : /^General draw/.test(l.legend) ? "general draw" : "card effect choice";
            count(p, what);
            // the prompts behind the card effect choices, for the breakdown printed at the end
            const asked = `${p.name}: ${l.legend.replace(/^[^:]*: /, "").replace(/\d+/g, "N")}${l.sets ? " (at once)" : ""}`;
            if (what === "card effect choice") prompts.set(asked, (prompts.get(asked) ?? 0) + 1);
          }
          last.set(p, { legend: l.legend, key: l.key, at: Date.now(), shown: decisions });
          acted = true;
        } catch {
          continue; // the options changed under us (another page's move): look again on the next pass
        }
        // Once: Bea takes back a support, an abstention or a main offer before anyone else decides.
        if (!tookBack && p === bea && /choice-(support|offer)/.test(l.kind)) {
          const undo = bea.page.getByTestId("take-back");
          try {
            await undo.waitFor({ timeout: 3000 });
            const words = (await undo.textContent())!;
            await bea.page.screenshot({ path: `${SHOTS}/take-back-1440.png` });
            await undo.click({ timeout: 1000 });
            count(p, "take-back");
            await bea.page.getByTestId("public-log").getByText(/Bea.*took back their/).waitFor({ timeout: 10_000 });
            // the same decision is open again
            await bea.page.locator(`[data-testid=choices] [data-testid=${l.kind}]`).waitFor({ timeout: 10_000 });
            last.delete(p);
            tookBack = words;
          } catch { /* someone else decided first: another time */ }
        }
      }
      if (!acted) await ann.page.waitForTimeout(50);
    }
    const playSeconds = (Date.now() - playStart) / 1000;

    // The end: a headline for each person; the end at both sizes; the rematch in view on the phone.
    for (const p of people) {
      await p.page.getByTestId("game-over").waitFor();
      await expect(p.page.getByTestId("headline-mine").textContent()).resolves.toMatch(/^You (win|lose): /);
    }
    await ann.page.getByTestId("decided").waitFor({ timeout: 20_000 });
    await ann.page.screenshot({ path: `${SHOTS}/end-1440.png` });
    await dee.page.getByTestId("rematch").waitFor();
    await dee.page.evaluate(() => document.querySelector("[data-testid=game-over]")!.scrollIntoView({ block: "start" }));
    const rematch = await dee.page.getByTestId("rematch").boundingBox();
    const tabbar = await dee.page.getByTestId("tabbar").boundingBox();
    await dee.page.screenshot({ path: `${SHOTS}/end-390.png` });
    expect(await dee.page.getByTestId("tab-badge-deal").count(), "no report badge on the phone's Deal tab once the game has ended").toBe(0);
    expect(rematch!.y + rematch!.height, "the rematch in view on the phone").toBeLessThanOrEqual(tabbar!.y);
    const finalThreat = Number(await ann.page.getByTestId("threat-track").getAttribute("data-threat"));
    const fell = /threat reached 25/.test((await ann.page.getByTestId("ending").textContent()) ?? "");

    // The clicks: this game's decisions as they were asked before answers in advance, and as made now.
    const replay = (await (await fetch(`${at.server.url}/api/games/${code}/replay`)).json()) as { commands: { seat: number; command: Command }[] };
    const rows = people.map((p) => {
      const then = replay.commands.filter((c) => c.seat === p.seat).reduce((a, c) => a + clicksBefore(c.command), 0);
      const now = [...p.clicks.values()].reduce((a, b) => a + b, 0);
      return { p, then, now };
    });
    const total = (k: "then" | "now") => rows.reduce((a, r) => a + r[k], 0);
    const fewer = 1 - total("now") / total("then");
    console.log([
      `evening: the game played in ${playSeconds.toFixed(0)} s (${decisions} decisions shown, ${repeats} prompts met twice in a row, each with its progress; ${suggestions} discards and payments opened as suggested; ${oneCardSupports} supports with one card at once; ${timedAbstains} supports left to the table's countdown; ${drawsAtOnce.length} General draws of several types at once${drawsAtOnce.some((d) => d.startsWith(dee.name)) ? ", on the phone too" : ""}; ${drawsAskedAgain.length} asked again after "the same every round"); threat at the end ${finalThreat}${fell ? " (the city fell)" : ""}`,
      `clicks per person on decisions, this game asked as before -> with the table's defaults (${Math.round(100 * fewer)}% fewer in all):`,
      ...rows.map(({ p, then, now }) => `  ${p.name}${p.phone ? " (phone)" : ""}: ${then} -> ${now} (${[...p.clicks].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v}`).join(", ")})`),
      `card effect choices by prompt: ${[...prompts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ×${v}`).join("; ")}`,
      `forecast levels seen: ${people.map((p) => `${p.name} ${[...p.levels].join("/")}${p.alarmDue ? " (alarm due)" : ""}`).join("; ")}; take-back: ${tookBack}`,
    ].join("\n"));
    expect(outOfView, "the threat forecast in view at every decision").toEqual([]);
    expect(slowSupports, "a support with one card is one click").toEqual([]);
    expect(oneCardSupports, "people supported with one card at once").toBeGreaterThan(0);
    expect([...settingsSeen].sort(), "the General draws' standing answer shown to withdraw, at both sizes").toEqual([PHONE.width, DESKTOP.width].sort());
    expect(timedAbstains, "people left supports to the table's countdown, which abstained for them").toBeGreaterThan(0);
    expect(drawsOneByOne, "a step's General draws at once").toEqual([]);
    expect(drawsAskedUnticked, "a General draw asked while the answer stands starts with \"the same every round\" ticked").toEqual([]);
    expect(decisions).toBeGreaterThan(20);
    expect(answerable, "no prompt the table answers in advance").toEqual([]);
    expect(unsuggested, "every hand-limit discard and counteroffer payment opens with its suggestion ticked").toEqual([]);
    expect(tookBack, "Bea took back a decision").toMatch(/^Take back your /);
    // The table's clicks in all: at least 40% fewer; each person at least 25% fewer in this one game (every
    // decision asked: 0%), margins below the lowest of recorded runs (49% in all, 32% a person: a person
    // whose cards make them move androids; by run in docs/testing.md).
    expect(fewer, "at least 40% fewer clicks in all than the same game asked as before").toBeGreaterThanOrEqual(0.4);
    for (const r of rows) expect(1 - r.now / r.then, `${r.p.name} clicked at least 25% fewer times than before (${r.then} -> ${r.now})`).toBeGreaterThanOrEqual(0.25);
    // warned before the city falls: whoever saw the threat reach 20 (or the forecast's worst reach 25) saw
    // the alarm, in the tab's title too. (A look is taken between decisions: a threat that goes from below
    // 20 to 25 with no decision between, as an event's +8 to 20 and the unmet demand right after, is seen
    // by nobody at 20.)
    expect(people.filter((p) => fell && p.alarmDue && !(p.levels.has("alarm") && p.alarmTitle)).map((p) => p.name), "the alarm before the city fell").toEqual([]);
    // and the phone buzzed when it saw the alarm
    const buzzes = await dee.page.evaluate(() => (window as unknown as { buzzes?: number }).buzzes ?? 0);
    expect(!dee.levels.has("alarm") || buzzes > 0, `the phone buzzed at the alarm (${buzzes} times)`).toBe(true);
    expect(errors).toEqual([]);
  });
});

/** Ticks cards until the button may be pressed, then presses it; returns the ticks and the press. */
async function pickUntilReady(p: Person, picker: Locator, go: Locator): Promise<number> {
  const boxes = picker.locator("input[type=checkbox]");
  let clicks = 0;
  for (let i = 0; i < (await boxes.count()) && (await go.isDisabled()); i++, clicks++) await press(p, boxes.nth(i));
  await press(p, go);
  return clicks + 1;
}
