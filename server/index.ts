// The server process: one port for HTTP and WebSocket. Games live in the store (SQLite in DATA_DIR, or
// PostgreSQL): at start the unfinished ones are restored, and SIGTERM closes rooms and store cleanly.
import fs from "node:fs";
import { readConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createServer } from "./app.ts";
import { instanceName, openStore } from "./store/index.ts";
import { keepClaims, restoreGames, runStartedAt } from "./rooms/restore.ts";
import { keepSweeping } from "./rooms/deadlines.ts";

const config = readConfig();
// Tests only: CLOCK_OFFSET_MS sets the clock ahead; CLOCK_FILE holds an offset a test moves while the
// process runs (read again every 20 ms).
let clockOffsetMs = config.clockOffsetMs;
if (config.clockFile) {
  const file = config.clockFile;
  const read = () => {
    const n = Number(fs.readFileSync(file, "utf8"));
    if (Number.isFinite(n) && n >= 0) clockOffsetMs = n;
  };
  read();
  setInterval(() => { try { read(); } catch { /* being written: the next look */ } }, 20).unref();
}
// This run's start by the store's clock (set ahead by CLOCK_OFFSET_MS in tests): the store compares it
// with its leases to give a restarted process its own games back at once.
const startedAt = Date.now() + clockOffsetMs;
runStartedAt(startedAt);
const logger = createLogger(config.logLevel);
const store = await openStore({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  instance: instanceName(config.publicAddress, config.port, config),
  leaseMs: config.gameLeaseSeconds * 1000,
  clockOffsetMs: config.clockFile ? () => clockOffsetMs : clockOffsetMs,
});
// Turn-based tables' banks run on this clock (CLOCK_OFFSET_MS sets it ahead in tests, as the store's).
const clock = () => Date.now() + clockOffsetMs;
const server = createServer({
  logger, clock, store, redisUrl: config.redisUrl, publicAddress: config.publicAddress,
  limits: config.limits, roomLimits: config.roomLimits, trustProxy: config.trustProxy, corsOrigins: config.corsOrigins,
  nudges: process.env.NUDGES === "off" ? false : { everyMs: config.nudgePassMs },
  botThreads: config.botThreads,
});

let claims: { stop(): void } | null = null;
let deadlines: { stop(): void } | null = null;
// On SIGTERM, first stop taking new connections: behind the proxy, new requests go to the other
// processes at once (a refused connection is retried there) while this one hands its games over.
server.onBeforeShutdown(async () => {
  (server.transport.server as import("node:http").Server | undefined)?.close();
});
// Colyseus runs this on SIGTERM/SIGINT after every room has been disposed (and has flushed its writes).
server.onShutdown(async () => {
  claims?.stop();
  deadlines?.stop();
  await server.notifier?.stop();
  await server.botThinker?.stop();
  await store.releaseLeases().catch((err) => logger.warn({ err }, "could not release game claims"));
  await store.close();
  logger.info("game store closed");
  await server.access.close().catch(() => {});
});

// A port already taken (another server, an earlier one still stopping): said, and the process exits 1, so
// that a supervisor sees the failure.
await server.listen(config.port).catch((err: NodeJS.ErrnoException) => {
  logger.fatal({ err, port: config.port }, `cannot listen on port ${config.port} (${err.code})`);
  process.exit(1);
});
logger.info({ port: config.port, store: store.kind, instance: store.instance, redis: Boolean(config.redisUrl) },
  `New Angeles server listening on http://localhost:${config.port}`);
const restored = await restoreGames(store, logger, startedAt);
if (restored.length > 0) logger.info({ games: restored.length }, "unfinished games restored");
claims = keepClaims(store, logger, startedAt, config.parkedGameDays * 24 * 3600_000);
deadlines = keepSweeping(store, logger, clock, config.turnSweepMs ?? config.turnSweepSeconds * 1000);
