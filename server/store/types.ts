// What the game store keeps, and the one interface both databases (SQLite, PostgreSQL) implement.
import type { Command } from "../../shared/protocol.ts";
import type { TableOptions } from "../../shared/room-protocol.ts";
import type { VoteView } from "../../shared/vote-protocol.ts";
import type { Seed } from "../engine/rng.ts";

export type GameStatus = "lobby" | "playing" | "adjourned" | "finished";

/**
 * What an adjourned game keeps beside its commands: when it was adjourned, when its players mean to meet
 * again (or null), who adjourned it, and each running deadline's remaining time (ms, by seat), so that
 * every clock picks up where it stopped. Never a key, a token or an address.
 */
export interface StoredAdjournment {
  at: number;
  meetAt: number | null;
  /** "host", "vote", "everyone-left", "pause" (a turn-based game paused by vote until meetAt), or "vacation" (paused for a player's vacation). */
  by: "host" | "vote" | "everyone-left" | "pause" | "vacation";
  /** Remaining deadline time by seat (ms), for the seats whose decision had a deadline running. */
  deadlines: Record<string, number>;
}

/**
 * A seat's clock at a turn-based table (server/table/time-bank.ts): its bank (ms) as of `owedSince`
 * (or as it stands, when it owes nothing), since when it owes a decision, when its bank runs out (the
 * deadline: a row the sweep finds, never a timer), the excused delays it has used, the bot's
 * decisions for it in a row and in all. Written with the command that changed it.
 */
export interface StoredClock {
  seat: number;
  bankMs: number;
  owedSince: number | null;
  dueAt: number | null;
  delays: number;
  botStreak: number;
  /** The bot's decisions for the seat on a spent bank, in all (each one logged once). */
  botDecisions: number;
}

/** A deadline that has come: a turn-based game's seat whose bank ran out; `parked`: nobody holds the game. */
export interface DueDeadline {
  code: string;
  seat: number;
  dueAt: number;
  parked: boolean;
}

/** A write: synchronous on SQLite (done when it returns), a promise on PostgreSQL (done when it resolves). */
export type Write = void | Promise<void>;

export interface StoredSeat {
  seat: number;
  name: string;
  bot: boolean;
  /** SHA-256 (hex) of the seat token; the token itself is never stored. Null for bots. */
  tokenHash: string | null;
  /**
   * The seat's other devices' keys (seat links, server/table/seat-keys.ts): each a public id, the
   * SHA-256 (hex) of the key, and when it was issued. Never a key itself. Absent: none.
   */
  keys?: StoredSeatKey[];
  /**
   * The host's choice at resume for this seat while its person is not back (server/table/adjourn.ts):
   * the game waits for them, or a newcomer may take the seat (a bot plays it meanwhile). Absent: neither.
   */
  absent?: "wait" | "open";
}

/** A device's key to a seat, as stored: its hash only. */
export interface StoredSeatKey {
  id: string;
  hash: string;
  at: number;
}

/** A seat link's one-time secret, as stored: its hash only, its seat and its end. */
export interface StoredSeatLink {
  code: string;
  seat: number;
  expiresAt: number;
  /** The hash of the key that asked for it: the link opens the seat only while that key does. */
  by: string;
}

/** Why a seat link's secret opened nothing. */
export type SeatLinkRefusal = "unknown" | "spent" | "expired" | "revoked";

/** A seat as the finished game's public summary shows it. */
export interface StoredPlayer {
  seat: number;
  name: string;
  corp: string;
  bot: boolean;
}

/**
 * A command as the store keeps it: a game command, or a seat's take-back of its decision just before
 * (the log stays append-only: a take-back is a record of its own, and `gameCommands` applies it).
 */
export interface StoredCommand {
  seat: number;
  command: Command | TakeBack;
}

/** A seat took back its decision: the record before this one (that seat's game command) no longer counts. */
export interface TakeBack {
  type: "take-back";
}

