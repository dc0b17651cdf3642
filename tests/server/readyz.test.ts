// Liveness and readiness over HTTP: GET /healthz says the process lives, GET /readyz whether it can serve
// (its store answers a query, and Redis when configured, within READY_TIMEOUT_MS). Each store here is
// real and made to stop answering: SQLite closed under the server, a PostgreSQL cluster and a
// redis-server that this test starts itself and then stops (tests/store/services.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import pino from "pino";
import { READY_TIMEOUT_MS, createServer } from "../../server/app.ts";
import { openStore, type GameStore } from "../../server/store/index.ts";
import { freePort, startPostgres, startRedis, stopAll } from "../store/services.ts";

afterAll(stopAll);
const postgres = await startPostgres();
const redis = await startRedis();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-readyz-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A server in this process on a free loopback port, with the store (and Redis) given. */
async function serve(store: GameStore, redisUrl?: string) {
  const server = createServer({ logger: pino({ level: "silent" }), store, redisUrl });
  const port = await freePort();
  await server.listen(port, "127.0.0.1");
  const get = async (route: string) => {
    const t0 = Date.now();
    const res = await fetch(`http://127.0.0.1:${port}${route}`);
    return { status: res.status, body: (await res.json()) as any, ms: Date.now() - t0 };
  };
  // (a server whose Redis is gone may not shut down cleanly: it is not waited for long)
  const stop = () => Promise.race([server.gracefullyShutdown(false).catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
  return { get, stop };
}

/** The readiness answer once the service is gone: 503 with its reason, in about the bound; /healthz still 200. */
async function expectUnready(get: Awaited<ReturnType<typeof serve>>["get"], reason: RegExp) {
  const ready = await get("/readyz");
  expect(ready.status, JSON.stringify(ready.body)).toBe(503);
  expect(ready.body).toMatchObject({ status: "unavailable", reason: expect.stringMatching(reason) });
  // answered by the bound, not by the service's own (much longer) timeouts: wide margin for a busy machine
  expect(ready.ms).toBeLessThan(READY_TIMEOUT_MS + 10_000);
  const live = await get("/healthz");
  expect(live.status).toBe(200);
  expect(live.body.status).toBe("ok");
  return ready.body;
}

describe("GET /healthz and GET /readyz", () => {
  it("SQLite: ready while the store answers; 503 with the reason once it cannot, while /healthz stays 200", async () => {
    const store = await openStore({ dataDir, instance: "readyz-sqlite" });
    const { get, stop } = await serve(store);
    try {
      expect((await get("/healthz")).status).toBe(200);
      const ready = await get("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: "ready", store: "ok", redis: "not configured" });
      await store.close(); // the database is gone from under the server
      const body = await expectUnready(get, /^the store \(sqlite\): /);
      expect(body).toMatchObject({ store: "down", redis: "not configured" });
    } finally {
      await stop();
    }
  });

  it.runIf(postgres?.stop)("PostgreSQL: ready, then 503 once the database stops answering", async () => {
    const store = await openStore({ dataDir, databaseUrl: postgres!.url, instance: "readyz-postgres" });
    const { get, stop } = await serve(store);
    try {
      expect((await get("/readyz")).body).toEqual({ status: "ready", store: "ok", redis: "not configured" });
      await postgres!.stop!();
      const body = await expectUnready(get, /^the store \(postgres\): /);
      expect(body.store).toBe("down");
    } finally {
      await stop();
      await store.close().catch(() => {});
    }
  }, 60_000);
  if (!postgres?.stop) it.skip("PostgreSQL: ready, then 503 once the database stops (needs a PostgreSQL this test starts: install postgresql)", () => {});

  it.runIf(redis?.stop)("Redis configured: ready, then 503 once redis-server stops, the store still answering", async () => {
    const store = await openStore({ dataDir: fs.mkdtempSync(path.join(dataDir, "redis-")), instance: "readyz-redis" });
    const { get, stop } = await serve(store, redis!.url);
    try {
      expect((await get("/readyz")).body).toEqual({ status: "ready", store: "ok", redis: "ok" });
      await redis!.stop!();
      const body = await expectUnready(get, /^Redis: /);
      expect(body).toMatchObject({ store: "ok", redis: "down" });
    } finally {
      await stop();
      await store.close().catch(() => {});
    }
  }, 60_000);
  if (!redis?.stop) it.skip("Redis configured: 503 once redis-server stops (needs a redis-server this test starts: install redis-server)", () => {});
});
