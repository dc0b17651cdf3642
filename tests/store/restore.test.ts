// Restoring games after a restart, on SQLite and on a real PostgreSQL started for this run (issue #14):
// a stored game that cannot be rebuilt is marked broken, logged and never tried again; a table nobody
// joined that has been idle past the limit is not restored.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchMaker } from "@colyseus/core";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { openStore, type GameStore } from "../../server/store/index.ts";
import { TABLE_IDLE_MS, restoreGames } from "../../server/rooms/restore.ts";
import { ROOM_NAME, TableOptions } from "../../shared/room-protocol.ts";
import { newInviteCode } from "../../server/access/codes.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { freePort, startPostgres, stopAll, waitFor } from "./services.ts";

afterAll(stopAll);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-restore-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const postgres = await startPostgres();
const backends: [string, (instance: string) => Promise<GameStore>][] = [
  ["SQLite", (instance) => openStore({ dataDir, instance })],
];
if (postgres) backends.push(["PostgreSQL", (instance) => openStore({ dataDir, databaseUrl: postgres.url, instance })]);
else it.skip("PostgreSQL restore (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const newCode = newInviteCode;
const options = (variant: Record<string, unknown> = {}) => ({ ...TableOptions.parse({ seats: 4, bots: 1, graceSeconds: 600 }), variant, seed: randomBytes(16).toString("hex") });
const MINUTE = 60_000;

// One in-process server for the file (Colyseus's matchmaker is one per process); its rooms use the
// store of the backend under test.
const serverStore: { current: GameStore | null } = { current: null };
const viaCurrent = new Proxy({} as GameStore, {
  get: (_t, key) => {
    const target = serverStore.current as unknown as Record<string | symbol, unknown>;
    const value = target[key];
    return typeof value === "function" ? value.bind(target) : value;
  },
});
const logs: { level: number; msg: string; code?: string }[] = [];
const logger = pino({ level: "info" }, { write: (line: string) => { logs.push(JSON.parse(line)); } });
const port = await freePort();
const server = createServer({ logger, store: viaCurrent });
await server.listen(port, "127.0.0.1");
afterAll(async () => { await server.gracefullyShutdown(false).catch(() => {}); });

async function storeGame(store: GameStore, g: { status: "lobby" | "playing"; createdAt: number; human?: boolean; variant?: Record<string, unknown>; commands?: unknown[] }): Promise<string> {
  const code = newCode();
  await store.createGame({ code, roomId: "gone-" + code, options: options(g.variant), createdAt: g.createdAt });
  await store.setSeat(code, { seat: 3, name: "Bot Dex", bot: true, tokenHash: null });
  if (g.human) await store.setSeat(code, { seat: 0, name: "Ann", bot: false, tokenHash: "ab".repeat(32) });
  if (g.status === "playing") await store.startGame(code);
  for (const [i, command] of (g.commands ?? []).entries()) await store.appendCommand(code, i, { seat: 0, command: command as any });
  return code;
}

describe.each(backends)("restoring games on %s", (_name, open) => {
  const stores: GameStore[] = [];
  const openAs = async (instance: string) => {
    const s = await open(instance);
    stores.push(s);
    return s;
  };
  afterAll(async () => { for (const s of stores) await s.close(); });

  it("never claims a broken game again, and expires only old lobby tables nobody joined", async () => {
    const store = await openAs("store-" + randomBytes(4).toString("hex"));
    const now = Date.now();
    const broken = await storeGame(store, { status: "playing", createdAt: now });
    const oldEmpty = await storeGame(store, { status: "lobby", createdAt: now - TABLE_IDLE_MS - MINUTE });
    const youngEmpty = await storeGame(store, { status: "lobby", createdAt: now - TABLE_IDLE_MS + 5 * MINUTE });
    const oldJoined = await storeGame(store, { status: "lobby", createdAt: now - TABLE_IDLE_MS - MINUTE, human: true });
    const oldPlaying = await storeGame(store, { status: "playing", createdAt: now - 3 * TABLE_IDLE_MS });
    await store.markBroken(broken, "Command 0 no longer applies");
    expect((await store.getGame(broken))!.broken).toBe("Command 0 no longer applies");

    // Another process (this one's lease ran out) claims what is left to restore.
    const later = await openAs("other-" + randomBytes(4).toString("hex"));
    await store.releaseLeases();
    const leases = [broken, oldEmpty, youngEmpty, oldJoined, oldPlaying];
    const expired = (await later.expireLobbies(TABLE_IDLE_MS, Date.now())).filter((c) => leases.includes(c));
    expect(expired).toEqual([oldEmpty]);
    expect((await later.getGame(oldEmpty))!.closed).toBe(true);
    const claimed = (await later.claimGames(Date.now())).map((g) => g.code).filter((c) => leases.includes(c));
    expect(claimed.sort()).toEqual([youngEmpty, oldJoined, oldPlaying].sort());
    await later.releaseLeases();
    expect((await later.claimGames(Date.now())).map((g) => g.code)).not.toContain(broken);
  });

  describe("through the server", () => {
    let store: GameStore;
    beforeAll(async () => {
      store = await openAs("server-" + randomBytes(4).toString("hex"));
      serverStore.current = store;
    });

    it("marks a game it cannot rebuild broken, logs it once, and restores the rest", async () => {
      const since = Date.now();
      const loop = Object.fromEntries(catalog.districts.map((d) => [String(d.id), { next: d.id }]));
      const cycle = await storeGame(store, { status: "playing", createdAt: since, human: true, variant: { districtOverrides: loop } });
      const badCommand = await storeGame(store, { status: "playing", createdAt: since, human: true, commands: [{ type: "offer", card: "a0" }] });
      const good = await storeGame(store, { status: "lobby", createdAt: since, human: true });
      const stale = await storeGame(store, { status: "lobby", createdAt: since - TABLE_IDLE_MS - MINUTE });
      await store.releaseLeases(); // as if the process that held them had stopped

      const restored = await restoreGames(store, logger, since);
      expect(restored).toContain(good);
      for (const code of [cycle, badCommand, stale]) expect(restored).not.toContain(code);
      expect((await store.getGame(cycle))!.broken).toMatch(/cannot be played.*The Root/);
      expect((await store.getGame(badCommand))!.broken).toMatch(/Command 0 .* no longer applies/);
      expect((await store.getGame(stale))!.closed).toBe(true);
      const live = (await matchMaker.query({ name: ROOM_NAME })).map((r) => (r.metadata as { code: string }).code);
      expect(live).toContain(good);
      expect(live).not.toContain(cycle);
      expect(live).not.toContain(badCommand);
      const mine = [cycle, badCommand, good, stale];
      const errors = () => logs.filter((l) => l.level >= 50 && /could not be restored/.test(l.msg) && mine.includes(l.code!)).map((l) => l.code);
      expect(errors().sort()).toEqual([cycle, badCommand].sort());

      // The next round of claims (or the next start) leaves them alone.
      await store.releaseLeases();
      const again = await restoreGames(store, logger, Date.now());
      expect(again).not.toContain(cycle);
      expect(again).not.toContain(badCommand);
      expect(errors()).toHaveLength(2);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    });

    it("gives a restored table nobody joined only what is left of its idle time, then parks it", async () => {
      const code = await storeGame(store, { status: "lobby", createdAt: Date.now() - TABLE_IDLE_MS + 300 });
      await store.releaseLeases();
      expect(await restoreGames(store, logger, Date.now())).toContain(code);
      const liveCodes = async () => (await matchMaker.query({ name: ROOM_NAME })).map((r) => (r.metadata as { code: string }).code);
      expect(await liveCodes()).toContain(code);
      await waitFor(async () => !(await liveCodes()).includes(code), 10_000, "the idle table to close");
      // Idle too long, it is parked (kept, restorable by its link), not claimed again at the next start.
      await waitFor(async () => (await store.getGame(code))!.parked, 5_000, "the table to be parked in the store");
      expect((await store.getGame(code))!.closed).toBe(false);
      await store.releaseLeases();
      expect((await store.claimGames(Date.now())).map((g) => g.code)).not.toContain(code);
      // Its link wakes it, and it waits for the join that follows (not the idle time it had left: none).
      const woken = await fetch(`http://127.0.0.1:${port}/api/games/${code}`);
      expect(woken.status).toBe(200);
      expect((await woken.json()).status).toBe("lobby");
      await new Promise((r) => setTimeout(r, 1000));
      expect(await liveCodes()).toContain(code);
    });
  });
});
