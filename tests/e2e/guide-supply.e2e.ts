// The guide points at what it explains (client/src/table/Guide.tsx): at the first Production Phase its
// words are about the supply, so the part outlined and brought into view is the supply and demand
// table under the map, not the round and threat tracks above it; at 1440x900 and at 390x844. A
// newcomer clicks "Learn to play", then only "Got it" and the hinted option, until production.
import { describe, expect, it } from "vitest";
import { serverAndBrowser } from "./browser.ts";

const at = serverAndBrowser();

async function productionOutline(viewport: { width: number; height: number }) {
  const context = await at.browser.newContext({ viewport });
  const page = await context.newPage();
  await page.route("**/api/games", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const body = JSON.parse(route.request().postData() ?? "{}");
    await route.continue({ postData: JSON.stringify({ ...body, botDelayMs: 0 }) });
  });
  await page.goto(at.server.url);
  await page.getByTestId("name").fill("Newcomer");
  await page.getByTestId("learn-to-play").click();
  await page.getByTestId("table").waitFor({ timeout: 20_000 });
  const deadline = Date.now() + 4 * 60_000;
  let hintedAt = 0;
  while (Date.now() < deadline) {
    const moment = await page.locator("[data-testid=guide]").getAttribute("data-moment", { timeout: 100 }).catch(() => null);
    if (moment === "moment:production") break;
    if (moment) {
      await page.locator(`[data-testid=guide][data-moment="${moment}"] [data-testid=guide-got-it]`).click({ timeout: 3000 }).catch(() => {});
      continue;
    }
    if (await page.getByTestId("hint-do").isVisible()) {
      await page.getByTestId("hint-do").click({ timeout: 3000 }).catch(() => {});
      continue;
    }
    // a hint gone stale, with nothing to do after all, or unanswered: closed, to ask again
    const panel = await page.getByTestId("hint-panel").isVisible();
    const action = panel && await page.getByTestId("hint-action").isVisible();
    if (panel && (await page.getByTestId("hint-again").isVisible() || action || Date.now() - hintedAt > 3000)) {
      await page.getByTestId("hint-close").click({ timeout: 3000 }).catch(() => {});
      continue;
    }
    if (await page.getByTestId("hint").isVisible() && Date.now() - hintedAt > 1100) {
      hintedAt = Date.now();
      await page.getByTestId("hint").click({ timeout: 3000 }).catch(() => {});
      continue;
    }
    await page.waitForTimeout(100);
  }
  // the outline settles on the next frame
  await page.waitForFunction(() => !!document.querySelector(".guide-target"), null, { timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(300);
  const seen = await page.evaluate(() => {
    const target = document.querySelector(".guide-target");
    const r = target?.getBoundingClientRect();
    return {
      moment: document.querySelector("[data-testid=guide]")?.getAttribute("data-moment") ?? "",
      where: document.querySelector(".guide-where")?.textContent ?? "",
      outlined: target?.querySelector("h2, h3")?.textContent ?? "",
      visible: !!r && r.height > 0 && r.bottom > 0 && r.top < innerHeight,
    };
  });
  if (seen.moment !== "moment:production") {
    await page.screenshot({ path: `${process.env.GUIDE_SHOTS ?? "/tmp"}/guide-supply-stuck-${viewport.width}.png` });
    console.log("stuck:", await page.locator("[data-testid=topbar]").innerText().catch(() => ""));
  }
  await context.close();
  return seen;
}

describe("the guide at the first production", () => {
  for (const [label, viewport] of [["desktop", { width: 1440, height: 900 }], ["phone", { width: 390, height: 844 }]] as const) {
    it(`outlines the supply and demand it speaks of (${label})`, async () => {
      const seen = await productionOutline(viewport);
      expect(seen.moment).toBe("moment:production");
      expect(seen.outlined).toMatch(/^Supply and demand/);
      expect(seen.where).toMatch(/supply and demand/);
      expect(seen.visible).toBe(true);
    }, 300_000);
  }
});
