// The nudges outbox in the store, on SQLite and PostgreSQL: rows written in one transaction with their
// command (a command whose number is taken writes no row either), claimed by one caller at a time (two
// claims at once share nothing), released and postponed by settleNudge; a seat's unsubscribe token
// stops its pending rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openStore, StoreConflict, type GameStore } from "../../server/store/index.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { startPostgres, stopAll } from "./services.ts";

afterAll(stopAll);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-nudges-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const postgres = await startPostgres();
const backends: [string, () => Promise<GameStore>][] = [["SQLite", () => openStore({ dataDir, instance: "nudges" })]];
if (postgres) backends.push(["PostgreSQL", () => openStore({ dataDir, databaseUrl: postgres.url, instance: "nudges" })]);
else it.skip("PostgreSQL nudges (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

describe.each(backends)("the nudges outbox on %s", (_name, open) => {
  let store: GameStore;
  afterAll(async () => store?.close());

  it("writes rows with their command or not at all, and hands each due row to one claim", async () => {
    store = await open();
    const code = randomBytes(6).toString("hex").toUpperCase();
    await store.createGame({ code, roomId: "r", options: { ...TableOptions.parse({ seats: 4 }), seed: 1 }, createdAt: Date.now() });
    const pass = { seat: 1, command: { type: "pass" } } as never;
    await store.appendCommand(code, 0, pass, { nudges: [{ seat: 2, kind: "your-move", afterMs: 0 }, { seat: 3, kind: "your-move", afterMs: 60_000 }] });
    // The same number again: refused, and its nudge is not written either.
    await expect(Promise.resolve().then(() => store.appendCommand(code, 0, pass, { nudges: [{ seat: 0, kind: "your-move", afterMs: 0 }] }))).rejects.toBeInstanceOf(StoreConflict);
    expect(await store.pendingNudges(code, 0)).toEqual([]);
    expect(await store.commands(code)).toHaveLength(1);

    const now = Date.now() + 1000;
    const [a, b] = await Promise.all([store.claimNudges(10, 60_000, now), store.claimNudges(10, 60_000, now)]);
    const mine = [...a, ...b].filter((r) => r.code === code);
    expect(mine.map((r) => r.seat)).toEqual([2]); // seat 3's is not due yet; seat 2's went to one claim
    await store.settleNudge(mine[0]!.id, { state: "pending", nextAt: now + 5000, delivered: ["mail:x"], attempts: 1 });
    expect((await store.claimNudges(10, 60_000, now + 1000)).filter((r) => r.code === code)).toEqual([]);
    const again = (await store.claimNudges(10, 60_000, now + 6000)).filter((r) => r.code === code);
    expect(again).toEqual([expect.objectContaining({ id: mine[0]!.id, delivered: ["mail:x"], attempts: 1 })]);

    const prefs = await store.nudgeSeat(code, 3, "t".repeat(24));
    expect(await store.nudgeSeat(code, 3, "other-token-000000000")).toEqual(prefs); // made once
    expect(await store.unsubscribeNudges(prefs.unsubscribe)).toEqual({ code, seat: 3 });
    expect(await store.pendingNudges(code, 3)).toEqual([]);
    expect((await store.nudgeSeat(code, 3, "x".repeat(24))).optedOut).toBe(true);
    expect(await store.unsubscribeNudges("u".repeat(24))).toBeNull();
  });
});
