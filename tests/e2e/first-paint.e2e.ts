// The first visit on a slow phone: Chromium throttled to a mobile profile (150 ms round trip, 1.6 Mbps
// down, 750 kbps up, the CPU four times slower) through the DevTools protocol, a cold cache. The test
// asserts behaviour: the lobby paints and can be used, and a repeat visit takes the hashed assets from
// the browser's cache without asking the server. The lobby's first contentful paint (Performance API)
// is a product target, not a test: it is printed beside its target. On a quiet machine, measure it as a
// benchmark with FIRST_PAINT_BENCH=1 (median of 5 cold loads, the run fails over the target):
//   FIRST_PAINT_BENCH=1 npx vitest run --config tests/e2e/vitest.config.ts tests/e2e/first-paint.e2e.ts
import { describe, expect, it } from "vitest";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import { serverAndBrowser } from "./browser.ts";

/** The mobile profile (Lighthouse's "slow 4G" and its CPU slowdown). */
const PROFILE = { rttMs: 150, downKbps: 1600, upKbps: 750, cpuSlowdown: 4 };
/** The product target: the page shows something within this long on that profile. */
const FIRST_PAINT_TARGET_MS = 1500;
/** Benchmark mode: the median of several cold loads is held to the target (a quiet machine only). */
const BENCH = process.env.FIRST_PAINT_BENCH === "1";
const BENCH_LOADS = 5;

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

/** One cold load on the throttled phone: its first contentful paint, printed; the page, still open. */
async function coldLoad(label: string) {
  const { context, page, cdp } = await phone();
  const responses = watchResponses(cdp);
  await page.goto(at.server.url + "/", { waitUntil: "load" });
  const fcp = await firstContentfulPaint(page);
  console.log(`first contentful paint, ${label}: ${Math.round(fcp)} ms (target ${FIRST_PAINT_TARGET_MS} ms; ${(responses.wireBytes() / 1024).toFixed(1)} KB received by then)`);
  return { context, page, cdp, responses, fcp };
}

describe("delivery on a throttled phone", () => {
  it("paints the lobby on a cold cache, ready to use, and reuses the assets after (first paint printed)", async () => {
    const { context, page, cdp, responses, fcp } = await coldLoad("cold load (printed, not asserted)");
    // it painted, and what it painted is the lobby, ready to use
    expect(fcp).toBeGreaterThan(0);
    await expect(page.getByTestId("name").isEditable()).resolves.toBe(true);
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
    await context.close();
  });

  // The product target as a benchmark: run it on a quiet machine (FIRST_PAINT_BENCH=1); skipped otherwise.
  it.runIf(BENCH)(`benchmark: the median first paint of ${BENCH_LOADS} cold loads is under ${FIRST_PAINT_TARGET_MS} ms`, async () => {
    const figures: number[] = [];
    for (let i = 0; i < BENCH_LOADS; i++) {
      const { context, fcp } = await coldLoad(`cold load ${i + 1} of ${BENCH_LOADS}`);
      figures.push(fcp);
      await context.close();
    }
    const median = [...figures].sort((a, b) => a - b)[Math.floor(figures.length / 2)]!;
    console.log(`first contentful paint, median of ${BENCH_LOADS}: ${Math.round(median)} ms; target ${FIRST_PAINT_TARGET_MS} ms`);
    expect(median).toBeLessThan(FIRST_PAINT_TARGET_MS);
  });
});
