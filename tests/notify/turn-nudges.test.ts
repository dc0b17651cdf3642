// Nudges at a turn-based table, with a real SMTP server (read back with mailparser) and the server's
// clock injected, so that hours pass in a moment through the same code: the "your move" message names
// the bank's due time as the deadline (not a step deadline); the one reminder goes out when 75% of the
// bank is gone, exactly once for that bank's run, and not a minute before; each excused delay sends a
// reminder with its new deadline. Ann plays with three bots; the table parks once she has left, and
// the notifier reads her clock from the store (the sweep wakes the game for its deadline).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import pino from "pino";
import { startMailServer, type MailServer } from "../mail-server.ts";
import { hashSeatToken, memoryStore, type StoredClock } from "../../server/store/index.ts";
import { NUDGE_AFTER_MS, type Notifier } from "../../server/notify/notify.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { WARN_SHARE } from "../../server/table/time-bank.ts";
import { BASE, createTable, join, startServer, stateOf, tableOf, until } from "../room/helpers.ts";

const H = 3600_000;
const BANK_MS = 8 * H;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const store = memoryStore();
let offset = 0;
const clock = () => Date.now() + offset;
let smtp: MailServer;
let colyseus: ColyseusTestServer;
let notifier: Notifier;
let stop: () => Promise<void>;

beforeAll(async () => {
  smtp = await startMailServer();
  const started = await startServer({ logger, store, clock, nudges: { everyMs: 3600_000, pageUrl: BASE } }, { SMTP_URL: smtp.url, MAIL_FROM: "tables@example.org" });
  ({ notifier, colyseus, stop } = { ...started, notifier: started.notifier! });
});
afterAll(async () => {
  await stop();
  await smtp.close();
});

const roomOf = (code: string) => matchMaker.query({ name: "new_angeles", code } as never).then(([r]) => r !== undefined);
const deadlineLine = (at: number) => `Deadline: ${new Date(at).toUTCString()}.`;

/** A turn-based table of one person and three bots, the person's e-mail address tied to their seat. */
async function seatTied(name: string, seed: number, address: string) {
  const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed, graceSeconds: 1, pace: "turn-based", turn: { bankSeconds: BANK_MS / 1000 } });
  const player = await join(colyseus, roomId, { code, name });
  await until(() => stateOf(player).status === "playing", 10_000, "the start");
  const token: string = tableOf(player).secret!.seatToken;
  const seat: number = (room as any).table.seats.opening(hashSeatToken(token)).seat;
  const link = randomBytes(18).toString("base64url");
  await store.addContactLink(hashSeatToken(link), address, Date.now() + 60_000);
  const spent = await store.spendContactLink(hashSeatToken(link));
  await store.tieSeat((spent as { contact: string }).contact, { code, seat, by: hashSeatToken(token) });
  return { code, roomId, room, player, seat };
}

describe("nudges at a turn-based table", () => {
  it("name the bank's due time, warn once when 75% of the bank is gone, and remind at each excused delay", async () => {
    const address = "ann.turns@example.net";
    const { code, roomId, room, player: ann, seat } = await seatTied("Ann", 31, address);

    // Ann owes her first decision: her whole bank runs, and the live room names its run-out as the deadline.
    await until(() => (room as any).table.nudgeState(seat)?.owes === true, 20_000, "Ann's decision");
    let mine!: StoredClock;
    await expect.poll(async () => {
      mine = (await store.clocks(code)).find((c) => c.seat === seat)!;
      return mine?.dueAt ?? null;
    }, { timeout: 10_000 }).not.toBeNull();
    expect(mine.dueAt).toBe(mine.owedSince! + BANK_MS);
    expect((room as any).table.nudgeState(seat).deadline).toBe(mine.dueAt);
    const dueAt = mine.dueAt!;
    const warnAt = mine.owedSince! + BANK_MS * WARN_SHARE;

    // She leaves; the table parks (a turn-based game waits in the store).
    ann.reconnection.enabled = false;
    ann.connection.close(1000);
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    expect((await store.getGame(code))!.parked).toBe(true);

    // Ten minutes on: "your move", whose deadline is when her bank runs out.
    offset = NUDGE_AFTER_MS + 1000;
    await notifier.tick();
    expect(smtp.mails.map((m) => m.subject)).toEqual([`Your move at New Angeles table ${code}`]);
    expect(smtp.mails[0]!.text).toContain(deadlineLine(dueAt));

    // A minute before 75% of the bank is gone: nothing. Then the one reminder, at once, with the deadline.
    offset = warnAt - Date.now() - 60_000;
    await notifier.tick();
    expect(smtp.mails).toHaveLength(1);
    offset = warnAt - Date.now() + 1000;
    await notifier.tick();
    expect(smtp.mails.map((m) => m.subject)).toEqual([`Your move at New Angeles table ${code}`, `Most of your time is gone at table ${code}`]);
    expect(smtp.mails[1]!.to).toBe(address);
    expect(smtp.mails[1]!.text).toContain(deadlineLine(dueAt));
    // Exactly once for this bank's run: later passes send nothing more.
    for (const later of [10 * 60_000, H]) {
      offset = warnAt - Date.now() + later;
      await notifier.tick();
      expect(smtp.mails).toHaveLength(2);
    }

    // The bank runs out: the sweep wakes the game, the excused delay sends its reminder with the new deadline.
    offset = dueAt - Date.now() + 1000;
    await sweepDeadlines(store, logger, clock());
    let excused!: StoredClock;
    await expect.poll(async () => {
      excused = (await store.clocks(code)).find((c) => c.seat === seat)!;
      return excused.delays;
    }, { timeout: 15_000 }).toBe(1);
    expect(excused.dueAt).toBeGreaterThan(dueAt);
    await expect.poll(async () => (await store.pendingNudges(code, seat)).length, { timeout: 10_000 }).toBe(1);
    await notifier.tick();
    expect(smtp.mails).toHaveLength(3);
    expect(smtp.mails[2]!.subject).toBe(`Most of your time is gone at table ${code}`);
    expect(smtp.mails[2]!.text).toContain(deadlineLine(excused.dueAt!));
    offset += 10 * 60_000;
    await notifier.tick();
    expect(smtp.mails).toHaveLength(3);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(3);
    expect(await roomOf(code)).toBe(true); // woken for its deadline
  }, 90_000);
  it("tell of a decision once, however often its 'your move' is written again (as by a game restored after a crash)", async () => {
    const address = "ben.turns@example.net";
    const { code, roomId, room, player: ben, seat } = await seatTied("Ben", 32, address);
    await until(() => (room as any).table.nudgeState(seat)?.owes === true, 20_000, "Ben's decision");
    ben.reconnection.enabled = false;
    ben.connection.close(1000);
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    const toBen = () => smtp.mails.filter((m) => m.to === address && m.subject.startsWith("Your move"));
    offset += NUDGE_AFTER_MS + 1000;
    await notifier.tick();
    expect(toBen()).toHaveLength(1);
    // The same decision's "your move" written again; past the hourly limit, nothing more is sent.
    const seq = (await store.commands(code)).length - 1;
    await store.addNudges(code, seq, [{ seat, kind: "your-move", afterMs: 0 }]);
    offset += 2 * H;
    await notifier.tick();
    expect(toBen()).toHaveLength(1);
    expect((await store.pendingNudges(code, seat)).filter((r) => r.kind === "your-move")).toEqual([]);
  }, 60_000);
});
