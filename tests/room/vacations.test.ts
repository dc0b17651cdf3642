// Vacations over real sockets (server/table/vacations.ts, docs/turn-based.md "Vacations"), the server's
// clock injected: at a table set to pause, a vacation pauses the game for everyone, who all see who is away
// and until when (seat numbers and times alone on the wire, the same for every client and spectator), and
// ending it early resumes the game; bad messages and strangers are refused. At a table set to "bot", a
// vacation that begins while the game is parked sends the player no mail (a real SMTP server), and the
// sweep wakes the parked game when a vacation starts and when it ends.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import pino from "pino";
import { startMailServer, type MailServer } from "../mail-server.ts";
import { hashSeatToken, memoryStore } from "../../server/store/index.ts";
import { NUDGE_AFTER_MS, type Notifier } from "../../server/notify/notify.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { VACATION_PAUSE_MAX_MS } from "../../shared/vote-protocol.ts";
import { createTable, join, recordWire, startServer, stateOf, tableOf, until } from "./helpers.ts";

const H = 3600_000;
const DAY = 24 * H;
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
  const started = await startServer({ logger, store, clock, nudges: { everyMs: 3600_000 } }, { SMTP_URL: smtp.url, MAIL_FROM: "tables@example.org" });
  ({ notifier, colyseus, stop } = { ...started, notifier: started.notifier! });
});
afterAll(async () => {
  await stop();
  await smtp.close();
});

const errorsOf = (client: SDKRoom) => {
  const errors: { code: string; message: string }[] = [];
  client.onMessage("error", (e: { code: string; message: string }) => errors.push(e));
  return errors;
};
const roomOf = async (code: string) => {
  const [listed] = await matchMaker.query({ name: "new_angeles", code } as never) as { roomId: string }[];
  return listed ? matchMaker.getLocalRoomById(listed.roomId) as unknown as NewAngelesRoom | undefined : undefined;
};

