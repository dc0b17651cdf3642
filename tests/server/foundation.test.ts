import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, bootServer } from "../room/helpers.ts";
import { ROOM_NAME } from "../../shared/room-protocol.ts";

let colyseus: ColyseusTestServer;

beforeAll(async () => {
  colyseus = await bootServer();
});
beforeEach(async () => colyseus.cleanup());
afterAll(async () => colyseus.shutdown());

describe("the server process", () => {
  it("answers GET /healthz with status ok", async () => {
    const res = await fetch(`${BASE}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("lets a client join a table over a real socket through @colyseus/sdk and decode its state", async () => {
    const res = await fetch(`${BASE}/api/games`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 5 }),
    });
    const { code, roomId } = (await res.json()) as { code: string; roomId: string };
    const alice = await colyseus.sdk.joinById(roomId, { code, name: "  Alice  " });
    await alice.waitForInitialState();
    const state = alice.state as any;
    expect(state.seatCount).toBe(5);
    expect(state.seats.get("0")?.name).toBe("Alice");
    await alice.leave();
  });

  it("refuses to create a room without an invite code (tables are made over HTTP)", async () => {
    await expect(colyseus.createRoom(ROOM_NAME, {})).rejects.toThrow(/invite code/i);
  });
});
