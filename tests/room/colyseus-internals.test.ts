// The private members of Colyseus the server leans on (server/rooms/colyseus-internals.ts): all there in
// the installed version; each one missing is named and stops the server from being made; what the room
// changes of them for the garbage collector's sake (a client's view, each patch's map of encodings); and
// the wire recorder that the secrecy tests trust really sees the frames of a client that received a state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Protocol } from "@colyseus/core";
import { WebSocketClient } from "@colyseus/ws-transport";
import type { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { StateView } from "@colyseus/schema";
import { checkColyseusInternals, clientView, missingInternals } from "../../server/rooms/colyseus-internals.ts";
import { allocationMeter } from "../../server/scripts/lib/allocation.ts";
import { bootServer, createTable, join, recordWire, until } from "./helpers.ts";

describe("Colyseus internals", () => {
  it("are all there in the installed Colyseus", () => {
    expect(missingInternals()).toEqual([]);
  });

  it("each one missing is named, and the check refuses", () => {
    class BareRoom {}
    const missing = missingInternals({ Room: BareRoom, WebSocketClient: class {}, WebSocket: class {}, SchemaSerializer: class {} });
    expect(missing.map((m) => m.split(" ")[0])).toEqual([
      "Room#sendFullState", "Room#setTimestep", "Room#_reserveSeat(sessionId,", "WebSocketClient#raw", "ws", "SchemaSerializer#encodedViews",
      "Room#_reservedSeats", "Room#_simulationInterval",
    ]);
    expect(() => checkColyseusInternals({ Room: BareRoom, WebSocketClient: class {}, WebSocket: class {}, SchemaSerializer: class {} })).toThrow(/Colyseus has changed under this server/);
  });

  it("a server is not made when one is gone (here the frames' send, which the empty-patch filter wraps)", () => {
    const proto = WebSocketClient.prototype as unknown as { raw?: unknown };
    const raw = proto.raw;
    delete proto.raw;
    try {
      expect(() => createServer({ logger: pino({ level: "silent" }) })).toThrow(/WebSocketClient#raw/);
    } finally {
      proto.raw = raw;
    }
    expect(typeof proto.raw).toBe("function");
  });
});

describe("a client's view", () => {
  it("clears its map of changes only when it holds some: an empty one's clearing allocates nothing", () => {
    const clears = 100_000;
    const allocated = (view: StateView) => {
      const meter = allocationMeter();
      for (let i = 0; i < clears; i++) view.changes.clear();
      return meter.stop();
    };
    // Colyseus's own view: V8 gives a map a new table each time it is cleared
    expect(allocated(new StateView())).toBeGreaterThan(clears * 32);
    expect(allocated(clientView())).toBeLessThan(256 * 1024);
    const view = clientView();
    view.changes.set(1, new Map());
    view.changes.clear();
    expect(view.changes.size).toBe(0);
  });
});

describe("a live room", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => { colyseus = await bootServer(); });
  afterAll(async () => { await colyseus.shutdown(); });

  it("keeps each patch's view encodings in a map made for that patch, not in one the room keeps", async () => {
    const { code, roomId, room } = await createTable({ seats: 4 });
    const serializer = () => (room as unknown as { _serializer: { encodedViews: Map<unknown, unknown> } })._serializer;
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    const before = serializer().encodedViews;
    const ben = await join(colyseus, roomId, { code, name: "Ben" });
    // Ben's arrival is a patch for Ann, encoded for her view.
    await until(() => Object.keys((ann.state as any).toJSON().seats).length === 2, 5_000, "Ann to see Ben");
    expect(serializer().encodedViews).toBeInstanceOf(Map);
    expect(serializer().encodedViews, "the map the room had before the patch").not.toBe(before);
    expect(serializer().encodedViews.size, "nothing kept after the patch").toBe(0);
    await ann.leave();
    await ben.leave();
  });

  it("shows the wire recorder the full state and the patches of every client that received a state", async () => {
    const { code, roomId, room } = await createTable({ seats: 4 });
    const wire = recordWire(() => room);
    try {
      const ann = await join(colyseus, roomId, { code, name: "Ann" });
      const ben = await join(colyseus, roomId, { code, name: "Ben" });
      // Ben's arrival changes the seats Ann sees: a patch for her.
      await until(() => Object.keys((ann.state as any).toJSON().seats).length === 2, 5_000, "Ann to see Ben");
      const codes = (sessionId: string) => wire.messages.filter((m) => m.sessionId === sessionId).map((m) => m.bytes[0]! & 0x1f);
      for (const client of [ann, ben]) {
        expect(client.state, "the client received a state").toBeDefined();
        expect(codes(client.sessionId), `frames recorded for ${client.sessionId}`).toContain(Protocol.ROOM_STATE);
      }
      expect(codes(ann.sessionId)).toContain(Protocol.ROOM_STATE_PATCH);
      await ann.leave();
      await ben.leave();
    } finally {
      wire.stop();
    }
  });
});
