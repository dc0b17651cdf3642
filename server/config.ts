// The process's configuration, read once from the environment (see contract.md).
import path from "node:path";
import { DEFAULT_ROOM_LIMITS, MAX_OPEN_TRADES, type RoomLimits } from "./rooms/limits.ts";

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicAddress: string | undefined;
  /** Seconds a process's claim on its games lasts unless renewed (another process takes them over after). */
  gameLeaseSeconds: number;
  logLevel: string;
  /** What a table lets its players do (trade pace, open proposals) and the least bot delay. */
  roomLimits: RoomLimits;
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
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 2567);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const gameLeaseSeconds = Number(env.GAME_LEASE_SECONDS || 60);
  if (!(gameLeaseSeconds >= 1)) throw new Error(`GAME_LEASE_SECONDS must be a number of seconds (at least 1), got "${env.GAME_LEASE_SECONDS}"`);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicAddress: env.PUBLIC_ADDRESS || undefined,
    gameLeaseSeconds,
    logLevel: env.LOG_LEVEL ?? "info",
    roomLimits: readRoomLimits(env),
  };
}
