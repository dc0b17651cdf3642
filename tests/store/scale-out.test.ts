// Two server processes sharing one Redis (matchmaking) and one PostgreSQL (games), all started by
// this test on 127.0.0.1: a table created through one process is joined through the other, and
// after both are killed the game is restored by exactly one of them.
import { afterAll, describe, expect, it } from "vitest";
import { Client, type Room as SDKRoom } from "@colyseus/sdk";
import { stateOf, until } from "../room/helpers.ts";
import { openStore } from "../../server/store/index.ts";
import { freePort, startPostgres, startRedis, startServer, stopAll, waitFor, type ServerProcess } from "./services.ts";

afterAll(stopAll);

const redis = await startRedis();
const postgres = redis ? await startPostgres() : null;

async function lookUp(server: ServerProcess, code: string): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/games/${code}`);
  return res.status === 200 ? res.json() : null;
}

async function join(server: ServerProcess, roomId: string, options: Record<string, unknown>) {
  const room = await new Client(`http://127.0.0.1:${server.port}`).joinById(roomId, options);
  let seat: { seat: number; seatToken: string } | null = null;
  room.onMessage("seat", (m) => { seat = m; });
  room.onMessage("*", () => {});
  await until(() => seat !== null, 10_000, "the seat message");
  return { room, seat: seat! };
}

describe.skipIf(!redis || !postgres)("scale-out: two processes, one Redis, one PostgreSQL", () => {
  it("joins a table created on one process through the other, and restores it once after a crash", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      REDIS_URL: redis!.url,
      DATABASE_URL: postgres!.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      DATA_DIR: "/nonexistent", // unused with DATABASE_URL
      LOG_LEVEL: "info",
    });
    let a = await startServer(env(portA), portA);
    let b = await startServer(env(portB), portB);

    const created = await fetch(`http://127.0.0.1:${portA}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600 }),
    });
    expect(created.status).toBe(201);
    const { code, roomId } = await created.json();
    // Both processes find the table by its code (Redis driver), whichever one holds the room.
    expect((await lookUp(b, code))?.roomId).toBe(roomId);

    const ann = await join(a, roomId, { code, name: "Ann" });
    const ben = await join(b, roomId, { code, name: "Ben" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the game to start");
    const names = (r: SDKRoom) => Object.values<any>(stateOf(r).seats).map((s) => s.name).sort();
    expect(names(ann.room)).toEqual(["Ann", "Ben", "Bot Cyd", "Bot Dex"]);
    expect(names(ben.room)).toEqual(names(ann.room));
    // A secret stays with its seat across processes.
    const secretsSeenByBen = Object.values<any>(stateOf(ben.room).seats).filter((s) => s.secret).map((s) => s.name);
    expect(secretsSeenByBen).toEqual(["Ben"]);
    const before = stateOf(ann.room).game;

    // Both processes die; both come back; the game is restored by exactly one of them.
    for (const r of [ann.room, ben.room]) r.reconnection.enabled = false;
    for (const p of [a, b]) p.child.kill("SIGKILL");
    await Promise.all([a.exited, b.exited]);
    [a, b] = await Promise.all([startServer(env(portA), portA), startServer(env(portB), portB)]);
    // (The dead processes' rooms leave Redis when the new ones start; the restored room has a new id.)
    await waitFor(async () => {
      const t = await lookUp(a, code);
      return t?.status === "playing" && t.roomId !== roomId;
    }, 20_000, "the game to be restored");
    const restoredBy = (p: ServerProcess) => p.output().split("\n").filter((l) => l.includes('"game restored"') && l.includes(code)).length;
    await waitFor(() => restoredBy(a) + restoredBy(b) > 0, 5_000, "the restore log line");
    await new Promise((r) => setTimeout(r, 500)); // time for a second (wrong) restore to show
    const restoredLogs = [a, b].map(restoredBy);
    expect(restoredLogs.sort()).toEqual([0, 1]);
    const table = await lookUp(b, code);
    expect(table.roomId).toBe((await lookUp(a, code)).roomId);

    // Ann comes back through the other process with her seat token, to the same game.
    const ann2 = await join(b, table.roomId, { code, seatToken: ann.seat.seatToken });
    expect(ann2.seat.seat).toBe(ann.seat.seat);
    expect(stateOf(ann2.room).game).toEqual(before);
    await ann2.room.leave();
    for (const p of [a, b]) p.child.kill("SIGKILL");
  }, 120_000);

  it("hands the games of a process that died for good to another process once its claim runs out", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      REDIS_URL: redis!.url,
      DATABASE_URL: postgres!.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      GAME_LEASE_SECONDS: "2",
      LOG_LEVEL: "info",
    });
    // Only process A runs when the table is made, so the room is on A.
    const a = await startServer(env(portA), portA);
    const created = await fetch(`http://127.0.0.1:${portA}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, graceSeconds: 600 }),
    });
    const { code, roomId } = await created.json();
    const ann = await join(a, roomId, { code, name: "Ann" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the game to start");
    await waitFor(() => [0].includes(stateOf(ann.room).game.pendingSeat), 20_000, "Ann's decision");
    const before = stateOf(ann.room).game;
    const b = await startServer(env(portB), portB);

    ann.room.reconnection.enabled = false;
    a.child.kill("SIGKILL");
    await a.exited;
    await waitFor(async () => {
      const t = await lookUp(b, code);
      return t?.status === "playing" && t.roomId !== roomId;
    }, 20_000, "process B to take the game over");
    await waitFor(() => b.output().includes('"game restored"'), 5_000, "B's log line");
    const table = await lookUp(b, code);
    const ann2 = await join(b, table.roomId, { code, seatToken: ann.seat.seatToken });
    expect(stateOf(ann2.room).game).toEqual(before);
    await ann2.room.leave();
    b.child.kill("SIGKILL");
  }, 60_000);
});

