// The process's configuration, read once from the environment (see contract.md).
import path from "node:path";

export interface Config {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicAddress: string | undefined;
  logLevel: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 2567);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    publicAddress: env.PUBLIC_ADDRESS || undefined,
    logLevel: env.LOG_LEVEL ?? "info",
  };
}
