// The game store in SQL, written once for both databases: SQLite and PostgreSQL accept the same
// statements here (`?` placeholders are renumbered for PostgreSQL). Each subclass only runs them.
import { TALK_LINES_KEPT, TALK_PRUNE_EVERY } from "./types.ts";
import { performance } from "node:perf_hooks";
import { createHash, randomBytes } from "node:crypto";
import type { VoteView } from "../../shared/vote-protocol.ts";
import type { NewNudge, StoredNudge, NudgeSeat, PushSubscriptionRow, ContactLinkRefusal, StoredContactSeat, GameStatus, GameStore, SeatLinkRefusal, StoredAdjournment, StoredSeatLink, StoredClock, DueDeadline, StoredVacations, VoteOpenings, StoredChat, StoredChatLine, StoredCommand, StoredGame, StoredPlayer, StoredRematch, StoredSeat, StoredWhisper, Write } from "./types.ts";

export type Param = string | number | null;

const NUDGE_COLUMNS = `id, code, seat, kind, seq, created_at, next_at, attempts, delivered, deadline`;
interface NudgeRow {
  id: string; code: string; seat: number; kind: string; seq: number; created_at: number | string; next_at: number | string;
  attempts: number; delivered: string | null; deadline: number | string | null;
}
function nudgeOf(r: NudgeRow): StoredNudge {
  return {
    id: r.id, code: r.code, seat: Number(r.seat), kind: r.kind as StoredNudge["kind"], seq: Number(r.seq), createdAt: Number(r.created_at),
    nextAt: Number(r.next_at), attempts: Number(r.attempts), delivered: r.delivered ? JSON.parse(r.delivered) : [], deadline: r.deadline === null ? null : Number(r.deadline),
  };
}

