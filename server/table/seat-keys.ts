// A seat that follows its player: a seat has several keys, one per device. The seat token the first
// browser got is the first key (Seat.tokenHash); each seat link spent (server/lobby/seat-links.ts)
// adds one more (Seat.keys). Any of them takes the seat back (Seats.claim); the owner lists them and
// signs the other devices out. Only hashes are kept, here and in the store; a key itself exists only
// in the browser that holds it (and, for the connection holding the seat, in Seat.token).
import { randomBytes } from "node:crypto";
import { hashSeatToken, type StoredSeatKey } from "../store/index.ts";
import { opensSeat, type Seat, type Seats } from "./seats.ts";

/** The public id of the first key (the seat token). */
export const FIRST_KEY = "first";
/** Keys one seat may hold at once (a bound on what a seat's owner can make the server keep). */
export const KEYS_PER_SEAT = 8;

/** A new key or link secret: 144 random bits, URL-safe. */
export function newSecret(): string {
  return randomBytes(18).toString("base64url");
}

/** One device signed in to a seat, as its owner sees it (never the key). */
export interface SeatDevice {
  id: string;
  /** When its key was issued (ms), or null for the first key. */
  at: number | null;
  /** The device asking. */
  current: boolean;
}

/** The seat this key opens, if any (a person's seat, never a bot's). */
export function seatOfKey(seats: Seats, key: string): Seat | undefined {
  return seats.opening(hashSeatToken(key));
}

export interface SeatKeysDeps {
  seats: Seats;
  /** A public line in the game log (never a key or an address). */
  log(line: string): void;
  /** The seat's keys changed: stored (through the table's write queue). */
  save(seat: Seat): void;
  /** A connection holds the seat with a key just revoked: it is closed. */
  closeConnection(sessionId: string): void;
}

export class SeatKeys {
  private readonly d: SeatKeysDeps;

  constructor(deps: SeatKeysDeps) {
    this.d = deps;
  }

  /**
   * A new key for the seat (a seat link was spent), if the key that asked for the link (its hash:
   * `by`) still opens it: "revoked" if not (signed out, or the seat went to someone else), "full"
   * when the seat holds as many keys as it may.
   */
  issue(seatNumber: number, by: string, now = Date.now()): { key: string } | { refused: "revoked" | "full" } {
    const seat = this.d.seats.get(seatNumber);
    if (!seat || seat.bot || !opensSeat(seat, by)) return { refused: "revoked" };
    if (seat.keys.length + 1 >= KEYS_PER_SEAT) return { refused: "full" };
    const key = newSecret();
    const stored: StoredSeatKey = { id: randomBytes(6).toString("hex"), hash: hashSeatToken(key), at: now };
    seat.keys.push(stored);
    this.d.save(seat);
    this.d.log(`${seat.name} signed in on another device.`);
    return { key };
  }

  /** The devices of the seat this key opens (the asker's marked), or null if the key opens none. */
  devices(key: string): SeatDevice[] | null {
    const seat = seatOfKey(this.d.seats, key);
    if (!seat) return null;
    const hash = hashSeatToken(key);
    const first: SeatDevice[] = seat.tokenHash ? [{ id: FIRST_KEY, at: null, current: seat.tokenHash === hash }] : [];
    return [...first, ...seat.keys.map((k) => ({ id: k.id, at: k.at, current: k.hash === hash }))];
  }

  /**
   * The owner (this key) signs every other device out: their keys no longer open the seat, and a
   * connection holding the seat with one of them is closed. Returns the seat and how many went, or
   * null if the key opens no seat.
   */
  signOutOthers(key: string): { seat: number; signedOut: number } | null {
    const seat = seatOfKey(this.d.seats, key);
    if (!seat) return null;
    const hash = hashSeatToken(key);
    const before = seat.keys.length + (seat.tokenHash ? 1 : 0);
    seat.keys = seat.keys.filter((k) => k.hash === hash);
    if (seat.tokenHash !== hash) seat.tokenHash = null;
    const signedOut = before - 1;
    if (signedOut <= 0) return { seat: seat.seat, signedOut: 0 };
    // The connection holding the seat came with a key that no longer opens it: it goes.
    if (seat.sessionId && seat.token !== null && !opensSeat(seat, hashSeatToken(seat.token))) this.d.closeConnection(seat.sessionId);
    if (seat.token !== null && !opensSeat(seat, hashSeatToken(seat.token))) seat.token = null;
    this.d.save(seat);
    this.d.log(`${seat.name} signed ${signedOut === 1 ? "a device" : `${signedOut} devices`} out.`);
    return { seat: seat.seat, signedOut };
  }
}
