// Vacations at a turn-based table (docs/turn-based.md, "Vacations"): a seated person marks a time away
// (from, until), now or later, and may end it early or withdraw it. The table's setting says what happens
// meanwhile: "bot", a bot plays their seat (no bank runs, no nudge goes to them); "pause", the game pauses
// at the vacation's start for at most VACATION_PAUSE_MAX_MS, then the bot plays for the rest. Everyone at
// the table sees who is away and until when (no reason is ever asked). The allowance is counted per seat
// of one game (docs/turn-based.md says why): VACATION_ALLOWANCE_MS and VACATIONS_PER_YEAR within a year.
// `Vacations` is the bookkeeping (pure, the time given); `VacationDesk` carries it out for the table.
import {
  VACATION_AHEAD_MS, VACATION_ALLOWANCE_MS, VACATION_MIN_MS, VACATION_PAUSE_MAX_MS,
  type VacationMessage, type VacationMode, type VacationsShown, type VacationView,
} from "../../shared/vote-protocol.ts";
import type { StoredVacation, StoredVacations } from "../store/index.ts";
import type { Seat } from "./seats.ts";
import type { Refusal } from "./refusal.ts";
import type { Timer } from "./turns.ts";

type Mark = Extract<VacationMessage, { act: "mark" }>;

/** Vacations one seat may have marked within a year (either side of a new one's start). */
export const VACATIONS_PER_YEAR = 6;
const YEAR = 365 * 24 * 3600_000;
const HOUR = 3600_000;
/** setTimeout's longest wait is about 24.8 days: a later change is looked at again by then. */
const LONGEST_WAIT_MS = 20 * 24 * HOUR;

/** When a vacation ends: its end, or when it was ended early. */
const endOf = (v: StoredVacation) => v.endedAt ?? v.until;

