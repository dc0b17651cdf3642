// The fuzzer's side of the server: it starts the server in a thread of its own (server-thread.ts),
// calls the thread's functions by message, and restarts it on its store at the end of the run.
import { Worker } from "node:worker_threads";
import type { FromServer, ServerData, ServerReady } from "./server-thread.ts";
import { freePort, sleep } from "../lib/clients.ts";
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from "../../table/limits.ts";
import { DEFAULT_LIMITS, type Limits } from "../../access/throttle.ts";
import { finish, problem, seconds, seed } from "./common.ts";

export const port = await freePort();
export const httpUrl = `http://127.0.0.1:${port}`;
export const wsUrl = `ws://127.0.0.1:${port}`;
/** The headers of a client at this address. */
export const from = (ip: string): Record<string, string> => ({ "x-forwarded-for": ip });

/** The server's limits on a table here: the defaults, but bots wait at least 20 ms (the public floor is higher) so that honest tables with bots finish within a short run. */
export const ROOM_LIMITS: RoomLimits = { ...DEFAULT_ROOM_LIMITS, botDelayMinMs: 20, stepSecondsMin: 1 };

/**
 * The server's limits on what one address may do here: the defaults, but one address's day of talk is
 * small enough that a short run reaches it (identity.ts's storage growth).
 */
export const LIMITS: Limits = { ...DEFAULT_LIMITS, talkBytesPerAddressPerDay: 12_000 };

const waiting = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();
let nextCall = 1;
/**
 * Starts the server in a thread of its own (server-thread.ts), so that the clients' work here is not its
 * own; resolves once it listens.
 */
export function startServer(data: ServerData): { thread: Worker; ready: Promise<ServerReady> } {
  const thread = new Worker(new URL("./server-thread.ts", import.meta.url), { workerData: data });
  thread.on("message", (m: FromServer) => {
    if (m.type === "problem") return problem(m.kind, m.text);
    const call = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.error !== undefined) call?.reject(new Error(m.error));
    else call?.resolve(m.result);
  });
  thread.on("error", (e) => problem("crashes", `the server thread died: ${e?.stack ?? e}`));
  const ready = new Promise<ServerReady>((resolve, reject) => waiting.set(0, { resolve, reject }));
  return { thread, ready };
}
const first = startServer({ port, seed, roomLimits: ROOM_LIMITS, limits: LIMITS });
export let serverThread = first.thread;
/** A server thread that does not answer a call in this long is stuck (an endless loop, say). */
export const SERVER_CALL_MS = 60_000;
/**
 * Calls one of the server thread's functions (server-thread.ts: calls). A stuck server thread is a hang:
 * the run stops there, with its figures, rather than waiting for ever.
 */
export function serverCall<T>(method: string, ...args: unknown[]): Promise<T> {
  const id = nextCall++;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      problem("hangs", `the server thread did not answer "${method}" in ${SERVER_CALL_MS / 1000} s`);
      finish();
    }, SERVER_CALL_MS);
    waiting.set(id, { resolve: (v) => { clearTimeout(timer); resolve(v); }, reject: (e) => { clearTimeout(timer); reject(e); } });
    serverThread.postMessage({ id, method, args });
  });
}
const { dataDir } = await first.ready;
console.log(`server on ${httpUrl} (in its own thread); fuzzing for ${seconds} s, seed ${seed}`);

/**
 * The server thread is stopped dead (as a process is by kill -9) and a new one starts on its store: it
 * must restore the unfinished games in good time (none broken: that would be an error log), answer
 * /healthz, and every restored game keep its invariants.
 */
export async function restart(): Promise<void> {
  await serverThread.terminate();
  const t0 = performance.now();
  const newPort = await freePort();
  const next = startServer({ port: newPort, seed, roomLimits: ROOM_LIMITS, limits: LIMITS, restartFrom: dataDir });
  serverThread = next.thread;
  const timeout = sleep(SERVER_CALL_MS).then(() => null);
  const ready = await Promise.race([next.ready, timeout]);
  if (!ready) {
    problem("hangs", `a restarted server did not listen and restore its games in ${SERVER_CALL_MS / 1000} s`);
    finish();
  }
  console.log(`restart: ${ready.restored} unfinished games restored in ${Math.round(performance.now() - t0)} ms`);
  const health = await fetch(`http://127.0.0.1:${newPort}/healthz`, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
  if (health !== 200) problem("crashes", `a restarted server answered /healthz with ${health}`);
  await serverCall("inspect", []); // every restored game's invariants
}
