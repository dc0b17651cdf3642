// The built client as the server delivers it: the real Vite build (into a folder of its own), served by
// the real server over a socket. Hashed assets come precompressed (brotli, else gzip) and cached for a
// year; index.html is compressed too but revalidated on every use; the security headers stay.
import http from "node:http";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "vite";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { HASHED_CACHE, YEAR_SECONDS } from "../../server/static.ts";
import { PORT } from "../room/helpers.ts";

const root = path.resolve(import.meta.dirname, "../..");
let outDir: string;
let colyseus: ColyseusTestServer;
/** The hashed files index.html names, e.g. /assets/index-1a2b3c.js. */
let assets: string[];

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), "na-static-"));
  await build({ configFile: path.join(root, "client/vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
  const html = readFileSync(path.join(outDir, "index.html"), "utf8");
  assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const server = createServer({ logger: pino({ level: "silent" }), clientDir: outDir });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
}, 120_000);
afterAll(async () => {
  await colyseus?.shutdown();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

interface Answer { status: number; headers: http.IncomingHttpHeaders; body: Buffer }

/** A GET over a plain socket: the body exactly as sent (fetch would undo the encoding). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http.get({ host: "127.0.0.1", port: PORT, path: url, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    }).on("error", reject);
  });
}

function decoded(a: Answer): Buffer {
  switch (a.headers["content-encoding"]) {
    case "br": return brotliDecompressSync(a.body);
    case "gzip": return gunzipSync(a.body);
    case undefined: return a.body;
    default: throw new Error(`unexpected encoding ${a.headers["content-encoding"]}`);
  }
}

const BROWSER = "gzip, deflate, br, zstd"; // what Chromium sends
const original = (url: string) => readFileSync(path.join(outDir, url));
const maxAge = (a: Answer) => Number(/max-age=(\d+)/.exec(String(a.headers["cache-control"]))?.[1] ?? NaN);

describe("the built client over HTTP", () => {
  it("the page names a script and a stylesheet under hashed names", () => {
    expect(assets.some((a) => /^\/assets\/[\w-]+-[\w-]{8}\.js$/.test(a))).toBe(true);
    expect(assets.some((a) => /^\/assets\/[\w-]+-[\w-]{8}\.css$/.test(a))).toBe(true);
  });

  it("sends every hashed asset brotli-encoded, cached for a year as immutable, smaller than the file", async () => {
    for (const url of assets) {
      const a = await get(url, { "accept-encoding": BROWSER });
      expect(a.status, url).toBe(200);
      expect(a.headers["content-encoding"], url).toBe("br");
      expect(a.headers["content-type"], url).toMatch(url.endsWith(".js") ? /^(text|application)\/javascript/ : /^text\/css/);
      expect(a.headers["vary"], url).toMatch(/accept-encoding/i);
      expect(a.headers["cache-control"], url).toBe(HASHED_CACHE);
      expect(a.headers["cache-control"]).toContain("immutable");
      expect(maxAge(a)).toBeGreaterThanOrEqual(YEAR_SECONDS);
      expect(a.body.length, url).toBeLessThan(original(url).length / 2);
      expect(decoded(a).equals(original(url)), url).toBe(true);
    }
  });

  it("keeps the Colyseus SDK out of the page's first script: a chunk of its own, served the same way", async () => {
    const sdk = readdirSync(path.join(outDir, "assets")).filter((f) => /^colyseus-sdk-.*\.js$/.test(f));
    expect(sdk).toHaveLength(1);
    expect(assets).not.toContain(`/assets/${sdk[0]}`);
    const a = await get(`/assets/${sdk[0]}`, { "accept-encoding": BROWSER });
    expect(a.headers["content-encoding"]).toBe("br");
    expect(a.headers["cache-control"]).toBe(HASHED_CACHE);
    // the first script is smaller than the SDK it leaves out
    const first = assets.find((u) => u.endsWith(".js"))!;
    expect(original(first).length).toBeLessThan(original(`/assets/${sdk[0]}`).length);
  });

  it("falls back to gzip, then to the plain file, by what the browser accepts", async () => {
    const script = assets.find((a) => a.endsWith(".js"))!;
    const gz = await get(script, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(decoded(gz).equals(original(script))).toBe(true);
    const plain = await get(script, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original(script))).toBe(true);
    // a cache between server and browser must keep the copies apart
    for (const a of [gz, plain]) {
      expect(a.headers["vary"]).toMatch(/accept-encoding/i);
      expect(a.headers["cache-control"]).toBe(HASHED_CACHE);
    }
  });

  it("sends index.html compressed but never cached unchecked, and answers a revalidation with 304", async () => {
    for (const url of ["/", "/index.html", "/?code=ABCDE-FGHIJ"]) {
      const a = await get(url, { "accept-encoding": BROWSER });
      expect(a.status, url).toBe(200);
      expect(a.headers["content-type"], url).toMatch(/^text\/html/);
      expect(a.headers["content-encoding"], url).toBe("br");
      expect(a.headers["cache-control"], url).toBe("no-cache");
      expect(a.headers["cache-control"], url).not.toContain("immutable");
      expect(decoded(a).equals(original("index.html")), url).toBe(true);
      const again = await get(url, { "accept-encoding": BROWSER, "if-none-match": String(a.headers.etag) });
      expect(again.status, url).toBe(304);
    }
  });

  it("revalidates the rules reference too: its name has no hash", async () => {
    const a = await get("/docs/rules.md", { "accept-encoding": "gzip" });
    expect(a.status).toBe(200);
    expect(a.headers["content-encoding"]).toBe("gzip");
    expect(a.headers["content-type"]).toMatch(/^text\/markdown/);
    expect(a.headers["cache-control"]).toBe("no-cache");
  });

  it("keeps the security headers on static files", async () => {
    for (const url of ["/", assets[0]!]) {
      const a = await get(url, { "accept-encoding": BROWSER });
      expect(a.headers["content-security-policy"], url).toContain("script-src 'self'");
      expect(a.headers["x-content-type-options"], url).toBe("nosniff");
    }
  });

  it("does not tell anyone to keep a missing asset, and serves nothing outside the build", async () => {
    const missing = await get("/assets/index-00000000.js", { "accept-encoding": BROWSER });
    expect(missing.status).toBe(404);
    expect(String(missing.headers["cache-control"] ?? "")).not.toContain("immutable");
    const traversal = await get("/assets/..%2f..%2fpackage.json", { "accept-encoding": BROWSER });
    expect(traversal.status).not.toBe(200);
  });
});