/** A time in the log's words (each client shows its own local time beside it). */
export function utc(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** Whether a seat is on vacation at `now` by the stored list (the notifier's check on a parked game). */
export function onVacation(stored: StoredVacations | null | undefined, seat: number, now: number): boolean {
  return !!stored?.list.some((v) => v.seat === seat && v.from <= now && now < endOf(v));
}

export class Vacations {
  private list: StoredVacation[] = [];
  readonly mode: VacationMode;
  constructor(mode: VacationMode) {
    this.mode = mode;
  }

  restore(stored: StoredVacations | null | undefined): void {
    this.list = (stored?.list ?? []).map((v) => ({ ...v }));
  }

  stored(): StoredVacations {
    return { list: this.list.map((v) => ({ ...v })) };
  }

  /** The seat's vacation under way at `now`. */
  current(seat: number, now: number): StoredVacation | undefined {
    return this.list.find((v) => v.seat === seat && v.from <= now && now < endOf(v));
  }

  /** The seats on vacation at `now`. */
  away(now: number): Set<number> {
    return new Set(this.list.filter((v) => v.from <= now && now < endOf(v)).map((v) => v.seat));
  }

  /** The seat's vacation not yet over (under way or to come): one at a time. */
  open(seat: number, now: number): StoredVacation | undefined {
    return this.list.find((v) => v.seat === seat && endOf(v) > now);
  }

  /** The seat's vacations that count against one starting at `from`: those starting within a year of it, either side. */
  private counted(seat: number, from: number): StoredVacation[] {
    return this.list.filter((v) => v.seat === seat && Math.abs(v.from - from) < YEAR);
  }

  /** Time away the seat has left for a vacation starting at `from` (ms). */
  leftMs(seat: number, from: number): number {
    return Math.max(0, VACATION_ALLOWANCE_MS - this.counted(seat, from).reduce((sum, v) => sum + endOf(v) - v.from, 0));
  }

  /** A person marks a vacation: a refusal, or the vacation (a start in the past is now). */
  mark(seat: number, msg: Mark, now: number): Refusal | StoredVacation {
    const from = Math.max(msg.from, now);
    const { until } = msg;
    const held = this.open(seat, now);
    if (held) return { code: "vacation-open", message: `You already have a vacation marked (until ${utc(endOf(held))}): end it first.` };
    if (from > now + VACATION_AHEAD_MS) return { code: "bad-time", message: "A vacation may start at most a year ahead." };
    if (until < from + VACATION_MIN_MS) return { code: "bad-time", message: "A vacation ends after it starts, and lasts at least an hour." };
    if (this.counted(seat, from).length >= VACATIONS_PER_YEAR) {
      return { code: "vacation-limit", message: `You may mark at most ${VACATIONS_PER_YEAR} vacations in a year at this table.` };
    }
    const left = this.leftMs(seat, from);
    if (until - from > left) {
      return { code: "vacation-allowance", message: `That is ${daysWords(until - from)} away: you have ${daysWords(left)} left of your 14 days a year at this table.` };
    }
    this.prune(now);
    const v: StoredVacation = { seat, from, until };
    this.list.push(v);
    return v;
  }

  /** A person ends their vacation now (early), or withdraws the one to come (it counts nothing then). */
  end(seat: number, now: number): Refusal | { vacation: StoredVacation; started: boolean } {
    const v = this.open(seat, now);
    if (!v) return { code: "no-vacation", message: "You have no vacation marked." };
    if (v.from > now) {
      this.list = this.list.filter((x) => x !== v);
      return { vacation: v, started: false };
    }
    v.endedAt = now;
    return { vacation: v, started: true };
  }

  /** Vacations that ended more than a year ago count for nothing: forgotten (the list stays bounded). */
  private prune(now: number): void {
    this.list = this.list.filter((v) => endOf(v) > now - YEAR);
  }

  /** Vacations under way that have not paused the game yet (a table set to pause). */
  toPause(now: number): StoredVacation[] {
    if (this.mode !== "pause") return [];
    return this.list.filter((v) => !v.paused && v.from <= now && now < endOf(v) && now < v.from + VACATION_PAUSE_MAX_MS);
  }

  /** When the pause of the vacations under way that paused the game ends (each at most the cap), or null if none pauses it now. */
  pauseEnd(now: number): number | null {
    const ends = this.list.filter((v) => v.paused && v.from <= now).map((v) => Math.min(endOf(v), v.from + VACATION_PAUSE_MAX_MS)).filter((t) => t > now);
    return ends.length > 0 ? Math.max(...ends) : null;
  }

  /** The next time a vacation starts, ends or stops pausing after `now`, or null. */
  nextChange(now: number): number | null {
    const times = this.list.flatMap((v) => [v.from, endOf(v), ...(this.mode === "pause" ? [v.from + VACATION_PAUSE_MAX_MS] : [])]).filter((t) => t > now);
    return times.length > 0 ? Math.min(...times) : null;
  }

  /** The vacations now or to come, as everyone sees them. */
  view(now: number): VacationView[] {
    return this.list.filter((v) => endOf(v) > now).sort((a, b) => a.from - b.from || a.seat - b.seat).map((v) => ({ seat: v.seat, from: v.from, until: endOf(v) }));
  }
}

function daysWords(ms: number): string {
  const hours = Math.floor(ms / HOUR);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} day${days === 1 ? "" : "s"}${rest ? ` ${rest} hour${rest === 1 ? "" : "s"}` : ""}`;
}

/** What the desk needs of its table. */
export interface VacationTable {
  now(): number;
  /** "playing" or "adjourned": vacations are marked once the game is under way. */
  status(): string;
  seat(n: number): Seat | undefined;
  setBotControl(seat: Seat, on: boolean): void;
  log(line: string): void;
  /** While the game is paused for a vacation: until when; else null. */
  vacationPause(): number | null;
  /** Pause the game for a vacation until `until` (from playing), or move a vacation pause's end. */
  pause(until: number): void;
  /** The vacation pause is over: the game goes on. */
  resume(): void;
  /** The store keeps the vacations, and when the next one starts or ends (a parked game wakes then). */
  save(stored: StoredVacations, nextAt: number | null): void;
  publish(shown: VacationsShown): void;
  later(fn: () => void, ms: number): Timer;
  /** Published and told: flush. */
  changed(): void;
}

/** The table's vacations carried out: seats to the bot and back, the pause, the log, the store, the timer. */
export class VacationDesk {
  readonly book: Vacations;
  /** The seats this desk gave to the bot (a vacation under way). */
  private botFor = new Set<number>();
  private timer: Timer | null = null;

  private readonly t: VacationTable;

  constructor(mode: VacationMode, t: VacationTable) {
    this.t = t;
    this.book = new Vacations(mode);
  }

  /** A restarted or woken game: the vacations as stored, applied at once (the log starts over: their lines again). */
  restore(stored: StoredVacations | null | undefined): void {
    this.book.restore(stored);
    const now = this.t.now();
    for (const v of this.book.view(now)) if (v.from <= now) this.t.log(awayLine(this.t.seat(v.seat)?.name ?? `Seat ${v.seat + 1}`, v.until, this.book.mode));
    this.apply(true); // and stored: the next change's time moves on (a woken game is not woken again for it)
  }

  /** A person marks a vacation or ends theirs (the room has checked the message's shape). */
  request(seat: number, msg: VacationMessage): Refusal | null {
    const s = this.t.seat(seat);
    if (!s || s.bot) return { code: "not-a-player", message: "Only a person seated marks a vacation." };
    const status = this.t.status();
    if (status !== "playing" && status !== "adjourned") return { code: "not-playing", message: "Vacations are marked once the game is under way, and until it ends." };
    const now = this.t.now();
    if (msg.act === "mark") {
      const v = this.book.mark(seat, msg, now);
      if ("code" in v) return v;
      this.t.log(v.from <= now ? awayLine(s.name, v.until, this.book.mode) : `${s.name} will be away on vacation from ${utc(v.from)} until ${utc(v.until)}.`);
    } else {
      const out = this.book.end(seat, now);
      if ("code" in out) return out;
      this.t.log(out.started ? `${s.name} is back from vacation early.` : `${s.name} no longer plans a vacation from ${utc(out.vacation.from)}.`);
    }
    this.apply(true);
    return null;
  }

  /** A command of a person on vacation: they are back (their vacation ends now). */
  acted(seat: number): void {
    if (!this.book.current(seat, this.t.now())) return;
    const out = this.book.end(seat, this.t.now());
    if ("code" in out) return;
    this.t.log(`${this.t.seat(seat)?.name ?? `Seat ${seat + 1}`} is back from vacation early.`);
    this.apply(true);
  }

  onVacation(seat: number): boolean {
    return !!this.book.current(seat, this.t.now());
  }

  /** Everything that follows from the vacations now: bot control, the pause, the store, the wire, the next look. */
  apply(save = true): void {
    const now = this.t.now();
    const away = this.book.away(now);
    let changed = false;
    for (const n of away) {
      const s = this.t.seat(n);
      if (!s || s.bot) continue;
      if (!this.botFor.has(n)) {
        this.botFor.add(n);
        if (!s.botControlled) this.t.setBotControl(s, true);
        changed = true;
      }
    }
    for (const n of [...this.botFor]) {
      if (away.has(n)) continue;
      this.botFor.delete(n);
      const s = this.t.seat(n);
      if (s && !s.bot && !s.open && s.botControlled) this.t.setBotControl(s, false);
      // A vacation that ended by its time: the log says so (one ended by the person said it already).
      const v = this.book.view(now - 1).find((x) => x.seat === n && x.until <= now);
      if (v && s) this.t.log(`${s.name}'s vacation is over: they play their seat again.`);
      changed = true;
    }
    for (const v of this.book.toPause(now)) {
      const status = this.t.status();
      if (status === "playing" || this.t.vacationPause() !== null) v.paused = true;
      save = true;
    }
    const end = this.book.pauseEnd(now);
    const paused = this.t.vacationPause();
    if (end !== null && (this.t.status() === "playing" || paused !== null) && end !== paused) this.t.pause(end);
    else if (end === null && paused !== null) this.t.resume();
    if (save || changed) this.t.save(this.book.stored(), this.book.nextChange(now));
    this.publish();
    this.schedule(now);
    this.t.changed();
  }

  publish(): void {
    const now = this.t.now();
    this.t.publish({ mode: this.book.mode, away: this.book.view(now), pausedUntil: this.t.vacationPause() ?? 0 });
  }

  private schedule(now: number): void {
    this.timer?.clear();
    this.timer = null;
    const next = this.book.nextChange(now);
    if (next === null) return;
    this.timer = this.t.later(() => { this.timer = null; this.apply(true); }, Math.min(LONGEST_WAIT_MS, Math.max(0, next - now)));
  }

  stop(): void {
    this.timer?.clear();
    this.timer = null;
  }
}

function awayLine(name: string, until: number, mode: VacationMode): string {
  const what = mode === "pause" ? `the game pauses for them (at most ${VACATION_PAUSE_MAX_MS / HOUR} hours), then a bot plays their seat` : "a bot plays their seat";
  return `${name} is away on vacation until ${utc(until)}: ${what}.`;
}
