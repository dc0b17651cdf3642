// Every member of Colyseus (and of ws beneath it) that the server uses although it is private or
// undocumented, behind one door. A minor upgrade that renamed one of them would not fail loudly: it would
// silently switch off the empty-patch filter (a secrecy property: a spectator would learn when something
// private happened), the corked writes, the room's quiet clock or the tests' wire recorder. So
// `checkColyseusInternals` runs when the server is made, and the server refuses to start when one of
// them is gone. The room, the bench and the tests reach these members only through this file.
import { Room, SchemaSerializer, type Client } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import { WebSocketClient } from "@colyseus/ws-transport";
import { WebSocket } from "ws";

type RawSend = (data: Uint8Array | Buffer, options?: unknown, cb?: unknown) => void;
type Corkable = { cork(): void; uncork(): void };

/** What the check looks at: the real classes, or stand-ins in the test that shows it refusing. */
export interface Internals {
  Room: { prototype: object; new (): object };
  WebSocketClient: { prototype: object };
  WebSocket: { prototype: object };
  SchemaSerializer: { prototype: object };
}

/** The name of each private member relied on, with what stops working without it; empty when all are there. */
export function missingInternals(parts: Internals = { Room: Room as unknown as Internals["Room"], WebSocketClient, WebSocket, SchemaSerializer }): string[] {
  const missing: string[] = [];
  const room = parts.Room.prototype as Record<string, unknown>;
  if (typeof room.sendFullState !== "function") {
    missing.push("Room#sendFullState (a returning player's view would send its changes twice)");
  }
  if (typeof room.setTimestep !== "function") missing.push("Room#setTimestep (the room's quiet clock)");
  if (typeof room._reserveSeat !== "function" || !/^async _reserveSeat\(sessionId, joinOptions[^,]*, authData[^,]*, seconds[^,]*, allowReconnection/.test(String(room._reserveSeat))) {
    missing.push("Room#_reserveSeat(sessionId, joinOptions, authData, seconds, allowReconnection) (the spectators' limits)");
  }
  if (typeof (parts.WebSocketClient.prototype as Record<string, unknown>).raw !== "function") {
    missing.push("WebSocketClient#raw (the empty-patch filter, a secrecy property; the wire recorder)");
  }
  const setSocket = (parts.WebSocket.prototype as Record<string, unknown>).setSocket;
  if (typeof setSocket !== "function" || !/this\._socket\s*=\s*socket/.test(String(setSocket))) {
    missing.push("ws WebSocket#_socket (one corked write per client)");
  }
  const serializer = parts.SchemaSerializer.prototype as Record<string, unknown>;
  if (typeof serializer.applyPatches !== "function" || !/this\.encodedViews\.get\(/.test(String(serializer.applyPatches))
    || typeof serializer.reset !== "function" || !/this\.encodedViews = /.test(String(serializer.reset))) {
    missing.push("SchemaSerializer#encodedViews (each patch's view encodings in a map of its own: less for the collector)");
  }
  let instance: Record<string, unknown> | null = null;
  try {
    instance = new parts.Room() as Record<string, unknown>;
  } catch {
    missing.push("new Room() (cannot look at a room's own members)");
  }
  if (instance) {
    if (typeof instance._reservedSeats !== "object" || instance._reservedSeats === null) {
      missing.push("Room#_reservedSeats (seat reservations counted by the limits' tests)");
    }
    if (!quietClockHolds(instance)) missing.push("Room#_simulationInterval (patchRate null with a timestep must start no 60-a-second ticker)");
  }
  return missing;
}

/**
 * The quiet clock (`quietClock`) relies on Colyseus starting no ticker of its own for `patchRate = null`
 * once a timestep runs (it checks `_simulationInterval`). Tried on a room that never opens: the
 * intervals it starts are recorded and stopped.
 */
function quietClockHolds(room: Record<string, unknown>): boolean {
  const started: { delay: number; id: NodeJS.Timeout }[] = [];
  const setInterval_ = globalThis.setInterval;
  globalThis.setInterval = ((fn: () => void, delay?: number) => {
    const id = setInterval_(fn, delay);
    started.push({ delay: delay ?? 0, id });
    return id;
  }) as typeof setInterval;
  try {
    if (typeof room.__init !== "function") return false;
    (room.__init as () => void).call(room);
    for (const s of started.splice(0)) clearInterval(s.id);
    quietClock(room as unknown as Room, 250);
    return started.length === 1 && started[0]!.delay === 250 && room._simulationInterval !== undefined;
  } catch {
    return false;
  } finally {
    globalThis.setInterval = setInterval_;
    for (const s of started) clearInterval(s.id);
  }
}

/** Refuses to go on when a member relied on is gone (createServer calls it). */
export function checkColyseusInternals(parts?: Internals): void {
  const missing = missingInternals(parts);
  if (missing.length > 0) {
    throw new Error(`Colyseus has changed under this server (an upgrade?); missing: ${missing.join("; ")}. `
      + "See server/rooms/colyseus-internals.ts before starting it.");
  }
}

/**
 * The room's clock ticks every `ms` and nothing else runs on a timer: with patchRate null and no
 * timestep Colyseus ticks each room's clock 60 times a second (3,000 callbacks a second per 50 tables).
 */
export function quietClock(room: Room, ms: number): void {
  room.setTimestep(() => {}, ms);
  room.patchRate = null;
}

type PatchSerializer = { encodedViews?: Map<unknown, unknown>; applyPatches(clients: unknown, state: unknown, timing: unknown): boolean };

/**
 * Each patch encodes the clients' views into a map made for that patch. Colyseus keeps one map per
 * room and clears it after each patch; once that map has outlived two young collections it sits in
 * the old generation, and V8 puts the tables it grows and clears there as well. A table cleared there
 * still points at the patch's encoded frames until the next full collection, so every young collection
 * meanwhile kept them and moved them to the old generation: a fifth of all the server promoted at
 * 1,000 tables (docs/performance.md, "What outlives a young collection"). A map made for the patch
 * is young, and what it held dies young with it.
 */
export function freshPatchViews(room: Room): void {
  const serializer = (room as unknown as { _serializer: PatchSerializer })._serializer;
  const apply = serializer.applyPatches;
  // the arguments named, not gathered: this runs for every patch of every table
  serializer.applyPatches = function (this: PatchSerializer, clients: unknown, state: unknown, timing: unknown) {
    if (this.encodedViews) this.encodedViews = new Map();
    return apply.call(this, clients, state, timing);
  };
}

/**
 * A client's view, whose map of pending changes is cleared only when it holds some. Colyseus clears
 * each view's map after every patch, and V8 clears a map by giving it a new table, made in the old
 * generation for a map that lives there (a view lives as long as its client): a table of garbage in the
 * old generation per client and patch, nearly always for a map that was empty already.
 */
export function clientView(): StateView {
  const view = new StateView();
  const changes = view.changes;
  const clear = changes.clear;
  changes.clear = function (this: Map<number, unknown>) {
    if (this.size > 0) clear.call(this);
  };
  return view;
}

/** Runs `after(client)` each time the room has sent a client its full state (private in Colyseus's types). */
export function afterFullState(room: Room, after: (client: Client) => void): void {
  const own = room as unknown as { sendFullState(client: Client): void };
  const send = own.sendFullState.bind(room);
  own.sendFullState = (client) => {
    send(client);
    after(client);
  };
}

/** A seat reservation as the room is asked to make it. */
export interface SeatReservation { sessionId: string; options: unknown; seconds: number | undefined; reconnecting: boolean }

/**
 * Runs `around` in place of each seat reservation the room makes: it may refuse (false) or call
 * `reserve` to make it as Colyseus would.
 */
export function aroundSeatReservations(room: Room, around: (reserve: () => Promise<boolean>, asked: SeatReservation) => Promise<boolean>): void {
  type Reserve = (sessionId: string, options?: unknown, authData?: unknown, seconds?: unknown, allowReconnection?: unknown, ...rest: unknown[]) => Promise<boolean>;
  const own = room as unknown as { _reserveSeat: Reserve };
  const reserve = own._reserveSeat.bind(room);
  own._reserveSeat = (sessionId, options, authData, seconds, allowReconnection, ...rest) =>
    around(() => reserve(sessionId, options, authData, seconds, allowReconnection, ...rest), {
      sessionId, options, seconds: typeof seconds === "number" ? seconds : undefined, reconnecting: allowReconnection === true,
    });
}

/** From now on this client is sent no frame that `drop` refuses (the class's own send, looked up at each call). */
export function dropFrames(client: Client, drop: (data: Uint8Array | Buffer) => boolean): void {
  // the arguments named, not gathered: this runs for every frame to every client
  (client as unknown as { raw: RawSend }).raw = function (this: Client, data: Uint8Array | Buffer, options?: unknown, cb?: unknown) {
    if (drop(data)) return;
    return ((Object.getPrototypeOf(this) as { raw: RawSend }).raw as RawSend).call(this, data, options, cb);
  };
}

/** The TCP socket under a client's websocket, to cork (undefined for a client without one). */
export function socketOf(client: Client): Corkable | undefined {
  return (client as { ref?: { _socket?: Corkable } }).ref?._socket;
}

/** The seat reservations a room holds, by session id. */
export function reservedSeatsOf(room: Room): Record<string, unknown> {
  return (room as unknown as { _reservedSeats: Record<string, unknown> })._reservedSeats;
}

/**
 * Sees every frame sent to any client of any room in this process, before it is sent (the tests' wire
 * recorder, the bench's byte counts). Returns the function that stops it.
 */
export function tapFrames(see: (sessionId: string, data: Uint8Array | Buffer) => void): () => void {
  const proto = WebSocketClient.prototype as unknown as { raw: RawSend };
  const original = proto.raw;
  proto.raw = function (this: WebSocketClient, data: Uint8Array | Buffer, options?: unknown, cb?: unknown) {
    see(this.sessionId, data);
    return original.call(this, data, options, cb);
  };
  return () => { proto.raw = original; };
}
