// An adjourned table whose process dies while people still sit at it (issue #28, docs/turn-based.md):
// a real server process (`node server/index.ts`) on SQLite and on PostgreSQL. Four people sit at a table
// the host adjourned, the process is killed with SIGKILL with all of them connected, and the same
// process (the same DATA_DIR, so the same instance name) starts again. The game's link wakes the game
// at once on the restarted process: the dead run's lease on it does not hold it (store renewLeases).
// Kept apart from adjourn-acceptance.test.ts, whose PostgreSQL run once stalled after it there.
import { afterAll, describe, expect, it } from "vitest";
import { openStore, type GameStore } from "../../server/store/index.ts";
import { stateOf, tableOf, until } from "../room/helpers.ts";
import { startServer, storedGameDatabases, stopAll, waitFor, type ServerProcess } from "./services.ts";
import { createTable, join, lookUp, type Joined } from "./players.ts";

afterAll(stopAll);

const { dataDir, databases } = await storedGameDatabases("na-adjourn-kill-", "an adjourned table across SIGKILL");

const DAY = 24 * 3600_000;
const NAMES = ["Ann", "Ben", "Cat", "Dan"];

const readers: GameStore[] = [];
afterAll(async () => { for (const r of readers) await r.close(); });

function kill(server: ServerProcess, ...rooms: Joined[]): Promise<unknown> {
  for (const r of rooms) r.room.reconnection.enabled = false;
  server.child.kill("SIGKILL");
  return server.exited;
}

describe.each(databases)("an adjourned table across SIGKILL, games in %s", (_db, dbEnv) => {
  it("is woken by its link after the server died while people were still at the table", async () => {
    const reader = await openStore({ dataDir, databaseUrl: dbEnv.DATABASE_URL, instance: "test-reader" });
    readers.push(reader);
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...dbEnv };
    let server = await startServer(env);
    const port = server.port;
    const { code, roomId } = await createTable(server, { seats: 4, botDelayMs: 0, graceSeconds: 600, stepSeconds: 900 });
    const people: Joined[] = [];
    for (const name of NAMES) people.push(await join(server, roomId, { code, name }));
    await until(() => stateOf(people[0]!.room).status === "playing", 10_000, "the start");
    people[stateOf(people[0]!.room).hostSeat]!.room.send("adjourn", { meetAt: Date.now() + DAY });
    await until(() => people.every((p) => tableOf(p.room).status === "adjourned"), 10_000, "the adjournment");
    await waitFor(async () => (await reader.getGame(code))!.status === "adjourned", 10_000, "the adjournment stored");
    // Everyone is still at the table (its room live) when the process dies; it comes back as itself.
    await kill(server, ...people);
    server = await startServer(env, port);
    // The link wakes the game at once, on the restarted process: the dead run's lease does not hold it.
    const table = await lookUp(server, code);
    expect(table).toMatchObject({ code, status: "adjourned" });
    expect(table.roomId).not.toBe(roomId);
    const back = await join(server, table.roomId, { code, seatToken: people[0]!.seat.seatToken });
    expect(back.seat.seat).toBe(people[0]!.seat.seat);
    expect(tableOf(back.room).status).toBe("adjourned");
    await kill(server, back);
  }, 120_000);
});
