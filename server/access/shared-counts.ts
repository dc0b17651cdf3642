// The per-address counts of Access (throttle.ts) kept in Redis, when several processes share one
// (REDIS_URL): each limit then holds for all of them together, as it would for one process.
//
// - Rates (wrong codes, tables per hour) are rate-limiter-flexible's RateLimiterRedis (throttle.ts).
// - Open websockets: a hash per address, one field per process holding some; a process's fields count
//   only while its heartbeat key lives (HEARTBEAT_MS, refreshed every third of it), so a process that
//   dies without closing its sockets stops counting within seconds.
// - Open seat reservations: a sorted set per address of reservations by expiry time (Redis's clock);
//   expired ones are dropped at each count, so nothing outlives RESERVATION_SECONDS.
// - Tables in the lobby: a set per address of the rooms it made, pruned against the shared room listing,
//   under one lock for all processes (a table creation at a time, as in one process; the lock expires).
// - Bytes of talk in an address's day: a counter per address, expiring a day after its first line.
// Every key expires by itself. A Redis error falls back to this process's own counts (throttle.ts).
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";

const PREFIX = "na:limits:";
/** A process whose heartbeat key is older than this no longer counts (it died). */
export const HEARTBEAT_MS = 15_000;
/** How long a table creation may hold the lock before another process may take it. */
const CREATE_LOCK_MS = 10_000;
/** How long a waiting creation asks again for the lock. */
const LOCK_POLL_MS = 15;
/** The lobby tables of an address are forgotten this long after its last table (rooms idle out long before). */
const LOBBY_KEY_MS = 24 * 3600_000;

const OPEN_SOCKET = `
local h = redis.call('HGETALL', KEYS[1])
local total = 0
for i = 1, #h, 2 do
  if h[i] ~= ARGV[1] and redis.call('EXISTS', ARGV[4] .. h[i]) == 0 then
    redis.call('HDEL', KEYS[1], h[i])
  else
    total = total + tonumber(h[i + 1])
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

const CLOSE_SOCKET = `
if redis.call('HINCRBY', KEYS[1], ARGV[1], -1) <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 1`;

/** KEYS: the address's reservations; ARGV: limit, seconds, member. Returns 1 when reserved. */
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
local untilMs = now + tonumber(ARGV[2]) * 1000
redis.call('ZADD', KEYS[1], untilMs, ARGV[3])
redis.call('PEXPIREAT', KEYS[1], untilMs)
return 1`;

/** KEYS: the address's reservations, the session's address; ARGV: placeholder, session id, seconds, address key. */
const NAME_RESERVATION = `
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZREM', KEYS[1], ARGV[1])
if score then
  redis.call('ZADD', KEYS[1], score, ARGV[2])
  redis.call('SET', KEYS[2], ARGV[4], 'PX', tonumber(ARGV[3]) * 1000)
end
return 1`;

/** KEYS: the session's address; ARGV: session id, reservations key prefix. */
const TAKE_RESERVATION = `
local key = redis.call('GET', KEYS[1])
if key then
  redis.call('ZREM', ARGV[2] .. key, ARGV[1])
  redis.call('DEL', KEYS[1])
end
return 1`;

/** KEYS: the address's talk counter; ARGV: bytes, a day in ms. Returns the bytes of every process together. */
const ADD_TALK = `
local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return n`;

const UNLOCK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** The counts that several processes share through Redis. */
export class SharedCounts {
  readonly redis: Redis;
  /** This process among the others (its heartbeat key and its fields in the websocket hashes). */
  readonly processId = randomBytes(8).toString("hex");
  /** Addresses this process holds websockets for, and how many: the heartbeat keeps their keys alive. */
  private held = new Map<string, number>();
  private heartbeat: NodeJS.Timeout;

  /** `roundTrip`: told the time of each command (the server's /metrics). */
  private roundTrip: (seconds: number) => void;

  constructor(url: string, roundTrip: (seconds: number) => void = () => {}) {
    this.roundTrip = roundTrip;
    // A command fails within a second when Redis is away: the caller falls back to its own counts.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000, lazyConnect: false });
    this.redis.on("error", () => {}); // reconnects by itself; each failed command is handled by its caller
    this.heartbeat = setInterval(() => void this.beat().catch(() => {}), HEARTBEAT_MS / 3);
    this.heartbeat.unref();
    void this.beat().catch(() => {});
  }

