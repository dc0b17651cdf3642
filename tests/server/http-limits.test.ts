// The HTTP front door against one hostile address: bodies over 16 KB, table floods, websocket floods,
// seat reservations without the code, wrong-code floods; and the security headers. The server believes
// one proxy (trustProxy: 1), so each test speaks from its own X-Forwarded-For address.
import http from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import WebSocket from "ws";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { clearWrongCodes, type Limits } from "../../server/access/throttle.ts";
import { BODY_LIMIT } from "../../server/http-guard.ts";
import { reservedSeatsOf } from "../../server/rooms/colyseus-internals.ts";
import { BASE, PORT } from "../room/helpers.ts";

const LIMITS: Limits = {
  tablesPerAddressPerHour: 4,
  lobbyTablesPerAddress: 2,
  maxTables: 12,
  websocketsPerAddress: 3,
  reservationsPerAddress: 3,
  wrongCodesPerMinute: 5,
  wrongCodesPerMinuteGlobal: 20,
  spectatorsPerTable: 10,
  spectatorsPerAddress: 4,
  talkBytesPerAddressPerDay: 100_000,
  unfinishedConnectionsPerAddress: 32,
};
const FRIEND = "https://friend.example";

let colyseus: ColyseusTestServer;
const sockets = new Set<Socket>();
beforeAll(async () => {
  const server = createServer({ logger: pino({ level: "silent" }), limits: LIMITS, trustProxy: 1, corsOrigins: [FRIEND] });
  await server.listen(PORT, "127.0.0.1");
  (server.transport.server as http.Server).on("connection", (s: Socket) => sockets.add(s));
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => colyseus.shutdown());
beforeEach(() => clearWrongCodes());

const from = (ip: string) => ({ "x-forwarded-for": ip });

async function api(path: string, ip: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...from(ip), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text.startsWith("{") || text.startsWith("[") ? JSON.parse(text) : text };
}

const createTable = (ip: string, options: Record<string, unknown> = {}) => api("/api/games", ip, { body: { botDelayMs: 0, ...options } });
const liveTables = async () => (await matchMaker.query({ name: "new_angeles" })).length;

/**
 * Sends `total` bytes of body in 64 KB writes, with a Content-Length or chunked, and resolves with the
 * answer's status and how many bytes the server's socket had read when it answered.
 */
