// The fuzzer's server, in a worker thread of its own (server/scripts/fuzz/main.ts starts it): the fuzzer's
// thousands of client messages are then not the server's work, and /healthz answers as the server
// alone can. The fuzzer asks this thread, by message, what only the server knows: whether each game
// still keeps its invariants and replays to itself, and how far the honest tables have come.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Writable } from "node:stream";
import pino from "pino";
import { matchMaker } from "@colyseus/core";
import { createServer } from "../../app.ts";
import { openStore } from "../../store/index.ts";
import { TALK_ROW_BYTES, clearWrongCodes, talkSpent, type Limits } from "../../access/throttle.ts";
import { checkInvariants, legal, replay, type GameState } from "../../engine/index.ts";
import { makeRandom } from "../../bots/random.ts";
import { ROOM_NAME } from "../../../shared/room-protocol.ts";
import type { RoomLimits } from "../../table/limits.ts";
import { restoreGames } from "../../rooms/restore.ts";
import { harmlessRefusal, type LogEntry } from "./refusals.ts";

/** What the fuzzer hears from here: a problem (counted there), or the answer to one of its calls. */
export type FromServer =
  | { type: "problem"; kind: "crashes" | "invariantViolations"; text: string }
  | { type: "answer"; id: number; result?: unknown; error?: string };
/** The state of an honest table: gone, or its status and number of accepted commands. */
export type TableReport = { gone: true } | { gone: false; status: string; commands: number; pending: string; pendingAttacker: boolean };
/** An attacker's seat: the fuzzer names its attacking players "Mallory …" (honest.ts). */
const isAttacker = (name: string) => name.startsWith("Mallory");
/** The attackers' seats of a table ("Mallory …"): trade proposals stored for each, and its open ones. */
export type TradeReport = { seat: number; proposals: number; open: number }[];
/** A table's accepted commands: how many, and when the first and the last were stored (Date.now()). */
export type PaceReport = { commands: number; first: number; last: number; status: string } | null;
/** What the fuzzer hands this thread. */
export interface ServerData {
  port: number;
  seed: number;
  roomLimits: RoomLimits;
  /** The limits of what one address may do (Access's). */
  limits: Limits;
  /** A restart: the store of the thread that was stopped, whose unfinished games are restored at start. */
  restartFrom?: string;
}
/** What the thread says once it listens: its store, and after a restart the games it restored. */
export interface ServerReady { dataDir: string; restored: number }

const { port, seed, roomLimits, limits, restartFrom } = workerData as ServerData;
const post = (m: FromServer) => parentPort!.postMessage(m);
const problem = (kind: "crashes" | "invariantViolations", text: string) => post({ type: "problem", kind, text });

// Colyseus prints some refusals on the console (a body it cannot parse); the log lines are judged below.
console.error = () => {};
console.warn = () => {};
console.info = () => {};
process.on("uncaughtException", (e) => problem("crashes", `uncaught in the server: ${e?.stack ?? e}`));
process.on("unhandledRejection", (e: any) => problem("crashes", `unhandled rejection in the server: ${e?.stack ?? e}`));

// Colyseus logs at error level every frame it cannot decode: refusals working as they should
// (refusals.ts tells them from the rest); any other error-level line means something broke inside the server.
let refusalsLogged = 0;
const logSink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as LogEntry;
        if (entry.level < 50) continue;
        if (harmlessRefusal(entry)) refusalsLogged++;
        else problem("crashes", `server error log: ${line}`);
      } catch { /* not JSON */ }
    }
    done();
  },
});

const startedAt = Date.now();
const dataDir = restartFrom ?? mkdtempSync(path.join(os.tmpdir(), "na-fuzz-"));
const store = await openStore({ dataDir, instance: "fuzz" });
// When each game's commands were stored (by invite code): the pace of bots-only tables is judged on it.
const commandTimes = new Map<string, { first: number; last: number }>();
const appendCommand = store.appendCommand.bind(store);
store.appendCommand = (code, seq, command, also) => {
  const now = Date.now();
  const t = commandTimes.get(code);
  if (t) t.last = now;
  else commandTimes.set(code, { first: now, last: now });
  return appendCommand(code, seq, command, also);
};
// The fuzzer's limits (server.ts: the defaults, one address's day of talk smaller); it believes one proxy, so each of the fuzzer's actors sends its own
// X-Forwarded-For, as people on the Internet have addresses of their own.
// Clients cannot choose a seed: each new table takes the next 128 bits (32 hex digits, as the server
// draws them) of a stream made from --seed; the fuzzer looks for them in everything its clients receive.
// The room limits are the fuzzer's (its bots wait at least 20 ms, so honest tables finish in a short run).
const gameSeeds = makeRandom(seed ^ 0x5eed_5eed);
const word = () => Math.floor(gameSeeds() * 2 ** 32).toString(16).padStart(8, "0");
const server = createServer({
  logger: pino({ level: "warn" }, logSink), store, trustProxy: 1,
  seeds: () => word() + word() + word() + word(),
  roomLimits, limits,
});
await server.listen(port, "127.0.0.1");

