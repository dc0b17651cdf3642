// The players' votes over real sockets (server/table/votes.ts, docs/turn-based.md "Votes"), with the
// server's clock injected: ending the game now writes the result every client sees (and the results
// and replay pages read); cancelling ends it with no winner; a pause stops every bank until the players
// resume it; replacing an away seat refuses the old key and seats a newcomer by the invite code. And on
// the wire: the open vote carries seat numbers and times alone, the same for every client.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { memoryStore } from "../../server/store/index.ts";
import { waitingFor } from "../../server/engine/index.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { matchMaker } from "@colyseus/core";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { wakeGame } from "../../server/rooms/restore.ts";
import { BASE, PORT, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";

const H = 3600_000;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
const store = memoryStore();
let now = Date.parse("2026-12-01T09:00:00Z");

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({ logger, store, clock: () => now, roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 } });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
beforeEach(async () => { await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

const getJson = async (path: string) => {
  const res = await fetch(BASE + path);
  return { status: res.status, body: (await res.json()) as any };
};
const banks = async (code: string) => Object.fromEntries((await getJson(`/api/games/${code}`)).body.players.map((p: any) => [p.seat, p.bank]));

/** A turn-based table of three people (Ann, Ben, Cat) and a bot, under way. */
async function table(more: object = {}): Promise<{ code: string; roomId: string; room: NewAngelesRoom; people: SDKRoom[] }> {
  const { code, roomId, room } = await createTable({ seats: 4, bots: 1, seed: 7, pace: "turn-based", turn: { bankSeconds: 8 * 3600 }, ...more });
  const people: SDKRoom[] = [];
  for (const name of ["Ann", "Ben", "Cat"]) people.push(await join(colyseus, roomId, { code, name }));
  await until(() => people.every((p) => stateOf(p).status === "playing"), 10_000, "the start");
  return { code, roomId, room, people };
}

/** Everyone but the opener answers yes. */
async function carry(people: SDKRoom[], msg: object): Promise<void> {
  people[0]!.send("vote", { act: "open", ...msg });
  await until(() => people.every((p) => tableOf(p).vote !== null), 10_000, "the vote to reach everyone");
  for (const p of people.slice(1)) p.send("vote", { act: "answer", yes: true });
}

const errorsOf = (client: SDKRoom) => {
  const errors: { code: string }[] = [];
  client.onMessage("error", (e: { code: string }) => errors.push(e));
  return errors;
};

describe("votes over sockets", () => {
  it("ends the game now: every client sees the result on the standings, and the results and replay pages read it", async () => {
    const { code, people } = await table();
    await carry(people, { kind: "end" });
    await until(() => people.every((p) => tableOf(p).game?.result?.reason === "vote"), 10_000, "the result everywhere");
    for (const p of people) {
      const t = tableOf(p);
      expect(t.status).toBe("finished");
      expect(t.game!.result!.seats.map((s) => s.capital)).toEqual(t.seats.map((s) => s.capital));
      expect(t.log.some((l) => /^The players voted to end the game now with the current standings \(Ann, Ben, Cat said yes\)\./.test(l))).toBe(true);
    }
    let outline: any;
    await until(() => { void getJson(`/api/games/${code}/replay/outline`).then((r) => { outline = r; }); return outline?.status === 200; }, 10_000, "the replay");
    expect(outline.body.log.at(-1).text).toMatch(/^The game is over\./);
    const summary = await getJson(`/api/games/${code}/summary`);
    expect(summary.status).toBe(200);
    expect((await store.getGame(code))!.status).toBe("finished");
  });

  it("cancels: no winner, the game is over and refuses commands", async () => {
    const { people, room } = await table();
    await carry(people, { kind: "cancel" });
    await until(() => people.every((p) => tableOf(p).status === "finished"), 10_000, "the end everywhere");
    expect(tableOf(people[1]!).game!.result).toMatchObject({ reason: "cancelled", winners: [] });
    const owes = room.game!.pending?.seat ?? 0;
    const errors = errorsOf(people[Math.min(owes, 2)]!);
    people[Math.min(owes, 2)]!.send("command", { type: "pass" });
    await until(() => errors.length > 0, 10_000, "the refusal");
    expect(waitingFor(room.game!)).toEqual([]);
  });

  it("a pause stops every bank until the players vote to resume; one no turns a vote down", async () => {
    const { code, people, room } = await table();
    await until(() => waitingFor(room.game!).some((s) => s < 3), 10_000, "a person's decision");
    const owes = waitingFor(room.game!)[0]!;
    now += H;
    await carry(people, { kind: "pause", resumeAt: now + 72 * H });
    await until(() => people.every((p) => tableOf(p).status === "adjourned"), 10_000, "the pause");
    const paused = await banks(code);
    now += 24 * H;
    expect(await banks(code)).toEqual(paused);
    // A vote to resume that one person turns down changes nothing.
    people[1]!.send("vote", { act: "open", kind: "resume" });
    await until(() => tableOf(people[2]!).vote?.kind === "resume", 10_000, "the resume vote");
    people[2]!.send("vote", { act: "answer", yes: false });
    await until(() => people.every((p) => tableOf(p).vote === null), 10_000, "the vote to fail");
    expect(tableOf(people[0]!).status).toBe("adjourned");
    await carry([people[2]!, people[0]!, people[1]!], { kind: "resume" });
    await until(() => people.every((p) => tableOf(p).status === "playing"), 10_000, "the resume");
    now += H;
    expect((await banks(code))[owes]).toBe(paused[owes] - 3600);
  });

  it("a paused game that parked wakes at its resume time, by the sweep, and resumes once however many sweeps look", async () => {
    const { code, roomId, people } = await table();
    const resumeAt = now + 48 * H;
    await carry(people, { kind: "pause", resumeAt });
    await until(() => people.every((p) => tableOf(p).status === "adjourned"), 10_000, "the pause");
    for (const p of people) { p.reconnection.enabled = false; p.connection.close(1000); }
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the paused room to park");
    expect((await store.getGame(code))!.parked).toBe(true);
    const roomOf = async () => {
      const [listed] = await matchMaker.query({ name: "new_angeles", code } as never) as { roomId: string }[];
      return listed ? matchMaker.getLocalRoomById(listed.roomId) as unknown as NewAngelesRoom | undefined : undefined;
    };
    // Before its time, the sweep leaves it parked.
    now = resumeAt - 60_000;
    await sweepDeadlines(store, logger, now);
    expect(await roomOf()).toBeUndefined();
    expect((await store.getGame(code))!.status).toBe("adjourned");
    // Its time comes: two sweeps at once wake it; the woken room resumes it, once.
    now = resumeAt + 60_000;
    await Promise.all([sweepDeadlines(store, logger, now), sweepDeadlines(store, logger, now)]);
    let woken: NewAngelesRoom | undefined;
    await until(() => { void roomOf().then((r) => { woken = r; }); return woken !== undefined; }, 15_000, "the game to wake");
    await until(() => woken!.gameLog.some((l) => /The pause is over/.test(l)), 10_000, "the pause to end");
    await sweepDeadlines(store, logger, now);
    await new Promise((r) => setTimeout(r, 300));
    expect(woken!.gameLog.filter((l) => /The pause is over/.test(l))).toHaveLength(1);
    expect(woken!.state.status).toBe("playing");
    let stored: string | undefined;
    await until(() => { void store.getGame(code).then((g) => { stored = g?.status; }); return stored === "playing"; }, 10_000, "the store to say playing");
    expect(await store.duePauses(now, 10)).not.toContain(code);
    await woken!.disconnect();
  }, 60_000);

  it("an open vote is kept while the game parks: woken, the same vote is open with its answers and expiry, and carries", async () => {
    const { code, roomId, people } = await table({ graceSeconds: 1 }); // the empty table parks a second later
    const tokens = people.map((p) => tableOf(p).secret!.seatToken);
    people[0]!.send("vote", { act: "open", kind: "end" });
    await until(() => people.every((p) => tableOf(p).vote !== null), 10_000, "the vote to reach everyone");
    people[1]!.send("vote", { act: "answer", yes: true });
    await until(() => people.every((p) => tableOf(p).vote?.yes.length === 2), 10_000, "Ben's yes everywhere");
    const open = tableOf(people[2]!).vote!;
    for (const p of people) { p.reconnection.enabled = false; p.connection.close(1000); }
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    expect((await store.getGame(code))!.parked).toBe(true);
    // Woken (its room rebuilt from the store), the vote is as it was; Cat's yes carries it.
    await wakeGame(store, logger, code);
    const [listed] = await matchMaker.query({ name: "new_angeles", code } as never) as { roomId: string }[];
    expect(listed!.roomId).not.toBe(roomId);
    const back: SDKRoom[] = [];
    for (const seatToken of tokens) back.push(await join(colyseus, listed!.roomId, { code, seatToken }));
    await until(() => back.every((p) => tableOf(p).vote !== null), 10_000, "the vote after the wake");
    for (const p of back) expect(tableOf(p).vote).toEqual(open);
    back[2]!.send("vote", { act: "answer", yes: true });
    await until(() => back.every((p) => tableOf(p).game?.result?.reason === "vote"), 10_000, "the vote to carry");
    expect((await store.getGame(code))!).toMatchObject({ status: "finished", vote: null });
  });

  it("an open vote kept while the game parked expires as the game wakes after its time", async () => {
    const { code, roomId, people } = await table({ graceSeconds: 1 });
    people[1]!.send("vote", { act: "open", kind: "cancel" });
    await until(() => people.every((p) => tableOf(p).vote !== null), 10_000, "the vote to reach everyone");
    const token = tableOf(people[0]!).secret!.seatToken;
    for (const p of people) { p.reconnection.enabled = false; p.connection.close(1000); }
    await until(() => matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the room to park");
    now += 25 * H; // a turn-based vote lasts a day
    await wakeGame(store, logger, code);
    const [listed] = await matchMaker.query({ name: "new_angeles", code } as never) as { roomId: string }[];
    const ann = await join(colyseus, listed!.roomId, { code, seatToken: token });
    await until(() => stateOf(ann).log.some((l: string) => /The vote to cancel the game \(nobody wins\) expired/.test(l)), 10_000, "the vote to expire");
    expect(tableOf(ann).vote).toBeNull();
    expect(tableOf(ann).status).not.toBe("finished");
    let stored: unknown = "unread";
    await until(() => { void store.getGame(code).then((g) => { stored = g?.vote; }); return stored === null; }, 10_000, "the store to drop the vote");
  });

  it("replaces an away seat: the old key is refused, a newcomer joins by the invite code and holds the seat's hand", async () => {
    const { code, roomId, room, people } = await table();
    const cat = people[2]!;
    const oldToken = tableOf(cat).secret!.seatToken;
    const rival = tableOf(cat).secret!.rival;
    // Cat goes; a bot plays her seat (at a turn-based table, after three bot decisions in a row: set here).
    cat.reconnection.enabled = false;
    cat.connection.close(1000);
    await until(() => !room.seatsBySeat.get(2)!.connected, 10_000, "Cat gone");
    (room as any).table.seating.setBotControl(room.seatsBySeat.get(2)!, true);
    const wire = recordWire(() => room);
    await carry(people.slice(0, 2), { kind: "replace", seat: 2 });
    await until(() => stateOf(people[0]!).log.some((l: string) => /seat is open to a newcomer/.test(l)), 10_000, "the seat opened");
    wire.stop();
    await expect(join(colyseus, roomId, { code, seatToken: oldToken })).rejects.toThrow(/not valid/);
    const dee = await join(colyseus, roomId, { code, name: "Dee" });
    await until(() => tableOf(dee).mySeat === 2, 10_000, "Dee in seat 3");
    expect(tableOf(dee).secret!.hand.map((c) => c.id).sort()).toEqual([...(room.game!.seats[2]!.hand)].sort());
    expect(tableOf(dee).secret!.rival).toBe(rival);
    expect(rival).not.toBe("");
    expect(tableOf(dee).secret!.seatToken).not.toBe(oldToken);
    // Nothing of the vote's traffic carried the old key, nor any seat's hand to another seat.
    for (const m of wire.messages) expect(m.bytes.includes(Buffer.from(oldToken))).toBe(false);
  });
});

describe("votes on the wire", () => {
  it("the open vote is seat numbers, a kind and times, the same for every client; a bad message is refused by its shape", async () => {
    const { people, roomId, code, room } = await table();
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const wire = recordWire(() => room);
    people[1]!.send("vote", { act: "open", kind: "end" });
    await until(() => [...people, watcher].every((p) => stateOf(p).vote !== ""), 10_000, "the vote everywhere");
    people[0]!.send("vote", { act: "answer", yes: false });
    await until(() => [...people, watcher].every((p) => stateOf(p).vote === ""), 10_000, "the vote turned down");
    wire.stop();
    const opened = JSON.parse(wire.messages.map((m) => m.bytes.toString("latin1")).join("").match(/\{"kind":"end"[^}]*\}/)![0]);
    expect(Object.keys(opened).sort()).toEqual(["by", "expiresAt", "kind", "needed", "no", "voters", "yes"]);
    // No frame carried any seat's secret to a client that is not that seat's.
    for (const m of wire.messages) {
      const mine = people.findIndex((p) => p.sessionId === m.sessionId);
      for (const s of m.secrets) {
        if (s.seat === mine) continue;
        for (const card of s.hand) expect(m.bytes.includes(Buffer.from(`"${card}"`)), card).toBe(false);
      }
    }
    for (const p of people) expect(m_tokenFree(wire.messages, tableOf(p).secret!.seatToken, p.sessionId)).toBe(true);
    const errors = errorsOf(people[0]!);
    for (const bad of [{ act: "open", kind: "win" }, { act: "answer" }, { act: "open", kind: "end", x: 1 }, "end"]) people[0]!.send("vote", bad);
    await until(() => errors.length === 4, 10_000, "four refusals");
    expect(errors.map((e) => e.code)).toEqual(["bad-vote", "bad-vote", "bad-vote", "bad-vote"]);
    const wErrors = errorsOf(watcher);
    watcher.send("vote", { act: "open", kind: "end" });
    await until(() => wErrors.length === 1, 10_000, "the spectator refused");
    expect(wErrors[0]!.code).toBe("not-a-player");
  });
});

/** No frame sent to a client other than the key's holder carries that seat key. */
function m_tokenFree(messages: { sessionId: string; bytes: Buffer }[], token: string, holder: string): boolean {
  return messages.every((m) => m.sessionId === holder || !m.bytes.includes(Buffer.from(token)));
}
