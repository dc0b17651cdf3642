// Who holds which seat: names, bots, seat tokens (kept hashed in the store), the connection that
// holds each seat, and whether a bot plays it while its player is away. One map by seat and one by
// connection; nothing here sends anything or knows of sockets (a connection is its session id).
import { hashSeatToken } from "../store/index.ts";
import type { StoredPlayer, StoredSeat, StoredSeatKey } from "../store/index.ts";
import { nameRefusal } from "../access/names.ts";

export const BOT_NAMES = ["Bot Ada", "Bot Bao", "Bot Cyd", "Bot Dex", "Bot Eli", "Bot Fen"];

/** What the table knows of each seat beyond the public state. */
export interface Seat {
  seat: number;
  name: string;
  bot: boolean;
  /** The token itself: known only once its player has joined through this process. */
  token: string | null;
  /** What the store keeps: a restored seat knows only this until its player comes back with the token. */
  tokenHash: string | null;
  /** The keys of the seat's other devices (hashes: seat-keys.ts); any of them opens it too. */
  keys: StoredSeatKey[];
  sessionId: string | null;
  connected: boolean;
  botControlled: boolean;
  awayTimer: { clear(): void } | null;
  /** Resumed without its person, by the host's choice: the game waits for them (no bot, no deadline). */
  waitedFor?: boolean;
  /** Resumed without its person, by the host's choice: a newcomer may take it (a bot plays it meanwhile). */
  open?: boolean;
}

export function newSeat(seat: number, name: string, bot: boolean, token: string | null, tokenHash = token && hashSeatToken(token)): Seat {
  return { seat, name, bot, token, tokenHash, keys: [], sessionId: null, connected: false, botControlled: false, awayTimer: null };
}

/** Whether a key's hash opens the seat: the first key's (the seat token), or another device's. */
export function opensSeat(seat: Seat, hash: string): boolean {
  return (seat.tokenHash !== null && seat.tokenHash === hash) || seat.keys.some((k) => k.hash === hash);
}

export class Seats {
  /** Every taken seat, by number. */
  readonly bySeat = new Map<number, Seat>();
  private bySession = new Map<string, number>();
  private readonly count: number;

  constructor(count: number) {
    this.count = count;
  }

  /** The lowest free seat, or null when the table is full. */
  free(): number | null {
    for (let i = 0; i < this.count; i++) if (!this.bySeat.has(i)) return i;
    return null;
  }

  get(seat: number): Seat | undefined {
    return this.bySeat.get(seat);
  }

  all(): IterableIterator<Seat> {
    return this.bySeat.values();
  }

  add(seat: Seat): void {
    this.bySeat.set(seat.seat, seat);
  }

  remove(seat: number): void {
    this.bySeat.delete(seat);
  }

  ofSession(sessionId: string): Seat | undefined {
    const n = this.bySession.get(sessionId);
    return n === undefined ? undefined : this.bySeat.get(n);
  }

  /** Whether this token (any of a seat's keys) is a seat's (nothing remembered: a check before the seat is taken back). */
  holds(token: string): boolean {
    return this.opening(hashSeatToken(token)) !== undefined;
  }

  /** The person's seat one of whose keys has this hash. */
  opening(hash: string): Seat | undefined {
    return [...this.bySeat.values()].find((s) => !s.bot && opensSeat(s, hash));
  }

  /** The seat one of whose keys is this token; the seat remembers the token the connection came with. */
  claim(token: string): Seat | undefined {
    const seat = this.opening(hashSeatToken(token));
    if (seat) seat.token = token;
    return seat;
  }

  /** Why a new player may not sit down under this name (a bot's, or too like a seated one's), or null. */
  nameRefusal(name: string): string | null {
    return nameRefusal(name, [...this.bySeat.values()].map((s) => s.name));
  }

  /** The lowest seat of a game under way opened to a newcomer, if any. */
  openSeat(): Seat | undefined {
    return [...this.bySeat.values()].filter((s) => s.open).sort((a, b) => a.seat - b.seat)[0];
  }

  attach(seat: Seat, sessionId: string): void {
    seat.sessionId = sessionId;
    this.bySession.set(sessionId, seat.seat);
  }

  /** Forgets a connection (the seat, if any, keeps its sessionId until the caller clears it). */
  detach(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  /** The human in the lowest seat: the host after the current one leaves, or -1. */
  firstHuman(): number {
    return [...this.bySeat.values()].filter((s) => !s.bot).sort((a, b) => a.seat - b.seat)[0]?.seat ?? -1;
  }

  /** A bot plays this seat's decisions: an empty seat, a bot, or an away player's seat. */
  botDriven(seat: number): boolean {
    const s = this.bySeat.get(seat);
    return !s || s.bot || s.botControlled;
  }

  /** The players as the lobby listing and the store's finished game show them. */
  players(corpOf: (seat: number) => string): (StoredPlayer & { connected: boolean })[] {
    return [...this.bySeat.values()].sort((a, b) => a.seat - b.seat).map((s) => ({
      seat: s.seat,
      name: s.name,
      corp: corpOf(s.seat),
      bot: s.bot,
      connected: s.bot || s.connected,
    }));
  }

  /** What the store keeps of a seat. */
  static stored(seat: Seat): StoredSeat {
    return {
      seat: seat.seat, name: seat.name, bot: seat.bot, tokenHash: seat.tokenHash, ...(seat.keys.length ? { keys: seat.keys.map((k) => ({ ...k })) } : {}),
      ...(seat.waitedFor ? { absent: "wait" as const } : seat.open ? { absent: "open" as const } : {}),
    };
  }
}
