// The process's configuration, read once from the environment (see contract.md).
import path from "node:path";

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicAddress: string | undefined;
  /** Seconds a process's claim on its games lasts unless renewed (another process takes them over after). */
  gameLeaseSeconds: number;
  logLevel: string;
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
  };
}
