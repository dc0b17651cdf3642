// Real services for the persistence tests, started by the test run on 127.0.0.1: a throwaway
// PostgreSQL cluster (Debian's initdb/pg_ctl), redis-server, and game server processes.
// Each start returns null when the service cannot run here, unless REQUIRE_SERVICES=1 (CI), where
// a missing service is a failure. Everything started is stopped by stopAll() (call it in afterAll).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, it } from "vitest";
import { freePort } from "../../server/scripts/lib/free-port.ts";
export { freePort };

const required = process.env.REQUIRE_SERVICES === "1";
const cleanups: (() => void | Promise<void>)[] = [];

export async function stopAll(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch {
      // keep stopping the others
    }
  }
}

function missing(what: string): null {
  if (required) throw new Error(`REQUIRE_SERVICES=1 but ${what}`);
  return null;
}

export async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// ---- PostgreSQL -------------------------------------------------------------------------------

function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : null;
}

/** A service the test run reaches; `stop` is there when the test run started it itself (not a given URL). */
export interface Service { url: string; stop?: () => Promise<void> }

/** DATABASE_URL if given; else a new cluster in a temp dir on a free port. */
export async function startPostgres(): Promise<Service | null> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const bin = postgresBin();
  if (!bin) return missing("PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb) and DATABASE_URL is unset");
  const dir = tempDir("na-pg-");
  const data = path.join(dir, "data");
  // initdb refuses to run as root: then the cluster belongs to the postgres system user.
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: "pipe", timeout: 60_000 });
  };
  if (asRoot) execFileSync("chown", ["postgres:postgres", dir]);
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  // fsync off: a throwaway cluster need not survive a power cut (the server's own writes still commit).
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  run("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "-t", "60", "start"]);
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
  };
  cleanups.push(stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}

// ---- Redis ------------------------------------------------------------------------------------

/** REDIS_URL if given; else redis-server on a free port, with no persistence of its own. */
export async function startRedis(): Promise<Service | null> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL };
  const found = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((f) => fs.existsSync(f));
  if (!found) return missing("redis-server is not installed and REDIS_URL is unset");
  const port = await freePort();
  const child = spawn(found, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  track(child);
  await waitFor(() => ping(port), 10_000, "redis-server");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  };
  return { url: `redis://127.0.0.1:${port}`, stop };
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (d) => { socket.destroy(); resolve(d.toString().startsWith("+PONG")); });
    socket.on("error", () => resolve(false));
  });
}

// ---- game server processes --------------------------------------------------------------------

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string | null>;
}

function track(child: ChildProcess): void {
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
}

/** `node server/index.ts` (Node 22 from node_modules/.bin) with its own environment, ready when /healthz answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const node = path.resolve("node_modules/.bin/node");
  const child = spawn(node, ["server/index.ts"], {
    // Bots at full speed (the tests' tables ask for botDelayMs 0): the floor is for the public's tables.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", LOG_LEVEL: "info", BOT_DELAY_MIN_MS: "0", ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  let output = "";
  child.stdout!.on("data", (d) => { output += d; });
  child.stderr!.on("data", (d) => { output += d; });
  // "close", not "exit": the process's last lines are read only once its output is closed
  const exited = new Promise<number | string | null>((resolve) => child.on("close", (code, signal) => resolve(code ?? signal)));
  const server: ServerProcess = { port, child, output: () => output, exited };
  let ready = false;
  const died = exited.then((code) => {
    if (!ready) throw new Error(`the server exited (${code}) before it was ready:\n${output}`);
  });
  await Promise.race([
    waitFor(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 30_000, `the server on port ${port}`),
    died,
  ]).catch((e) => {
    throw new Error(`${(e as Error).message}\n${output}`);
  });
  ready = true;
  return server;
}

/**
 * What a real-process test of stored games runs on: SQLite, and PostgreSQL when a cluster can start here
 * (without it, a named skip says `what` is not run on it; under REQUIRE_SERVICES=1 the run fails instead);
 * `dataDir`, the file's own data folder, removed after it.
 */
export async function storedGameDatabases(prefix: string, what: string): Promise<{ dataDir: string; databases: [string, Record<string, string>][] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const postgres = await startPostgres();
  const databases: [string, Record<string, string>][] = [["SQLite", {}]];
  if (postgres) databases.push(["PostgreSQL", { DATABASE_URL: postgres.url }]);
  else it.skip(`${what} on PostgreSQL (no PostgreSQL here: set DATABASE_URL or install postgresql)`, () => {});
  return { dataDir, databases };
}