/** The game commands of a stored log, take-backs applied: what the engine replays. */
export function gameCommands(records: readonly StoredCommand[]): { seat: number; command: Command }[] {
  const out: { seat: number; command: Command }[] = [];
  for (const r of records) {
    if (r.command.type !== "take-back") out.push({ seat: r.seat, command: r.command });
    else if (out.at(-1)?.seat === r.seat) out.pop();
    else throw new Error("A take-back follows no decision of its seat.");
  }
  return out;
}

/**
 * What the store keeps of a table's talk: the last TALK_LINES_KEPT lines of each chat channel (players',
 * spectators') and of each pair of players' private messages, cut every TALK_PRUNE_EVERY lines (so at
 * most that many more wait for the cut); all of it goes when the game ends or its table closes.
 */
export const TALK_LINES_KEPT = 100;
export const TALK_PRUNE_EVERY = 25;

/** A public chat line; a spectator's (seat -1) is in the spectators' channel, the others in the players'. */
export interface StoredChat {
  seat: number;
  from: string;
  text: string;
  at: number;
}

/** A chat line read back, with its number in the game's chat. */
export interface StoredChatLine extends StoredChat {
  seq: number;
}

/** A private message between two players. */
export interface StoredWhisper {
  from: number;
  to: number;
  fromName: string;
  text: string;
  at: number;
}

export interface StoredGame {
  code: string;
  /** The room that last held the game (a restored game gets a new room). */
  roomId: string;
  /** The table options, with the seed the room drew (128 bits; a whole number in old games and tests). */
  options: TableOptions & { seed: Seed };
  status: GameStatus;
  /** The engine's result once finished. */
  result: unknown;
  /** Seats with their corporations, saved when the game finishes. */
  players: StoredPlayer[];
  /** The room went away unfinished (idle for too long), or the table expired unjoined: kept but never restored. */
  closed: boolean;
  /** Why the game could not be restored (its replay failed), or null: a broken game is kept but never retried. */
  broken: string | null;
  createdAt: number;
  seats: StoredSeat[];
  /** While the game is adjourned (status "adjourned"): its clocks and meeting time. */
  adjourned: StoredAdjournment | null;
  /** The room left memory (idle, or adjourned and empty): the game waits in the store to be woken. */
  parked: boolean;
  /** The players' open vote (server/table/votes.ts), or null. */
  vote: VoteView | null;
  /** When each seat opened its recent votes (the limit of votes a seat opens an hour), oldest first. */
  voteOpenings?: VoteOpenings;
  /** A turn-based game's vacations (server/table/vacations.ts), or null: none marked. */
  vacations?: StoredVacations | null;
}

/** Votes opened: [seat, when] pairs (server/table/votes.ts keeps the last hour's). */
export type VoteOpenings = [seat: number, at: number][];

/** A seat's vacation: from, until, when it was ended early, whether it paused the game (a table set to pause). */
export interface StoredVacation {
  seat: number;
  from: number;
  until: number;
  endedAt?: number;
  paused?: boolean;
}

/** A game's vacations (seat numbers and times only: no reason, no name, no address). */
export interface StoredVacations {
  list: StoredVacation[];
}

/** The table made for a finished game's rematch, and who asked for it (their seat's name). */
export interface StoredRematch {
  code: string;
  by: string;
}

/** A command's sequence number was already written: another process holds this game. */
export class StoreConflict extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StoreConflict";
  }
}

/** Why a contact's sign-in link opened nothing. */
export type ContactLinkRefusal = "unknown" | "spent" | "expired";

/** A seat a verified address ties to its player's other devices, with the hash of the key that tied it. */
export interface StoredContactSeat {
  code: string;
  seat: number;
  /** The tie holds only while this key (its hash) opens the seat. */
  by: string;
}

