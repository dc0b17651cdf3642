// Test helpers for the game room: a booted server, tables made over HTTP, SDK clients that play
// legal moves, and a recorder of every byte the server sends to each client.
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import { tapFrames } from "../../server/rooms/colyseus-internals.ts";
import { Room as SDKRoomClass, type Room as SDKRoom } from "@colyseus/sdk";
import pino from "pino";
import { createServer, type ServerOptions } from "../../server/app.ts";
import type { Notifier } from "../../server/notify/notify.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import type { RoomLimits } from "../../server/table/limits.ts";
import type { Seed } from "../../server/engine/index.ts";
import { answerTrade, makeRandom, randomCommand } from "../../server/bots/random.ts";
import type { ChatLine, ServerMessages } from "../../shared/room-protocol.ts";
import { unpackMultiple } from "msgpackr";
import { decodeLegal, decodeLogLine, decodeLogMessage, GameLogReader, readTable, type TableSnapshot, type WireTable } from "../../shared/wire/index.ts";
import type { LegalCommand } from "../../shared/protocol.ts";

/** The test server's port: TEST_PORT lets two checkouts run their tests side by side. */
export const PORT = Number(process.env.TEST_PORT ?? 2568);
export const BASE = `http://127.0.0.1:${PORT}`;

/**
 * The seed createTable() asks for: clients cannot choose a seed (POST /api/games refuses `seed`), so
 * tests fix it on the server side, through createServer's `seeds` switch, for the next table only.
 */
let nextSeed: Seed | undefined;

/**
 * A test server. Its bots may play at full speed (botDelayMs 0) and its deadlines be short: the floors
 * are for the public's tables. Every client of a test comes from 127.0.0.1, which may hold as many
 * spectators as a table takes.
 */
export async function bootServer(limits: Partial<RoomLimits> = {}): Promise<ColyseusTestServer> {
  const seeds = () => { const seed = nextSeed; nextSeed = undefined; return seed; };
  return (await startServer({ seeds, roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0, ...limits } })).colyseus;
}

/**
 * A test server as bootServer's, on the tests' port, with `options` added (they replace its own).
 * `env`: settings the server reads as it starts (mail, push), set only while it starts.
 */
export async function startServer(options: Partial<ServerOptions> = {}, env: Record<string, string> = {}): Promise<{ colyseus: ColyseusTestServer; notifier: Notifier | null; stop(): Promise<void> }> {
  Object.assign(process.env, env);
  try {
    const server = createServer({
      logger: pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" }),
      roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 }, ...options,
    });
    // @colyseus/testing's boot() ignores its port for a Server instance, so listen here. A port already
    // taken (another test run on this machine) fails here, naming it, not as a hang.
    await server.listen(PORT, "127.0.0.1").catch((e: NodeJS.ErrnoException) => {
      throw new Error(`the tests' port ${PORT} cannot be used (${e.code}): another test run on this machine? Set TEST_PORT to a free port.`);
    });
    const colyseus = new ColyseusTestServer(server);
    const stop = async () => {
      await server.notifier?.stop();
      await colyseus.shutdown();
    };
    return { colyseus, notifier: server.notifier, stop };
  } finally {
    for (const k of Object.keys(env)) delete process.env[k];
  }
}