  /** Runs a command and records its round trip (/metrics). */
  private async timed<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await run();
    } finally {
      this.roundTrip((performance.now() - started) / 1000);
    }
  }

  private async beat(): Promise<void> {
    await this.timed(async () => {
      const was = await this.redis.set(`${PREFIX}alive:${this.processId}`, "1", "PX", HEARTBEAT_MS, "GET");
      if (this.held.size === 0) return;
      // After a gap in the heartbeats (Redis was away), other processes may have dropped this one's counts.
      const batch = this.redis.multi();
      for (const [key, n] of this.held) {
        if (was === null) batch.hset(`${PREFIX}ws:${key}`, this.processId, n);
        batch.pexpire(`${PREFIX}ws:${key}`, HEARTBEAT_MS * 2);
      }
      await batch.exec();
    });
  }

  /** One more websocket from this address, unless all processes together hold `limit` already. */
  async openSocket(key: string, limit: number): Promise<boolean> {
    const ok = await this.timed(() => this.redis.eval(OPEN_SOCKET, 1, `${PREFIX}ws:${key}`, this.processId, limit, HEARTBEAT_MS * 2, `${PREFIX}alive:`));
    if (ok === 1) this.held.set(key, (this.held.get(key) ?? 0) + 1);
    return ok === 1;
  }

  async closeSocket(key: string): Promise<void> {
    const left = (this.held.get(key) ?? 1) - 1;
    if (left > 0) this.held.set(key, left);
    else this.held.delete(key);
    await this.timed(() => this.redis.eval(CLOSE_SOCKET, 1, `${PREFIX}ws:${key}`, this.processId));
  }

  /** A placeholder reservation for this address (null over the limit); name it once made, or drop it. */
  async reserve(key: string, limit: number, seconds: number): Promise<string | null> {
    const placeholder = `pending:${randomBytes(8).toString("hex")}`;
    const ok = await this.timed(() => this.redis.eval(RESERVE, 1, `${PREFIX}resv:${key}`, limit, seconds, placeholder));
    return ok === 1 ? placeholder : null;
  }

  /** The reservation was made for this session: it counts until taken up (any process) or expired. */
  async nameReservation(key: string, placeholder: string, sessionId: string, seconds: number): Promise<void> {
    await this.timed(() => this.redis.eval(NAME_RESERVATION, 2, `${PREFIX}resv:${key}`, `${PREFIX}resv-of:${sessionId}`, placeholder, sessionId, seconds, key));
  }

  async dropReservation(key: string, placeholder: string): Promise<void> {
    await this.timed(() => this.redis.zrem(`${PREFIX}resv:${key}`, placeholder));
  }

  /** The websocket for this session arrived, on whichever process: its reservation no longer counts. */
  async reservationTaken(sessionId: string): Promise<void> {
    await this.timed(() => this.redis.eval(TAKE_RESERVATION, 1, `${PREFIX}resv-of:${sessionId}`, sessionId, `${PREFIX}resv:`));
  }

  /** Runs `inside` while holding the one table-creation lock of all processes (null: not had in time). */
  async whileCreating<T>(inside: () => Promise<T>, waitMs = CREATE_LOCK_MS): Promise<{ value: T } | null> {
    const token = randomBytes(8).toString("hex");
    const lock = `${PREFIX}creating`;
    const started = Date.now();
    while ((await this.timed(() => this.redis.set(lock, token, "PX", CREATE_LOCK_MS, "NX"))) !== "OK") {
      if (Date.now() - started > waitMs) return null;
      await new Promise((r) => setTimeout(r, LOCK_POLL_MS));
    }
    try {
      return { value: await inside() };
    } finally {
      await this.timed(() => this.redis.eval(UNLOCK, 1, lock, token)).catch(() => {});
    }
  }

  /** The rooms this address made that may still wait in the lobby. */
  async lobbyTables(key: string): Promise<string[]> {
    return this.timed(() => this.redis.smembers(`${PREFIX}lobby:${key}`));
  }

  async forgetLobbyTables(key: string, roomIds: string[]): Promise<void> {
    if (roomIds.length > 0) await this.timed(() => this.redis.srem(`${PREFIX}lobby:${key}`, ...roomIds));
  }

  async addLobbyTable(key: string, roomId: string): Promise<void> {
    await this.timed(() => this.redis.multi().sadd(`${PREFIX}lobby:${key}`, roomId).pexpire(`${PREFIX}lobby:${key}`, LOBBY_KEY_MS).exec());
  }

  /** Adds a line's bytes to this address's day of talk: what every process together has counted in it. */
  async addTalk(key: string, bytes: number, dayMs: number): Promise<number> {
    return Number(await this.timed(() => this.redis.eval(ADD_TALK, 1, `${PREFIX}talk:${key}`, bytes, dayMs)));
  }

  /** Leaves the shared counts (shutdown): this process's websockets stop counting at once. */
  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    try {
      await this.redis.del(`${PREFIX}alive:${this.processId}`);
    } finally {
      this.redis.disconnect();
    }
  }
}
