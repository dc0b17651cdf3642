// What one address may do, and everyone together: tables made per hour, tables waiting in the lobby,
// live tables in all, websockets held, seat reservations, wrong invite codes. One Access per server
// (createServer makes it from the settings). The counts are this process's own, or, with REDIS_URL,
// every process's together (shared-counts.ts): the limits then hold for all of them as for one.
//
// Addresses are grouped as a person usually holds them: an IPv4 address alone, an IPv6 address by its
// /64 prefix (one home or phone is given a whole /64, so a single address would cost nothing to change).
import { isIPv4, isIPv6 } from "node:net";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { SharedCounts } from "./shared-counts.ts";

export interface Limits {
  /** Tables one address may create in an hour. */
  tablesPerAddressPerHour: number;
  /** Tables created by one address that may wait in the lobby (not started, not gone) at once. */
  lobbyTablesPerAddress: number;
  /** Live tables on this process, whoever made them. */
  maxTables: number;
  /** Open websockets from one address. */
  websocketsPerAddress: number;
  /** Seat reservations (POST /matchmake/joinById) from one address not yet taken up by a websocket. */
  reservationsPerAddress: number;
  /** Wrong invite codes one address may try per minute (a right code is never refused). */
  wrongCodesPerMinute: number;
  /** Wrong invite codes from everyone together per minute. */
  wrongCodesPerMinuteGlobal: number;
  /** Spectators at one table (seats never count: a seat's holder always gets back in). */
  spectatorsPerTable: number;
  /** Spectators from one address at one table. */
  spectatorsPerAddress: number;
  /** Bytes of chat lines and private messages one address may have the store write in a day. */
  talkBytesPerAddressPerDay: number;
  /** Connections of one address that have not yet sent a whole request (or upgrade) at once. */
  unfinishedConnectionsPerAddress: number;
}

export const DEFAULT_LIMITS: Limits = {
  tablesPerAddressPerHour: 60,
  lobbyTablesPerAddress: 10,
  maxTables: 2000,
  websocketsPerAddress: 40,
  reservationsPerAddress: 20,
  wrongCodesPerMinute: 10,
  wrongCodesPerMinuteGlobal: 600,
  spectatorsPerTable: 50,
  spectatorsPerAddress: 5,
  talkBytesPerAddressPerDay: 2_000_000,
  unfinishedConnectionsPerAddress: 32,
};

/** What a chat line or private message costs the store beyond its text and sender's name (its row). */
export const TALK_ROW_BYTES = 40;
const DAY_MS = 24 * 3600_000;

/** Seconds a seat reservation lasts (Colyseus's default): an untaken one stops counting after this. */
export const RESERVATION_SECONDS = Number(process.env.COLYSEUS_SEAT_RESERVATION_TIME || 15);

