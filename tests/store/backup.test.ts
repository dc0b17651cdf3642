// A backup taken mid-game, while the server plays on, restores to a game its players resume
// (docs/operations.md): SQLite through server/scripts/backup.ts, PostgreSQL through pg_dump/pg_restore.
// The server is killed after the backup (the game has moved on meanwhile), a server is started on the
// restored store, and the player takes her seat back by token and plays on from the backup's point.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Client, type Room as SDKRoom } from "@colyseus/sdk";
import { openStore, SQLITE_FILE } from "../../server/store/index.ts";
import { autoplay, stateOf, until } from "../room/helpers.ts";
import { startPostgres, startServer, stopAll, waitFor, type ServerProcess } from "./services.ts";

afterAll(stopAll);
const dirs: string[] = [];
afterAll(() => { for (const d of dirs) fs.rmSync(d, { recursive: true, force: true }); });
const tempDir = () => { const d = fs.mkdtempSync(path.join(os.tmpdir(), "na-backup-")); dirs.push(d); return d; };

const postgres = await startPostgres();
const pgBin = fs.existsSync("/usr/lib/postgresql")
  ? fs.readdirSync("/usr/lib/postgresql").map((v) => path.join("/usr/lib/postgresql", v, "bin")).find((b) => fs.existsSync(path.join(b, "pg_dump")))
  : undefined;

async function join(server: ServerProcess, roomId: string, options: Record<string, unknown>) {
  const room = await new Client(`http://127.0.0.1:${server.port}`).joinById(roomId, options);
  let seat: { seat: number; seatToken: string } | null = null;
  room.onMessage("seat", (m) => { seat = m; });
  room.onMessage("*", () => {});
  await until(() => seat !== null && stateOf(room).status !== undefined, 10_000, "the seat message");
  return { room, seat: seat! };
}

async function commandsIn(code: string, where: { dataDir?: string; databaseUrl?: string }): Promise<number> {
  const store = await openStore({ dataDir: where.dataDir ?? "/nonexistent", databaseUrl: where.databaseUrl, instance: "backup-reader" });
  try {
    return (await store.commands(code)).length;
  } finally {
    await store.close();
  }
}

/** Plays until `n` more commands of Ann's were sent (the bots play between them). */
async function playOn(room: SDKRoom, n: number, seed: number): Promise<void> {
  const play = autoplay(room, seed);
  try {
    await until(() => play.sent >= n, 30_000, `${n} more decisions`);
    expect(play.errors).toEqual([]);
  } finally {
    play.stop();
  }
}

interface Kind {
  env: Record<string, string>;
  /** Where the live store is, for reading. */
  live: { dataDir?: string; databaseUrl?: string };
  backup(): void;
  /** The restored store's environment and where to read it. */
  restore(): { env: Record<string, string>; at: { dataDir?: string; databaseUrl?: string } };
}

function sqlite(): Kind {
  const dataDir = tempDir();
  const copy = path.join(tempDir(), "copy.sqlite");
  return {
    env: { DATA_DIR: dataDir },
    live: { dataDir },
    backup: () => execFileSync(path.resolve("node_modules/.bin/node"), ["server/scripts/backup.ts", copy], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "pipe" }),
    restore: () => {
      const restored = tempDir();
      fs.copyFileSync(copy, path.join(restored, SQLITE_FILE));
      return { env: { DATA_DIR: restored }, at: { dataDir: restored } };
    },
  };
}

function postgresql(url: string): Kind {
  const dump = path.join(tempDir(), "games.dump");
  const restoredUrl = url.replace(/\/[^/]*$/, "/restored");
  return {
    env: { DATABASE_URL: url, DATA_DIR: "/nonexistent" },
    live: { databaseUrl: url },
    backup: () => execFileSync(path.join(pgBin!, "pg_dump"), ["--format=custom", `--file=${dump}`, url], { stdio: "pipe" }),
    restore: () => {
      execFileSync(path.join(pgBin!, "psql"), [url, "-q", "-c", "CREATE DATABASE restored"], { stdio: "pipe" });
      execFileSync(path.join(pgBin!, "pg_restore"), ["--no-owner", `--dbname=${restoredUrl}`, dump], { stdio: "pipe" });
      return { env: { DATABASE_URL: restoredUrl, DATA_DIR: "/nonexistent" }, at: { databaseUrl: restoredUrl } };
    },
  };
}

const kinds: [string, () => Kind][] = [["SQLite (server/scripts/backup.ts)", sqlite]];
if (postgres && pgBin) kinds.push(["PostgreSQL (pg_dump, pg_restore)", () => postgresql(postgres.url)]);
else if (process.env.REQUIRE_SERVICES === "1") throw new Error("REQUIRE_SERVICES=1 but PostgreSQL's pg_dump is missing");

describe.each(kinds)("a backup taken mid-game, %s", (_name, make) => {
  it("restores to the game at the backup's point, and its player takes her seat back and plays on", async () => {
    const kind = make();
    const env = { LOG_LEVEL: "warn", ...kind.env };
    let server = await startServer(env);
    const port = server.port;
    const res = await fetch(`http://127.0.0.1:${port}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ seats: 4, bots: 3, botDelayMs: 0, graceSeconds: 600 }),
    });
    const { code, roomId } = (await res.json()) as { code: string; roomId: string };
    const ann = await join(server, roomId, { code, name: "Ann" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the game to start");
    await playOn(ann.room, 10, 1);

    // The backup, while Ann plays on; then the game moves past it and the server dies.
    const play = autoplay(ann.room, 2);
    kind.backup();
    await until(() => play.sent >= 10, 30_000, "play after the backup");
    play.stop();
    ann.room.reconnection.enabled = false;
    const atKill = await commandsIn(code, kind.live);
    server.child.kill("SIGKILL");
    await server.exited;

    const restored = kind.restore();
    const inBackup = await commandsIn(code, restored.at);
    expect(inBackup).toBeGreaterThan(0);
    expect(inBackup, "the backup was taken before the last moves").toBeLessThan(atKill);

    // Same address, so the restarted process takes its games back at once.
    server = await startServer({ LOG_LEVEL: "warn", ...restored.env }, port);
    await waitFor(async () => (await (await fetch(`http://127.0.0.1:${port}/api/games/${code}`)).json()).status === "playing", 20_000, "the game restored");
    const info = await (await fetch(`http://127.0.0.1:${port}/api/games/${code}`)).json();
    const back = await join(server, info.roomId, { code, seatToken: ann.seat.seatToken });
    expect(back.seat.seat).toBe(ann.seat.seat);
    await playOn(back.room, 5, 3);
    expect(await commandsIn(code, restored.at)).toBeGreaterThan(inBackup);
    back.room.reconnection.enabled = false;
    server.child.kill("SIGKILL");
    await server.exited;
  }, 120_000);
});
