// Turn-based tables over real sockets (docs/turn-based.md), with the server's clock injected so that
// hours pass in moments: the pace chosen at creation; each seat's bank in GET /api/games/:code; a
// dropped connection that never makes a seat away; an empty table that parks and wakes for its
// deadline; excused delays, then the bot's one decision, each run once. Killed processes and
// PostgreSQL: tests/store/turn-based-restart.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { memoryStore } from "../../server/store/index.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { waitingFor } from "../../server/engine/index.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { BASE, PORT, autoplay, createTable, join, stateOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";

const H = 3600_000;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const store = memoryStore();
/** The server's clock for the banks: moved by the test. */
let now = Date.parse("2026-12-01T09:00:00Z");
const events: { kind: string; code: string; seat: number; delay?: number; away?: boolean }[] = [];

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({
    logger, store, clock: () => now,
    roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 },
    turnEvents: {
      excusedDelay: (e) => events.push({ kind: "delay", ...e }),
      botDecided: (e) => events.push({ kind: "bot", ...e }),
    },
  });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
beforeEach(async () => { await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

async function getJson(path: string, init?: RequestInit) {
  const res = await fetch(BASE + path, init);
  return { status: res.status, body: (await res.json()) as any };
}
const post = (body: unknown) => getJson("/api/games", {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
});
const banks = async (code: string) => Object.fromEntries((await getJson(`/api/games/${code}`)).body.players.map((p: any) => [p.seat, p.bank]));
const roomOf = (code: string) => matchMaker.query({ name: "new_angeles", code } as never)
  .then(([r]) => (r ? matchMaker.getLocalRoomById((r as { roomId: string }).roomId) as unknown as NewAngelesRoom : undefined));

describe("a table's pace", () => {
  it("is live unless asked, turn-based when asked, and GET /api/games/:code says which", async () => {
    const live = await post({ seats: 4 });
    expect(live.status).toBe(201);
    const found = (await getJson(`/api/games/${live.body.code}`)).body;
    expect(found.pace).toBe("live");
    const turn = await post({ seats: 4, pace: "turn-based", turn: { bankSeconds: 8 * 3600, hours: { from: "08:00", to: "22:00" }, timeZone: "Europe/Paris" } });
    expect(turn.status).toBe(201);
    expect((await getJson(`/api/games/${turn.body.code}`)).body.pace).toBe("turn-based");
  });

  it("refuses a pace or bank settings out of their bounds with a 400", async () => {
    const bad = [
      { pace: "slow" },
      { pace: "live", turn: {} }, // banks only at a turn-based table
      { pace: "turn-based", turn: { bankSeconds: 60 } }, // under an hour
      { pace: "turn-based", turn: { bankSeconds: 8 * 24 * 3600 } }, // over seven days
      { pace: "turn-based", turn: { bankSeconds: 7200, capSeconds: 3600 } },
      { pace: "turn-based", turn: { hours: { from: "25:00", to: "08:00" } } },
      { pace: "turn-based", turn: { hours: { from: "08:00", to: "08:00" } } },
      { pace: "turn-based", turn: { timeZone: "Mars/Olympus" } },
      { pace: "turn-based", turn: { extra: 1 } },
    ];
    for (const body of bad) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("bad-options");
    }
  });
});

describe("a turn-based game over sockets", () => {
  it("shows banks, parks when empty, wakes for its deadline, excuses three delays, then the bot decides once", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 11, graceSeconds: 1, pace: "turn-based", turn: { bankSeconds: 3600 } });
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    const ben = await join(colyseus, roomId, { code, name: "Ben" });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    // Play a little, then stop where a person owes the decision (bots have nothing left to do).
    const players = [autoplay(ann, 1), autoplay(ben, 2)];
    await until(() => room.commandCount() >= 10, 30_000, "10 commands");
    for (const p of players) p.stop();
    let quiet = -1;
    await until(() => {
      const n = room.commandCount();
      const settled = n === quiet && waitingFor(room.game!).some((s) => s < 2);
      quiet = n;
      return settled;
    }, 20_000, "a person's decision, with the table quiet");
    const owes = waitingFor(room.game!).find((s) => s < 2)!;
    const other = 1 - owes;
    const before = await banks(code);
    expect(before[owes]).toBeLessThanOrEqual(3600 + 2 * 3600 * 10); // its bank, with what decisions added
    expect(before[2]).toBeUndefined(); // bots have no bank
    // Twenty minutes later, only the owing seat's bank has run.
    now += 20 * 60_000;
    const later = await banks(code);
    expect(before[owes] - later[owes]).toBe(20 * 60);
    expect(later[other]).toBe(before[other]);
    // The link says how long the decision has waited: the owing seat alone, since it was owed.
    const waited = async () => Object.fromEntries((await getJson(`/api/games/${code}`)).body.players.filter((p: any) => p.waited !== undefined).map((p: any) => [p.seat, p.waited]));
    const owedFor = Math.floor((now - (await store.clocks(code)).find((c) => c.seat === owes)!.owedSince!) / 1000);
    expect(owedFor).toBeGreaterThanOrEqual(20 * 60);
    expect(await waited()).toEqual({ [owes]: owedFor });
    now += 3 * 3600_000;
    expect(await waited()).toEqual({ [owes]: owedFor + 3 * 3600 });
    now -= 3 * 3600_000;
    // The table shows it too: each seat's bank, and since when its decision is owed.
    const seatState = (n: number) => stateOf(ann).seats[String(n)];
    expect(seatState(owes).bankDueAt).toBeGreaterThan(now);
    expect(seatState(owes).owedSince).toBeGreaterThan(0);
    expect(seatState(other).bankDueAt).toBe(0);
    // Banks are public: a spectator sees the same figures; they are plain numbers, nothing else rides on them.
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    for (const n of [owes, other]) {
      const seen = stateOf(watcher).seats[String(n)];
      expect([seen.bank, seen.bankDueAt, seen.owedSince]).toEqual([seatState(n).bank, seatState(n).bankDueAt, seatState(n).owedSince]);
      for (const v of [seen.bank, seen.bankDueAt, seen.owedSince]) expect(typeof v).toBe("number");
    }
    await watcher.leave();

    // Both leave: nobody is away, nothing is adjourned, no bot plays; the empty table parks.
    const commands = room.commandCount();
    for (const p of [ann, ben]) { p.reconnection.enabled = false; p.connection.close(1000); }
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    expect([...room.seatsBySeat.values()].some((s) => s.botControlled)).toBe(false);
    expect(room.gameLog.some((l) => /adjourn/i.test(l))).toBe(false);
    expect(room.commandCount()).toBe(commands);
    expect((await store.getGame(code))!.parked).toBe(true);

    // The bank runs out while parked: the sweep wakes the game, and its first excused delay runs once,
    // however many sweeps look at once.
    now = seatState(owes).bankDueAt + 1;
    await Promise.all([sweepDeadlines(store, logger, now), sweepDeadlines(store, logger, now)]);
    let woken!: NewAngelesRoom;
    await until(() => { void roomOf(code).then((r) => { if (r) woken = r; }); return woken !== undefined; }, 15_000, "the game to wake");
    await until(() => woken.gameLog.some((l) => /excused delay 1 of 3/.test(l)), 10_000, "the first excused delay");
    await sweepDeadlines(store, logger, now);
    expect((await store.clocks(code)).find((c) => c.seat === owes)?.delays).toBe(1); // SQLite: written when the log line was
    expect(events.filter((e) => e.code === code && e.kind === "delay")).toHaveLength(1);
    expect(woken.commandCount()).toBe(commands);
    expect((await banks(code))[owes]).toBe(15 * 60); // a quarter of the one-hour bank

    // Two more delays, then the bot decides this once, and says so.
    for (const delay of [2, 3]) {
      now += 15 * 60_000;
      await sweepDeadlines(store, logger, now);
      await until(() => woken.gameLog.some((l) => l.includes(`excused delay ${delay} of 3`)), 10_000, `delay ${delay}`);
    }
    now += 15 * 60_000;
    await Promise.all([sweepDeadlines(store, logger, now), sweepDeadlines(store, logger, now)]);
    await until(() => woken.commandCount() > commands, 10_000, "the bot's decision");
    await sweepDeadlines(store, logger, now);
    await new Promise((r) => setTimeout(r, 200));
    const played = (await woken.replayLog()).commands.slice(commands);
    expect(played[0]!.seat).toBe(owes);
    expect(woken.gameLog.filter((l) => /no excused delay left: the bot decides for them this once/.test(l))).toHaveLength(1);
    expect(events.filter((e) => e.code === code).map((e) => e.kind)).toEqual(["delay", "delay", "delay", "bot"]);
    expect((await store.clocks(code)).find((c) => c.seat === owes)).toMatchObject({ delays: 3, botDecisions: 1 });
    // The bank is public and alone: a player's entry in the lobby's answer carries nothing else new.
    const listed = (await getJson(`/api/games/${code}`)).body;
    for (const p of listed.players) expect(Object.keys(p).sort()).toEqual(["bot", "connected", "corp", "name", "seat", ...(p.bot ? [] : ["bank"]), ...(p.waited !== undefined ? ["waited"] : [])].sort());
    for (const p of listed.players) expect(p.waited === undefined || Number.isInteger(p.waited)).toBe(true);
    expect(JSON.stringify(listed)).not.toMatch(/token|key|hash|mail|dueAt|delays|botStreak/i);
    await woken.disconnect();
  }, 120_000);
});