/** A request refused because a limit is reached: the lobby answers 429 with the message. */
export class LimitRefusal extends Error {
  code: string;
  retryAfterSeconds: number;
  constructor(code: string, message: string, retryAfterSeconds = 0) {
    super(message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The key an address is counted under: IPv4 (also IPv4-mapped IPv6) as is, IPv6 by its /64. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return "unknown";
  let a = ip.trim().toLowerCase();
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  if (a.startsWith("::ffff:") && isIPv4(a.slice(7))) return a.slice(7);
  if (isIPv4(a)) return a;
  if (!isIPv6(a)) return a.slice(0, 64);
  const [head = "", tail] = a.split("::");
  const groups = (s: string) => (s ? s.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? h : [...h, ...Array(Math.max(0, 8 - h.length - t.length)).fill("0"), ...t];
  return all.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":") + "::/64";
}

const instances = new Set<Access>();

/** A rate of `points` per `duration` seconds: in Redis for all processes (this process's own while Redis is away), or in memory. */
function rate(shared: SharedCounts | null, name: string, points: number, duration: number): RateLimiterAbstract {
  const memory = new RateLimiterMemory({ points, duration });
  if (!shared) return memory;
  return new RateLimiterRedis({ storeClient: shared.redis, keyPrefix: `na:limits:${name}`, points, duration, insuranceLimiter: memory });
}

export class Access {
  readonly limits: Limits;
  /** The counts shared by every process through Redis, or null (this process's own). */
  private shared: SharedCounts | null;
  /** Told once each time a shared count fails and this process's own count is used instead. */
  private warn: (err: unknown) => void;
  /** Tests' clean slates: each one counts wrong codes under new keys. */
  private generation = 0;
  private wrongCodes: RateLimiterAbstract;
  private wrongCodesGlobal: RateLimiterAbstract;
  private tablesPerHour: RateLimiterAbstract;
  /** Open seat reservations per address, and each reservation's address and expiry timer by session. */
  private reserved = new Map<string, number>();
  private reservations = new Map<string, { key: string; timer: NodeJS.Timeout }>();
  /** Tables each address made, still counted against its lobby limit until they start or go. */
  private tablesBy = new Map<string, Set<string>>();
  private sockets = new Map<string, number>();
  /**
   * Bytes of talk each address has had stored in its current day (from its first line): by this process,
   * and (with Redis) by every process together as last heard.
   */
  private talkBytes = new Map<string, { since: number; bytes: number; everywhere: number }>();
  /** Table creations run one at a time, so that concurrent requests cannot pass the caps together. */
  private creating: Promise<unknown> = Promise.resolve();

  constructor(limits: Partial<Limits> = {}, shared: SharedCounts | null = null, warn: (err: unknown) => void = () => {}) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
    this.shared = shared;
    this.warn = warn;
    this.wrongCodes = rate(shared, "wrong:", this.limits.wrongCodesPerMinute, 60);
    this.wrongCodesGlobal = rate(shared, "wrong-all:", this.limits.wrongCodesPerMinuteGlobal, 60);
    this.tablesPerHour = rate(shared, "tables:", this.limits.tablesPerAddressPerHour, 3600);
    instances.add(this);
  }

  /** The shared count, or (Redis away) this process's own. */
  private async either<T>(shared: (s: SharedCounts) => Promise<T>, own: () => T | Promise<T>): Promise<T> {
    if (!this.shared) return own();
    try {
      return await shared(this.shared);
    } catch (err) {
      if (err instanceof LimitRefusal) throw err;
      this.warn(err);
      return own();
    }
  }

  // ---- invite codes ------------------------------------------------------------------------------

  /**
   * Counts one wrong (or not yet known to be right) invite code from this address, before anything is
   * looked up, so that concurrent guesses cannot all slip in before the first is counted. Throws a
   * LimitRefusal when the address, or everyone together, has spent the minute's attempts. The returned
   * function gives the point back (the code turned out to be right).
   */
  async spendCodeAttempt(ip: string | undefined): Promise<() => Promise<void>> {
    const key = addressKey(ip);
    const refused = (e: unknown) => {
      if (!(e instanceof RateLimiterRes)) throw e;
      const wait = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      return new LimitRefusal("too-many-wrong-codes", `Too many wrong invite codes: try again in ${wait} s.`, wait);
    };
    try {
      await this.wrongCodes.consume(key);
    } catch (e) {
      throw refused(e);
    }
    try {
      await this.wrongCodesGlobal.consume("all");
    } catch (e) {
      throw refused(e);
    }
    return async () => {
      await this.wrongCodes.reward(key).catch(() => {});
      await this.wrongCodesGlobal.reward("all").catch(() => {});
    };
  }

  /**
   * Looks a code up, then counts it wrong only when the lookup found nothing (throwing a LimitRefusal
   * over the address's or everyone's count): a right code is never refused, whoever spent the counts.
   * For lookups that cost little (a primary-key read); fair turns (fair-turns.ts) bound how many one
   * address may have waiting.
   */
  async lookUpCode<T>(ip: string | undefined, find: () => Promise<T | null>): Promise<T | null> {
    const found = await find();
    if (found) return found;
    await this.spendCodeAttempt(ip);
    return null;
  }

  /**
   * Checks an invite code against a table's: a right code always passes (a page that makes the
   * victim's browser send wrong codes cannot lock the victim out); a wrong one is counted and refused
   * with the reason.
   */
  async checkCode(ip: string | undefined, given: string | null, expected: string): Promise<void> {
    if (given !== null && given === expected) return;
    await this.spendCodeAttempt(ip); // throws when over the limit
    throw new LimitRefusal("wrong-code", "That invite code is not right for this table.");
  }

  // ---- tables ----------------------------------------------------------------------------------

  /**
   * Makes a table for this address within the limits: tables per hour, tables waiting in the lobby, and
   * live tables in all. `live` lists the live tables (roomId, status); `create` makes one and returns
   * its roomId. Throws a LimitRefusal when a limit is reached.
   */
  async createTable<T extends { roomId: string }>(
    ip: string | undefined,
    live: () => Promise<{ roomId: string; status?: string }[]>,
    create: () => Promise<T>,
  ): Promise<T> {
    const key = addressKey(ip);
    try {
      await this.tablesPerHour.consume(key);
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      const wait = Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw new LimitRefusal("too-many-tables",
        `Your address has created ${this.limits.tablesPerAddressPerHour} tables this hour: try again in ${Math.ceil(wait / 60)} min.`, wait);
    }
    // The caps checked and the table made in one go, one creation at a time (across processes: under
    // the shared lock), so that concurrent requests cannot pass the caps together.
    const makeOne = async (lobby: { tables(): Promise<string[]>; forget(ids: string[]): Promise<void>; add(id: string): Promise<void> }) => {
      const tables = await live();
      if (tables.length >= this.limits.maxTables) {
        throw new LimitRefusal("server-full", `The server is full (${this.limits.maxTables} tables): try again later.`, 60);
      }
      const status = new Map(tables.map((t) => [t.roomId, t.status]));
      const held = await lobby.tables();
      const gone = held.filter((id) => status.get(id) !== "lobby");
      await lobby.forget(gone);
      const waiting = held.length - gone.length;
      if (waiting >= this.limits.lobbyTablesPerAddress) {
        throw new LimitRefusal("too-many-lobby-tables",
          `Your address already has ${waiting} tables waiting for players: start or leave one first.`, 60);
      }
      const table = await create();
      await lobby.add(table.roomId);
      return table;
    };
    const own = () => {
      const mine = () => this.tablesBy.get(key) ?? new Set<string>();
      return makeOne({
        tables: async () => [...mine()],
        forget: async (ids) => { const m = mine(); for (const id of ids) m.delete(id); },
        add: async (id) => { this.tablesBy.set(key, mine().add(id)); },
      });
    };
    const run = this.creating.then(() => {
      if (!this.shared) return own();
      const shared = this.shared;
      let made = false; // once the table is made, a Redis error must not make a second one
      return shared.whileCreating(() => makeOne({
        tables: () => shared.lobbyTables(key),
        forget: (ids) => shared.forgetLobbyTables(key, ids),
        add: async (id) => { made = true; await shared.addLobbyTable(key, id).catch((err) => this.warn(err)); },
      })).then((got) => {
        if (got) return got.value;
        throw new LimitRefusal("busy", "The server is making other tables: try again in a moment.", 1);
      }, (err) => {
        if (err instanceof LimitRefusal || made || !isRedisTrouble(err)) throw err;
        this.warn(err);
        return own();
      });
    });
    this.creating = run.catch(() => {});
    try {
      return await run;
    } catch (e) {
      if (!(e instanceof LimitRefusal && e.code === "too-many-tables")) await this.tablesPerHour.reward(key).catch(() => {});
      throw e;
    }
  }

  // ---- what an address makes the store keep --------------------------------------------------------

  /**
   * Counts a line of talk (chat or private message) of `bytes` from this address (an addressKey) against
   * its day's bytes: false, counting nothing, when the line would go over. The answer is at once (the
   * room answers the line in the same turn): with Redis, it goes by what every process together had
   * counted at this process's last line of the address, and the line is then added to the shared count,
   * so that the day's bytes hold across processes to within a line per process (and the lines a process
   * takes before Redis answers).
   */
  spendTalk(key: string, bytes: number): boolean {
    const now = Date.now();
    let day = this.talkBytes.get(key);
    if (!day || now - day.since >= DAY_MS) {
      if (this.talkBytes.size > 10_000) for (const [k, d] of this.talkBytes) if (now - d.since >= DAY_MS) this.talkBytes.delete(k);
      day = { since: now, bytes: 0, everywhere: 0 };
      this.talkBytes.set(key, day);
    }
    if (Math.max(day.bytes, day.everywhere) + bytes > this.limits.talkBytesPerAddressPerDay) return false;
    day.bytes += bytes;
    day.everywhere += bytes;
    const counted = day;
    this.shared?.addTalk(key, bytes, DAY_MS).then((total) => { counted.everywhere = Math.max(counted.everywhere, total); }, (err) => this.warn(err));
    return true;
  }

  /** The bytes of talk each address (its key) has spent in its current day. */
  talkSpent(): Map<string, number> {
    const now = Date.now();
    return new Map([...this.talkBytes].filter(([, d]) => now - d.since < DAY_MS).map(([k, d]) => [k, d.bytes]));
  }

  // ---- connections -------------------------------------------------------------------------------

  /** Admits a websocket from this address: the function to call when it closes, or null over the limit. */
  openSocket(ip: string | undefined): (() => void) | null {
    const key = addressKey(ip);
    const n = this.sockets.get(key) ?? 0;
    if (n >= this.limits.websocketsPerAddress) return null;
    this.sockets.set(key, n + 1);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      const left = (this.sockets.get(key) ?? 1) - 1;
      if (left > 0) this.sockets.set(key, left);
      else this.sockets.delete(key);
    };
  }

