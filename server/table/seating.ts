// What happens to a table's seats over time: a player sits down (or comes back with a seat token),
// leaves, drops and is away (a public countdown, then a bot plays the seat until they return); bots
// take seats; the host passes to the next human. Seats (seats.ts) says who holds what; this changes
// it, tells the publisher and keeps the store up to date.
import { randomBytes } from "node:crypto";
import type { GameStore, StoredSeat, Write } from "../store/index.ts";
import type { Publisher, TableStatus } from "./publisher.ts";
import { BOT_NAMES, Seats, newSeat, type Seat } from "./seats.ts";
import type { Talk } from "./talk.ts";
import type { Timers, Turns } from "./turns.ts";

export interface SeatingDeps {
  /** A person's connection went (in a game): the table writes its nudge if the seat owes a decision. */
  disconnected?(seat: Seat): void;
  /** A person is away after the grace period: a bot plays their seat now. */
  away?(seat: Seat): void;
  seats: Seats;
  talk: Talk;
  publisher: Publisher;
  timers: Timers;
  turns: Turns;
  status(): TableStatus;
  /** How long a dropped player is away before a bot plays for them (the table's option). */
  graceSeconds(): number;
  /** A store write for this table, in the table's order. */
  write(write: (store: GameStore, code: string) => Write): void;
  /** True while the server shuts down: dropped players keep their seats in the store. */
  shuttingDown(): boolean;
  /** Who decides changed: the game's deadlines and bot moves are scheduled again. */
  decisionsChanged(): void;
  /**
   * A person's grace ran out and no person is connected at all: the table adjourns itself instead of
   * letting bots finish the game (adjourn.ts). Absent: a bot takes the seat, as for one who left.
   */
  everyoneLeft?(): void;
  /** A turn-based table: a dropped connection never makes the seat away (its bank says when the bot decides). */
  turnBased?(): boolean;
}

export type SitRefusal = { code: string; message: string };

export class Seating {
  hostSeat = -1;
  private readonly d: SeatingDeps;

  constructor(deps: SeatingDeps) {
    this.d = deps;
  }

  /**
   * Seats a player who passed the checks at the door: a new player in the lowest free seat, or one
   * coming back to their seat (`replace` closes the connection that held it). Checked again here:
   * another join may have taken the last seat or the name meanwhile.
   */
  sit(sessionId: string, name: string, reclaim: number | null, replace: (sessionId: string) => void): Seat | SitRefusal {
    const { seats, publisher } = this.d;
    let seat: Seat;
    if (reclaim !== null) {
      seat = seats.get(reclaim)!;
      if (seat.sessionId) replace(seat.sessionId);
    } else if (this.d.status() !== "lobby" && seats.openSeat()) {
      // A seat the host opened to a newcomer at resume: the newcomer takes it over, with a new token.
      const open = seats.openSeat()!;
      const taken = seats.nameRefusal(name);
      if (taken) return { code: "name-taken", message: taken };
      const token = randomBytes(18).toString("base64url");
      Object.assign(open, newSeat(open.seat, name, false, token), { botControlled: open.botControlled, open: false, waitedFor: false });
      seat = open;
      this.save(seat);
      publisher.seatRenamed(seat.seat, name); // the log says "… sits down at seat n" (announce)
    } else {
      const free = seats.free();
      if (free === null || this.d.status() !== "lobby") return { code: "full", message: "This table is full: join as a spectator." };
      const taken = seats.nameRefusal(name);
      if (taken) return { code: "name-taken", message: taken };
      seat = newSeat(free, name, false, randomBytes(18).toString("base64url"));
      seats.add(seat);
      this.save(seat);
      publisher.seatAdded(free, name, false);
      if (this.hostSeat < 0) this.setHost(free);
    }
    seats.attach(seat, sessionId);
    this.markConnected(seat, true);
    return seat;
  }

  /** The public log line for a player who took their seat, or came back to it. */
  announce(seat: Seat, reclaimed: boolean): void {
    this.d.talk.log(`${seat.name} ${reclaimed ? "is back" : "sits down"} at seat ${seat.seat + 1}.`);
  }

  /** A player's connection is gone for good: in the lobby the seat is freed, in a game it is away. */
  left(sessionId: string): void {
    const seat = this.d.seats.ofSession(sessionId);
    if (!seat) return;
    this.d.seats.detach(sessionId);
    seat.sessionId = null;
    if (this.d.status() === "lobby") this.freeSeatOf(seat);
    else this.markConnected(seat, false);
  }