function sendBody(path: string, total: number, chunked: boolean): Promise<{ status: number; serverRead: number }> {
  return new Promise((resolve, reject) => {
    const before = new Set(sockets);
    const headers: Record<string, string | number> = { "content-type": "application/json" };
    if (!chunked) headers["content-length"] = total;
    const req = http.request(`${BASE}${path}`, { method: "POST", headers });
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const pump = () => {
      while (!answered && sent < total) {
        const part = piece.subarray(0, Math.min(piece.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      const mine = [...sockets].filter((s) => !before.has(s));
      const serverRead = Math.max(0, ...mine.map((s) => s.bytesRead));
      res.resume();
      resolve({ status: res.statusCode!, serverRead });
      req.destroy();
    });
    req.on("error", (e) => { if (!answered) reject(e); });
    pump();
  });
}

describe("request bodies", () => {
  const EIGHT_MB = 8 * 1024 * 1024;
  for (const path of ["/matchmake/joinById/someRoom", "/matchmake/joinOrCreate/new_angeles", "/api/games", "/healthz"]) {
    // Behaviour, not speed: the answer is 413 and the server's own socket read no more than the limit
    // (plus what one read of the socket brings), so it neither waited for nor held the 8 MB. (Timing
    // the answer or the test process's heap, which the server shares, measured the machine's load.)
    it(`answers 413 to 8 MB on ${path}, declared or chunked, without reading it`, async () => {
      for (const chunked of [false, true]) {
        const r = await sendBody(path, EIGHT_MB, chunked);
        expect(r.status, `chunked: ${chunked}`).toBe(413);
        expect(r.serverRead, `chunked: ${chunked}`).toBeLessThan(BODY_LIMIT + 256 * 1024);
      }
    }, 30_000);
  }

  it("still reads a body under the limit, chunked or not", async () => {
    const r = await sendBody("/api/games", 8 * 1024, true);
    expect(r.status).toBe(400); // spaces are not JSON: read, parsed, refused as such
  });
});

describe("tables per address", () => {
  it("refuses a table over the hourly count of the address, with 429 and a message", async () => {
    const ip = "10.0.1.1";
    // bots-only tables start at once, so the lobby limit does not come first
    for (let i = 0; i < LIMITS.tablesPerAddressPerHour; i++) {
      expect((await createTable(ip, { bots: 4, botDelayMs: 60_000 })).status).toBe(201);
    }
    const refused = await createTable(ip, { bots: 4, botDelayMs: 60_000 });
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("too-many-tables");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await createTable("10.0.1.2")).status).toBe(201); // another address is not concerned
  });

  it("refuses a table while the address has its lobby tables waiting, and accepts one when a table goes", async () => {
    const ip = "10.0.2.1";
    const made = [];
    for (let i = 0; i < LIMITS.lobbyTablesPerAddress; i++) {
      const r = await createTable(ip);
      expect(r.status).toBe(201);
      made.push(r.json.roomId as string);
    }
    const refused = await createTable(ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("too-many-lobby-tables");
    await matchMaker.getLocalRoomById(made[0]!)!.disconnect();
    expect((await createTable(ip)).status).toBe(201);
  });

  it("refuses concurrent creations from one address beyond its lobby limit", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => createTable("10.0.3.1")));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(LIMITS.lobbyTablesPerAddress);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - LIMITS.lobbyTablesPerAddress);
  });

  it("refuses any table once the server holds its maximum of live tables", async () => {
    let n = 0;
    let last;
    do last = await createTable(`10.0.4.${++n}`); while (last.status === 201 && n < 100);
    expect(last.status).toBe(429);
    expect(last.json.error.code).toBe("server-full");
    expect(await liveTables()).toBe(LIMITS.maxTables);
    for (const room of await matchMaker.query({ name: "new_angeles" })) await matchMaker.getLocalRoomById(room.roomId)?.disconnect();
    expect((await createTable("10.0.4.200")).status).toBe(201);
  });
});