  /**
   * Admits a websocket from this address, counted with every process's when they share Redis: the
   * function to call when it closes, or null over the limit.
   */
  async admitSocket(ip: string | undefined): Promise<(() => void) | null> {
    const shared = this.shared;
    if (!shared) return this.openSocket(ip);
    const key = addressKey(ip);
    let admitted: boolean;
    try {
      admitted = await shared.openSocket(key, this.limits.websocketsPerAddress);
    } catch (err) {
      this.warn(err);
      return this.openSocket(ip);
    }
    if (!admitted) return null;
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      shared.closeSocket(key).catch((err) => this.warn(err));
    };
  }

  /**
   * Reserves a seat for this address within its limit of open reservations: `reserve` makes the
   * reservation and returns its session id. The reservation counts until the websocket takes it up
   * (seatTaken) or it expires. Throws a LimitRefusal over the limit.
   */
  async reserveSeat<T extends { sessionId: string }>(ip: string | undefined, reserve: () => Promise<T>): Promise<T> {
    const key = addressKey(ip);
    const shared = this.shared;
    if (shared) {
      let placeholder: string | null;
      try {
        placeholder = await shared.reserve(key, this.limits.reservationsPerAddress, RESERVATION_SECONDS + 1);
      } catch (err) {
        this.warn(err);
        return this.reserveOwn(key, reserve);
      }
      if (!placeholder) throw this.tooManyReservations();
      let made: T;
      try {
        made = await reserve();
      } catch (e) {
        await shared.dropReservation(key, placeholder).catch((err) => this.warn(err));
        throw e;
      }
      await shared.nameReservation(key, placeholder, made.sessionId, RESERVATION_SECONDS + 1).catch((err) => this.warn(err));
      return made;
    }
    return this.reserveOwn(key, reserve);
  }

  private tooManyReservations(): LimitRefusal {
    return new LimitRefusal("too-many-reservations", `Too many seat requests from your address: try again in ${RESERVATION_SECONDS} s.`, RESERVATION_SECONDS);
  }

  private async reserveOwn<T extends { sessionId: string }>(key: string, reserve: () => Promise<T>): Promise<T> {
    const open = this.reserved.get(key) ?? 0;
    if (open >= this.limits.reservationsPerAddress) throw this.tooManyReservations();
    this.reserved.set(key, open + 1);
    let made: T;
    try {
      made = await reserve();
    } catch (e) {
      this.release(key);
      throw e;
    }
    const timer = setTimeout(() => this.seatTaken(made.sessionId), (RESERVATION_SECONDS + 1) * 1000);
    timer.unref();
    this.reservations.set(made.sessionId, { key, timer });
    return made;
  }

  /** The reservation of this session is taken up (or expired): it no longer counts. */
  seatTaken(sessionId: string): void {
    // Made through another process perhaps: the shared count knows the session's address.
    this.shared?.reservationTaken(sessionId).catch((err) => this.warn(err));
    const r = this.reservations.get(sessionId);
    if (!r) return;
    this.reservations.delete(sessionId);
    clearTimeout(r.timer);
    this.release(r.key);
  }

  private release(key: string): void {
    const left = (this.reserved.get(key) ?? 1) - 1;
    if (left > 0) this.reserved.set(key, left);
    else this.reserved.delete(key);
  }

  /** Forgets the wrong codes counted so far (tests start each case from a clean slate). */
  async clearCounts(): Promise<void> {
    const g = ++this.generation;
    this.wrongCodes = rate(this.shared, `wrong${g}:`, this.limits.wrongCodesPerMinute, 60);
    this.wrongCodesGlobal = rate(this.shared, `wrong-all${g}:`, this.limits.wrongCodesPerMinuteGlobal, 60);
  }

  /** Leaves the shared counts (shutdown). */
  async close(): Promise<void> {
    instances.delete(this);
    await this.shared?.close();
  }
}

/** Forgets every counted wrong code, on every server of this process (tests). */
export async function clearWrongCodes(): Promise<void> {
  for (const access of instances) await access.clearCounts();
}

/** The bytes of talk each address has spent in its day, on every server of this process (the fuzzer's figures). */
export function talkSpent(): Map<string, number> {
  const all = new Map<string, number>();
  for (const access of instances) for (const [k, n] of access.talkSpent()) all.set(k, (all.get(k) ?? 0) + n);
  return all;
}

/** A failure of Redis itself (connection, timeout), not of the work done under its lock. */
function isRedisTrouble(err: unknown): boolean {
  const name = (err as { name?: string } | null)?.name ?? "";
  const message = (err as { message?: string } | null)?.message ?? "";
  return /Redis|MaxRetriesPerRequest/i.test(name) || /Connection is closed|Command timed out|ECONNREFUSED|max retries per request/i.test(message);
}
