// A variant the engine cannot play never makes a table: POST /api/games refuses it before any room
// exists, and the host's settings message refuses it too (issue #14: a next-district cycle hung the
// process, and again at every restart).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import { BASE, bootServer, createTable, join, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { ROOM_NAME } from "../../shared/room-protocol.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

const post = async (body: unknown) => {
  const res = await fetch(BASE + "/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
};

const CYCLES = [
  { "1": { next: 2 }, "2": { next: 1 } },
  Object.fromEntries(catalog.districts.map((d) => [String(d.id), { next: d.id }])),
];

describe("variants the engine cannot play", () => {
  it("are refused by POST /api/games with 400 bad-options before any table exists", async () => {
    for (const districtOverrides of CYCLES) {
      for (const bots of [0, 4]) {
        const res = await post({ seats: 4, bots, variant: { districtOverrides } });
        expect(res.status, JSON.stringify(districtOverrides)).toBe(400);
        expect(res.body.error.code).toBe("bad-options");
        expect(res.body.error.message).toMatch(/districtOverrides.*The Root/);
      }
    }
    for (const variant of [{ tokenPools: { illness: 2, extra: 1 } }, { districtOverrides: { "4": { next: 4, colour: "red" } } }]) {
      const res = await post({ variant });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect(res.body.error.code).toBe("bad-options");
    }
    expect(await matchMaker.query({ name: ROOM_NAME })).toHaveLength(0);
    const health = await fetch(BASE + "/healthz");
    expect(health.status).toBe(200);
  });

  it("are refused in the host's settings, and the table keeps its playable variant", async () => {
    const { code, roomId, room } = await createTable({ seats: 4 });
    const host = await join(colyseus, roomId, { code, name: "Host" });
    const errors: { code: string; message: string }[] = [];
    host.onMessage("error", (e) => errors.push(e));
    host.send("host", { action: "settings", variant: { districtOverrides: CYCLES[0] } });
    await until(() => errors.length === 1);
    expect(errors[0]!.code).toBe("bad-variant");
    expect(errors[0]!.message).toMatch(/The Root/);
    expect((room as any).options.variant).toEqual({});
    host.send("host", { action: "start" });
    await until(() => (room as any).game !== null);
    await host.leave();
  });

  it("refuse __proto__, constructor and prototype keys at any depth, over HTTP and in the host's settings", async () => {
    const raw = ['{"variant":{"__proto__":{"eventTurns":{}}}}', '{"variant":{"eventTurns":{"__proto__":3}}}', '{"variant":{"constructor":{"prototype":{}}}}',
      '{"variant":{"districtOverrides":{"4":{"__proto__":{"next":4}}}}}'];
    for (const body of raw) {
      const res = await fetch(BASE + "/api/games", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(res.status, body).toBe(400);
      expect(((await res.json()) as any).error.message, body).toMatch(/cannot hold the key "(__proto__|constructor)"/);
    }
    expect(await matchMaker.query({ name: ROOM_NAME })).toHaveLength(0);
    const { code, roomId, room } = await createTable({ seats: 4 });
    const host = await join(colyseus, roomId, { code, name: "Host" });
    const errors: { code: string; message: string }[] = [];
    host.onMessage("error", (e) => errors.push(e));
    host.send("host", { action: "settings", variant: JSON.parse('{"eventTurns":{"__proto__":2}}') });
    await until(() => errors.length === 1);
    // (msgpack may decode the key away: then the record it leaves is refused as it stands)
    expect(errors[0]!.message).toMatch(/__proto__|eventTurns/);
    expect((room as any).options.variant).toEqual({});
    await host.leave();
  });
});