/** A new outbox row: a random id (the message's id), due `afterMs` from now. */
function nudgeInsert(code: string, seq: number, n: NewNudge, now: number): [string, Param[]] {
  return [
    `INSERT INTO nudges (id, code, seat, kind, seq, created_at, next_at, state, deadline) VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
    [randomBytes(9).toString("hex"), code, n.seat, n.kind, seq, now, n.at ?? now + n.afterMs, n.deadline ?? null],
  ];
}

/** What makes two spellings of one address one contact: the SHA-256 of its trimmed lower case. */
function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex");
}

/** Told the time of each statement (the server's /metrics; nothing by default). */
let observe: (op: "read" | "write", seconds: number) => void = () => {};
export function timeStatements(observer: typeof observe): void {
  observe = observer;
}

/** Schema versions, applied in order, each once (the applied ones are listed in schema_migrations). */
export const MIGRATIONS: string[][] = [
  [
    `CREATE TABLE games (
      code TEXT PRIMARY KEY,
      room_id TEXT NOT NULL,
      options TEXT NOT NULL,
      status TEXT NOT NULL,
      result TEXT,
      players TEXT,
      closed INTEGER NOT NULL DEFAULT 0,
      owner TEXT,
      lease_until BIGINT NOT NULL DEFAULT 0,
      created_at BIGINT NOT NULL,
      finished_at BIGINT
    )`,
    `CREATE INDEX games_unfinished ON games (status, closed)`,
    `CREATE TABLE seats (
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      name TEXT NOT NULL,
      bot INTEGER NOT NULL,
      token_hash TEXT,
      PRIMARY KEY (code, seat)
    )`,
    `CREATE TABLE commands (
      code TEXT NOT NULL,
      seq INTEGER NOT NULL,
      seat INTEGER NOT NULL,
      command TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (code, seq)
    )`,
    `CREATE TABLE chat (
      code TEXT NOT NULL,
      seq INTEGER NOT NULL,
      seat INTEGER NOT NULL,
      sender TEXT NOT NULL,
      text TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (code, seq)
    )`,
  ],
  [
    // Private messages between two players, kept with the game (restored to their two parties only).
    `CREATE TABLE whispers (
      code TEXT NOT NULL,
      seq INTEGER NOT NULL,
      sender_seat INTEGER NOT NULL,
      recipient INTEGER NOT NULL,
      sender TEXT NOT NULL,
      text TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (code, seq)
    )`,
  ],
  [
    // Why a game could not be restored (its replay failed): it is kept for inspection, never retried.
    `ALTER TABLE games ADD COLUMN broken TEXT`,
  ],
  [
    // A finished game's rematch: the table made for it (once), and the name of the player who asked.
    `CREATE TABLE rematches (
      code TEXT PRIMARY KEY,
      next_code TEXT NOT NULL,
      asked_by TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
  ],
  [
    // An adjourned game's clocks and meeting time (JSON of StoredAdjournment), and when a game's room
    // left memory with the game unfinished (parked: restorable on demand, never claimed at start).
    `ALTER TABLE games ADD COLUMN adjourned TEXT`,
    `ALTER TABLE games ADD COLUMN parked_at BIGINT`,
    `CREATE INDEX games_parked ON games (parked_at)`,
  ],
  [
    // A seat's other devices' keys (JSON of StoredSeatKey[]: ids and hashes, never a key), and seat
    // links' one-time secrets (hashed), each spent once, until it expires or is withdrawn.
    `ALTER TABLE seats ADD COLUMN device_keys TEXT`,
    `CREATE TABLE seat_links (
      secret_hash TEXT PRIMARY KEY,
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      asked_by TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      spent_at BIGINT,
      revoked_at BIGINT
    )`,
    `CREATE INDEX seat_links_seat ON seat_links (code, seat)`,
  ],
  [
    // A turn-based game's seat clocks (StoredClock): each bank, and its deadline (due_at), written in
    // the same transaction as the command that set it; the sweep finds the due ones by the index.
    `CREATE TABLE turn_clocks (
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      bank_ms BIGINT NOT NULL,
      owed_since BIGINT,
      due_at BIGINT,
      delays INTEGER NOT NULL DEFAULT 0,
      bot_streak INTEGER NOT NULL DEFAULT 0,
      bot_decisions INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (code, seat)
    )`,
    `CREATE INDEX turn_clocks_due ON turn_clocks (due_at)`,
  ],
  [
    // A player's verified e-mail address (server/lobby/contact.ts): the address (a secret: read only to
    // send mail to it), its one-time sign-in links and its devices' keys (hashed), and the seats it ties
    // together across devices (each with the hash of the seat key that tied it).
    `CREATE TABLE contacts (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      email_key TEXT NOT NULL UNIQUE,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE contact_links (
      secret_hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      spent_at BIGINT
    )`,
    `CREATE TABLE contact_keys (
      key_hash TEXT PRIMARY KEY,
      contact_id TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX contact_keys_contact ON contact_keys (contact_id)`,
    `CREATE TABLE contact_seats (
      contact_id TEXT NOT NULL,
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      tied_by TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (contact_id, code)
    )`,
    `CREATE INDEX contact_seats_seat ON contact_seats (code, seat)`,
  ],
  [
    // Nudges (server/notify): the outbox, written in one transaction with the command that makes a seat
    // owe a decision; each row is sent once (claimed by one process at a time, its id the message's id).
    // A seat's unsubscribe token and opt-out, its browsers' push subscriptions, and a table's webhook.
    `CREATE TABLE nudges (
      id TEXT PRIMARY KEY,
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      kind TEXT NOT NULL,
      seq INTEGER NOT NULL,
      created_at BIGINT NOT NULL,
      next_at BIGINT NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      claim_until BIGINT NOT NULL DEFAULT 0,
      delivered TEXT,
      deadline BIGINT
    )`,
    `CREATE INDEX nudges_due ON nudges (state, next_at)`,
    `CREATE INDEX nudges_seat ON nudges (code, seat, state)`,
    `CREATE TABLE nudge_seats (
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      unsubscribe TEXT NOT NULL UNIQUE,
      opted_out_at BIGINT,
      last_sent_at BIGINT NOT NULL DEFAULT 0,
      PRIMARY KEY (code, seat)
    )`,
    `CREATE TABLE push_subscriptions (
      code TEXT NOT NULL,
      seat INTEGER NOT NULL,
      endpoint TEXT NOT NULL,
      p256dh TEXT NOT NULL,
      auth TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (code, seat, endpoint)
    )`,
    `CREATE TABLE table_webhooks (
      code TEXT PRIMARY KEY,
      url TEXT NOT NULL,
      format TEXT NOT NULL,
      at BIGINT NOT NULL
    )`,
  ],
  [
    // The host's choice at resume for a seat whose person was not back (AbsentChoice): "wait" or "open",
    // kept until the person (or a newcomer) takes the seat again, so that a restart keeps it.
    `ALTER TABLE seats ADD COLUMN absent TEXT`,
  ],
  [
    // A game paused by vote: its resume time (the adjournment's meetAt), so that the deadline sweep finds
    // the pauses that are over among the games nobody holds, and wakes them (server/rooms/deadlines.ts).
    `ALTER TABLE games ADD COLUMN resume_at BIGINT`,
    `CREATE INDEX games_resume ON games (resume_at)`,
    // The players' open vote (JSON of VoteView: seat numbers and times only), so that a restart or a
    // parked game keeps it with its answers and expiry; null when none is open.
    `ALTER TABLE games ADD COLUMN vote TEXT`,
  ],
  [
    // A turn-based game's vacations (JSON of StoredVacations: seats and times only), and when the next one
    // starts or ends, so that the sweep wakes a parked game then (server/rooms/deadlines.ts).
    `ALTER TABLE games ADD COLUMN vacations TEXT`,
    `ALTER TABLE games ADD COLUMN vacation_at BIGINT`,
    `CREATE INDEX games_vacation ON games (vacation_at)`,
  ],
  [
    // When each seat opened its votes in the last hour (JSON of [seat, at] pairs), so that the limit of
    // votes a seat opens an hour holds across a restart and when another process wakes the game.
    `ALTER TABLE games ADD COLUMN vote_openings TEXT`,
  ],
];

export const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`;

/** The seat links a seat keeps in the store (its latest), spent and withdrawn ones included. */
export const SEAT_LINKS_KEPT = 20;
/** The device keys a contact keeps (the oldest go), and the games one contact may tie together. */
export const CONTACT_KEYS_KEPT = 10;
export const CONTACT_SEATS_MAX = 50;

/** Only unfinished games that are still open, and not known to be broken, are restored. */
const RESTORABLE = `status <> 'finished' AND closed = 0 AND broken IS NULL`;

/** Claimed at start and by the lease loop: not parked, not adjourned (those wait to be woken). */
const CLAIMABLE = `${RESTORABLE} AND parked_at IS NULL AND status <> 'adjourned'`;

/** Nobody holds the game: no owner, or its owner's lease ran out, or this instance held it in a previous run. */
const UNHELD = `(owner IS NULL OR lease_until < ? OR (owner = ? AND lease_until < ?))`;

interface GameRow {
  code: string;
  room_id: string;
  options: string;
  status: string;
  result: string | null;
  players: string | null;
  closed: number;
  broken: string | null;
  created_at: number | string;
  adjourned: string | null;
  vote: string | null;
  vote_openings: string | null;
  vacations: string | null;
  parked_at: number | string | null;
}

/** Tests only: how far ahead of Date.now the store's clock runs (ms), fixed or read each time (CLOCK_FILE). */
export type ClockOffset = number | (() => number);

export abstract class SqlStore implements GameStore {
  abstract readonly kind: "sqlite" | "postgres";
  readonly instance: string;
  readonly leaseMs: number;
  /** The store's clock (leases, parking): Date.now, or one set ahead by a test (openStore's clockOffsetMs). */
  protected now: () => number = Date.now;

  constructor(instance: string, leaseMs: number, clockOffsetMs: ClockOffset = 0) {
    this.instance = instance;
    this.leaseMs = leaseMs;
    if (typeof clockOffsetMs === "function") this.now = () => Date.now() + clockOffsetMs();
    else if (clockOffsetMs !== 0) this.now = () => Date.now() + clockOffsetMs;
  }

  /** Runs a statement that changes rows. Unique-key violations become StoreConflict. */
  protected abstract run(sql: string, params: Param[]): Write;
  /** Runs statements that change rows in one transaction: all of them, or none (a conflict rolls back). */
  protected abstract transaction(statements: [string, Param[]][]): Write;
  /** Runs a statement that returns rows. */
  protected abstract all<T>(sql: string, params: Param[]): Promise<T[]>;
  abstract close(): Promise<void>;

  /** run(), timed for /metrics (a write is done when it returns on SQLite, when it resolves on PostgreSQL). */
  private write(sql: string, params: Param[]): Write {
    const started = performance.now();
    const done = () => observe("write", (performance.now() - started) / 1000);
    const result = this.run(sql, params);
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  }

  /** all(), timed for /metrics. */
  private async read<T>(sql: string, params: Param[]): Promise<T[]> {
    const started = performance.now();
    try {
      return await this.all<T>(sql, params);
    } finally {
      observe("read", (performance.now() - started) / 1000);
    }
  }

  createGame(g: { code: string; roomId: string; options: StoredGame["options"]; createdAt: number }): Write {
    return this.write(
      `INSERT INTO games (code, room_id, options, status, owner, lease_until, created_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?)`,
      [g.code, g.roomId, JSON.stringify(g.options), this.instance, this.now() + this.leaseMs, g.createdAt],
    );
  }

  setRoomId(code: string, roomId: string): Write {
    return this.write(`UPDATE games SET room_id = ? WHERE code = ?`, [roomId, code]);
  }

  setOptions(code: string, options: StoredGame["options"]): Write {
    return this.write(`UPDATE games SET options = ? WHERE code = ?`, [JSON.stringify(options), code]);
  }

  setSeat(code: string, s: StoredSeat): Write {
    return this.write(
      `INSERT INTO seats (code, seat, name, bot, token_hash, device_keys, absent) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (code, seat) DO UPDATE SET name = excluded.name, bot = excluded.bot, token_hash = excluded.token_hash, device_keys = excluded.device_keys, absent = excluded.absent`,
      [code, s.seat, s.name, s.bot ? 1 : 0, s.tokenHash, s.keys?.length ? JSON.stringify(s.keys) : null, s.absent ?? null],
    );
  }

  removeSeat(code: string, seat: number): Write {
    return this.write(`DELETE FROM seats WHERE code = ? AND seat = ?`, [code, seat]);
  }

  startGame(code: string): Write {
    return this.write(`UPDATE games SET status = 'playing' WHERE code = ?`, [code]);
  }

  finishGame(code: string, result: unknown, players: StoredPlayer[]): Write {
    const done = this.write(
      `UPDATE games SET status = 'finished', result = ?, players = ?, finished_at = ?, owner = NULL WHERE code = ?`,
      [JSON.stringify(result), JSON.stringify(players), Date.now(), code],
    );
    // A finished game is never restored: its talk is folded away (its replay holds no talk).
    return done instanceof Promise ? done.then(() => this.pruneTalk(code, 0)) : this.pruneTalk(code, 0);
  }

  closeGame(code: string): Write {
    const done = this.write(`UPDATE games SET closed = 1, owner = NULL WHERE code = ?`, [code]);
    return done instanceof Promise ? done.then(() => this.pruneTalk(code, 0)) : this.pruneTalk(code, 0);
  }

  setAdjourned(code: string, adjourned: StoredAdjournment | null): Write {
    return adjourned
      ? this.write(`UPDATE games SET status = 'adjourned', adjourned = ?, resume_at = ? WHERE code = ? AND status <> 'finished'`, [
        JSON.stringify(adjourned), adjourned.by === "pause" || adjourned.by === "vacation" ? adjourned.meetAt : null, code,
      ])
      : this.write(`UPDATE games SET status = 'playing', adjourned = NULL, resume_at = NULL WHERE code = ? AND status = 'adjourned'`, [code]);
  }

  setVote(code: string, vote: VoteView | null, openings?: VoteOpenings): Write {
    return openings
      ? this.write(`UPDATE games SET vote = ?, vote_openings = ? WHERE code = ?`, [vote && JSON.stringify(vote), JSON.stringify(openings), code])
      : this.write(`UPDATE games SET vote = ? WHERE code = ?`, [vote && JSON.stringify(vote), code]);
  }

  setVacations(code: string, vacations: StoredVacations, nextAt: number | null): Write {
    return this.write(`UPDATE games SET vacations = ?, vacation_at = ? WHERE code = ?`, [JSON.stringify(vacations), nextAt, code]);
  }

  async dueVacations(now: number, limit: number): Promise<string[]> {
    const rows = await this.read<{ code: string }>(
      `SELECT code FROM games
       WHERE vacation_at <= ? AND status IN ('playing', 'adjourned') AND ${RESTORABLE}
         AND (owner IS NULL OR owner = ? OR lease_until < ?)
       ORDER BY vacation_at, code LIMIT ?`,
      [now, this.instance, this.now(), limit],
    );
    return rows.map((r) => r.code);
  }

  parkGame(code: string): Write {
    return this.write(`UPDATE games SET parked_at = ?, owner = NULL WHERE code = ? AND ${RESTORABLE}`, [this.now(), code]);
  }

  async wakeGame(code: string, since: number): Promise<boolean> {
    const now = this.now();
    const rows = await this.read<{ code: string }>(
      `UPDATE games SET owner = ?, lease_until = ?, parked_at = NULL
       WHERE code = ? AND ${RESTORABLE} AND ${UNHELD}
       RETURNING code`,
      [this.instance, now + this.leaseMs, code, now, this.instance, since + this.leaseMs],
    );
    return rows.length === 1;
  }

  async closeParkedOlderThan(maxAgeMs: number): Promise<string[]> {
    const rows = await this.read<{ code: string }>(
      `UPDATE games SET closed = 1 WHERE parked_at IS NOT NULL AND parked_at < ? AND ${RESTORABLE} RETURNING code`,
      [this.now() - maxAgeMs],
    );
    return rows.map((r) => r.code).sort();
  }

  markBroken(code: string, reason: string): Write {
    return this.write(`UPDATE games SET broken = ?, owner = NULL WHERE code = ?`, [reason.slice(0, 2000), code]);
  }

  async expireLobbies(idleMs: number, since: number): Promise<string[]> {
    const now = this.now();
    const rows = await this.read<{ code: string }>(
      `UPDATE games SET closed = 1, owner = NULL
       WHERE status = 'lobby' AND ${CLAIMABLE} AND created_at < ? AND ${UNHELD}
         AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.code = games.code AND seats.bot = 0)
       RETURNING code`,
      [now - idleMs, now, this.instance, since + this.leaseMs],
    );
    return rows.map((r) => r.code).sort();
  }

  appendCommand(code: string, seq: number, c: StoredCommand, also: { clocks?: readonly StoredClock[]; nudges?: readonly NewNudge[] } = {}): Write {
    const insert = `INSERT INTO commands (code, seq, seat, command, at) VALUES (?, ?, ?, ?, ?)`;
    const params = [code, seq, c.seat, JSON.stringify(c.command), Date.now()];
    const clocks = also.clocks ?? [];
    const nudges = also.nudges ?? [];
    if (clocks.length === 0 && nudges.length === 0) return this.write(insert, params);
    // The seats' clocks it changed and the nudges of the seats it makes owe a decision, in the same transaction.
    const now = this.now();
    return this.timedTransaction([[insert, params], ...clocks.map((k) => this.clockRow(code, k)), ...nudges.map((n) => nudgeInsert(code, seq, n, now))]);
  }

  private clockRow(code: string, k: StoredClock): [string, Param[]] {
    return [
      `INSERT INTO turn_clocks (code, seat, bank_ms, owed_since, due_at, delays, bot_streak, bot_decisions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (code, seat) DO UPDATE SET bank_ms = excluded.bank_ms, owed_since = excluded.owed_since, due_at = excluded.due_at,
         delays = excluded.delays, bot_streak = excluded.bot_streak, bot_decisions = excluded.bot_decisions`,
      [code, k.seat, Math.round(k.bankMs), k.owedSince, k.dueAt, k.delays, k.botStreak, k.botDecisions],
    ];
  }

  private timedTransaction(statements: [string, Param[]][]): Write {
    const started = performance.now();
    const done = () => observe("write", (performance.now() - started) / 1000);
    const result = this.transaction(statements);
    if (result instanceof Promise) return result.finally(done);
    done();
    return result;
  }

  setClocks(code: string, clocks: readonly StoredClock[]): Write {
    if (clocks.length === 0) return;
    return this.timedTransaction(clocks.map((k) => this.clockRow(code, k)));
  }

  async clocks(code: string): Promise<StoredClock[]> {
    const rows = await this.read<{ seat: number; bank_ms: number | string; owed_since: number | string | null; due_at: number | string | null; delays: number; bot_streak: number; bot_decisions: number }>(
      `SELECT seat, bank_ms, owed_since, due_at, delays, bot_streak, bot_decisions FROM turn_clocks WHERE code = ? ORDER BY seat`, [code],
    );
    const n = (v: number | string | null) => (v === null ? null : Number(v));
    return rows.map((r) => ({ seat: Number(r.seat), bankMs: Number(r.bank_ms), owedSince: n(r.owed_since), dueAt: n(r.due_at), delays: Number(r.delays), botStreak: Number(r.bot_streak), botDecisions: Number(r.bot_decisions) }));
  }

  async dueDeadlines(now: number, limit: number): Promise<DueDeadline[]> {
    const rows = await this.read<{ code: string; seat: number; due_at: number | string; parked_at: number | string | null }>(
      `SELECT c.code, c.seat, c.due_at, g.parked_at FROM turn_clocks c JOIN games g ON g.code = c.code
       WHERE c.due_at <= ? AND g.status = 'playing' AND g.closed = 0 AND g.broken IS NULL
         AND (g.owner = ? OR g.parked_at IS NOT NULL)
       ORDER BY c.due_at, c.code, c.seat LIMIT ?`,
      [now, this.instance, limit],
    );
    return rows.map((r) => ({ code: r.code, seat: Number(r.seat), dueAt: Number(r.due_at), parked: r.parked_at !== null }));
  }

  async duePauses(now: number, limit: number): Promise<string[]> {
    const rows = await this.read<{ code: string }>(
      `SELECT code FROM games
       WHERE resume_at <= ? AND status = 'adjourned' AND ${RESTORABLE}
         AND (owner IS NULL OR owner = ? OR lease_until < ?)
       ORDER BY resume_at, code LIMIT ?`,
      [now, this.instance, this.now(), limit],
    );
    return rows.map((r) => r.code);
  }

  appendChat(code: string, seq: number, line: StoredChat): Write {
    return this.thenPrune(code, seq, this.write(`INSERT INTO chat (code, seq, seat, sender, text, at) VALUES (?, ?, ?, ?, ?, ?)`, [
      code, seq, line.seat, line.from, line.text, line.at,
    ]));
  }

  appendWhisper(code: string, seq: number, w: StoredWhisper): Write {
    return this.thenPrune(code, seq, this.write(`INSERT INTO whispers (code, seq, sender_seat, recipient, sender, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)`, [
      code, seq, w.from, w.to, w.fromName, w.text, w.at,
    ]));
  }

  /** Every TALK_PRUNE_EVERY lines, once the line is written, the talk is cut to what is kept. */
  private thenPrune(code: string, seq: number, written: Write): Write {
    if (seq % TALK_PRUNE_EVERY !== TALK_PRUNE_EVERY - 1) return written;
    return written instanceof Promise ? written.then(() => this.pruneTalk(code, TALK_LINES_KEPT)) : this.pruneTalk(code, TALK_LINES_KEPT);
  }

  pruneTalk(code: string, keep: number): Write {
    if (keep <= 0) {
      const chat = this.run(`DELETE FROM chat WHERE code = ?`, [code]);
      const whispers = () => this.run(`DELETE FROM whispers WHERE code = ?`, [code]);
      return chat instanceof Promise ? chat.then(whispers) : whispers();
    }
    // Each channel's lines older than its keep-th newest; each pair's messages likewise.
    const channel = (side: string) => this.run(
      `DELETE FROM chat WHERE code = ? AND ${side} AND seq < COALESCE((SELECT seq FROM chat WHERE code = ? AND ${side} ORDER BY seq DESC LIMIT 1 OFFSET ?), -1)`,
      [code, code, keep - 1],
    );
    const pairs = () => this.run(
      `DELETE FROM whispers WHERE code = ? AND seq < COALESCE((SELECT w.seq FROM whispers w WHERE w.code = whispers.code
         AND ((w.sender_seat = whispers.sender_seat AND w.recipient = whispers.recipient) OR (w.sender_seat = whispers.recipient AND w.recipient = whispers.sender_seat))
         ORDER BY w.seq DESC LIMIT 1 OFFSET ?), -1)`,
      [code, keep - 1],
    );
    const players = channel("seat >= 0");
    const rest = () => {
      const spectators = channel("seat < 0");
      return spectators instanceof Promise ? spectators.then(pairs) : pairs();
    };
    return players instanceof Promise ? players.then(rest) : rest();
  }

  async whisperTotal(code: string): Promise<number> {
    const [last] = await this.all<{ n: number | string | null }>(`SELECT MAX(seq) AS n FROM whispers WHERE code = ?`, [code]);
    return last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1;
  }

  async whispers(code: string): Promise<StoredWhisper[]> {
    const rows = await this.read<{ sender_seat: number; recipient: number; sender: string; text: string; at: number | string }>(
      `SELECT sender_seat, recipient, sender, text, at FROM whispers WHERE code = ? ORDER BY seq`,
      [code],
    );
    return rows.map((r) => ({ from: Number(r.sender_seat), to: Number(r.recipient), fromName: r.sender, text: r.text, at: Number(r.at) }));
  }

  async addSeatLink(secretHash: string, link: StoredSeatLink): Promise<void> {
    // One live link per seat: a new one withdraws the seat's unspent ones; and a seat keeps only its
    // SEAT_LINKS_KEPT latest rows (so a spent or withdrawn link is still named as such), whatever it asks.
    await this.run(`UPDATE seat_links SET revoked_at = ? WHERE code = ? AND seat = ? AND spent_at IS NULL AND revoked_at IS NULL`, [this.now(), link.code, link.seat]);
    await this.run(`INSERT INTO seat_links (secret_hash, code, seat, asked_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`, [
      secretHash, link.code, link.seat, link.by, this.now(), link.expiresAt,
    ]);
    await this.run(
      `DELETE FROM seat_links WHERE code = ? AND seat = ? AND secret_hash NOT IN
         (SELECT secret_hash FROM seat_links WHERE code = ? AND seat = ? ORDER BY created_at DESC, secret_hash LIMIT ?)`,
      [link.code, link.seat, link.code, link.seat, SEAT_LINKS_KEPT],
    );
  }

  async spendSeatLink(secretHash: string): Promise<StoredSeatLink | { refused: SeatLinkRefusal }> {
    const now = this.now();
    const [spent] = await this.all<{ code: string; seat: number; expires_at: number | string; asked_by: string }>(
      `UPDATE seat_links SET spent_at = ? WHERE secret_hash = ? AND spent_at IS NULL AND revoked_at IS NULL AND expires_at > ?
       RETURNING code, seat, expires_at, asked_by`,
      [now, secretHash, now],
    );
    if (spent) return { code: spent.code, seat: Number(spent.seat), expiresAt: Number(spent.expires_at), by: spent.asked_by };
    const [row] = await this.all<{ spent_at: number | null; revoked_at: number | null }>(
      `SELECT spent_at, revoked_at FROM seat_links WHERE secret_hash = ?`, [secretHash],
    );
    return { refused: !row ? "unknown" : row.spent_at !== null ? "spent" : row.revoked_at !== null ? "revoked" : "expired" };
  }

  revokeSeatLinks(code: string, seat: number): Write {
    return this.run(`UPDATE seat_links SET revoked_at = ? WHERE code = ? AND seat = ? AND spent_at IS NULL AND revoked_at IS NULL`, [this.now(), code, seat]);
  }

  async getGame(code: string): Promise<StoredGame | null> {
    const [row] = await this.read<GameRow>(
      `SELECT code, room_id, options, status, result, players, closed, broken, created_at, adjourned, parked_at, vote, vote_openings, vacations FROM games WHERE code = ?`,
      [code],
    );
    if (!row) return null;
    const seats = await this.read<{ seat: number; name: string; bot: number; token_hash: string | null; device_keys: string | null; absent: string | null }>(
      `SELECT seat, name, bot, token_hash, device_keys, absent FROM seats WHERE code = ? ORDER BY seat`,
      [code],
    );
    return {
      code: row.code,
      roomId: row.room_id,
      options: JSON.parse(row.options),
      status: row.status as GameStatus,
      result: row.result === null ? null : JSON.parse(row.result),
      players: row.players === null ? [] : JSON.parse(row.players),
      closed: Number(row.closed) === 1,
      broken: row.broken,
      createdAt: Number(row.created_at),
      adjourned: row.adjourned === null ? null : JSON.parse(row.adjourned),
      vote: row.vote ? JSON.parse(row.vote) : null,
      voteOpenings: row.vote_openings ? JSON.parse(row.vote_openings) : [],
      vacations: row.vacations ? JSON.parse(row.vacations) : null,
      parked: row.parked_at !== null,
      seats: seats.map((s) => ({ seat: Number(s.seat), name: s.name, bot: Number(s.bot) === 1, tokenHash: s.token_hash,
        ...(s.device_keys ? { keys: JSON.parse(s.device_keys) } : {}),
        ...(s.absent === "wait" || s.absent === "open" ? { absent: s.absent } : {}) })),
    };
  }

  async commands(code: string): Promise<StoredCommand[]> {
    const rows = await this.read<{ seat: number; command: string }>(
      `SELECT seat, command FROM commands WHERE code = ? ORDER BY seq`,
      [code],
    );
    return rows.map((r) => ({ seat: Number(r.seat), command: JSON.parse(r.command) }));
  }

  async chat(code: string, limit: number): Promise<{ lines: StoredChatLine[]; total: number }> {
    const [last] = await this.read<{ n: number | string | null }>(`SELECT MAX(seq) AS n FROM chat WHERE code = ?`, [code]);
    // Each channel's last lines: the spectators' (seat -1) and the players' (bots' lines included).
    const channel = (where: string) => this.read<{ seq: number; seat: number; sender: string; text: string; at: number | string }>(
      `SELECT seq, seat, sender, text, at FROM chat WHERE code = ? AND ${where} ORDER BY seq DESC LIMIT ?`,
      [code, limit],
    );
    const rows = [...(await channel("seat >= 0")), ...(await channel("seat < 0"))];
    return {
      lines: rows.map((r) => ({ seq: Number(r.seq), seat: Number(r.seat), from: r.sender, text: r.text, at: Number(r.at) })).sort((a, b) => a.seq - b.seq),
      total: last?.n === null || last?.n === undefined ? 0 : Number(last.n) + 1,
    };
  }

  async setRematch(code: string, rematch: StoredRematch): Promise<StoredRematch> {
    // The first rematch recorded stays: a later (or concurrent) one gets it back instead.
    await this.write(`INSERT INTO rematches (code, next_code, asked_by, at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO NOTHING`, [
      code, rematch.code, rematch.by, Date.now(),
    ]);
    return (await this.rematch(code))!;
  }

  async rematch(code: string): Promise<StoredRematch | null> {
    const [row] = await this.read<{ next_code: string; asked_by: string }>(`SELECT next_code, asked_by FROM rematches WHERE code = ?`, [code]);
    return row ? { code: row.next_code, by: row.asked_by } : null;
  }

  async claimGames(since: number): Promise<{ code: string; roomId: string }[]> {
    const now = this.now();
    // A lease taken by this run ends after since + leaseMs; one from a previous run ended before that.
    const rows = await this.read<{ code: string; room_id: string }>(
      `UPDATE games SET owner = ?, lease_until = ?
       WHERE ${CLAIMABLE} AND ${UNHELD}
       RETURNING code, room_id`,
      [this.instance, now + this.leaseMs, now, this.instance, since + this.leaseMs],
    );
    return rows.map((r) => ({ code: r.code, roomId: r.room_id })).sort((a, b) => a.code.localeCompare(b.code));
  }

  async renewLeases(since: number): Promise<number> {
    // Only this run's leases (they end after since + leaseMs): a lease left by an earlier run of this
    // instance is for a room that died with it (an adjourned game's, say), and must run out to be woken.
    const rows = await this.read<{ code: string }>(
      `UPDATE games SET lease_until = ? WHERE owner = ? AND lease_until >= ? AND ${RESTORABLE} RETURNING code`,
      [this.now() + this.leaseMs, this.instance, since + this.leaseMs],
    );
    return rows.length;
  }

  async releaseGame(code: string): Promise<boolean> {
    const rows = await this.read<{ code: string }>(
      `UPDATE games SET lease_until = 0 WHERE code = ? AND owner = ? AND ${RESTORABLE} RETURNING code`,
      [code, this.instance],
    );
    return rows.length === 1;
  }

  async releaseLeases(): Promise<void> {
    await this.write(`UPDATE games SET lease_until = 0 WHERE owner = ? AND ${RESTORABLE}`, [this.instance]);
  }

  async addContactLink(secretHash: string, email: string, expiresAt: number): Promise<void> {
    const now = this.now();
    // Links expired a day ago are named "unknown" from then on: nothing of them (their address) is kept.
    await this.run(`DELETE FROM contact_links WHERE expires_at < ?`, [now - 86_400_000]);
    await this.run(`INSERT INTO contact_links (secret_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)`, [secretHash, email, now, expiresAt]);
  }

  async spendContactLink(secretHash: string): Promise<{ contact: string } | { refused: ContactLinkRefusal }> {
    const now = this.now();
    const [spent] = await this.all<{ email: string }>(
      `UPDATE contact_links SET spent_at = ? WHERE secret_hash = ? AND spent_at IS NULL AND expires_at > ? RETURNING email`,
      [now, secretHash, now],
    );
    if (!spent) {
      const [row] = await this.all<{ spent_at: number | null }>(`SELECT spent_at FROM contact_links WHERE secret_hash = ?`, [secretHash]);
      return { refused: !row ? "unknown" : row.spent_at !== null ? "spent" : "expired" };
    }
    const key = emailKey(spent.email);
    await this.run(`INSERT INTO contacts (id, email, email_key, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (email_key) DO NOTHING`, [
      randomBytes(12).toString("hex"), spent.email, key, now,
    ]);
    const [contact] = await this.all<{ id: string }>(`SELECT id FROM contacts WHERE email_key = ?`, [key]);
    return { contact: contact!.id };
  }

  async addContactKey(keyHash: string, contact: string): Promise<void> {
    // after the contact's newest key, even in the same millisecond: the newest is the last added
    const [newest] = await this.all<{ at: number | string | null }>(`SELECT MAX(created_at) AS at FROM contact_keys WHERE contact_id = ?`, [contact]);
    const at = Math.max(this.now(), Number(newest?.at ?? 0) + 1);
    await this.run(`INSERT INTO contact_keys (key_hash, contact_id, created_at) VALUES (?, ?, ?)`, [keyHash, contact, at]);
    await this.run(
      `DELETE FROM contact_keys WHERE contact_id = ? AND key_hash NOT IN
         (SELECT key_hash FROM contact_keys WHERE contact_id = ? ORDER BY created_at DESC, key_hash LIMIT ?)`,
      [contact, contact, CONTACT_KEYS_KEPT],
    );
  }

  async contactOfKey(keyHash: string): Promise<string | null> {
    const [row] = await this.read<{ contact_id: string }>(`SELECT contact_id FROM contact_keys WHERE key_hash = ?`, [keyHash]);
    return row?.contact_id ?? null;
  }

  async tieSeat(contact: string, tie: StoredContactSeat): Promise<boolean> {
    const [count] = await this.all<{ n: number | string }>(`SELECT COUNT(*) AS n FROM contact_seats WHERE contact_id = ? AND code <> ?`, [contact, tie.code]);
    if (Number(count?.n ?? 0) >= CONTACT_SEATS_MAX) return false;
    await this.run(
      `INSERT INTO contact_seats (contact_id, code, seat, tied_by, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (contact_id, code) DO UPDATE SET seat = excluded.seat, tied_by = excluded.tied_by, at = excluded.at`,
      [contact, tie.code, tie.seat, tie.by, this.now()],
    );
    return true;
  }

  async untieSeat(contact: string, code: string): Promise<void> {
    await this.run(`DELETE FROM contact_seats WHERE contact_id = ? AND code = ?`, [contact, code]);
  }

  async contactSeats(contact: string): Promise<StoredContactSeat[]> {
    const rows = await this.read<{ code: string; seat: number; tied_by: string }>(
      `SELECT code, seat, tied_by FROM contact_seats WHERE contact_id = ? ORDER BY at DESC, code`, [contact],
    );
    return rows.map((r) => ({ code: r.code, seat: Number(r.seat), by: r.tied_by }));
  }

  async contactsOfSeat(code: string, seat: number): Promise<{ contact: string; by: string }[]> {
    const rows = await this.read<{ contact_id: string; tied_by: string }>(
      `SELECT contact_id, tied_by FROM contact_seats WHERE code = ? AND seat = ? ORDER BY contact_id`, [code, seat],
    );
    return rows.map((r) => ({ contact: r.contact_id, by: r.tied_by }));
  }

  async contactAddress(contact: string): Promise<string | null> {
    const [row] = await this.read<{ email: string }>(`SELECT email FROM contacts WHERE id = ?`, [contact]);
    return row?.email ?? null;
  }

  async forgetContact(contact: string): Promise<void> {
    await this.run(`DELETE FROM contact_seats WHERE contact_id = ?`, [contact]);
    await this.run(`DELETE FROM contact_keys WHERE contact_id = ?`, [contact]);
    await this.run(`DELETE FROM contacts WHERE id = ?`, [contact]);
  }

  async addNudges(code: string, seq: number, nudges: NewNudge[]): Promise<void> {
    const now = this.now();
    for (const n of nudges) await this.run(...nudgeInsert(code, seq, n, now));
  }

  async claimNudges(limit: number, claimMs: number, now = this.now()): Promise<StoredNudge[]> {
    const rows = await this.read<NudgeRow>(
      `UPDATE nudges SET claim_until = ? WHERE id IN
         (SELECT id FROM nudges WHERE state = 'pending' AND next_at <= ? AND claim_until < ? ORDER BY next_at, id LIMIT ?)
       AND claim_until < ? RETURNING ${NUDGE_COLUMNS}`,
      [now + claimMs, now, now, limit, now],
    );
    return rows.map(nudgeOf).sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  }

  async pendingNudges(code: string, seat: number): Promise<StoredNudge[]> {
    const rows = await this.read<NudgeRow>(`SELECT ${NUDGE_COLUMNS} FROM nudges WHERE code = ? AND seat = ? AND state = 'pending' ORDER BY created_at, id`, [code, seat]);
    return rows.map(nudgeOf);
  }

  async settleNudge(id: string, outcome: { state: "pending" | "sent" | "cancelled" | "failed"; nextAt?: number; delivered?: string[]; attempts?: number }): Promise<void> {
    await this.run(
      `UPDATE nudges SET state = ?, next_at = COALESCE(?, next_at), delivered = COALESCE(?, delivered), attempts = COALESCE(?, attempts), claim_until = 0 WHERE id = ?`,
      [outcome.state, outcome.nextAt ?? null, outcome.delivered ? JSON.stringify(outcome.delivered) : null, outcome.attempts ?? null, id],
    );
  }

  async commandsOfSeatSince(code: string, seat: number, seq: number): Promise<number> {
    const [row] = await this.read<{ n: number | string }>(`SELECT COUNT(*) AS n FROM commands WHERE code = ? AND seat = ? AND seq > ?`, [code, seat, seq]);
    return Number(row?.n ?? 0);
  }

  async lastNudgeSent(code: string, seat: number, kind: StoredNudge["kind"]): Promise<number | null> {
    const [row] = await this.read<{ seq: number | string | null }>(`SELECT MAX(seq) AS seq FROM nudges WHERE code = ? AND seat = ? AND kind = ? AND state = 'sent'`, [code, seat, kind]);
    return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
  }

  async nudgeSeat(code: string, seat: number, token: string): Promise<NudgeSeat> {
    await this.run(`INSERT INTO nudge_seats (code, seat, unsubscribe) VALUES (?, ?, ?) ON CONFLICT (code, seat) DO NOTHING`, [code, seat, token]);
    const [row] = await this.read<{ unsubscribe: string; opted_out_at: number | string | null; last_sent_at: number | string }>(
      `SELECT unsubscribe, opted_out_at, last_sent_at FROM nudge_seats WHERE code = ? AND seat = ?`, [code, seat],
    );
    return { unsubscribe: row!.unsubscribe, optedOut: row!.opted_out_at !== null, lastSentAt: Number(row!.last_sent_at) };
  }

  async nudgeSent(code: string, seat: number, at: number): Promise<void> {
    await this.run(`UPDATE nudge_seats SET last_sent_at = ? WHERE code = ? AND seat = ?`, [at, code, seat]);
  }

  async unsubscribeNudges(token: string): Promise<{ code: string; seat: number } | null> {
    const [row] = await this.all<{ code: string; seat: number }>(
      `UPDATE nudge_seats SET opted_out_at = COALESCE(opted_out_at, ?) WHERE unsubscribe = ? RETURNING code, seat`, [this.now(), token],
    );
    if (!row) return null;
    await this.run(`UPDATE nudges SET state = 'cancelled' WHERE code = ? AND seat = ? AND state = 'pending'`, [row.code, Number(row.seat)]);
    return { code: row.code, seat: Number(row.seat) };
  }

  async resubscribeNudges(code: string, seat: number): Promise<void> {
    await this.run(`UPDATE nudge_seats SET opted_out_at = NULL WHERE code = ? AND seat = ?`, [code, seat]);
  }

  async addPushSubscription(code: string, seat: number, sub: PushSubscriptionRow, max: number): Promise<void> {
    await this.run(
      `INSERT INTO push_subscriptions (code, seat, endpoint, p256dh, auth, at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (code, seat, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, at = excluded.at`,
      [code, seat, sub.endpoint, sub.p256dh, sub.auth, this.now()],
    );
    await this.run(
      `DELETE FROM push_subscriptions WHERE code = ? AND seat = ? AND endpoint NOT IN
         (SELECT endpoint FROM push_subscriptions WHERE code = ? AND seat = ? ORDER BY at DESC, endpoint LIMIT ?)`,
      [code, seat, code, seat, max],
    );
  }

  async removePushSubscription(code: string, seat: number, endpoint: string): Promise<void> {
    await this.run(`DELETE FROM push_subscriptions WHERE code = ? AND seat = ? AND endpoint = ?`, [code, seat, endpoint]);
  }

  async pushSubscriptions(code: string, seat: number): Promise<PushSubscriptionRow[]> {
    return this.read<PushSubscriptionRow>(`SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE code = ? AND seat = ? ORDER BY at, endpoint`, [code, seat]);
  }

  async setWebhook(code: string, hook: { url: string; format: "discord" | "slack" } | null): Promise<void> {
    if (!hook) await this.run(`DELETE FROM table_webhooks WHERE code = ?`, [code]);
    else await this.run(
      `INSERT INTO table_webhooks (code, url, format, at) VALUES (?, ?, ?, ?) ON CONFLICT (code) DO UPDATE SET url = excluded.url, format = excluded.format, at = excluded.at`,
      [code, hook.url, hook.format, this.now()],
    );
  }

  async webhook(code: string): Promise<{ url: string; format: "discord" | "slack" } | null> {
    const [row] = await this.read<{ url: string; format: "discord" | "slack" }>(`SELECT url, format FROM table_webhooks WHERE code = ?`, [code]);
    return row ?? null;
  }
}
