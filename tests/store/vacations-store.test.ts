// A turn-based game's vacations in the store, on SQLite and on a real PostgreSQL started for this run:
// kept with the game for the next process (or a woken game) to read, and the games nobody holds whose
// next vacation change has come found for the sweep to wake, each until that change is applied.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openStore, type GameStore, type StoredVacations } from "../../server/store/index.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { newInviteCode } from "../../server/access/codes.ts";
import { startPostgres, stopAll } from "./services.ts";

afterAll(stopAll);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-vacations-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const postgres = await startPostgres();
const backends: [string, (instance: string) => Promise<GameStore>][] = [
  ["SQLite", (instance) => openStore({ dataDir, instance })],
];
if (postgres) backends.push(["PostgreSQL", (instance) => openStore({ dataDir, databaseUrl: postgres.url, instance })]);
else it.skip("PostgreSQL vacations (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const DAY = 24 * 3600_000;
const options = () => ({ ...TableOptions.parse({ seats: 4, pace: "turn-based", turn: { vacation: "pause" } }), seed: randomBytes(16).toString("hex") });

describe.each(backends)("vacations on %s", (_name, open) => {
  const stores: GameStore[] = [];
  const openAs = async (instance: string) => {
    const s = await open(instance + "-" + randomBytes(4).toString("hex"));
    stores.push(s);
    return s;
  };
  afterAll(async () => { for (const s of stores) await s.close(); });

  async function playingGame(store: GameStore): Promise<string> {
    const code = newInviteCode();
    await store.createGame({ code, roomId: "r-" + code, options: options(), createdAt: Date.now() });
    await store.setSeat(code, { seat: 0, name: "Ann", bot: false, tokenHash: "ab".repeat(32) });
    await store.startGame(code);
    return code;
  }

  it("keeps the vacations and the table's setting with the game, for the next process to read", async () => {
    const a = await openAs("a");
    const code = await playingGame(a);
    expect((await a.getGame(code))!.vacations).toBeNull();
    const now = Date.now();
    const kept: StoredVacations = { list: [{ seat: 0, from: now, until: now + 3 * DAY, paused: true }, { seat: 2, from: now - 9 * DAY, until: now - 7 * DAY, endedAt: now - 8 * DAY }] };
    await a.setVacations(code, kept, now + 3 * DAY);
    await a.releaseLeases();
    const b = await openAs("b");
    const game = (await b.getGame(code))!;
    expect(game.vacations).toEqual(kept);
    expect(game.options.turn!.vacation).toBe("pause");
  });

  it("finds the games nobody else holds whose vacation starts or ends by now, until the change is applied", async () => {
    const a = await openAs("pa");
    const now = Date.now();
    const list = { list: [{ seat: 0, from: now - DAY, until: now - 1000 }] };
    const [due, later, held, finished] = [await playingGame(a), await playingGame(a), await playingGame(a), await playingGame(a)];
    await a.setVacations(due, list, now - 1000);
    await a.setVacations(later, list, now + DAY);
    await a.setVacations(held, list, now - 2000);
    await a.setVacations(finished, list, now - 3000);
    await a.finishGame(finished, { reason: "test" }, []);
    for (const code of [due, later]) await a.parkGame(code);
    const b = await openAs("pb");
    const mine = (codes: string[]) => codes.filter((code) => [due, later, held, finished].includes(code));
    expect(mine(await a.dueVacations(now, 100))).toEqual([held, due]);
    expect(mine(await b.dueVacations(now, 100))).toEqual([due]);
    expect(mine(await b.dueVacations(now + 2 * DAY, 100))).toEqual([due, later]);
    // Woken and applied: its next change is none (or later), and it is found no more.
    expect(await b.wakeGame(due, now)).toBe(true);
    await b.setVacations(due, list, null);
    expect(mine(await b.dueVacations(now + 2 * DAY, 100))).toEqual([later]);
  });
});
