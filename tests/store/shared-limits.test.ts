// The per-address limits with two server processes sharing one Redis: one attacker address, speaking
// through both processes in turn (X-Forwarded-For behind TRUST_PROXY=1), gets exactly what it would
// get from one process (its day of talk: give or take a line per process). With counts per process each
// limit would let it have about twice as much.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { Redis } from "ioredis";
import "../../server/scripts/lib/node-websocket.ts"; // before the SDK: its websockets send X-Forwarded-For
import { joinRoom } from "../../server/scripts/lib/clients.ts";
import { TALK_ROW_BYTES } from "../../server/access/throttle.ts";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { freePort, startRedis, startServer, stopAll, type ServerProcess } from "./services.ts";
import { HEARTBEAT_MS } from "../../server/access/shared-counts.ts";

afterAll(stopAll);

const redis = await startRedis();

const LIMITS = {
  TABLES_PER_ADDRESS_PER_HOUR: "5",
  LOBBY_TABLES_PER_ADDRESS: "3",
  WEBSOCKETS_PER_ADDRESS: "4",
  SEAT_RESERVATIONS_PER_ADDRESS: "3",
  WRONG_CODES_PER_MINUTE: "4",
  WRONG_CODES_PER_MINUTE_GLOBAL: "12",
  TALK_BYTES_PER_ADDRESS_PER_DAY: String(3 * (400 + "Quinn".length + TALK_ROW_BYTES) + 10), // three lines of 400
};

let servers: ServerProcess[] = [];
/** Process 0, 1, 0, 1…: each request of a series goes through the other process. */
const via = (i: number) => servers[i % 2]!;

async function serverProcess(): Promise<ServerProcess> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "na-limits-"));
  return startServer({ REDIS_URL: redis!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR: dir, TRUST_PROXY: "1", LOG_LEVEL: "warn", ...LIMITS }, port);
}

async function api(server: ServerProcess, route: string, ip: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}${route}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text.startsWith("{") ? JSON.parse(text) : text };
}

/** A table made from the loopback address (not the attacker's), for the attacker to knock at. */
async function table(server: ServerProcess, body: Record<string, unknown> = { seats: 4, bots: 3 }): Promise<{ code: string; roomId: string }> {
  const made = await api(server, "/api/games", "127.0.0.9", body);
  expect(made.status).toBe(201);
  return made.json;
}

/** Takes up a seat reservation with a websocket (as the SDK does), from `ip`; resolves once open. */
function takeSeat(reservation: { sessionId: string; roomId: string; processId: string; publicAddress: string }, ip: string): Promise<WebSocket> {
  const ws = new WebSocket(`ws://${reservation.publicAddress}/${reservation.processId}/${reservation.roomId}?sessionId=${reservation.sessionId}`, { headers: { "x-forwarded-for": ip } });
  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(ws));
    ws.once("error", reject);
    ws.once("unexpected-response", (_req, res) => reject(new Error(`upgrade answered ${res.statusCode}`)));
  });
}