describe.skipIf(!redis || !postgres)("scale-out: waking a parked game", () => {
  it("gives one room when two processes wake the same adjourned game at once", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      REDIS_URL: redis!.url,
      DATABASE_URL: postgres!.url,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      LOG_LEVEL: "info",
    });
    const [a, b] = await Promise.all([startServer(env(portA), portA), startServer(env(portB), portB)]);
    const created = await fetch(`http://127.0.0.1:${portA}/api/games`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600 }),
    });
    const { code, roomId } = await created.json();
    const ann = await join(a, roomId, { code, name: "Ann" });
    const ben = await join(b, roomId, { code, name: "Ben" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the game to start");
    ann.room.send("adjourn", {});
    await until(() => stateOf(ben.room).status === "adjourned", 10_000, "the adjournment");
    const before = stateOf(ann.room).game;
    await ann.room.leave();
    await ben.room.leave();
    // Parked: no process lists a room for it any more (asked of the store, not over HTTP, which would wake it).
    const reader = await openStore({ dataDir: "/nonexistent", databaseUrl: postgres!.url, instance: "reader" });
    try {
      await waitFor(async () => (await reader.getGame(code))!.parked, 10_000, "the game to be parked");
    } finally {
      await reader.close();
    }

    // Three look-ups through each process at once: one wake-up, one room, every answer naming it.
    const answers = await Promise.all([a, b, a, b, a, b].map((p) => lookUp(p, code)));
    expect(new Set(answers.map((t) => t.roomId)).size).toBe(1);
    expect(answers[0]).toMatchObject({ code, status: "adjourned" });
    expect(answers[0].roomId).not.toBe(roomId);
    const woken = (p: ServerProcess) => p.output().split("\n").filter((l) => l.includes('"game woken"') && l.includes(code)).length;
    await new Promise((r) => setTimeout(r, 500)); // time for a second (wrong) wake-up to show
    expect([woken(a), woken(b)].sort()).toEqual([0, 1]);
    const ann2 = await join(b, answers[0].roomId, { code, seatToken: ann.seat.seatToken });
    await until(() => stateOf(ann2.room).status === "adjourned" && stateOf(ann2.room).game.moves === before.moves, 10_000, "the woken table");
    expect(stateOf(ann2.room).game).toEqual(before);
    await ann2.room.leave();
    for (const p of [a, b]) p.child.kill("SIGKILL");
  }, 60_000);
});

if (!redis || !postgres) {
  it.skip("scale-out (needs redis-server and PostgreSQL, or REDIS_URL and DATABASE_URL)", () => {});
}
