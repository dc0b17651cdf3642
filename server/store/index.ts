// Opens the game store the configuration asks for: PostgreSQL when DATABASE_URL is set, else SQLite
// in DATA_DIR. Also the one way a seat token is turned into what the store keeps.
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { PostgresStore } from "./postgres.ts";
import { SqliteStore } from "./sqlite.ts";
import type { GameStore } from "./types.ts";
import type { ClockOffset } from "./sql-store.ts";

export type { NewNudge, StoredNudge, NudgeSeat, PushSubscriptionRow, ContactLinkRefusal, StoredContactSeat, GameStore, StoredAdjournment, StoredGame, StoredSeat, StoredCommand, StoredChat, StoredChatLine, StoredPlayer, StoredRematch, StoredWhisper, StoredSeatKey, StoredSeatLink, SeatLinkRefusal, StoredClock, DueDeadline, StoredVacation, StoredVacations, VoteOpenings, Write } from "./types.ts";
export { StoreConflict, TALK_LINES_KEPT, TALK_PRUNE_EVERY, gameCommands } from "./types.ts";
export { timeStatements } from "./sql-store.ts";
export type { TakeBack } from "./types.ts";

/** A process that stops renewing its claim for this long (it crashed) loses its games to another process. */
export const LEASE_MS = 60_000;

export const SQLITE_FILE = "new-angeles.sqlite";

export async function openStore(options: {
  dataDir: string;
  databaseUrl?: string;
  /** Stable name of this process (PUBLIC_ADDRESS, or host:port): a restarted process takes its own games back at once. */
  instance: string;
  leaseMs?: number;
  /** Tests only: the store's clock runs this far ahead (a day later, without waiting a day); a function: read each time. */
  clockOffsetMs?: ClockOffset;
}): Promise<GameStore> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const offset = options.clockOffsetMs ?? 0;
  if (options.databaseUrl) return PostgresStore.open(options.databaseUrl, options.instance, leaseMs, offset);
  return new SqliteStore(path.join(options.dataDir, SQLITE_FILE), options.instance, leaseMs, offset);
}

/** A store that lives as long as the process (tests and tools that need no persistence). */
export function memoryStore(): GameStore {
  return new SqliteStore(":memory:", "memory", LEASE_MS);
}

/** The name of a process on SQLite without INSTANCE_NAME or PUBLIC_ADDRESS: the one process of its database. */
export const SQLITE_INSTANCE = "sqlite";

/**
 * The name this process claims its games under, the same across restarts so that it takes them back at
 * once: INSTANCE_NAME when set, else PUBLIC_ADDRESS; else, on SQLite, one name for every run: a SQLite
 * database serves one process, so whatever process opens it takes all its games (a re-created container
 * gets a new host name, a restored backup may sit in a new folder); else (PostgreSQL) host:port.
 */
export function instanceName(publicAddress: string | undefined, port: number, how: { instanceName?: string; databaseUrl?: string } = {}): string {
  if (how.instanceName) return how.instanceName;
  if (publicAddress) return publicAddress;
  if (!how.databaseUrl) return SQLITE_INSTANCE;
  return `${os.hostname()}:${port}`;
}

/** What the store keeps instead of a seat token. */
export function hashSeatToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
