// A flood of concurrent wrong invite codes from one address against a real server process on
// PostgreSQL, where each lookup that reaches the store takes a round trip: each code that names no game
// is counted as it is found wrong, so exactly the minute's allowance gets an answer and the rest a 429.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { startPostgres, startServer, stopAll } from "./services.ts";

afterAll(() => stopAll());

const postgres = await startPostgres();
const PER_MINUTE = 10;
const ATTEMPTS = 1000;

if (!postgres) it.skip("wrong codes on PostgreSQL (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});
else it(`answers ${PER_MINUTE} of ${ATTEMPTS} concurrent wrong codes from one address, and 429 to the rest`, async () => {
  const server = await startServer({
    DATABASE_URL: postgres.url,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "na-codes-")),
    WRONG_CODES_PER_MINUTE: String(PER_MINUTE),
    WRONG_CODES_PER_MINUTE_GLOBAL: String(ATTEMPTS * 10),
    // the flood's connections all open at once from one address: not what this test counts
    UNFINISHED_CONNECTIONS_PER_ADDRESS: String(ATTEMPTS * 2),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const statuses = await Promise.all(Array.from({ length: ATTEMPTS }, (_, i) => {
    const code = `AAAAA-${"23456789ABCDEFGHJKMNPQRSTWXYZ"[i % 29]}AAAA`;
    return fetch(`${base}/api/games/${code}`).then((r) => r.status, () => 0);
  }));
  expect(statuses.filter((s) => s === 404)).toHaveLength(PER_MINUTE);
  expect(statuses.filter((s) => s === 429)).toHaveLength(ATTEMPTS - PER_MINUTE);
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
}, 60_000);
