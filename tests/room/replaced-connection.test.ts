// A seat taken back with its seat token (a reload, another device) is gone for good from the connection
// it was taken from: that connection is closed, a dropped one may not come back with its reconnection
// token, and neither hears anything of the seat again.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { randomCommand } from "../../server/bots/random.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

/** A game under way with Alice at seat 0 and bots that keep playing (and so keep changing her secrets). */
async function aliceAtATable() {
  const { code, roomId, room } = await createTable({ seats: 4, bots: 3, botDelayMs: 50, graceSeconds: 600 });
  const alice = await join(colyseus, roomId, { code, name: "Alice" });
  await until(() => stateOf(alice).status === "playing" && stateOf(alice).seats["0"]?.secret?.seatToken, 5000, "the start");
  return { code, roomId, room, alice, token: stateOf(alice).seats["0"].secret.seatToken as string };
}

/** The seat's new connection plays a move (its secrets change), and the table moves on for a moment. */
async function playOn(room: NewAngelesRoom, client: SDKRoom): Promise<void> {
  await until(() => randomCommand(tableOf(client).legal, () => 0.3) !== null, 10_000, "a decision of Alice's");
  const commands = room.commandCount();
  client.send("command", randomCommand(tableOf(client).legal, () => 0.3));
  await until(async () => (await room.replayLog()).commands.slice(commands).some((c) => c.seat === 0), 5000, "Alice's move");
  await new Promise((r) => setTimeout(r, 300));
}

/** Every byte sent to a session from now on, with Alice's secrets at that moment. */
function bytesAfter(room: NewAngelesRoom, wire: ReturnType<typeof recordWire>, sessionId: string, from: number) {
  return wire.messages.slice(from).filter((m) => m.sessionId === sessionId);
}

describe("a connection replaced by a seat-token join", () => {
  it("cannot come back with its reconnection token after it dropped, and hears nothing of the seat", async () => {
    const { code, roomId, room, alice, token } = await aliceAtATable();
    const wire = recordWire(() => room);
    try {
      const oldSession = alice.sessionId;
      const oldReconnectionToken = alice.reconnectionToken;
      alice.reconnection.enabled = false;
      room.clients.getById(oldSession)!.leave(4010); // dropped, not left: the server allows a reconnection
      await until(() => (room as any).seatsBySeat.get(0).connected === false, 5000, "the drop");

      const again = await join(colyseus, roomId, { code, seatToken: token });
      expect(stateOf(again).seats["0"].secret.seatToken).toBe(token);
      const from = wire.messages.length;

      let back: SDKRoom | null = null;
      await expect(colyseus.sdk.reconnect(oldReconnectionToken).then((r) => { back = r; return r; })).rejects.toThrow();
      await playOn(room, again);
      expect(bytesAfter(room, wire, oldSession, from)).toEqual([]);
      expect((room as any).seatsBySeat.get(0).sessionId).toBe(again.sessionId);
      expect(stateOf(again).seats["0"].connected).toBe(true);
      await (back as SDKRoom | null)?.leave();
      await again.leave();
    } finally {
      wire.stop();
    }
  });

  it("closes a live connection for good when another takes its seat", async () => {
    const { code, roomId, room, alice, token } = await aliceAtATable();
    const wire = recordWire(() => room);
    try {
      const oldSession = alice.sessionId;
      const oldReconnectionToken = alice.reconnectionToken;
      let closedWith = 0;
      alice.onLeave((code) => { closedWith = code; });

      const again = await join(colyseus, roomId, { code, seatToken: token });
      const from = wire.messages.length;
      await until(() => closedWith !== 0, 5000, "the old connection closed");
      expect(closedWith).toBe(4000);
      await expect(colyseus.sdk.reconnect(oldReconnectionToken)).rejects.toThrow();
      await playOn(room, again);
      expect(bytesAfter(room, wire, oldSession, from)).toEqual([]);
      expect(room.clients.getById(oldSession)).toBeUndefined();
      await again.leave();
    } finally {
      wire.stop();
    }
  });
});
