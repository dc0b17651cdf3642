// Parked and adjourned games in the store, on SQLite and on a real PostgreSQL started for this run:
// neither is claimed at a process start; a wake-up claims one for exactly one caller; a game parked
// longer than the limit is closed for good (by the store's clock, which a test may set ahead); a game's
// vacations are kept, and the parked games whose vacation starts or ends are found for the sweep.
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

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-parking-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const postgres = await startPostgres();
const backends: [string, (instance: string, clockOffsetMs?: number) => Promise<GameStore>][] = [
  ["SQLite", (instance, clockOffsetMs) => openStore({ dataDir, instance, clockOffsetMs })],
];
if (postgres) backends.push(["PostgreSQL", (instance, clockOffsetMs) => openStore({ dataDir, databaseUrl: postgres.url, instance, clockOffsetMs })]);
else it.skip("PostgreSQL parking (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const DAY = 24 * 3600_000;
const options = () => ({ ...TableOptions.parse({ seats: 4 }), seed: randomBytes(16).toString("hex") });

describe.each(backends)("parked games on %s", (_name, open) => {
  const stores: GameStore[] = [];
  const openAs = async (instance: string, offset?: number) => {
    const s = await open(instance + "-" + randomBytes(4).toString("hex"), offset);
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

  it("claims neither a parked nor an adjourned game at start, and wakes each for exactly one caller", async () => {
    const a = await openAs("a");
    const parked = await playingGame(a);
    const adjourned = await playingGame(a);
    const playing = await playingGame(a);
    await a.setAdjourned(adjourned, { at: Date.now(), meetAt: Date.now() + DAY, by: "host", deadlines: { "2": 1234 } });
    await a.parkGame(parked);
    await a.parkGame(adjourned);
    await a.releaseLeases();

    const since = Date.now(); // when processes b and c started
    const b = await openAs("b");
    const c = await openAs("c");
    await new Promise((r) => setTimeout(r, 5)); // their claims come after they started
    const claimed = (await b.claimGames(since)).map((g) => g.code);
    expect(claimed).toContain(playing);
    expect(claimed).not.toContain(parked);
    expect(claimed).not.toContain(adjourned);
    const saved = await b.getGame(adjourned);
    expect(saved).toMatchObject({ status: "adjourned", parked: true, adjourned: { by: "host", deadlines: { "2": 1234 } } });

    // Two processes wake the same game at once: one gets it.
    const [byB, byC] = await Promise.all([b.wakeGame(adjourned, since), c.wakeGame(adjourned, since)]);
    expect([byB, byC].filter(Boolean)).toHaveLength(1);
    expect((await b.getGame(adjourned))!.parked).toBe(false);
    // Held (its lease renewed), it cannot be woken elsewhere; the one a process holds is not claimed again.
    expect(await c.wakeGame(adjourned, since)).toBe(false);
    expect(await b.wakeGame(playing, since)).toBe(false);
    // A woken game that parks again waits to be woken again; resumed, it is an ordinary game.
    const holder = byB ? b : c;
    await holder.setAdjourned(adjourned, null);
    expect((await holder.getGame(adjourned))!).toMatchObject({ status: "playing", adjourned: null });
    await holder.parkGame(adjourned);
    expect(await c.wakeGame(adjourned, since) || await b.wakeGame(adjourned, since)).toBe(true);
    // Finished or closed games are never woken.
    await a.finishGame(parked, { reason: "test" }, []);
    expect(await c.wakeGame(parked, since)).toBe(false);
  });

  it("finds the pauses that are over among the games nobody else holds, for one waker; resumed, they are gone", async () => {
    const a = await openAs("pa");
    const now = Date.now();
    const pause = (meetAt: number, by: "pause" | "host" = "pause") => ({ at: now, meetAt, by, deadlines: {} });
    const [over, later, hostMeets, held] = [await playingGame(a), await playingGame(a), await playingGame(a), await playingGame(a)];
    await a.setAdjourned(over, pause(now - 1000));
    await a.setAdjourned(later, pause(now + DAY));
    await a.setAdjourned(hostMeets, pause(now - 1000, "host")); // a meeting time is not a resume time
    await a.setAdjourned(held, pause(now - 2000));
    for (const code of [over, later, hostMeets]) await a.parkGame(code);
    const b = await openAs("pb");
    const c = await openAs("pc");
    const mine = (codes: string[]) => codes.filter((code) => [over, later, hostMeets, held].includes(code));
    // The game process a holds (its lease running) is a's to resume, not b's.
    expect(mine(await a.duePauses(now, 100))).toEqual([held, over]);
    expect(mine(await b.duePauses(now, 100))).toEqual([over]);
    expect(mine(await b.duePauses(now + 2 * DAY, 100))).toEqual([over, later]);
    // Process a stops: its game is anyone's to wake. Two processes wake a pause that is over: one gets it.
    await a.releaseLeases();
    expect(mine(await c.duePauses(now, 100))).toEqual([held, over]);
    const won = await Promise.all([b.wakeGame(over, now), c.wakeGame(over, now)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    // Held by the winner now: the other no longer finds it; resumed, nobody does.
    const [winner, loser] = won[0] ? [b, c] : [c, b];
    expect(mine(await loser.duePauses(now, 100))).toEqual([held]);
    expect(mine(await winner.duePauses(now, 100))).toEqual([held, over]);
    await winner.setAdjourned(over, null);
    expect(mine(await winner.duePauses(now, 100))).toEqual([held]);
    await a.finishGame(held, { reason: "test" }, []);
    expect(mine(await c.duePauses(now, 100))).toEqual([]);
  });

  it("keeps the open vote with the game, for the next process to read, until it is over", async () => {
    const a = await openAs("va");
    const code = await playingGame(a);
    expect((await a.getGame(code))!.vote).toBeNull();
    const vote = { kind: "replace" as const, by: 0, expiresAt: Date.now() + DAY, seat: 2, yes: [0], no: [1], needed: 2, voters: [0, 1, 3] };
    await a.setVote(code, vote);
    await a.parkGame(code);
    const b = await openAs("vb");
    expect((await b.getGame(code))!.vote).toEqual(vote);
    await b.setVote(code, null);
    expect((await a.getGame(code))!.vote).toBeNull();
  });

  it("closes for good the games parked longer than the limit, by the store's clock", async () => {
    const a = await openAs("old");
    const old = await playingGame(a);
    await a.parkGame(old);
    const fresh = await playingGame(a);
    await a.parkGame(fresh);
    // The same store a day later: parked a day ago is not 30 days; 31 days later, it is.
    const dayLater = await openAs("day", DAY);
    expect(await dayLater.closeParkedOlderThan(30 * DAY)).not.toContain(old);
    expect((await dayLater.getGame(old))!.closed).toBe(false);
    const monthLater = await openAs("month", 31 * DAY);
    const closed = await monthLater.closeParkedOlderThan(30 * DAY);
    expect(closed).toEqual(expect.arrayContaining([old, fresh]));
    expect((await monthLater.getGame(old))!.closed).toBe(true);
    expect(await monthLater.wakeGame(old, Date.now())).toBe(false);
  });

  // Vacations (server/table/vacations.ts): kept with the game, and the parked ones due found for the sweep.
  it("keeps a game's vacations for the next process to read", async () => {
    const a = await openAs("vac");
    const code = await playingGame(a);
    expect((await a.getGame(code))!.vacations).toBeNull();
    const now = Date.now();
    const kept: StoredVacations = { list: [{ seat: 0, from: now, until: now + 3 * DAY, paused: true }, { seat: 2, from: now - 9 * DAY, until: now - 7 * DAY, endedAt: now - 8 * DAY }] };
    await a.setVacations(code, kept, now + 3 * DAY);
    await a.releaseLeases();
    const b = await openAs("vbc");
    expect((await b.getGame(code))!.vacations).toEqual(kept);
  });

  it("finds the games nobody else holds whose vacation starts or ends by now, until the change is applied", async () => {
    const a = await openAs("vpa");
    const now = Date.now();
    const list = { list: [{ seat: 0, from: now - DAY, until: now - 1000 }] };
    const [due, later, held, finished] = [await playingGame(a), await playingGame(a), await playingGame(a), await playingGame(a)];
    await a.setVacations(due, list, now - 1000);
    await a.setVacations(later, list, now + DAY);
    await a.setVacations(held, list, now - 2000);
    await a.setVacations(finished, list, now - 3000);
    await a.finishGame(finished, { reason: "test" }, []);
    for (const code of [due, later]) await a.parkGame(code);
    const b = await openAs("vpb");
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