/** A table made over HTTP; `seed` (tests only) is set on the server side, never sent. */
export async function createTable(options: Record<string, unknown> & { seed?: Seed } = {}): Promise<{ code: string; roomId: string; room: NewAngelesRoom }> {
  const { seed, ...asked } = options;
  nextSeed = seed;
  const res = await fetch(`${BASE}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ botDelayMs: 0, ...asked }),
  }).finally(() => { nextSeed = undefined; });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { code: string; roomId: string };
  return { ...body, room: matchMaker.getLocalRoomById(body.roomId) as unknown as NewAngelesRoom };
}

export async function join(colyseus: ColyseusTestServer, roomId: string, options: Record<string, unknown>): Promise<SDKRoom> {
  const room = await colyseus.sdk.joinById(roomId, options);
  room.onMessage("*", () => { /* messages a test does not listen to */ });
  await room.waitForInitialState();
  return room;
}

// The game log and the public chat travel as messages, not in the state (see ServerMessages["log"] and
// ["chat"]). Every SDK room made in a test records them, so that stateOf() shows the log where a player
// sees it, and chatOf() the chat lines as the client would show them.
const logs = new WeakMap<object, GameLogReader>();
const chats = new WeakMap<object, ChatLine[]>();
const connect = SDKRoomClass.prototype.connect;
SDKRoomClass.prototype.connect = function (this: SDKRoom, ...args: Parameters<typeof connect>) {
  const log = new GameLogReader();
  logs.set(this, log);
  const chat: ChatLine[] = [];
  chats.set(this, chat);
  this.onMessage("chat-history", (m: ServerMessages["chat-history"]) => { chat.splice(0, chat.length, ...m.lines); });
  this.onMessage("chat", (line: ServerMessages["chat"]) => {
    if (chat.length === 0 || line.seq > chat[chat.length - 1]!.seq) chat.push(line); // else it came with the history
  });
  this.onMessage("log", (m: ServerMessages["log"]) => { log.read(m); });
  this.onMessage("event", (e: ServerMessages["event"]) => { log.readEvent(e); });
  return connect.apply(this, args);
};

/**
 * The table as a client holds it, read through the one table reader (shared/wire): state, game log,
 * chat and its own seat, with every encoded field decoded into the engine's view shapes.
 */
export function tableOf(client: SDKRoom): TableSnapshot {
  const log = logs.get(client);
  return readTable((client.state as { toJSON(): WireTable }).toJSON(), { log: log?.lines, privateLog: log?.privateLines, chat: chats.get(client) });
}

/**
 * What a client's seat may send now, decoded (shared/wire) from the SDK's state objects as they are:
 * cheaper than tableOf() for a client that looks after every patch.
 */
export function legalOf(client: SDKRoom): LegalCommand[] {
  const seats = [...((client.state as any)?.seats?.values() ?? [])] as { seat: number; capital: number; assets?: string; secret?: { legal: string } }[];
  const me = seats.find((s) => s.secret) ?? null;
  return decodeLegal(me?.secret?.legal, seats, me);
}

/**
 * The decoded state of a client as the wire's plain JSON (encoded fields as sent), with the game log it
 * has received (public and private): for checks of the wire itself. Read tables with tableOf().
 */
export function stateOf(client: SDKRoom): any {
  const json = (client.state as any).toJSON();
  const log = logs.get(client);
  json.log = log ? [...log.lines] : [];
  for (const seat of Object.values(json.seats ?? {}) as any[]) if (seat.secret) seat.secret.log = log ? [...log.privateLines] : [];
  return json;
}

/** The public chat lines a client holds, oldest first (history, then each new line once). */
export function chatOf(client: SDKRoom): ChatLine[] {
  return [...(chats.get(client) ?? [])];
}

/** Waits until `check` holds (it may read something first: a room's replay log is the store's). */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000, what = "condition"): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** autoplay's least time between two commands: at most ~67 messages a second, well under the room's limit. */
const PLAY_PAUSE_MS = 15;

/**
 * Makes an SDK client answer every decision it owes with a random legal command, until stopped; with
 * `enough`, it sends nothing while that says so.
 */
export function autoplay(client: SDKRoom, seed: number, enough: () => boolean = () => false): { stop(): void; errors: { code: string; message: string }[]; sent: number } {
  const random = makeRandom(seed);
  const result = { stop: () => { stopped = true; }, errors: [] as { code: string; message: string }[], sent: 0 };
  let stopped = false;
  let inFlight = false;
  let lastSent = 0;
  const act = () => {
    if (stopped || inFlight || enough()) return;
    if ((client.state as any).status !== "playing") return;
    // At most one command per PLAY_PAUSE_MS: the room drops a client that sends over 100 messages a
    // second (maxMessagesPerSecond), and against bots that play at once (each of their moves a patch
    // that ends the wait) an unpaced client reached that once the server became faster.
    const wait = lastSent + PLAY_PAUSE_MS - Date.now();
    if (wait > 0) return void setTimeout(act, wait);
    // A trade offered to this seat is answered first, as people do (a bot that proposed one waits on it).
    const legal = legalOf(client);
    const command = answerTrade(legal, random) ?? randomCommand(legal, random);
    if (command) {
      inFlight = true;
      lastSent = Date.now();
      result.sent++;
      client.send("command", command);
    }
  };
  // Any patch or refusal means the last command was handled: look again at what is legal now.
  client.onMessage("error", (e) => { result.errors.push(e); inFlight = false; setTimeout(act, 0); });
  client.onStateChange(() => { inFlight = false; setTimeout(act, 0); });
  setTimeout(act, 0);
  return result;
}

export interface WireMessage {
  sessionId: string;
  /**
   * The frame's bytes; a game log message's (or private event's) lines travel as phrase numbers (shared/wire/log-codec.ts), so
   * their words follow, each as a JSON string: a search of the bytes for an id (`"id"`) reads what the
   * client reads, and finds an id written anywhere in a line.
   */
  bytes: Buffer;
  /** What each seat secretly held when these bytes were sent (hand card ids, rival, investment). */
  secrets: { seat: number; hand: string[]; rival: string; investment: string | null }[];
}

const ROOM_DATA = 13;
/** A frame's bytes, and after them, for a `log` or `event` message, the words of its lines, as JSON strings. */
function withLogText(data: Uint8Array): Buffer {
  const bytes = Buffer.from(data);
  if ((data[0]! & 0x1f) !== ROOM_DATA) return bytes;
  const [type, payload] = unpackMultiple(bytes.subarray(1)) as [unknown, ServerMessages["log"]];
  let lines: string[];
  if (type === "log") {
    const text = decodeLogMessage(payload);
    lines = [...text.lines, ...(text.private ?? [])];
  } else if (type === "event") lines = [decodeLogLine((payload as unknown as ServerMessages["event"]).text)];
  else return bytes;
  const words = lines.flatMap((line) => line.split(/[\s,;:()!?]+|\.(?=\s|$)/));
  return Buffer.concat([bytes, Buffer.from(JSON.stringify(words))]);
}

/** Records every byte sent to every client, with the game's secrets at that moment. */
export function recordWire(roomOf: () => NewAngelesRoom | undefined): { messages: WireMessage[]; stop(): void } {
  const messages: WireMessage[] = [];
  const stop = tapFrames((sessionId, data) => {
    const game = (roomOf() as any)?.game;
    messages.push({
      sessionId,
      bytes: withLogText(data),
      secrets: game
        ? game.seats.map((p: any) => ({ seat: p.seat, hand: [...p.hand], rival: p.rival, investment: p.investment }))
        : [],
    });
  });
  return { messages, stop };
}

/**
 * A 4-seat table with two bots where Ann and Ben sit and a spectator watches, started, every byte sent
 * recorded: Ann's seat token with it (the secrecy checks look for it in what the others received).
 */
export async function annBenAndAWatcher(colyseus: ColyseusTestServer, seed: Seed) {
  const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed, graceSeconds: 600 });
  const wire = recordWire(() => room);
  const ann = await join(colyseus, roomId, { code, name: "Ann" });
  const ben = await join(colyseus, roomId, { code, name: "Ben" });
  const watcher = await join(colyseus, roomId, { code, spectator: true });
  await until(() => stateOf(ann).status === "playing", 10_000, "the start");
  const token: string = tableOf(ann).secret!.seatToken;
  return { code, roomId, room, wire, ann, ben, watcher, token };
}
