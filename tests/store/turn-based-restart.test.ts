// Turn-based deadlines survive a process killed with SIGKILL, exactly once (docs/turn-based.md): a real
// server process (`node server/index.ts`) on SQLite and on PostgreSQL, its clock set ahead between runs
// (CLOCK_OFFSET_MS) so that the hours of a bank pass in moments. A spent bank's excused delay, and the
// bot's one decision after the third, each run once however often the process is killed around them.
import { afterAll, describe, expect, it } from "vitest";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { openStore, type GameStore, type StoredClock } from "../../server/store/index.ts";
import { autoplay, stateOf, until } from "../room/helpers.ts";
import { freePort, startServer, stopAll, storedGameDatabases, waitFor, type ServerProcess } from "./services.ts";
import { createTable, join, lookUp } from "./players.ts";

afterAll(stopAll);

const { dataDir, databases } = await storedGameDatabases("na-turn-", "turn-based deadlines across SIGKILL");

const readers: GameStore[] = [];
afterAll(async () => { for (const r of readers) await r.close(); });

function kill(server: ServerProcess, ...rooms: SDKRoom[]): Promise<unknown> {
  for (const r of rooms) r.reconnection.enabled = false;
  server.child.kill("SIGKILL");
  return server.exited;
}

const MIN = 60_000;

describe.each(databases)("turn-based deadlines across SIGKILL, games in %s", (_db, dbEnv) => {
  it("an excused delay and then the bot's decision each run once, whatever is killed when", async () => {
    const reader = await openStore({ dataDir, databaseUrl: dbEnv.DATABASE_URL, instance: "test-reader" });
    readers.push(reader);
    const port = await freePort();
    const run = (offsetMs: number) => startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", TURN_SWEEP_SECONDS: "1", CLOCK_OFFSET_MS: String(Math.max(0, Math.round(offsetMs))), ...dbEnv }, port);
    let server = await run(0);
    const { code, roomId } = await createTable(server, { seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600, pace: "turn-based", turn: { bankSeconds: 3600 } });
    const ann = await join(server, roomId, { code, name: "Ann" });
    const ben = await join(server, roomId, { code, name: "Ben" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the start");
    const players = [autoplay(ann.room, 1), autoplay(ben.room, 2)];
    await waitFor(async () => (await reader.commands(code)).length >= 12, 60_000, "12 commands");
    for (const p of players) p.stop();
    // Quiet, with a person's bank running (bots have nothing left to do).
    let last = -1;
    let owing: StoredClock | undefined;
    await waitFor(async () => {
      const n = (await reader.commands(code)).length;
      owing = (await reader.clocks(code)).find((c) => c.dueAt !== null);
      const quiet = n === last && owing !== undefined;
      last = n;
      return quiet;
    }, 30_000, "a person's decision with the table quiet");
    const seat = owing!.seat;
    const commands = (await reader.commands(code)).length;
    expect(owing).toMatchObject({ delays: 0, botStreak: 0 });
    await kill(server, ann.room, ben.room);

    // Back after the bank ran out: one excused delay, and no command.
    const clockOf = async () => (await reader.clocks(code)).find((c) => c.seat === seat)!;
    let offset = owing!.dueAt! - Date.now() + MIN;
    server = await run(offset);
    await waitFor(async () => (await clockOf()).delays === 1, 30_000, "the first excused delay");
    const firstDelay = await clockOf();
    await kill(server); // at once: the sweep runs every second meanwhile
    server = await run(offset);
    await waitFor(async () => (await lookUp(server, code))?.status === "playing", 20_000, "the game restored").catch(async (e) => { const r = await fetch(`http://127.0.0.1:${server.port}/api/games/${code}`); const g = await reader.getGame(code); throw new Error(`${e.message} ${r.status} ${await r.text()} ${JSON.stringify({ ...g, options: 0, seats: 0 })}\n${server.output()}`); });
    await new Promise((r) => setTimeout(r, 3000)); // three sweeps
    expect(await clockOf()).toEqual(firstDelay);
    expect(await reader.commands(code)).toHaveLength(commands);
    // The bank now holds a quarter of an hour: a banked 15 minutes later the next delay comes, and so on.
    expect(firstDelay.dueAt! - Date.now() - offset).toBeLessThanOrEqual(15 * MIN);
    for (const delay of [2, 3]) {
      await kill(server);
      offset = (await clockOf()).dueAt! - Date.now() + MIN;
      server = await run(offset);
      await waitFor(async () => (await clockOf()).delays === delay, 30_000, `excused delay ${delay}`);
    }
    expect(await reader.commands(code)).toHaveLength(commands);

    // No delay left: the bot decides this once (in the same write as its clock), however often killed.
    await kill(server);
    offset = (await clockOf()).dueAt! - Date.now() + MIN;
    server = await run(offset);
    // (The seat's answers in advance may play for it after that: they are its own, not the bot's.)
    const bySeat = async () => (await reader.commands(code)).slice(commands).filter((c) => c.seat === seat);
    await waitFor(async () => (await clockOf()).botDecisions === 1, 30_000, "the bot's decision");
    const decided = await bySeat();
    expect(decided.length).toBeGreaterThanOrEqual(1);
    await kill(server);
    server = await run(offset);
    await waitFor(async () => (await lookUp(server, code))?.status === "playing", 20_000, "the game restored").catch(async (e) => { const r = await fetch(`http://127.0.0.1:${server.port}/api/games/${code}`); const g = await reader.getGame(code); throw new Error(`${e.message} ${r.status} ${await r.text()} ${JSON.stringify({ ...g, options: 0, seats: 0 })}\n${server.output()}`); });
    await new Promise((r) => setTimeout(r, 3000));
    expect((await bySeat()).slice(0, decided.length)).toEqual(decided);
    expect(await clockOf()).toMatchObject({ delays: 3, botDecisions: 1 });
    await kill(server);
  }, 300_000);
});
