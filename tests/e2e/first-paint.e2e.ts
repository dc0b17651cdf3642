// The first visit on a slow phone: Chromium throttled to a mobile profile (150 ms round trip, 1.6 Mbps
// down, 750 kbps up, the CPU four times slower) through the DevTools protocol, a cold cache, and the
// lobby's first contentful paint read from the Performance API. A repeat visit takes the hashed assets
// from the browser's cache without asking the server.
import { describe, expect, it } from "vitest";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";

/** The mobile profile (Lighthouse's "slow 4G" and its CPU slowdown). */
const PROFILE = { rttMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };
/** The target: the page shows something within this long on that profile. */
const FIRST_PAINT_TARGET_MS = 1500;
/** Cold loads measured; the median is held to the target (one load on a shared machine is noisy). */
const LOADS = 3;

const at = serverAndBrowser();

async function phone(): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await at.browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: PROFILE.rttMs,
    downloadThroughput: (PROFILE.downKbps * 1000) / 8,
    uploadThroughput: (PROFILE.upKbps * 1000) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PROFILE.cpuSlowdown });
  return { context, page, cdp };
}

/** Bytes on the wire and whether each response came from the browser's cache, by URL path. */
function watchResponses(cdp: CDPSession) {
  const urls = new Map<string, string>();
  const fromCache = new Map<string, boolean>();
  let wireBytes = 0;
  cdp.on("Network.requestWillBeSent", (e) => { urls.set(e.requestId, new URL(e.request.url).pathname); });
  cdp.on("Network.responseReceived", (e) => {
    const path = new URL(e.response.url).pathname;
    fromCache.set(path, fromCache.get(path) || Boolean(e.response.fromDiskCache || e.response.fromPrefetchCache));
  });
  cdp.on("Network.requestServedFromCache", (e) => { const p = urls.get(e.requestId); if (p) fromCache.set(p, true); });
  cdp.on("Network.loadingFinished", (e) => { wireBytes += e.encodedDataLength; });
  return { fromCache, wireBytes: () => wireBytes };
}

async function firstContentfulPaint(page: Page): Promise<number> {
  await page.getByTestId("name").waitFor();
  return page.evaluate(() => new Promise<number>((resolve) => {
    const seen = performance.getEntriesByName("first-contentful-paint")[0];
    if (seen) return resolve(seen.startTime);
    new PerformanceObserver((list) => {
      const fcp = list.getEntriesByName("first-contentful-paint")[0];
      if (fcp) resolve(fcp.startTime);
    }).observe({ type: "paint", buffered: true });
  }));
}

describe("delivery on a throttled phone", () => {
  it(`paints the lobby within ${FIRST_PAINT_TARGET_MS} ms on a cold cache, and reuses the assets after`, async () => {
    const figures: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      const { context, page, cdp } = await phone();
      const responses = watchResponses(cdp);
      await page.goto(at.server.url + "/", { waitUntil: "load" });
      const fcp = await firstContentfulPaint(page);
      figures.push(fcp);
      console.log(`first contentful paint, cold load ${i + 1}: ${Math.round(fcp)} ms (target ${FIRST_PAINT_TARGET_MS} ms; ${(responses.wireBytes() / 1024).toFixed(1)} KB received by then)`);
      if (i === 0) {
        await page.screenshot({ path: "test-results/first-paint-phone.png" });
        // the same phone comes back: index.html is asked again, the hashed assets it names are not
        const html = await (await fetch(at.server.url + "/")).text();
        const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
        expect(assets.length).toBeGreaterThan(1);
        for (const a of assets) expect(responses.fromCache.get(a), a).toBe(false);
        const again = watchResponses(cdp);
        await page.goto(at.server.url + "/?again", { waitUntil: "load" });
        await page.getByTestId("name").waitFor();
        expect(again.fromCache.get("/")).toBe(false);
        for (const a of assets) expect(again.fromCache.get(a), a).toBe(true);
      }
      await context.close();
    }
    const median = [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
    console.log(`first contentful paint, median of ${LOADS}: ${Math.round(median)} ms; target ${FIRST_PAINT_TARGET_MS} ms`);
    expect(median).toBeLessThan(FIRST_PAINT_TARGET_MS);
  });
});