/** A nudge the command that makes a seat owe a decision writes with it (server/notify). */
export interface NewNudge {
  seat: number;
  kind: "your-move" | "deadline-warning";
  /** When it is due (ms from now): "your move" after the seat has owed it this long. */
  afterMs: number;
  /** When it is due (epoch ms by the table's clock), instead of afterMs: a time bank's warning. */
  at?: number;
  /** The decision's absolute deadline (ms), if known when written. */
  deadline?: number | null;
}

/** An outbox row: sent once, its id the message's id; `delivered` lists the channels already done. */
export interface StoredNudge {
  id: string;
  code: string;
  seat: number;
  kind: NewNudge["kind"];
  /** The command that made the seat owe the decision. */
  seq: number;
  createdAt: number;
  nextAt: number;
  attempts: number;
  delivered: string[];
  deadline: number | null;
}

/** A seat's nudge settings at a table: its unsubscribe token, whether it opted out, its last message. */
export interface NudgeSeat {
  unsubscribe: string;
  optedOut: boolean;
  lastSentAt: number;
}

/** A browser's Web Push subscription (its endpoint is a secret URL; its keys encrypt the payload). */
export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface GameStore {
  readonly kind: "sqlite" | "postgres";
  /** Who this process is when it claims games (stable across restarts of the same process). */
  readonly instance: string;
  /** How long a claim on a game lasts unless renewed; a process that stops renewing loses its games. */
  readonly leaseMs: number;

  createGame(game: { code: string; roomId: string; options: StoredGame["options"]; createdAt: number }): Write;
  setRoomId(code: string, roomId: string): Write;
  setOptions(code: string, options: StoredGame["options"]): Write;
  setSeat(code: string, seat: StoredSeat): Write;
  removeSeat(code: string, seat: number): Write;
  startGame(code: string): Write;
  finishGame(code: string, result: unknown, players: StoredPlayer[]): Write;
  closeGame(code: string): Write;
  /** The game is adjourned (status "adjourned", with its clocks), or resumed (null: status "playing" again). */
  setAdjourned(code: string, adjourned: StoredAdjournment | null): Write;
  /**
   * The players' open vote changed: opened, answered (the whole vote, as the table shows it), or over (null);
   * with `openings`, the votes each seat opened in the last hour (kept as given).
   */
  setVote(code: string, vote: VoteView | null, openings?: VoteOpenings): Write;
  /**
   * The room left memory with the game unfinished: it stays in the store, unclaimed (no process
   * restores it at start), until someone wakes it (wakeGame).
   */
  parkGame(code: string): Write;
  /**
   * Claims a parked or adjourned game that no live process holds, for this instance (`since`: when this
   * run started, as claimGames). Atomic: of several processes (or calls) waking it at once, one gets
   * true; the others false.
   */
  wakeGame(code: string, since: number): Promise<boolean>;
  /** Closes for good every game parked more than `maxAgeMs` ago (by the store's clock); returns their codes. */
  closeParkedOlderThan(maxAgeMs: number): Promise<string[]>;
  /** The game could not be restored: it stays in the store (for inspection) and is never claimed again. */
  markBroken(code: string, reason: string): Write;
  /**
   * Closes every table still in the lobby that no player ever sat at (bots aside), created more than
   * `idleMs` ago, that no live process holds (as claimGames, `since`: when this run started): the room
   * would have closed it after that long idle, so it is not restored. Returns their codes.
   */
  expireLobbies(idleMs: number, since: number): Promise<string[]>;
  /**
   * Command number `seq` (0-based) of the game; throws StoreConflict if that number is taken. With
   * `also`, in the same transaction: the seats' clocks it changed (a turn-based game) and the nudges of
   * the seats it makes owe a decision (server/notify).
   */
  appendCommand(code: string, seq: number, command: StoredCommand, also?: { clocks?: readonly StoredClock[]; nudges?: readonly NewNudge[] }): Write;
  /** Writes these seats' clocks (one transaction): a game's start, an excused delay. */
  setClocks(code: string, clocks: readonly StoredClock[]): Write;
  /** A turn-based game's clocks, by seat. */
  clocks(code: string): Promise<StoredClock[]>;
  /**
   * The deadlines due by `now` that this process should run: of the games under way it holds, and of
   * parked ones (to wake them), earliest first, at most `limit`.
   */
  dueDeadlines(now: number, limit: number): Promise<DueDeadline[]>;
  /**
   * The games paused by vote whose resume time has come by `now` and that no live process but this one
   * holds (parked, or their holder's lease ran out), earliest first, at most `limit`: each is woken,
   * and its room resumes it.
   */
  duePauses(now: number, limit: number): Promise<string[]>;
  /** A turn-based game's vacations, and when the next one starts or ends (a parked game is woken then: dueVacations). */
  setVacations(code: string, vacations: StoredVacations, nextAt: number | null): Write;
  /** The unfinished games nobody holds (parked, or their holder's lease ran out) with a vacation starting or ending by `now`. */
  dueVacations(now: number, limit: number): Promise<string[]>;
  appendChat(code: string, seq: number, line: StoredChat): Write;
  /** Records a private message (seq: its number in this game, from 0). */
  appendWhisper(code: string, seq: number, whisper: StoredWhisper): Write;
  /** The private messages the store keeps of the game (TALK_LINES_KEPT), oldest first. */
  whispers(code: string): Promise<StoredWhisper[]>;
  /** The next private message's number (messages cut away still count). */
  whisperTotal(code: string): Promise<number>;
  /**
   * Cuts the game's talk to the last `keep` lines of each chat channel and of each pair's private
   * messages; 0: all of it (the game is over).
   */
  pruneTalk(code: string, keep: number): Write;

  /**
   * Records the rematch table of a finished game, unless one is recorded already; returns the one that
   * stands (the first, whoever wrote it).
   */
  setRematch(code: string, rematch: StoredRematch): Promise<StoredRematch>;
  /** The rematch table of a game, if one was made. */
  rematch(code: string): Promise<StoredRematch | null>;

  /**
   * Records a seat link's secret (its hash: `secretHash`), unspent, until `link.expiresAt`; the seat's
   * earlier unspent links are withdrawn (one live link per seat), and only its latest rows are kept.
   */
  addSeatLink(secretHash: string, link: StoredSeatLink): Promise<void>;
  /**
   * Spends a seat link's secret once (atomic: of two spends, one wins): its seat, or why not (by the
   * store's clock for the expiry).
   */
  spendSeatLink(secretHash: string): Promise<StoredSeatLink | { refused: SeatLinkRefusal }>;
  /** Withdraws every unspent link of a seat (its owner signed the other devices out). */
  revokeSeatLinks(code: string, seat: number): Write;

  /**
   * A player's verified e-mail address (server/lobby/contact.ts). The address is a secret: only
   * contactAddress reads it back, to send mail. A sign-in link's secret (hashed) names the address
   * it was mailed to, until it expires; spending it (once, atomic) verifies the address: its contact
   * (made on the first spend) is returned.
   */
  addContactLink(secretHash: string, email: string, expiresAt: number): Promise<void>;
  spendContactLink(secretHash: string): Promise<{ contact: string } | { refused: ContactLinkRefusal }>;
  /** A device's key to a contact (hashed); a contact keeps its CONTACT_KEYS_KEPT newest keys. */
  addContactKey(keyHash: string, contact: string): Promise<void>;
  /** The contact a device key opens, or null. */
  contactOfKey(keyHash: string): Promise<string | null>;
  /** Ties a seat to a contact (one per game); false when the contact ties CONTACT_SEATS_MAX games already. */
  tieSeat(contact: string, tie: StoredContactSeat): Promise<boolean>;
  untieSeat(contact: string, code: string): Promise<void>;
  contactSeats(contact: string): Promise<StoredContactSeat[]>;
  /** The contacts tied to a seat, each with the key hash that tied it. */
  contactsOfSeat(code: string, seat: number): Promise<{ contact: string; by: string }[]>;
  /** The address of a contact (to send it mail), or null. */
  contactAddress(contact: string): Promise<string | null>;
  /** Forgets a contact: its address, keys and ties. */
  forgetContact(contact: string): Promise<void>;

  /**
   * The nudges outbox (server/notify). claimNudges takes up to `limit` due pending rows for this
   * process for `claimMs` (atomic: a row is claimed by one process at a time); settleNudge records what
   * became of one (and releases the claim). pendingNudges: a seat's unsent rows at a table.
   */
  claimNudges(limit: number, claimMs: number, now?: number): Promise<StoredNudge[]>;
  /** Nudges written on their own (a deadline warning), owed since command `seq`. */
  addNudges(code: string, seq: number, nudges: NewNudge[]): Promise<void>;
  pendingNudges(code: string, seat: number): Promise<StoredNudge[]>;
  settleNudge(id: string, outcome: { state: "pending" | "sent" | "cancelled" | "failed"; nextAt?: number; delivered?: string[]; attempts?: number }): Promise<void>;
  /** How many commands a seat has played after command `seq` (has it answered since?). */
  commandsOfSeatSince(code: string, seat: number, seq: number): Promise<number>;
  /** The latest `seq` of a sent nudge of this kind to a seat (null: none sent). */
  lastNudgeSent(code: string, seat: number, kind: StoredNudge["kind"]): Promise<number | null>;
  /** A seat's nudge settings at a table, made with `token` as its unsubscribe token the first time. */
  nudgeSeat(code: string, seat: number, token: string): Promise<NudgeSeat>;
  nudgeSent(code: string, seat: number, at: number): Promise<void>;
  /** Opts a seat out of nudges at its table (its pending ones are cancelled); null for an unknown token. */
  unsubscribeNudges(token: string): Promise<{ code: string; seat: number } | null>;
  /** Opts a seat in to nudges at its table again (from its next owed decision). */
  resubscribeNudges(code: string, seat: number): Promise<void>;
  /** A browser's push subscription for a seat; a seat keeps its `max` newest. */
  addPushSubscription(code: string, seat: number, sub: PushSubscriptionRow, max: number): Promise<void>;
  removePushSubscription(code: string, seat: number, endpoint: string): Promise<void>;
  pushSubscriptions(code: string, seat: number): Promise<PushSubscriptionRow[]>;
  /** A table's webhook, set by its host (null: none). */
  setWebhook(code: string, hook: { url: string; format: "discord" | "slack" } | null): Promise<void>;
  webhook(code: string): Promise<{ url: string; format: "discord" | "slack" } | null>;

  getGame(code: string): Promise<StoredGame | null>;
  commands(code: string): Promise<StoredCommand[]>;
  /**
   * The last `limit` lines of each channel (the players' chat, the spectators'), merged oldest first,
   * so a talkative channel never pushes the other's lines out; `total`: the next line's number.
   */
  chat(code: string, limit: number): Promise<{ lines: StoredChatLine[]; total: number }>;

  /**
   * Takes every unfinished, open game whose owner's lease ran out, or that this instance held in a
   * previous run (before `since`, when this run started); returns their codes and last room ids.
   * Atomic: with several processes, each game goes to exactly one. Games this run created, or
   * already holds, are not returned while their lease is renewed.
   */
  claimGames(since: number): Promise<{ code: string; roomId: string }[]>;
  /**
   * Extends the lease on the games this run (started at `since`) holds; returns how many. A lease an
   * earlier run of this instance left is not renewed: it runs out, or this run takes it back.
   */
  renewLeases(since: number): Promise<number>;
  /**
   * Lets other processes take this one game at once (its room was disposed on shutdown, its writes
   * flushed); false when this instance did not hold it.
   */
  releaseGame(code: string): Promise<boolean>;
  /** Lets other processes take this instance's unfinished games at once (graceful shutdown). */
  releaseLeases(): Promise<void>;
  /** Waits for every pending write, then closes the database. */
  close(): Promise<void>;
}
