// Two game servers behind one address, as docker-compose.yml runs them: nginx (Debian's package, started
// here with the project's own deploy/nginx template), two server processes, Redis and PostgreSQL, all on
// 127.0.0.1. Tables are made through each process directly; a browser that only ever sees the proxy's
// address opens every one of them, takes a seat and plays, whichever process holds the room.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startPostgres, startRedis, startServer, stopAll, waitFor, type ServerProcess } from "../store/services.ts";
import { startNginx } from "../store/nginx.ts";
import { launchChromium } from "./browser.ts";
import { decide } from "./decide.ts";

const TABLES_PER_PROCESS = 5;

let servers: ServerProcess[] = [];
let proxy: { port: number; stop(): void } | null = null;
let browser: Browser | null = null;

beforeAll(async () => {
  const redis = await startRedis();
  const postgres = redis ? await startPostgres() : null;
  if (!redis || !postgres) throw new Error("this test needs redis-server and PostgreSQL (.ci/run installs them)");
  const ports: [number, number] = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  // Each process names itself by the one address and its own path prefix; behind one proxy, TRUST_PROXY=1.
  const env = (n: number): Record<string, string> => ({
    REDIS_URL: redis.url, DATABASE_URL: postgres.url, DATA_DIR: "/nonexistent",
    PUBLIC_ADDRESS: `127.0.0.1:${proxyPort}/s${n}`, TRUST_PROXY: "1", LOG_LEVEL: "warn",
  });
  servers = [await startServer(env(1), ports[0]), await startServer(env(2), ports[1])];
  proxy = await startNginx(proxyPort, ports);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  proxy?.stop();
  await stopAll();
});

describe("two processes behind one address (nginx)", () => {
  it(`opens every table of ${2 * TABLES_PER_PROCESS}, made through either process, from one page address, and plays at each`, async () => {
    const proxyUrl = `http://127.0.0.1:${proxy!.port}`;
    const tables: string[] = [];
    for (const server of servers) {
      for (let t = 0; t < TABLES_PER_PROCESS; t++) {
        const res = await fetch(`http://127.0.0.1:${server.port}/api/games`, {
          method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, graceSeconds: 600 }),
        });
        expect(res.status).toBe(201);
        tables.push(((await res.json()) as { code: string }).code);
      }
    }
    // The rooms live on both processes (Colyseus puts a new room on the process with the fewest).
    const rooms = await Promise.all(servers.map(async (server) => {
      const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      return Number(/^newangeles_rooms (\d+)/m.exec(metrics)?.[1]);
    }));
    expect(rooms[0]! + rooms[1]!).toBe(tables.length);
    expect(Math.min(...rooms)).toBeGreaterThan(0);
    const prefixes = new Set<string>();

    for (const code of tables) {
      const context = await browser!.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      const sockets: string[] = [];
      page.on("websocket", (ws) => sockets.push(ws.url()));
      await page.goto(`${proxyUrl}/?join=${code}`);
      await page.getByTestId("name").fill("Ann");
      await page.getByTestId("join").click();
      await page.getByTestId("my-capital").waitFor({ timeout: 20_000 });
      // Every socket the page opened went to the one address, through the prefix of a process.
      expect(sockets.length).toBeGreaterThan(0);
      for (const url of sockets) {
        const prefix = new RegExp(`^ws://127\\.0\\.0\\.1:${proxy!.port}/(s[12])/`).exec(url)?.[1];
        expect(prefix, url).toBeDefined();
        prefixes.add(prefix!);
      }
      // Plays: the person's own decisions are taken and the game moves on.
      const log = page.getByTestId("public-log");
      let decisions = 0;
      const before = ((await log.textContent()) ?? "").length;
      await waitFor(async () => {
        if (await decide(page)) decisions++;
        else await page.waitForTimeout(100);
        return decisions >= 3;
      }, 45_000, `three decisions of Ann's at table ${code}`);
      await waitFor(async () => ((await log.textContent()) ?? "").length > before, 10_000, "the log to grow");
      await expect(page.getByTestId("connection").count()).resolves.toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
    // Both processes' rooms were reached through the one address.
    expect([...prefixes].sort()).toEqual(["s1", "s2"]);
  }, 600_000);
});
