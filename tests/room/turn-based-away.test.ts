// A turn-based seat made away by three bot decisions in a row, over real sockets (docs/turn-based.md),
// with the server's clock injected: Ann sits with three bots and never answers; the sweep runs her
// bank's deadlines (three excused delays, then a bot decision each time it runs out); after the third
// bot decision in a row her seat is away and a bot plays it with no bank running; she reads privately
// what was chosen for her (a watcher reads none of it); back at the table the seat is hers, and her own
// decision ends the run of bot decisions.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { memoryStore, type StoredClock } from "../../server/store/index.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { BOT_DECISIONS_TO_AWAY, EXCUSED_DELAYS } from "../../server/table/time-bank.ts";
import { BOT_CHOSE } from "../../shared/bot-chose.ts";
import { PORT, autoplay, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const store = memoryStore();
let now = Date.now();
let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({ logger, store, clock: () => now, nudges: false, roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 } });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => colyseus.shutdown());

describe("a turn-based seat whose bank keeps running out", () => {
  it("is away after three bot decisions in a row, played by a bot until its person is back and acts", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 23, graceSeconds: 600, pace: "turn-based", turn: { bankSeconds: 3600 } });
    const wire = recordWire(() => room as NewAngelesRoom);
    let ann = await join(colyseus, roomId, { code, name: "Ann" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const token: string = tableOf(ann).secret!.seatToken;
    const seat = Number(Object.entries(stateOf(ann).seats).find(([, s]: [string, any]) => s.secret)![0]);
    const clockOf = async () => (await store.clocks(code)).find((c) => c.seat === seat)!;
    const seatState = () => stateOf(ann).seats[String(seat)];
    try {
      // Each time her bank runs out, one sweep: three excused delays, then the bot decides, three times.
      const runOuts = EXCUSED_DELAYS + BOT_DECISIONS_TO_AWAY;
      for (let i = 1; i <= runOuts; i++) {
        await until(() => seatState().bankDueAt > now, 20_000, `Ann's bank running (${i})`);
        expect(seatState().botControlled).toBe(false);
        const before: StoredClock = await clockOf();
        now = seatState().bankDueAt + 1;
        await sweepDeadlines(store, logger, now);
        await expect.poll(async () => {
          const c = await clockOf();
          return [c.delays, c.botDecisions];
        }, { timeout: 15_000 }).toEqual(i <= EXCUSED_DELAYS ? [before.delays + 1, 0] : [EXCUSED_DELAYS, before.botDecisions + 1]);
      }
      expect(await clockOf()).toMatchObject({ delays: EXCUSED_DELAYS, botDecisions: BOT_DECISIONS_TO_AWAY, botStreak: BOT_DECISIONS_TO_AWAY });

      // Away: a bot plays the seat, with no bank running, while the clock stands still.
      await until(() => seatState().botControlled === true, 10_000, "the seat away");
      expect(stateOf(watcher).seats[String(seat)].botControlled).toBe(true);
      expect(stateOf(ann).log.filter((l: string) => / let the bot decide 3 times in a row: a bot plays their seat until they act again\./.test(l))).toHaveLength(1);
      const played = (await room.replayLog()).commands.filter((c) => c.seat === seat).length;
      await until(async () => (await room.replayLog()).commands.filter((c) => c.seat === seat).length > played, 20_000, "the bot playing Ann's seat");
      expect(seatState().bankDueAt).toBe(0);
      expect(await clockOf()).toMatchObject({ botDecisions: BOT_DECISIONS_TO_AWAY }); // the away seat's moves are no spent bank's

      // She read what was chosen for her; nobody else did.
      expect(seatState().secret.log.filter((l: string) => l.startsWith(BOT_CHOSE))).toHaveLength(BOT_DECISIONS_TO_AWAY);
      expect(stateOf(watcher).log.some((l: string) => l.includes("chose for you"))).toBe(false);
      expect(wire.messages.filter((m) => m.sessionId === watcher.sessionId && m.bytes.includes(Buffer.from("chose for you")))).toEqual([]);

      // Back at the table the seat is hers; her own decision ends the run of bot decisions.
      ann.reconnection.enabled = false;
      ann.connection.close(1000);
      await until(() => stateOf(watcher).seats[String(seat)].connected === false, 10_000, "Ann gone");
      ann = await join(colyseus, roomId, { code, seatToken: token });
      await until(() => seatState().botControlled === false, 10_000, "the seat hers again");
      expect(stateOf(ann).log.at(-1)).not.toMatch(/a bot plays their seat/);
      const player = autoplay(ann, 5);
      await expect.poll(async () => (await clockOf()).botStreak, { timeout: 30_000 }).toBe(0);
      player.stop();
      expect(await clockOf()).toMatchObject({ botDecisions: BOT_DECISIONS_TO_AWAY });
    } finally {
      wire.stop();
    }
  }, 120_000);
});