/**
 * The server judged by its own work (the fuzzer's verdict on it: main.ts), measured in this thread:
 * - turnMaxMs: the longest stretch of this thread's CPU time between two turns of its event loop (a
 *   timer every 5 ms): the work one turn did in one go. It does not grow while the thread waits for a
 *   core, so a busy machine does not move it.
 * - the event loop's delay (perf_hooks.monitorEventLoopDelay): how late its timers fire, p99 and max.
 *   This one is wall-clock time, so it does include waiting for a core.
 * The fuzzer's own calls into this thread (checking every game and replaying finished ones, in one go)
 * are not the server's work: turns that ran one are not counted, and the delay monitor is off meanwhile.
 */
let turnMaxMs = 0;
let turnCpu = process.threadCpuUsage();
let fuzzerWork = 0;
let fuzzerWorkSinceTick = false;
setInterval(() => {
  const cpu = process.threadCpuUsage();
  if (!fuzzerWorkSinceTick) turnMaxMs = Math.max(turnMaxMs, (cpu.user + cpu.system - turnCpu.user - turnCpu.system) / 1000);
  fuzzerWorkSinceTick = fuzzerWork > 0;
  turnCpu = cpu;
}, 5).unref();
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
/** Runs one of the fuzzer's own jobs here, outside the server's measured work. */
async function fuzzersOwn<T>(job: () => Promise<T>): Promise<T> {
  if (fuzzerWork++ === 0) loopDelay.disable();
  fuzzerWorkSinceTick = true;
  try {
    return await job();
  } finally {
    fuzzerWorkSinceTick = true;
    if (--fuzzerWork === 0) loopDelay.enable();
  }
}
/** The server's own work so far (see above), in ms. */
export interface LoopReport { turnMaxMs: number; delayP99Ms: number; delayMaxMs: number; delaySamples: number }
function loopReport(): LoopReport {
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { turnMaxMs: Math.round(turnMaxMs), delayP99Ms: ms(loopDelay.percentile(99)), delayMaxMs: ms(loopDelay.max), delaySamples: loopDelay.count };
}

function liveRoom(roomId: string): { game: GameState | null; replayLog(): Promise<any>; commandCount(): number; state: any; seatsBySeat?: Map<number, any>; seed?: unknown } | undefined {
  return matchMaker.getLocalRoomById(roomId) as any;
}

const replayed = new Set<string>();

/** Checks every live game, and reports on the honest tables. */
async function inspect(honestRoomIds: string[]): Promise<Record<string, TableReport>> {
  for (const cache of await matchMaker.query({ name: ROOM_NAME } as any)) {
    const room = liveRoom(cache.roomId);
    if (!room?.game) continue;
    const broken = checkInvariants(room.game);
    if (broken.length) problem("invariantViolations", `room ${cache.roomId}: ${broken.slice(0, 3).join("; ")}`);
    if (room.game.result && !replayed.has(cache.roomId)) {
      replayed.add(cache.roomId);
      const log = await room.replayLog();
      try {
        const again = replay({ players: log.players, seed: log.seed, variant: log.variant, commands: log.commands });
        if (JSON.stringify(again) !== JSON.stringify(room.game)) problem("invariantViolations", `room ${cache.roomId}: its replay log does not rebuild its game`);
      } catch (e) {
        problem("invariantViolations", `room ${cache.roomId}: replay failed: ${String(e)}`);
      }
    }
  }
  const tables: Record<string, TableReport> = {};
  for (const id of honestRoomIds) {
    const room = liveRoom(id);
    if (!room) { tables[id] = { gone: true }; continue; }
    const pending = (room.game as any)?.pending;
    const seat = pending ? room.seatsBySeat?.get(pending.seat) : null;
    tables[id] = {
      gone: false,
      status: room.state.status,
      commands: room.commandCount(),
      pendingAttacker: !!seat && isAttacker(seat.name),
      pending: `stage ${(room.game as any)?.stage}, pending ${JSON.stringify(pending)}, `
        + `that seat: ${JSON.stringify(seat && { name: seat.name, bot: seat.bot, connected: seat.connected, botControlled: seat.botControlled })}, `
        + `its legal: ${pending ? JSON.stringify(legal(room.game!, pending.seat).filter((l) => !l.type.startsWith("trade-"))) : "-"}`,
    };
  }
  return tables;
}

