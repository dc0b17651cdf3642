// Spectators cannot lock a table: a flood of spectators from many loopback addresses (127.0.0.2 and up,
// as real attackers would come, over real sockets) gets its own limits, per table and per address, with
// a clear refusal; a seat's holder always gets back in, and a free seat is always takeable.
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import WebSocket from "ws";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { PORT, createTable, join, stateOf, tableOf, until } from "./helpers.ts";

const SPECTATORS_PER_TABLE = 12;
const SPECTATORS_PER_ADDRESS = 3;
/** More than the 64 connections a room used to hold, from 24 addresses. */
const FLOOD_ADDRESSES = 24;
const FLOOD_EACH = 3;

let colyseus: ColyseusTestServer;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  const server = createServer({
    logger: pino({ level: "silent" }),
    roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 },
    limits: { spectatorsPerTable: SPECTATORS_PER_TABLE, spectatorsPerAddress: SPECTATORS_PER_ADDRESS },
  });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
  await clearWrongCodes();
});
afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await colyseus.shutdown();
});

/** A seat reservation asked from this loopback address: the answer's status and body. */
function reserve(address: string, roomId: string, options: unknown): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port: PORT, path: `/matchmake/joinById/${roomId}`, method: "POST", localAddress: address,
      headers: { "content-type": "application/json" } }, (res) => {
      let text = "";
      res.on("data", (c) => { text += c; });
      res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(options));
  });
}

/** A spectator from this address: the reservation, then its websocket from the same address. Resolves with whether it was admitted. */
async function watch(address: string, roomId: string, code: string): Promise<{ admitted: boolean; refusal?: string }> {
  const r = await reserve(address, roomId, { code, spectator: true });
  if (r.status !== 200) return { admitted: false, refusal: `${r.status} ${r.body.error}` };
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/${r.body.processId}/${r.body.roomId}?sessionId=${r.body.sessionId}`, { localAddress: address });
  sockets.push(ws);
  const admitted = await new Promise<boolean>((resolve) => {
    ws.once("message", () => resolve(true)); // the join handshake
    ws.once("close", () => resolve(false));
    ws.once("error", () => resolve(false));
  });
  return { admitted };
}

async function flood(roomId: string, code: string) {
  const results = await Promise.all(Array.from({ length: FLOOD_ADDRESSES }, async (_, a) => {
    const out = [];
    for (let i = 0; i < FLOOD_EACH + 1; i++) out.push(await watch(`127.0.0.${a + 2}`, roomId, code));
    return out;
  }));
  return results.flat();
}

const roomOf = (roomId: string) => matchMaker.getLocalRoomById(roomId) as unknown as NewAngelesRoom;

describe("a spectator flood", () => {
  it("is held to the spectators' limits, with a clear refusal, and a seat's holder gets back in", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 3, graceSeconds: 600 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    await until(() => stateOf(alice).status === "playing", 10_000, "the start");
    const token = tableOf(alice).secret!.seatToken;
    await alice.leave(false); // a reload: the seat waits for her token

    const results = await flood(roomId, code);
    expect(results.filter((r) => r.admitted)).toHaveLength(SPECTATORS_PER_TABLE);
    const refusals = results.filter((r) => !r.admitted).map((r) => r.refusal ?? "");
    expect(refusals.length).toBe(FLOOD_ADDRESSES * (FLOOD_EACH + 1) - SPECTATORS_PER_TABLE);
    expect(refusals.every((r) => /^429 .*(as many as it takes|as many as it may)/.test(r)), refusals[0]).toBe(true);
    expect(roomOf(roomId).state.spectators).toBe(SPECTATORS_PER_TABLE);

    // The seat's holder comes back with her token; a new spectator is told why not.
    const back = await join(colyseus, roomId, { code, seatToken: token });
    expect(tableOf(back).mySeat).toBe(0);
    const late = await reserve("127.0.0.200", roomId, { code, spectator: true });
    expect(late.status).toBe(429);
    expect(late.body.error).toMatch(/This table has 12 spectators, as many as it takes/);
    await back.leave();
  }, 60_000);

  it("holds each address to its own count, and a free seat stays takeable", async () => {
    const { code, roomId } = await createTable({ seats: 4 });
    const mine = [];
    for (let i = 0; i < SPECTATORS_PER_ADDRESS + 1; i++) mine.push(await watch("127.0.1.2", roomId, code));
    expect(mine.map((r) => r.admitted)).toEqual([...Array(SPECTATORS_PER_ADDRESS).fill(true), false]);
    expect(mine.at(-1)!.refusal).toMatch(/Your address already has 3 spectators at this table/);

    await flood(roomId, code);
    expect(roomOf(roomId).state.spectators).toBe(SPECTATORS_PER_TABLE);
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    expect(tableOf(bob).mySeat).toBe(0);
    await bob.leave();
    // Reservations that were never taken up stop counting; so do spectators who left.
    for (const ws of sockets.splice(0)) ws.close();
    await until(() => roomOf(roomId).state.spectators === 0, 10_000, "the spectators to leave");
    expect((await watch("127.0.1.3", roomId, code)).admitted).toBe(true);
  }, 60_000);

  it("refuses a seat token that is no seat's before reserving anything", async () => {
    const { code, roomId } = await createTable({ seats: 4 });
    const r = await reserve("127.0.2.2", roomId, { code, seatToken: "not-a-token" });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/seat token is not valid/);
    expect(Object.keys((roomOf(roomId) as any)._reservedSeats)).toHaveLength(0);
  });
});