describe("websockets per address", () => {
  function open(ip: string): Promise<{ ws?: WebSocket; status?: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${PORT}/`, { headers: from(ip) });
      ws.on("open", () => resolve({ ws }));
      ws.on("unexpected-response", (_req, res) => resolve({ status: res.statusCode }));
      ws.on("error", () => resolve({ status: -1 }));
    });
  }

  it("refuses the upgrade with 429 over the limit, and admits again when one closes", async () => {
    const held = [];
    for (let i = 0; i < LIMITS.websocketsPerAddress; i++) {
      const r = await open("10.0.5.1");
      expect(r.ws).toBeDefined();
      held.push(r.ws!);
    }
    expect((await open("10.0.5.1")).status).toBe(429);
    const other = await open("10.0.5.2");
    expect(other.ws).toBeDefined();
    other.ws!.close();
    held[0]!.terminate();
    await new Promise((r) => setTimeout(r, 100));
    const again = await open("10.0.5.1");
    expect(again.ws).toBeDefined();
    for (const ws of [...held, again.ws!]) ws.terminate();
  });
});

describe("seat reservations", () => {
  it("needs the table's code, and are capped per address", async () => {
    const { json: table } = await createTable("10.0.6.1");
    const room = matchMaker.getLocalRoomById(table.roomId) as any;
    const reserve = (ip: string, code?: string) => api(`/matchmake/joinById/${table.roomId}`, ip, { body: code ? { code, spectator: true } : {} });
    for (let i = 0; i < 8; i++) expect((await reserve(`10.0.6.${10 + i}`)).status).toBe(403); // no code
    expect((await reserve("10.0.6.30", "AAAAA-AAAAA")).status).toBe(403); // a wrong one
    expect(Object.keys(reservedSeatsOf(room))).toHaveLength(0);
    for (let i = 0; i < LIMITS.reservationsPerAddress; i++) expect((await reserve("10.0.6.40", table.code)).status).toBe(200);
    const refused = await reserve("10.0.6.40", table.code);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatch(/Too many seat requests/);
    expect(Object.keys(reservedSeatsOf(room))).toHaveLength(LIMITS.reservationsPerAddress);
  });
});

describe("wrong invite codes", () => {
  const WRONG = "AAAAA-AAAAA";

  it("counts each attempt before the lookup: of many concurrent wrong codes, only the limit gets an answer", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, () => api(`/api/games/${WRONG}`, "10.0.7.1")));
    expect(answers.filter((a) => a.status === 404)).toHaveLength(LIMITS.wrongCodesPerMinute);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(60 - LIMITS.wrongCodesPerMinute);
  });

  it("never throttles a right code, on the lobby or the seat reservation", async () => {
    const { json: table } = await createTable("10.0.8.1");
    for (let i = 0; i < LIMITS.wrongCodesPerMinute; i++) await api(`/api/games/${WRONG}`, "10.0.8.2");
    expect((await api(`/api/games/${WRONG}`, "10.0.8.2")).status).toBe(429);
    expect((await api(`/matchmake/joinById/${table.roomId}`, "10.0.8.2", { body: { code: WRONG } })).status).toBe(429);
    expect((await api(`/api/games/${table.code}`, "10.0.8.2")).status).toBe(200);
    expect((await api(`/matchmake/joinById/${table.roomId}`, "10.0.8.2", { body: { code: table.code, spectator: true } })).status).toBe(200);
  });

  it("counts IPv6 addresses by their /64", async () => {
    for (let i = 0; i < LIMITS.wrongCodesPerMinute; i++) expect((await api(`/api/games/${WRONG}`, `2001:db8:1:2::${i + 1}`)).status).toBe(404);
    expect((await api(`/api/games/${WRONG}`, "2001:db8:1:2:ffff:ffff:ffff:ffff")).status).toBe(429);
    expect((await api(`/api/games/${WRONG}`, "2001:db8:1:3::1")).status).toBe(404);
  });

  it("has a ceiling for everyone together", async () => {
    for (let i = 0; i < LIMITS.wrongCodesPerMinuteGlobal; i++) expect((await api(`/api/games/${WRONG}`, `10.0.9.${i + 1}`)).status).toBe(404);
    const refused = await api(`/api/games/${WRONG}`, "10.0.9.200");
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe("too-many-wrong-codes");
  });
});

describe("/metrics", () => {
  it("renders a few times per address in 10 s, then answers 429", async () => {
    const statuses = [];
    for (let i = 0; i < 12; i++) statuses.push((await api("/metrics", "10.0.11.1")).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await api("/metrics", "10.0.11.2")).status).toBe(200);
  });
});

describe("headers", () => {
  it("sends a Content-Security-Policy and the other security headers on every answer", async () => {
    // (the page itself is checked in a browser: tests/e2e)
    for (const path of ["/healthz", "/api/games", "/matchmake/joinById/nope"]) {
      const r = await api(path, "10.0.10.1", path.startsWith("/matchmake") ? { body: {} } : {});
      const csp = r.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("script-src 'self'");
      expect(r.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(r.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(r.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("sends CORS headers only to a configured origin, on the lobby and the matchmaking routes", async () => {
    for (const path of ["/api/games", "/matchmake/joinById/nope"]) {
      const body = path.startsWith("/matchmake") ? {} : undefined;
      const stranger = await api(path, "10.0.10.2", { body, headers: { origin: "https://evil.example" } });
      expect(stranger.headers.get("access-control-allow-origin"), path).toBeNull();
      const friend = await api(path, "10.0.10.2", { body, headers: { origin: FRIEND } });
      expect(friend.headers.get("access-control-allow-origin"), path).toBe(FRIEND);
      const preflight = await fetch(`${BASE}${path}`, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
      expect(preflight.headers.get("access-control-allow-origin"), path).toBeNull();
    }
  });
});