describe("vacations over sockets", () => {
  it("pause: everyone sees who is away until when, the game pauses at most 72 hours, and an early end resumes it", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 1, seed: 9, pace: "turn-based", turn: { vacation: "pause" } });
    const wire = recordWire(() => room);
    const people: SDKRoom[] = [];
    for (const name of ["Ann", "Ben", "Cat"]) people.push(await join(colyseus, roomId, { code, name }));
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const everyone = [...people, watcher];
    await until(() => people.every((p) => stateOf(p).status === "playing"), 10_000, "the start");
    expect(tableOf(watcher).vacations).toEqual({ mode: "pause", away: [], pausedUntil: 0 });
    const ann = tableOf(people[0]!).mySeat!;
    const from = clock();
    const untilAt = from + 5 * DAY;
    people[0]!.send("vacation", { act: "mark", from, until: untilAt });
    await until(() => everyone.every((p) => tableOf(p).status === "adjourned" && (tableOf(p).vacations?.away.length ?? 0) > 0), 10_000, "the vacation everywhere");
    for (const p of everyone) {
      const shown = tableOf(p).vacations!;
      expect(shown.away).toEqual([{ seat: ann, from: expect.any(Number), until: untilAt }]);
      expect(shown.away[0]!.from).toBeGreaterThanOrEqual(from);
      expect(shown.pausedUntil).toBe(shown.away[0]!.from + VACATION_PAUSE_MAX_MS);
      expect(tableOf(p).meetAt).toBe(shown.pausedUntil);
      expect(tableOf(p).log.some((l) => /^Ann is away on vacation until .* UTC: the game pauses for them \(at most 72 hours\)/.test(l))).toBe(true);
    }
    // Refusals: a second vacation, too many days, bad shapes, a spectator.
    const errors = errorsOf(people[0]!);
    people[0]!.send("vacation", { act: "mark", from, until: from + DAY });
    const benErrors = errorsOf(people[1]!);
    people[1]!.send("vacation", { act: "mark", from, until: from + 15 * DAY });
    for (const bad of [{ act: "mark", from }, { act: "end", why: "beach" }, { act: "leave" }, "end"]) people[0]!.send("vacation", bad);
    const wErrors = errorsOf(watcher);
    watcher.send("vacation", { act: "end" });
    await until(() => errors.length === 5 && benErrors.length === 1 && wErrors.length === 1, 10_000, "the refusals");
    expect(errors.map((e) => e.code)).toEqual(["vacation-open", "bad-vacation", "bad-vacation", "bad-vacation", "bad-vacation"]);
    expect(benErrors[0]).toMatchObject({ code: "vacation-allowance", message: expect.stringContaining("14 days left") });
    expect(wErrors[0]!.code).toBe("not-a-player");
    // Ann is back early: the game goes on for everyone.
    people[0]!.send("vacation", { act: "end" });
    await until(() => everyone.every((p) => tableOf(p).status === "playing" && tableOf(p).vacations?.away.length === 0), 10_000, "the early end everywhere");
    expect(tableOf(watcher).log.some((l) => l === "Ann is back from vacation early.")).toBe(true);
    wire.stop();
    // On the wire: the vacations are the setting, seat numbers and times; no frame carried a seat's
    // key or hand to anyone else.
    const text = wire.messages.map((m) => m.bytes.toString("latin1")).join("");
    const shownJson = JSON.parse(text.match(/\{"mode":"pause","away":\[\{[^\]]*\],"pausedUntil":\d+\}/)![0]);
    expect(Object.keys(shownJson).sort()).toEqual(["away", "mode", "pausedUntil"]);
    expect(Object.keys(shownJson.away[0]).sort()).toEqual(["from", "seat", "until"]);
    for (const m of wire.messages) {
      const mine = people.findIndex((p) => p.sessionId === m.sessionId);
      for (const s of m.secrets) {
        if (s.seat === mine) continue;
        for (const card of s.hand) expect(m.bytes.includes(Buffer.from(`"${card}"`)), card).toBe(false);
      }
    }
    for (const p of people) {
      const token = tableOf(p).secret!.seatToken;
      expect(wire.messages.every((m) => m.sessionId === p.sessionId || !m.bytes.includes(Buffer.from(token)))).toBe(true);
    }
    for (const p of everyone) p.leave();
  }, 60_000);

  it("bot: a vacation that begins while the game is parked sends no mail; the sweep wakes the game as it starts and as it ends", async () => {
    const address = "ann.away@example.net";
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 33, graceSeconds: 1, pace: "turn-based", turn: { vacation: "bot" } });
    const player = await join(colyseus, roomId, { code, name: "Ann" });
    await until(() => stateOf(player).status === "playing", 10_000, "the start");
    const token: string = tableOf(player).secret!.seatToken;
    const seat: number = tableOf(player).mySeat!;
    const link = randomBytes(18).toString("base64url");
    await store.addContactLink(hashSeatToken(link), address, Date.now() + 60_000);
    const spent = await store.spendContactLink(hashSeatToken(link));
    await store.tieSeat((spent as { contact: string }).contact, { code, seat, by: hashSeatToken(token) });
    await until(() => (room as any).table.nudgeState(seat)?.owes === true, 20_000, "Ann's decision");
    // She marks a vacation from five minutes on, and leaves owing her decision: her "your move" is written.
    const from = clock() + 5 * 60_000;
    const untilAt = from + 2 * DAY;
    player.send("vacation", { act: "mark", from, until: untilAt });
    await until(() => tableOf(player).vacations?.away.length === 1, 10_000, "the vacation marked");
    player.reconnection.enabled = false;
    player.connection.close(1000);
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    await expect.poll(async () => (await store.pendingNudges(code, seat)).filter((n) => n.kind === "your-move").length, { timeout: 10_000 }).toBe(1);
    // Ten minutes on, her vacation has begun (the game still parked): no mail, the nudge is dropped.
    offset = NUDGE_AFTER_MS + 60_000;
    await notifier.tick();
    expect(smtp.mails.filter((m) => m.to === address)).toEqual([]);
    expect((await store.pendingNudges(code, seat)).filter((n) => n.kind === "your-move")).toEqual([]);
    // The sweep wakes the game for the vacation's start: the bot decides for her.
    const played = (await store.commands(code)).length;
    await sweepDeadlines(store, logger, clock());
    let woken: NewAngelesRoom | undefined;
    await until(() => { void roomOf(code).then((r) => { woken = r; }); return woken !== undefined; }, 15_000, "the game to wake");
    await until(() => woken!.gameLog.some((l) => l.startsWith("Ann is away on vacation until")), 10_000, "the vacation in the log");
    await expect.poll(async () => (await store.commands(code)).length, { timeout: 15_000 }).toBeGreaterThan(played);
    expect(await store.dueVacations(clock(), 10)).not.toContain(code);
    await woken!.disconnect();
    // Two days on, the vacation ends in the parked game: the sweep wakes it, her seat is hers again.
    offset = untilAt - Date.now() + 60_000;
    expect(await store.dueVacations(clock(), 10)).toContain(code);
    await sweepDeadlines(store, logger, clock());
    let again: NewAngelesRoom | undefined;
    await until(() => { void roomOf(code).then((r) => { again = r; }); return again !== undefined && again !== woken; }, 15_000, "the game to wake again");
    await until(() => again!.gameLog.some((l) => l === "The server restarted: the game goes on."), 10_000, "the woken game");
    expect(again!.gameLog.some((l) => l.startsWith("Ann is away on vacation"))).toBe(false);
    expect((again as any).table.seats.get(seat).botControlled).toBe(false);
    expect(JSON.parse(again!.state.vacations)).toMatchObject({ mode: "bot", away: [] });
    await expect.poll(async () => store.dueVacations(clock(), 10), { timeout: 10_000 }).not.toContain(code);
    await again!.disconnect();
  }, 90_000);
});
