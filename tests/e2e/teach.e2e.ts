// "Teach this table" (docs/guide.md): a host ticks it on the create form and a friend joins; both read
// the guide's welcome, and the table waits for both (the one who has read it is told so) until the
// friend leaves the guide (a button brings it back); the host goes on with it, and a decision's
// explanation goes to the person who owes it. Ann at 1440x900, Ben at 390x844; axe on the
// guide's panels. Screenshots in test-results/.
import { describe, expect, it, onTestFailed } from "vitest";
import type { Page } from "playwright-core";
import { axeSerious, serverAndBrowser } from "./browser.ts";

const at = serverAndBrowser("test-results");
const opened: Page[] = [];
const errors: string[] = [];

async function openPage(who: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await at.browser.newContext({ viewport, hasTouch: viewport.width < 1000, isMobile: viewport.width < 1000 })).newPage();
  opened.push(page);
  page.on("pageerror", (e) => errors.push(`${who}: ${String(e)}`));
  return page;
}
const momentOf = (page: Page) => page.getByTestId("guide").getAttribute("data-moment");

describe("teach this table", () => {
  it("guides a host and a friend: each reads, the table waits for both, each may leave the guide", async () => {
    onTestFailed(async () => {
      console.log("browser errors:", errors);
      for (const [i, p] of opened.entries()) await p.screenshot({ path: `test-results/failed-teach-${i}.png`, fullPage: true }).catch(() => {});
    });
    const ann = await openPage("ann", { width: 1440, height: 900 });
    await ann.goto(at.server.url + "/");
    await ann.getByTestId("name").fill("Ann");
    await ann.getByTestId("create-bots").selectOption("2");
    await ann.getByTestId("create-teach").check();
    await ann.screenshot({ path: "test-results/teach-create.png", fullPage: true });
    await ann.getByTestId("create").click();
    const code = (await ann.getByTestId("invite-code").textContent())!.trim();
    const ben = await openPage("ben", { width: 390, height: 844 });
    await ben.goto(`${at.server.url}/?join=${code}`);
    await ben.getByTestId("name").fill("Ben");
    await ben.getByTestId("join").click();
    await ann.getByTestId("start-now").click();
    for (const p of [ann, ben]) await p.getByTestId("guide").waitFor({ timeout: 20_000 });
    // both read the welcome; Ann's "Got it" alone does not move the table on
    for (const p of [ann, ben]) await expect(momentOf(p)).resolves.toBe("moment:start");
    expect(await axeSerious(ann)).toEqual([]);
    expect(await axeSerious(ben)).toEqual([]);
    await ben.screenshot({ path: "test-results/teach-welcome-phone.png" });
    await ann.getByTestId("guide-got-it").click();
    await ann.getByTestId("guide-waiting").waitFor();
    await expect(momentOf(ben)).resolves.toBe("moment:start");
    await ann.screenshot({ path: "test-results/teach-waiting-laptop.png" });
    // Ben leaves the guide: the table no longer waits for him, and a button brings the guide back
    await ben.getByTestId("guide-off").click();
    await ben.getByTestId("guide-open").waitFor();
    await ben.screenshot({ path: "test-results/teach-left-phone.png" });
    // Ann owes the General draw: its explanation is hers alone
    await ann.waitForFunction(() => document.querySelector("[data-testid=guide]")?.getAttribute("data-moment") === "decision:general-draw");
    await ann.screenshot({ path: "test-results/teach-decision-laptop.png" });
    expect(await ann.getByTestId("guide-open").count()).toBe(0);
    await ben.getByTestId("guide-open").click();
    await ben.waitForFunction(() => !document.querySelector("[data-testid=guide-open]"));
    expect(await ben.getByTestId("guide").count(), "Ann's decision is hers").toBe(0);
    expect(errors).toEqual([]);
  }, 150_000);
});
