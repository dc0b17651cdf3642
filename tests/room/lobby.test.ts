import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, bootServer, createTable, join, stateOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { CODE_ALPHABET, CODE_BITS, newInviteCode, normalizeCode } from "../../server/access/codes.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

async function getJson(path: string, init?: RequestInit) {
  const res = await fetch(BASE + path, init);
  return { status: res.status, body: (await res.json()) as any };
}
const post = (body: unknown) => getJson("/api/games", {
  method: "POST", headers: { "content-type": "application/json" }, body: typeof body === "string" ? body : JSON.stringify(body),
});

describe("invite codes", () => {
  it("carry at least 40 bits, avoid look-alike characters, and read back in any case", () => {
    expect(CODE_BITS).toBeGreaterThanOrEqual(40);
    for (const ch of "01ILOUV") expect(CODE_ALPHABET).not.toContain(ch);
    const code = newInviteCode();
    expect(normalizeCode(code.toLowerCase().replace("-", " "))).toBe(code);
    expect(normalizeCode("short")).toBeNull();
    expect(new Set(Array.from({ length: 2000 }, newInviteCode)).size).toBe(2000);
  });
});

describe("POST /api/games and GET /api/games/:code", () => {
  it("creates a table and finds it by its code, in any case", async () => {
    const created = await post({ seats: 5 });
    expect(created.status).toBe(201);
    expect(created.body.code).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
    const found = await getJson(`/api/games/${created.body.code.toLowerCase()}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ code: created.body.code, roomId: created.body.roomId, status: "lobby", seats: 5, players: [], spectators: 0 });
  });

  it("refuses bad options and bad JSON with a 400 error object", async () => {
    for (const body of [{ seats: 7 }, { bots: 9 }, { seats: 4, bots: 5 }, { stepSeconds: -1 }, { unknown: 1 }, { variant: { noSuchRule: true } }, "{not json"]) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBeTypeOf("string");
      expect(res.body.error.message).toBeTypeOf("string");
    }
  });

  it("answers an unknown code with 404 and slows down an address that keeps guessing", async () => {
    const first = await getJson("/api/games/ZZZZZ-ZZZZZ");
    expect(first.status).toBe(404);
    expect(first.body.error.code).toBe("unknown-code");
    let status = 404;
    for (let i = 0; i < 15 && status === 404; i++) status = (await getJson(`/api/games/${newInviteCode()}`)).status;
    expect(status).toBe(429);
  });

  it("lists public tables still in the lobby, and never private ones", async () => {
    const pub = await post({ private: false });
    const priv = await post({ private: true });
    const list = await getJson("/api/games");
    const codes = list.body.map((t: any) => t.code);
    expect(codes).toContain(pub.body.code);
    expect(codes).not.toContain(priv.body.code);
  });

  it("refuses the replay of a game that is not finished", async () => {
    const created = await post({});
    const res = await getJson(`/api/games/${created.body.code}/replay`);
    expect(res.status).toBe(403);
  });
});

describe("joining a table", () => {
  it("seats players by code with a trimmed name and sends each its seat token privately", async () => {
    const { code, roomId } = await createTable({ seats: 4 });
    const alice = await join(colyseus, roomId, { code, name: "  Alice  " });
    let seatMsg: any;
    alice.onMessage("seat", (m) => { seatMsg = m; });
    const bob = await join(colyseus, roomId, { code: code.toLowerCase(), name: "Bob" });
    await until(() => stateOf(alice).seats["1"] !== undefined);
    const s = stateOf(alice);
    expect(s.seats["0"].name).toBe("Alice");
    expect(s.seats["1"].name).toBe("Bob");
    expect(s.hostSeat).toBe(0);
    const info = await (await fetch(`${BASE}/api/games/${code}`)).json();
    expect(info.players.map((p: any) => p.name)).toEqual(["Alice", "Bob"]);
    void seatMsg;
    await alice.leave();
    await bob.leave();
  });

  it("refuses a wrong code, a bad name, a taken name and a full table with a clear message", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 2 });
    await expect(join(colyseus, roomId, { code: "ZZZZZ-ZZZZZ", name: "Eve" })).rejects.toThrow(/invite code/i);
    await expect(join(colyseus, roomId, { code, name: "   " })).rejects.toThrow(/name/i);
    await expect(join(colyseus, roomId, { code, name: "x".repeat(40) })).rejects.toThrow(/at most/i);
    await expect(join(colyseus, roomId, { code, name: "bot dex" })).rejects.toThrow(/kept for the server's bots/i);
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    await expect(join(colyseus, roomId, { code, name: " ALICE " })).rejects.toThrow(/taken/i);
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    await until(() => stateOf(alice).status === "playing");
    await expect(join(colyseus, roomId, { code, name: "Late" })).rejects.toThrow(/spectator/i);
    await alice.leave();
    await bob.leave();
  });

  it("lets anyone watch as a spectator, counts spectators, and refuses their game commands", async () => {
    const { code, roomId } = await createTable({ seats: 4 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(alice).spectators === 1);
    const errors: any[] = [];
    watcher.onMessage("error", (e) => errors.push(e));
    watcher.send("command", { type: "pass" });
    watcher.send("host", { action: "start" });
    await until(() => errors.length === 2);
    expect(errors.map((e) => e.code)).toEqual(["not-a-player", "not-host"]);
    await watcher.leave();
    await until(() => stateOf(alice).spectators === 0);
    await alice.leave();
  });

  it("lets the host add and remove bots and start early; empty seats get bots", async () => {
    const { code, roomId } = await createTable({ seats: 5 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    const errors: any[] = [];
    bob.onMessage("error", (e) => errors.push(e));
    bob.send("host", { action: "start" });
    await until(() => errors.length === 1);
    expect(errors[0].code).toBe("not-host");
    alice.send("host", { action: "add-bot" });
    await until(() => Object.keys(stateOf(alice).seats).length === 3);
    const botSeat = Object.values(stateOf(alice).seats).find((s: any) => s.bot) as any;
    alice.send("host", { action: "remove-bot", seat: botSeat.seat });
    await until(() => Object.keys(stateOf(alice).seats).length === 2);
    alice.send("host", { action: "start" });
    await until(() => stateOf(alice).status === "playing");
    const seats = Object.values(stateOf(alice).seats) as any[];
    expect(seats).toHaveLength(5);
    expect(seats.filter((s) => s.bot)).toHaveLength(3);
    await alice.leave();
    await bob.leave();
  });
});
