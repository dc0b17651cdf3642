// What an operator of several processes reads on each one's /metrics: the games it holds, its lease
// renewals, the games it took over, and its round trips to Redis and to the store. Two processes on one
// Redis and one PostgreSQL: the figures move as the games move from one process to the other.
import { afterAll, describe, expect, it } from "vitest";
import { freePort, startPostgres, startRedis, startServer, stopAll, waitFor, type ServerProcess } from "./services.ts";

afterAll(stopAll);

const redis = await startRedis();
const postgres = redis ? await startPostgres() : null;

/** When each process was last scraped: /metrics answers one address 10 times in 10 s. */
const scraped = new Map<number, number>();

async function metrics(server: ServerProcess): Promise<string> {
  const wait = (scraped.get(server.port) ?? 0) + 1_100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  scraped.set(server.port, Date.now());
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The value of one sample line (0 when absent). */
function value(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe.skipIf(!redis || !postgres)("operators' metrics with two processes", () => {
  it("shows the games each process holds, its renewals, takeovers and round trips", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      REDIS_URL: redis!.url, DATABASE_URL: postgres!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      GAME_LEASE_SECONDS: "4", LOG_LEVEL: "warn",
    });
    // Only A runs when the tables are made, so A holds them.
    const a = await startServer(env(portA), portA);
    const first = await metrics(a);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`http://127.0.0.1:${portA}/api/games`, {
        method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, bots: 3 }),
      });
      expect(res.status).toBe(201);
    }
    const b = await startServer(env(portB), portB);

    // A renews its claims every second (a quarter of the lease) and counts the games it holds.
    await waitFor(async () => value(await metrics(a), "newangeles_games_claimed") === 3, 10_000, "A to count its three games");
    await waitFor(async () => value(await metrics(a), 'newangeles_lease_renewals_total{result="ok"}') >= value(first, 'newangeles_lease_renewals_total{result="ok"}') + 2, 10_000, "two more renewals");
    const later = await metrics(a);
    expect(value(later, 'newangeles_store_round_trip_seconds_count{op="read"}')).toBeGreaterThan(value(first, 'newangeles_store_round_trip_seconds_count{op="read"}'));
    expect(value(later, 'newangeles_store_round_trip_seconds_count{op="write"}') - value(first, 'newangeles_store_round_trip_seconds_count{op="write"}')).toBeGreaterThanOrEqual(3); // the tables made
    // The shared limits' heartbeat and the tables' creations went to Redis.
    expect(value(later, "newangeles_redis_round_trip_seconds_count")).toBeGreaterThan(value(first, "newangeles_redis_round_trip_seconds_count"));
    expect(value(await metrics(b), "newangeles_games_claimed")).toBe(0);

    // A stops (SIGTERM) and hands its games over: B takes all three at once.
    const takenBefore = value(await metrics(b), 'newangeles_game_claims_total{how="takeover"}');
    a.child.kill("SIGTERM");
    await a.exited;
    await waitFor(async () => value(await metrics(b), "newangeles_games_claimed") === 3, 5_000, "B to hold the three games");
    expect(value(await metrics(b), 'newangeles_game_claims_total{how="takeover"}') - takenBefore).toBe(3);
    b.child.kill("SIGKILL");
  }, 90_000);
});

if (!redis || !postgres) it.skip("operators' metrics (needs redis-server and PostgreSQL, or REDIS_URL and DATABASE_URL)", () => {});
