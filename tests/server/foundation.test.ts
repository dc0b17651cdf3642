import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { boot, type ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";

let colyseus: ColyseusTestServer;

beforeAll(async () => {
  colyseus = await boot(createServer({ logger: pino({ level: "silent" }) }));
});
beforeEach(async () => colyseus.cleanup());
afterAll(async () => colyseus.shutdown());

describe("the server process", () => {
  it("answers GET /healthz with status ok", async () => {
    const res = await fetch("http://127.0.0.1:2568/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("lets a client join a new_angeles room over a real socket and decode its state", async () => {
    const room = await colyseus.createRoom("new_angeles", { seats: 5 });
    const alice = await colyseus.connectTo(room, { name: "  Alice  " });
    const state = alice.state as any;
    expect(state.seats).toBe(5);
    expect(state.players.get(alice.sessionId)?.name).toBe("Alice");
    await alice.leave();
  });

  it("refuses a join without a name, with a clear message", async () => {
    const room = await colyseus.createRoom("new_angeles", {});
    await expect(colyseus.connectTo(room, { name: "   " })).rejects.toThrow(/name/i);
  });
});
