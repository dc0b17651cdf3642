// The process's configuration, read once from the environment (see contract.md).
import path from "node:path";
import { DEFAULT_ROOM_LIMITS, MAX_OPEN_TRADES, type RoomLimits } from "./table/limits.ts";
import { DEFAULT_LIMITS, type Limits } from "./access/throttle.ts";

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicAddress: string | undefined;
  /** This process's name for its claims on games, when PUBLIC_ADDRESS is not it (INSTANCE_NAME). */
  instanceName: string | undefined;
  /** Seconds a process's claim on its games lasts unless renewed (another process takes them over after). */
  gameLeaseSeconds: number;
  logLevel: string;
  /** What a table lets its players do (trade pace, open proposals) and the least bot delay. */
  roomLimits: RoomLimits;
  /** What one address (and everyone together) may hold or do; see Limits. */
  limits: Limits;
  /** How many proxies in front of the server append to X-Forwarded-For (0: the socket's peer is the client). */
  trustProxy: number;
  /** Origins other than the page's own that may call the HTTP API from a browser (CORS). */
  corsOrigins: string[];
  /** Days a parked game may stay untouched before it is closed for good (PARKED_GAME_DAYS). */
  parkedGameDays: number;
  /** Tests only (CLOCK_OFFSET_MS): the store's clock runs this far ahead, to come back "a day later" at once. */
  clockOffsetMs: number;
  /** Seconds between two looks for turn-based deadlines that have come (TURN_SWEEP_SECONDS). */
  turnSweepSeconds: number;
  /** Threads the bots think on (BOT_THREADS, 0 or 1): with 0 they think in the tables' own thread. */
  botThreads: number;
  /**
   * Tests only (CLOCK_FILE): a file holding the clock's offset (ms, as CLOCK_OFFSET_MS), read again every
   * few milliseconds, so that a test moves a running process's time; with it, TURN_SWEEP_MS and
   * NUDGE_PASS_MS set how often deadlines and nudges are looked for (ms).
   */
  clockFile: string | undefined;
  turnSweepMs: number | undefined;
  nudgePassMs: number | undefined;
}

/** Each limit and the environment variable that sets it (README: Environment). */
export const LIMIT_SETTINGS: Record<keyof Limits, string> = {
  tablesPerAddressPerHour: "TABLES_PER_ADDRESS_PER_HOUR",
  lobbyTablesPerAddress: "LOBBY_TABLES_PER_ADDRESS",
  maxTables: "MAX_TABLES",
  websocketsPerAddress: "WEBSOCKETS_PER_ADDRESS",
  reservationsPerAddress: "SEAT_RESERVATIONS_PER_ADDRESS",
  wrongCodesPerMinute: "WRONG_CODES_PER_MINUTE",
  wrongCodesPerMinuteGlobal: "WRONG_CODES_PER_MINUTE_GLOBAL",
  spectatorsPerTable: "SPECTATORS_PER_TABLE",
  spectatorsPerAddress: "SPECTATORS_PER_ADDRESS",
  talkBytesPerAddressPerDay: "TALK_BYTES_PER_ADDRESS_PER_DAY",
  unfinishedConnectionsPerAddress: "UNFINISHED_CONNECTIONS_PER_ADDRESS",
};

function count(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be a whole number (at least ${min}), got "${raw}"`);
  return n;
}

/** A whole number from the environment within [min, max], or the default when unset. */
function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return n;
}

function readRoomLimits(env: NodeJS.ProcessEnv): RoomLimits {
  const d = DEFAULT_ROOM_LIMITS;
  return {
    tradeProposalsPerMinute: intSetting(env, "TRADE_PROPOSALS_PER_MINUTE", d.tradeProposalsPerMinute, 1, 600),
    openTradesPerSeat: intSetting(env, "TRADE_OPEN_PER_SEAT", d.openTradesPerSeat, 1, MAX_OPEN_TRADES),
    botDelayMinMs: intSetting(env, "BOT_DELAY_MIN_MS", d.botDelayMinMs, 0, 60_000),
    stepSecondsMin: intSetting(env, "STEP_SECONDS_MIN", d.stepSecondsMin, 0, 3600),
    timedPassSeconds: intSetting(env, "TIMED_PASS_SECONDS", d.timedPassSeconds, 1, 120),
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 2567);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const gameLeaseSeconds = Number(env.GAME_LEASE_SECONDS || 60);
  if (!(gameLeaseSeconds >= 1)) throw new Error(`GAME_LEASE_SECONDS must be a number of seconds (at least 1), got "${env.GAME_LEASE_SECONDS}"`);
  const limits = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_SETTINGS) as (keyof Limits)[]) limits[key] = count(env, LIMIT_SETTINGS[key], DEFAULT_LIMITS[key]);
  const corsOrigins = (env.CORS_ORIGINS ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new Error(`CORS_ORIGINS must list origins such as https://example.org, got "${origin}"`);
  }
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicAddress: env.PUBLIC_ADDRESS || undefined,
    instanceName: env.INSTANCE_NAME || undefined,
    gameLeaseSeconds,
    logLevel: env.LOG_LEVEL ?? "info",
    roomLimits: readRoomLimits(env),
    limits,
    trustProxy: count(env, "TRUST_PROXY", 0, 0),
    corsOrigins,
    parkedGameDays: intSetting(env, "PARKED_GAME_DAYS", 30, 1, 3650),
    clockOffsetMs: intSetting(env, "CLOCK_OFFSET_MS", 0, 0, 3650 * 24 * 3600_000),
    turnSweepSeconds: intSetting(env, "TURN_SWEEP_SECONDS", 10, 1, 3600),
    botThreads: intSetting(env, "BOT_THREADS", 1, 0, 1),
    clockFile: env.CLOCK_FILE || undefined,
    turnSweepMs: env.TURN_SWEEP_MS ? intSetting(env, "TURN_SWEEP_MS", 0, 10, 3600_000) : undefined,
    nudgePassMs: env.NUDGE_PASS_MS ? intSetting(env, "NUDGE_PASS_MS", 0, 10, 3600_000) : undefined,
  };
}