function openSocket(server: ServerProcess, ip: string): Promise<{ ws?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/`, { headers: { "x-forwarded-for": ip } });
    ws.on("open", () => resolve({ ws }));
    ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode }));
    ws.on("error", () => resolve({ status: -1 }));
  });
}

const WRONG = "22222-22222"; // a well-formed code no table has

describe.skipIf(!redis)("limits shared by two processes through Redis", () => {
  beforeAll(async () => {
    servers = await Promise.all([serverProcess(), serverProcess()]);
  }, 60_000);

  it("counts wrong codes per address and for everyone across both processes", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await api(via(i), `/api/games/${WRONG}`, "198.51.100.1")).status);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429, 429, 429]);
    // Everyone together: 12 a minute; 4 spent above, 4 and 4 more by two other addresses, then none.
    for (const ip of ["198.51.100.2", "198.51.100.3"]) {
      for (let i = 0; i < 4; i++) expect((await api(via(i), `/api/games/${WRONG}`, ip)).status).toBe(404);
    }
    const over = await api(via(1), `/api/games/${WRONG}`, "198.51.100.4");
    expect(over.status).toBe(429);
    expect(over.json.error.message).toMatch(/Too many wrong invite codes/);
  });

  it("counts an address's tables waiting in the lobby, and its tables per hour, across both processes", async () => {
    const ip = "198.51.100.10";
    const made: { code: string; roomId: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api(via(i), "/api/games", ip, { seats: 4, bots: 3 });
      expect(r.status).toBe(201);
      made.push(r.json);
    }
    const fourth = await api(via(3), "/api/games", ip, { seats: 4, bots: 3 });
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe("too-many-lobby-tables");
    // A player (from another address) fills each table's last seat: the games start, the lobby is free.
    const sockets: WebSocket[] = [];
    for (const [i, t] of made.entries()) {
      const reserved = await api(via(i), `/matchmake/joinById/${t.roomId}`, "127.0.0.9", { code: t.code, name: `Pat ${i}` });
      expect(reserved.status).toBe(200);
      sockets.push(await takeSeat(reserved.json, "127.0.0.9"));
    }
    const started = async () => Promise.all(made.map(async (t) => (await api(servers[0]!, `/api/games/${t.code}`, "127.0.0.9")).json.status));
    for (let n = 0; n < 100 && (await started()).some((s) => s !== "playing"); n++) await new Promise((r) => setTimeout(r, 100));
    expect(await started()).toEqual(["playing", "playing", "playing"]);
    // Five an hour: two more (the refused fourth gave its point back), then none, through either process.
    for (let i = 0; i < 2; i++) expect((await api(via(i), "/api/games", ip, { seats: 4, bots: 3 })).status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const r = await api(via(i), "/api/games", ip, { seats: 4, bots: 3 });
      expect(r.status).toBe(429);
      expect(r.json.error.code).toBe("too-many-tables");
    }
    for (const ws of sockets) ws.close();
  }, 60_000);

  it("counts open seat reservations across both processes, and forgets one taken up on either", async () => {
    const t = await table(via(0));
    const ip = "198.51.100.20";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(via(i), `/matchmake/joinById/${t.roomId}`, ip, { code: t.code, spectator: true })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    // Another address: each reservation taken up by its websocket (on the room's process, whichever
    // process made it) stops counting, so eight in a row pass with a limit of three.
    for (let i = 0; i < 8; i++) {
      const r = await api(via(i), `/matchmake/joinById/${t.roomId}`, "198.51.100.21", { code: t.code, spectator: true });
      expect(r.status).toBe(200);
      const ws = await takeSeat(r.json, "198.51.100.21");
      await new Promise((r) => setTimeout(r, 200)); // the room has counted it taken
      ws.close();
    }
  }, 60_000);

  it("counts an address's day of talk across both processes", async () => {
    const ip = "198.51.100.40";
    const line = "q".repeat(400);
    const counter = new Redis(redis!.url);
    counter.on("error", () => {}); // Redis stops with the other services
    onTestFinished(() => counter.disconnect());
    const counted = async () => Number(await counter.get(`na:limits:talk:${ip}`));
    // A table on each process: a table lands on either, and a spectator's reservation says which.
    const onEach = new Map<string, { code: string; roomId: string }>();
    for (let i = 0; onEach.size < 2 && i < 10; i++) {
      const made = await api(via(i), "/api/games", `127.0.1.${i + 1}`, { seats: 4 });
      expect(made.status).toBe(201);
      const probe = await api(via(i), `/matchmake/joinById/${made.json.roomId}`, `127.0.2.${i + 1}`, { code: made.json.code, spectator: true });
      expect(probe.status).toBe(200);
      if (!onEach.has(probe.json.publicAddress)) onEach.set(probe.json.publicAddress, made.json);
    }
    expect(onEach.size).toBe(2);
    /** Quinn at that process's table: `say` sends one line and resolves with "heard", or the refusal's code. */
    const at = async ([address, t]: [string, { code: string; roomId: string }]) => {
      const room = await joinRoom(`ws://${address}`, t.roomId, { code: t.code, name: "Quinn" }, { headers: { "x-forwarded-for": ip } });
      const say = () => new Promise<string>((resolve) => {
        room.onMessage("chat", (l: { text: string }) => { if (l.text === line) resolve("heard"); });
        room.onMessage("error", (e: { code: string }) => resolve(e.code));
        room.send("chat", { text: line });
      });
      return { room, say };
    };
    const [first, second] = await Promise.all([...onEach].map(at));
    /**
     * A wrong code asked of that process: counted in Redis before the answer, on the connection that
     * carries the talk counts, whose answers come in order. Once it answers, the process has heard
     * every count it asked for before.
     */
    const [firstBarrier, secondBarrier] = [...onEach.keys()].map((address) => async () => {
      const server = servers.find((s) => address.endsWith(`:${s.port}`))!;
      expect([404, 429]).toContain((await api(server, `/api/games/${WRONG}`, "127.0.3.1")).status);
    });
    const cost = 400 + "Quinn".length + TALK_ROW_BYTES;
    expect(await first.say()).toBe("heard");
    expect(await first.say()).toBe("heard");
    await firstBarrier!();
    expect(await counted()).toBe(2 * cost);
    // The second process has seen no line of this address: it takes the third, and then knows the day is spent.
    expect(await second.say()).toBe("heard");
    await secondBarrier!();
    expect(await counted()).toBe(3 * cost);
    expect(await second.say()).toBe("talk-quota");
    // The first last heard two lines: it takes one more (one line over the day), and learns the count with it.
    expect(await first.say()).toBe("heard");
    await firstBarrier!();
    expect(await first.say()).toBe("talk-quota");
    expect(await second.say()).toBe("talk-quota");
    expect(await counted()).toBe(4 * cost);
    await Promise.all([first.room.leave(), second.room.leave()]);
  }, 60_000);

  it("counts an address's websockets across both processes; a process that dies stops counting", async () => {
    const ip = "198.51.100.30";
    // Six at once, three through each process: four open, two refused before the handshake.
    const tries = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => openSocket(via(i), ip)));
    expect(tries.filter((t) => t.ws).length).toBe(4);
    expect(tries.filter((t) => !t.ws).map((t) => t.status)).toEqual([429, 429]);
    for (const t of tries) t.ws?.terminate();

    // Process 1 is killed while holding two of the address's websockets: they stop counting once its
    // heartbeat lapses (and process 0 alone then admits four).
    const ip2 = "198.51.100.31";
    const held = await Promise.all([openSocket(servers[1]!, ip2), openSocket(servers[1]!, ip2)]);
    expect(held.every((h) => h.ws)).toBe(true);
    servers[1]!.child.kill("SIGKILL");
    await servers[1]!.exited;
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS + 1_000));
    const after = await Promise.all([0, 1, 2, 3].map(() => openSocket(servers[0]!, ip2)));
    expect(after.filter((t) => t.ws).length).toBe(4);
    for (const t of after) t.ws?.terminate();
  }, 60_000);
});

if (!redis) it.skip("shared limits (needs redis-server, or REDIS_URL)", () => {});
