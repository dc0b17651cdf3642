import { Writable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { Room, matchMaker } from "@colyseus/core";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { BASE, PORT, createTable, join, stateOf, until } from "./helpers.ts";
import { ROOM_NAME } from "../../shared/room-protocol.ts";

/** A room of another kind, made by the client as the bench makes its own: the lobby's guard is not for it. */
class PlainRoom extends Room {}

// The server logs into `logLines`, so that the tests can see at what level a refusal is logged.
const logLines: { level: number; msg: string; err?: unknown; reason?: string }[] = [];
const logSink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split("\n")) if (line) logLines.push(JSON.parse(line));
    done();
  },
});

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({ logger: pino({ level: "info" }, logSink) });
  server.define("plain_room", PlainRoom);
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => colyseus.shutdown());
beforeEach(() => clearWrongCodes());

async function post(path: string, body: string, contentType = "application/json") {
  const res = await fetch(`${BASE}${path}`, { method: "POST", body, headers: { "content-type": contentType } });
  return { status: res.status, text: await res.text() };
}

const tableIds = async () => (await matchMaker.query({ name: ROOM_NAME })).map((r) => r.roomId).sort();
const publicTables = async () => (await (await fetch(`${BASE}/api/games`)).json()) as { code: string }[];

/** What a client would send to make its own table: the lobby's create options with a code of its choice. */
const FORGED = { code: "K7Q2Z-PMX4H", options: { seats: 4, private: true, bots: 3, botDelayMs: 0 } };

describe("matchmaking refusals are client errors (4xx), never 5xx", () => {
  it("answers an unknown room name or room id with 404", async () => {
    expect((await post("/matchmake/joinOrCreate/no_such_room", "{}")).status).toBe(404);
    expect((await post("/matchmake/joinById/notARoomId", "{}")).status).toBe(404);
  });

  it("answers a body that is not JSON with 4xx", async () => {
    expect((await post(`/matchmake/create/${ROOM_NAME}`, "zz", "multipart/form-data; boundary=x")).status).toBe(415);
    expect((await post(`/matchmake/create/${ROOM_NAME}`, "{\"seats\": 4,")).status).toBe(400);
  });
});

describe("only the lobby makes tables", () => {
  it("refuses an HTTP create or joinOrCreate of a table with 403 and makes nothing, even with a code of its own", async () => {
    const open = await createTable({ private: false }); // a public table that joinOrCreate would otherwise join
    const before = await tableIds();
    for (const method of ["create", "joinOrCreate"]) {
      for (const body of [FORGED, {}, { code: open.code, name: "Mallory" }]) {
        const res = await post(`/matchmake/${method}/${ROOM_NAME}`, JSON.stringify(body));
        expect(res.status).toBe(403);
        expect(JSON.parse(res.text).error).toMatch(/POST \/api\/games/);
      }
    }
    expect(await tableIds()).toEqual(before);
    expect(open.room.clients.length).toBe(0);
    expect((await fetch(`${BASE}/api/games/${FORGED.code}`)).status).toBe(404);
  });

  it("refuses the SDK's create and joinOrCreate of a table, and makes nothing", async () => {
    const open = await createTable({ private: false });
    const before = await tableIds();
    const listed = await publicTables();
    await expect(colyseus.sdk.create(ROOM_NAME, FORGED)).rejects.toMatchObject({ code: 403, message: expect.stringMatching(/POST \/api\/games/) });
    await expect(colyseus.sdk.joinOrCreate(ROOM_NAME, { code: open.code, name: "Mallory" })).rejects.toMatchObject({ code: 403 });
    expect(await tableIds()).toEqual(before);
    expect(await publicTables()).toEqual(listed);
    expect(open.room.clients.length).toBe(0);
  });

  it("still makes tables through POST /api/games, which players join by id with the invite code", async () => {
    const { code, roomId } = await createTable({ private: true });
    expect(await tableIds()).toContain(roomId);
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    await until(() => stateOf(ann).seats["0"]?.name === "Ann", 5_000, "Ann's seat");
    await expect(join(colyseus, roomId, { name: "Bob" })).rejects.toThrow(/invite code/);
    await ann.leave();
  });

  it("does not let a join by room name into a private table, with or without its code", async () => {
    const secret = await createTable(); // tables are private unless asked otherwise
    // Colyseus's join by name looks only at public tables: at best it reaches one of those, whose code is another.
    await expect(colyseus.sdk.join(ROOM_NAME, { code: secret.code, name: "Eve" })).rejects.toThrow(/invite code|no rooms found/);
    const open = await createTable({ private: false });
    await expect(colyseus.sdk.join(ROOM_NAME, { code: secret.code, name: "Eve" })).rejects.toThrow(/invite code/);
    await expect(colyseus.sdk.join(ROOM_NAME, { name: "Eve" })).rejects.toThrow(/invite code/);
    expect(secret.room.clients.length).toBe(0);
    expect(open.room.clients.length).toBe(0);
  });

  it("leaves other rooms alone: a client still creates the bench's kind of room itself", async () => {
    const room = await colyseus.sdk.create("plain_room");
    expect(matchMaker.getLocalRoomById(room.roomId)?.roomName).toBe("plain_room");
    await room.leave();
  });
});

describe("expected refusals are logged as info, without a stack", () => {
  it("logs a refused join and a refused table creation at info, and nothing at error level", async () => {
    const { roomId } = await createTable();
    logLines.length = 0;
    await expect(join(colyseus, roomId, { code: "AAAAA-AAAAA", name: "Eve" })).rejects.toThrow(/invite code/);
    expect((await post(`/matchmake/create/${ROOM_NAME}`, JSON.stringify(FORGED))).status).toBe(403);
    await until(() => logLines.some((l) => l.msg === "join refused" || l.level >= 50), 5_000, "the refusal's log line");
    const refusals = logLines.filter((l) => l.msg === "join refused" || l.msg === "client table creation refused");
    expect(refusals.map((l) => l.msg).sort()).toEqual(["client table creation refused", "join refused"]);
    expect(refusals.every((l) => l.level === 30 && l.err === undefined)).toBe(true);
    expect(refusals.find((l) => l.msg === "join refused")?.reason).toMatch(/invite code/);
    expect(logLines.filter((l) => l.level >= 50)).toEqual([]);
  });
});