  /** A player is connected again, or gone: in a game, away after the grace period, then played by a bot. */
  markConnected(seat: Seat, connected: boolean): void {
    const { publisher: p, talk } = this.d;
    seat.connected = connected;
    seat.awayTimer?.clear();
    seat.awayTimer = null;
    p.seatConnected(seat.seat, connected);
    p.seatAwayUntil(seat.seat, 0);
    if (!connected) this.d.disconnected?.(seat);
    if (connected) {
      if (seat.waitedFor || seat.open) this.setAbsent(seat, null);
      this.setBotControl(seat, false);
      if (this.d.status() === "playing") this.d.decisionsChanged(); // deadlines for decisions now theirs again
    } else if (this.d.status() === "playing" && !seat.waitedFor && !seat.open && !this.d.turnBased?.()) {
      // Public: everyone's board counts down to the bot taking over.
      const graceMs = this.d.graceSeconds() * 1000;
      p.seatAwayUntil(seat.seat, Date.now() + graceMs);
      seat.awayTimer = this.d.timers.later(() => {
        seat.awayTimer = null;
        p.seatAwayUntil(seat.seat, 0);
        // Nobody left at all: the game is adjourned, not played to its end by bots.
        if (this.d.everyoneLeft && ![...this.d.seats.all()].some((s) => !s.bot && !s.open && s.connected)) return this.d.everyoneLeft();
        this.setBotControl(seat, true);
        this.d.away?.(seat);
        talk.log(`${seat.name} is away: a bot plays their seat until they return.`);
        if (this.d.status() === "playing") this.d.decisionsChanged();
        p.flush(true);
      }, graceMs);
    }
  }

  /** A person's seat is played by a bot (true) or is theirs again (false). */
  setBotControl(seat: Seat, on: boolean): void {
    // The person is back: their decisions are theirs again.
    if (!on) this.d.turns.cancelBot(seat.seat);
    seat.botControlled = on;
    this.d.publisher.seatBotControlled(seat.seat, on);
  }

  /**
   * The host's choice at resume for a seat whose person is not back (null: they are back): the game waits
   * for them, a bot plays until they return, or a newcomer may take the seat. Kept in the store.
   */
  setAbsent(seat: Seat, absent: "wait" | "bot" | "open" | null): void {
    seat.waitedFor = absent === "wait";
    seat.open = absent === "open";
    if (absent !== null) this.setBotControl(seat, absent !== "wait");
    this.save(seat);
  }

  seatBot(n: number): void {
    const seat = newSeat(n, BOT_NAMES[n]!, true, null);
    this.d.seats.add(seat);
    this.save(seat);
    this.d.publisher.seatAdded(n, seat.name, true);
  }

  freeSeatOf(seat: Seat): void {
    this.d.seats.remove(seat.seat);
    // Players dropped by a server shutdown keep their seats in the store, to take them back after the restart.
    if (!this.d.shuttingDown()) this.d.write((store, code) => store.removeSeat(code, seat.seat));
    this.d.publisher.seatRemoved(seat.seat);
    if (this.hostSeat === seat.seat) this.setHost(this.d.seats.firstHuman());
  }

  /**
   * The seats the store had (after a restart): the host is the first human, as before, and the log
   * starts with each player sitting down (in seat order: the store keeps no order of arrival).
   */
  restore(stored: StoredSeat[]): void {
    for (const s of stored) {
      const seat = newSeat(s.seat, s.name, s.bot, null, s.tokenHash);
      seat.keys = s.keys ?? [];
      seat.waitedFor = s.absent === "wait";
      seat.open = s.absent === "open";
      this.d.seats.add(seat);
      this.d.publisher.seatAdded(s.seat, s.name, s.bot);
      if (seat.open) this.setBotControl(seat, true); // a bot plays an opened seat until a newcomer takes it
      if (!s.bot) this.announce(seat, false);
    }
    this.setHost(stored.find((s) => !s.bot)?.seat ?? -1);
  }

  /**
   * After a restart nobody is connected yet. In a game each player is away as after a dropped
   * connection; in the lobby a player who does not come back loses the seat after the same grace.
   */
  awaitReturns(): void {
    for (const seat of this.d.seats.all()) {
      if (seat.bot) continue;
      if (this.d.status() !== "lobby") {
        this.markConnected(seat, false);
        continue;
      }
      seat.awayTimer = this.d.timers.later(() => {
        seat.awayTimer = null;
        this.freeSeatOf(seat);
        this.d.publisher.flush(true);
      }, (this.d.graceSeconds() + 30) * 1000);
    }
  }

  private save(seat: Seat): void {
    const saved = Seats.stored(seat);
    this.d.write((store, code) => store.setSeat(code, saved));
  }

  private setHost(seat: number): void {
    this.hostSeat = seat;
    this.d.publisher.hostChanged(seat);
  }
}
