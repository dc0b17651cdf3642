// Adjourning over real sockets: the messages and their refusals, the state and lobby answers while
// adjourned (with the calendar file), the room leaving memory once empty, the link waking the game
// (one room for simultaneous wake-ups), resuming, and no seat token or key on anyone else's wire.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { BASE, autoplay, bootServer, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import { ROOM_NAME } from "../../shared/room-protocol.ts";
import { WakeLimits } from "../../server/lobby/routes.ts";
import { LimitRefusal } from "../../server/access/throttle.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

const lookUp = async (code: string) => (await fetch(`${BASE}/api/games/${code}`)).json();
const errorsOf = (client: SDKRoom) => {
  const errors: { code: string; message: string }[] = [];
  client.onMessage("error", (e) => errors.push(e));
  return errors;
};
const liveRooms = async (code: string) => (await matchMaker.query({ name: ROOM_NAME })).filter((r) => (r.metadata as { code?: string })?.code === code);

describe("adjourning over sockets", () => {
  it("adjourns by request and by the host, parks once empty, wakes by its link and resumes where it stopped", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 7, graceSeconds: 600 });
    let current: NewAngelesRoom | undefined = room;
    const wire = recordWire(() => current);
    try {
      const ann = await join(colyseus, roomId, { code, name: "Ann" });
      const annErrors = errorsOf(ann);
      const ben = await join(colyseus, roomId, { code, name: "Ben" });
      const benErrors = errorsOf(ben);
      const watcher = await join(colyseus, roomId, { code, spectator: true });
      const watcherErrors = errorsOf(watcher);
      await until(() => stateOf(ann).status === "playing", 10_000, "the start");
      const tokens = [tableOf(ann).secret!.seatToken, tableOf(ben).secret!.seatToken];
      expect(tokens.every((t) => t.length > 10)).toBe(true);
      // Some play first, then quiet: both people stop.
      const players = [autoplay(ann, 1), autoplay(ben, 2)];
      await until(() => room.commandCount() >= 20, 30_000, "20 commands");
      for (const p of players) p.stop();

      // Bad and unauthorised messages are refused and change nothing.
      watcher.send("adjourn", {});
      ann.send("adjourn", { meetAt: "tomorrow" });
      ben.send("resume", {});
      await until(() => watcherErrors.length === 1 && annErrors.length >= 1 && benErrors.length >= 1, 5_000, "the refusals");
      expect(watcherErrors[0]!.code).toBe("not-a-player");
      expect(annErrors.at(-1)!.code).toBe("bad-message");
      expect(benErrors.at(-1)!.code).toBe("not-host");

      // Ben asks (1 of 2 needed); the host adjourns with a time to meet again.
      ben.send("adjourn", {});
      await until(() => tableOf(watcher).adjournVotes.length === 1, 5_000, "Ben's request");
      expect(tableOf(watcher).adjournVotes).toEqual([1]);
      const meetAt = Date.now() + 24 * 3600_000;
      ann.send("adjourn", { meetAt });
      await until(() => tableOf(watcher).status === "adjourned", 5_000, "the adjournment");
      await new Promise((r) => setTimeout(r, 200)); // any command in flight lands, or is refused
      const commands = room.commandCount();
      const game = tableOf(ann).game;
      expect(tableOf(watcher).meetAt).toBe(meetAt);
      expect(tableOf(watcher).log.at(-1)).toMatch(/^The host adjourns the game until/);
      const table = await lookUp(code);
      expect(table).toMatchObject({ code, status: "adjourned", meetAt });
      const ics = await fetch(`${BASE}/api/games/${code}/calendar.ics`);
      expect(ics.status).toBe(200);
      expect(ics.headers.get("content-type")).toMatch(/^text\/calendar/);
      const calendar = await ics.text();
      expect(calendar).toContain(`DTSTART:${new Date(meetAt).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
      expect(calendar).toContain(`/?join=${code}`);
      for (const t of tokens) expect(calendar).not.toContain(t);
      expect((await fetch(`${BASE}/api/games/NOPE0-NOPE0/calendar.ics`)).status).toBe(404);
      ann.send("command", { type: "pass" });
      await until(() => annErrors.some((e) => e.code === "adjourned" || e.code === "bad-command"), 5_000, "the refusal");

      // Everyone leaves: the room leaves memory, and the game waits in the store (no command more).
      for (const c of [ann, ben, watcher]) await c.leave();
      await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 10_000, "the room to leave memory");
      expect(await liveRooms(code)).toHaveLength(0);

      // Five people open the link at once: one room wakes, adjourned, the game as they left it.
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => lookUp(code)));
      expect(new Set(answers.map((a) => a.roomId)).size).toBe(1);
      expect(answers[0]).toMatchObject({ code, status: "adjourned", meetAt });
      expect(answers[0].roomId).not.toBe(roomId);
      expect(await liveRooms(code)).toHaveLength(1);
      current = matchMaker.getLocalRoomById(answers[0].roomId) as unknown as NewAngelesRoom;
      expect(current.commandCount()).toBe(commands);

      const ann2 = await join(colyseus, answers[0].roomId, { code, seatToken: tokens[0] });
      const ann2Errors = errorsOf(ann2);
      await until(() => tableOf(ann2).status === "adjourned" && tableOf(ann2).game !== null, 5_000, "the adjourned table");
      expect(tableOf(ann2).game).toEqual(game);
      // One of two people back is not enough to resume.
      ann2.send("resume", { absent: "wait" });
      await until(() => ann2Errors.length === 1, 5_000, "the refusal");
      expect(ann2Errors[0]!.code).toBe("not-enough-back");
      const ben2 = await join(colyseus, answers[0].roomId, { code, seatToken: tokens[1] });
      ann2.send("resume", { absent: "teleport" });
      await until(() => ann2Errors.length === 2, 5_000, "the refusal");
      expect(ann2Errors[1]!.code).toBe("bad-message");
      ann2.send("resume", { absent: "wait" });
      await until(() => tableOf(ben2).status === "playing", 5_000, "the resume");
      expect(tableOf(ben2).log.at(-1)).toBe("The host resumes the game.");
      const again = [autoplay(ann2, 3), autoplay(ben2, 4)];
      await until(() => current!.commandCount() > commands + 5, 30_000, "play going on");
      for (const p of again) p.stop();
      await ann2.leave();
      await ben2.leave();

      // No seat token ever reached another connection: Ben's never in Ann's or the watcher's bytes, and so on.
      const sessions = { ann: ann.sessionId, ben: ben.sessionId, watcher: watcher.sessionId, ann2: ann2.sessionId, ben2: ben2.sessionId };
      const bytesTo = (id: string) => Buffer.concat(wire.messages.filter((m) => m.sessionId === id).map((m) => m.bytes));
      for (const id of [sessions.ann, sessions.ann2, sessions.watcher]) expect(bytesTo(id).includes(Buffer.from(tokens[1]!))).toBe(false);
      for (const id of [sessions.ben, sessions.ben2, sessions.watcher]) expect(bytesTo(id).includes(Buffer.from(tokens[0]!))).toBe(false);
      expect(bytesTo(sessions.ann).includes(Buffer.from(tokens[0]!))).toBe(true); // the check can see a token
      for (const a of answers) for (const t of tokens) expect(JSON.stringify(a)).not.toContain(t);
    } finally {
      wire.stop();
    }
  }, 90_000);
});

describe("nobody left, nothing lost", () => {
  it("adjourns a live table whose four people all close their tabs after the grace time, with no bot command stored", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 3, graceSeconds: 1 });
    const people: SDKRoom[] = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan"]) people.push(await join(colyseus, roomId, { code, name }));
    await until(() => stateOf(people[0]!).status === "playing", 10_000, "the start");
    const players = people.map((p, i) => autoplay(p, 30 + i));
    await until(() => room.commandCount() >= 10, 30_000, "10 commands");
    for (const p of players) p.stop();
    await new Promise((r) => setTimeout(r, 100));
    const commands = room.commandCount();
    // Tabs closed: the sockets drop without a word (not a consented leave).
    for (const p of people) {
      p.reconnection.enabled = false;
      p.connection.close(1000); // a browser closing a tab sends 1001, which scripts may not send: either is a drop
    }
    await until(() => room.state.status === "adjourned", 10_000, "the table to adjourn itself");
    expect(room.gameLog.at(-1)).toMatch(/^Everyone has left: the game is adjourned\./);
    expect([...room.seatsBySeat.values()].some((s) => s.botControlled)).toBe(false);
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 10_000, "the room to leave memory");
    expect(room.commandCount()).toBe(commands);
    // Its link wakes it as they left it: not a command more in the store.
    const woken = await lookUp(code);
    expect(woken.status).toBe("adjourned");
    const again = matchMaker.getLocalRoomById(woken.roomId) as unknown as NewAngelesRoom;
    expect((await again.replayLog()).commands).toEqual((await room.replayLog()).commands);
    await again.disconnect();
  }, 60_000);
});

describe("the limits on waking games", () => {
  it("refuses an address over its wake-ups a minute, and more wake-ups at once than allowed", async () => {
    const limits = new WakeLimits(1000, 2, 1);
    await limits.run("10.1.1.1", async () => "ok");
    await limits.run("10.1.1.1", async () => "ok");
    await expect(limits.run("10.1.1.1", async () => "ok")).rejects.toMatchObject({ code: "too-many-wakes" });
    let release!: () => void;
    const slow = limits.run("10.1.1.2", () => new Promise<void>((r) => { release = r; }));
    await until(() => release !== undefined, 2_000, "the first wake-up");
    const second = limits.run("10.1.1.3", async () => "ok");
    await expect(second).rejects.toBeInstanceOf(LimitRefusal);
    await expect(second).rejects.toMatchObject({ code: "busy" });
    release();
    await slow;
    await expect(limits.run("10.1.1.3", async () => "ok")).resolves.toBe("ok");
  });

  it("refuses a wake-up when the process holds its most tables", async () => {
    const limits = new WakeLimits(0);
    await expect(limits.run("10.1.1.4", async () => "ok")).rejects.toMatchObject({ code: "server-full" });
  });
});