/** Each attacker seat's trade proposals stored so far and its open proposals, by room. */
async function trades(roomIds: string[]): Promise<Record<string, TradeReport>> {
  const reports: Record<string, TradeReport> = {};
  for (const id of roomIds) {
    const room = liveRoom(id);
    if (!room?.game) continue;
    const commands = (await room.replayLog()).commands as { seat: number; command: { type: string } }[];
    reports[id] = [...(room.seatsBySeat?.values() ?? [])].filter((s) => isAttacker(s.name)).map((s) => ({
      seat: s.seat as number,
      proposals: commands.filter((c) => c.seat === s.seat && c.command.type === "trade-propose").length,
      open: room.game!.trades.filter((t) => t.from === s.seat).length,
    }));
  }
  return reports;
}

/** How many commands each table has stored, and when its first and last were. */
function pace(roomIds: string[]): Record<string, PaceReport> {
  const reports: Record<string, PaceReport> = {};
  for (const id of roomIds) {
    const room = liveRoom(id);
    const times = room && commandTimes.get(room.state.code);
    reports[id] = room && times ? { commands: room.commandCount(), first: times.first, last: times.last, status: room.state.status } : null;
  }
  return reports;
}

/** Whether this is the seed of a live game not yet over (then no client may have seen it). */
async function secretSeed(candidate: string): Promise<string | null> {
  for (const cache of await matchMaker.query({ name: ROOM_NAME } as any)) {
    const room = liveRoom(cache.roomId);
    if (room && String(room.seed).toLowerCase() === candidate.toLowerCase() && room.state.status !== "finished") return `${room.state.code} (${room.state.status})`;
  }
  return null;
}

/** A table's seed, for the fuzzer's checks that it stays where it is. */
function seedOf(roomId: string): string | null {
  const room = liveRoom(roomId);
  return room ? String(room.seed) : null;
}

/**
 * What the store keeps of each table's talk (identity.ts): bytes (text and sender of each line, and its
 * row), and the most lines of one chat channel; and each live room's spectators.
 */
async function talkStored(codes: string[]): Promise<Record<string, { bytes: number; lines: number; mostInChannel: number }>> {
  const reports: Record<string, { bytes: number; lines: number; mostInChannel: number }> = {};
  for (const code of codes) {
    const chat = (await store.chat(code, 1_000_000)).lines;
    const whispers = await store.whispers(code);
    const texts = [...chat.map((l) => l.text + l.from), ...whispers.map((w) => w.text + w.fromName)];
    reports[code] = {
      bytes: texts.reduce((n, t) => n + Buffer.byteLength(t) + TALK_ROW_BYTES, 0),
      lines: texts.length,
      mostInChannel: Math.max(chat.filter((l) => l.seat < 0).length, chat.filter((l) => l.seat >= 0).length),
    };
  }
  return reports;
}

const calls: Record<string, (...args: any[]) => Promise<unknown>> = {
  talkStored: (codes: string[]) => fuzzersOwn(() => talkStored(codes)),
  talkSpent: async () => Object.fromEntries(talkSpent()),
  spectators: async (id: string) => liveRoom(id)?.state.spectators ?? null,
  inspect: (ids: string[]) => fuzzersOwn(() => inspect(ids)),
  trades: (ids: string[]) => fuzzersOwn(() => trades(ids)),
  pace: (ids: string[]) => fuzzersOwn(async () => pace(ids)),
  secretSeed: (candidate: string) => fuzzersOwn(() => secretSeed(candidate)),
  seedOf: async (id: string) => seedOf(id),
  loop: async () => loopReport(),
  clearWrongCodes: () => clearWrongCodes(),
  refusalsLogged: async () => refusalsLogged,
  shutdown: async () => {
    await Promise.race([server.gracefullyShutdown(false).catch((e) => problem("crashes", `shutdown failed: ${String(e)}`)), new Promise((r) => setTimeout(r, 10_000))]);
    await store.close().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  },
};

parentPort!.on("message", async (m: { id: number; method: string; args: unknown[] }) => {
  try {
    post({ type: "answer", id: m.id, result: await calls[m.method]!(...m.args) });
  } catch (e) {
    post({ type: "answer", id: m.id, error: String((e as Error)?.stack ?? e) });
  }
});
// After a restart, the unfinished games come back as `npm start` brings them back (server/index.ts).
const restored = restartFrom ? await restoreGames(store, pino({ level: "warn" }, logSink), startedAt) : [];
post({ type: "answer", id: 0, result: { dataDir, restored: restored.length } satisfies ServerReady });
