// The fuzzer's server, in a worker thread of its own (server/scripts/fuzz.ts starts it): the fuzzer's
// thousands of client messages are then not the server's work, and /healthz answers as the server
// alone can. The fuzzer asks this thread, by message, what only the server knows: whether each game
// still keeps its invariants and replays to itself, and how far the honest tables have come.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { Writable } from "node:stream";
import pino from "pino";
import { matchMaker } from "@colyseus/core";
import { createServer } from "../app.ts";
import { openStore } from "../store/index.ts";
import { clearWrongCodes } from "../lobby/throttle.ts";
import { checkInvariants, legal, replay, type GameState } from "../engine/index.ts";
import { makeRandom } from "../bots/random.ts";
import { ROOM_NAME } from "../../shared/room-protocol.ts";

/** What the fuzzer hears from here: a problem (counted there), or the answer to one of its calls. */
export type FromServer =
  | { type: "problem"; kind: "crashes" | "invariantViolations"; text: string }
  | { type: "answer"; id: number; result?: unknown; error?: string };
/** The state of an honest table: gone, or its status and number of accepted commands. */
export type TableReport = { gone: true } | { gone: false; status: string; commands: number; pending: string };

const { port, seed } = workerData as { port: number; seed: number };
const post = (m: FromServer) => parentPort!.postMessage(m);
const problem = (kind: "crashes" | "invariantViolations", text: string) => post({ type: "problem", kind, text });

// Colyseus prints some refusals on the console (a body it cannot parse); the log lines are judged below.
console.error = () => {};
console.warn = () => {};
console.info = () => {};
process.on("uncaughtException", (e) => problem("crashes", `uncaught in the server: ${e?.stack ?? e}`));
process.on("unhandledRejection", (e: any) => problem("crashes", `unhandled rejection in the server: ${e?.stack ?? e}`));

/**
 * Colyseus logs at error level every frame it cannot decode: those are refusals working as they should
 * (the room's own refusals of a join or a table are info lines). Any other error-level line means
 * something broke inside the server.
 */
const EXPECTED_ERROR_LOGS = [
  /msgpackr|MessagePack|Unknown extension type|Data read, but end of buffer|couldn't decode message/, // a garbled frame, dropped
  /^Max payload size exceeded/, // a frame over 4 KB: ws closes that connection
];
let refusalsLogged = 0;
const logSink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string; stack?: string } };
        if (entry.level < 50) continue;
        const text = `${entry.msg ?? ""} ${entry.err?.stack ?? entry.err?.message ?? ""}`;
        if (EXPECTED_ERROR_LOGS.some((re) => re.test(text))) refusalsLogged++;
        else problem("crashes", `server error log: ${line}`);
      } catch { /* not JSON */ }
    }
    done();
  },
});

const dataDir = mkdtempSync(path.join(os.tmpdir(), "na-fuzz-"));
const store = await openStore({ dataDir, instance: "fuzz" });
// The server's default limits; it believes one proxy, so each of the fuzzer's actors sends its own
// X-Forwarded-For, as people on the Internet have addresses of their own.
// Clients cannot choose a seed: each new table takes the next number of a stream made from --seed.
// Bots wait at least 20 ms (the public floor is higher), so honest tables with bots finish in a short run.
const gameSeeds = makeRandom(seed ^ 0x5eed_5eed);
const server = createServer({
  logger: pino({ level: "warn" }, logSink), store, trustProxy: 1,
  seeds: () => Math.floor(gameSeeds() * 2 ** 32),
  roomLimits: { botDelayMinMs: 20 },
});
await server.listen(port, "127.0.0.1");

function liveRoom(roomId: string): { game: GameState | null; replayLog(): any; state: any; seatsBySeat?: Map<number, any> } | undefined {
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
      const log = room.replayLog();
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
      commands: room.replayLog().commands.length,
      pending: `stage ${(room.game as any)?.stage}, pending ${JSON.stringify(pending)}, `
        + `that seat: ${JSON.stringify(seat && { name: seat.name, bot: seat.bot, connected: seat.connected, botControlled: seat.botControlled })}, `
        + `its legal: ${pending ? JSON.stringify(legal(room.game!, pending.seat).filter((l) => !l.type.startsWith("trade-"))) : "-"}`,
    };
  }
  return tables;
}

const calls: Record<string, (...args: any[]) => Promise<unknown>> = {
  inspect: (ids: string[]) => inspect(ids),
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
post({ type: "answer", id: 0, result: "listening" });
