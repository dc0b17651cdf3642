// A turn-based table's time banks (docs/turn-based.md), apart from the table: when a bank runs (the
// playing hours in the table's time zone, weekends), how much of it a wait used, when it runs out, and
// each seat's clock over the game: what a decision handed on adds, the excused delays when a bank runs
// out, the bot's decisions in a row. Pure: every function is given the time ("now", from the table's
// clock), so tests pass days in moments.
import { TurnSettings } from "../../shared/room-protocol.ts";
import type { StoredClock } from "../store/index.ts";

/** A seat whose bank runs out is excused this many times; after that the bot decides for it. */
export const EXCUSED_DELAYS = 3;
/** Each excused delay adds this share of the table's starting bank. */
export const DELAY_SHARE = 1 / 4;
/** After this many bot decisions in a row the seat is away: a bot plays it until its player acts again. */
export const BOT_DECISIONS_TO_AWAY = 3;
/** The one reminder of a bank's run goes out when this share of what it held is gone. */
export const WARN_SHARE = 3 / 4;

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;

/** A table's settings with every default filled in (a turn-based table created without `turn`). */
export function turnSettings(turn: Partial<TurnSettings> | undefined): TurnSettings {
  return TurnSettings.parse(turn ?? {});
}

const formats = new Map<string, Intl.DateTimeFormat>();
/** The local minute of the day (0..1439) and weekday (0: Sunday) of an instant in a time zone. */
function local(t: number, timeZone: string): { minute: number; weekday: number } {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", weekday: "short", hour: "2-digit", minute: "2-digit" });
    formats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(t).map((p) => [p.type, p.value]));
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday ?? "");
  return { minute: Number(parts.hour) * 60 + Number(parts.minute), weekday };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether banks run at this instant: within the playing hours (if any) and not at a paused weekend. */
export function banksRun(s: TurnSettings, t: number): boolean {
  if (!s.hours && !s.weekendPause) return true;
  const { minute, weekday } = local(t, s.timeZone);
  if (s.weekendPause && (weekday === 0 || weekday === 6)) return false;
  if (!s.hours) return true;
  const from = minutesOf(s.hours.from);
  const to = minutesOf(s.hours.to);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to; // "22:00–06:00" spans midnight
}

/** The next instant after t at which banksRun may change (a playing hour's edge, or midnight). */
function nextEdge(s: TurnSettings, t: number): number {
  const { minute } = local(t, s.timeZone);
  const edges = [...(s.hours ? [minutesOf(s.hours.from), minutesOf(s.hours.to)] : []), ...(s.weekendPause ? [0] : [])];
  const ahead = Math.min(...edges.map((e) => (e - minute + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES));
  return t - (t % MINUTE) + ahead * MINUTE;
}

/** More steps than any wait of years needs: a guard against a loop that would not end. */
const MAX_STEPS = 20_000;

/** How much bank time passed between two instants (ms): the time within them that banks ran. */
export function bankTimeBetween(s: TurnSettings, from: number, to: number): number {
  if (to <= from) return 0;
  if (!s.hours && !s.weekendPause) return to - from;
  let used = 0;
  for (let t = from, n = 0; t < to && n < MAX_STEPS; n++) {
    const next = Math.min(to, nextEdge(s, t));
    if (banksRun(s, t)) used += next - t;
    t = next;
  }
  return used;
}

/** The instant a bank with `leftMs` left, running from `from`, runs out (banks stop outside the hours). */
export function runsOutAt(s: TurnSettings, from: number, leftMs: number): number {
  if (!s.hours && !s.weekendPause) return from + leftMs;
  let left = leftMs;
  let t = from;
  for (let n = 0; n < MAX_STEPS; n++) {
    const next = nextEdge(s, t);
    if (banksRun(s, t)) {
      if (t + left <= next) return t + left;
      left -= next - t;
    }
    t = next;
  }
  return t + left;
}

/** What a bank is as the lobby and the table show it: ms it held when published, and while it runs, when it runs out. */
export interface BankShown {
  leftMs: number;
  /** When the running bank runs out (epoch ms); absent while it does not run. */
  dueAt?: number;
  /** Since when the seat owes its decision (epoch ms); absent while it owes none. */
  owedSince?: number;
}

/** The seconds left of a published bank at `now`. */
export function secondsLeft(s: TurnSettings, bank: BankShown, now: number): number {
  const ms = bank.dueAt === undefined ? bank.leftMs : Math.min(bank.leftMs, bankTimeBetween(s, now, bank.dueAt));
  return Math.max(0, Math.floor(ms / 1000));
}

/** What happened when a seat's bank ran out. */
export type RunOut = { excused: StoredClock; delay: number } | { bot: true };

/**
 * Each seat's clock at a turn-based table. The table tells it, after every change of the game, which
 * people owe a decision now; it answers with the clocks that changed, for the store (written with the
 * command that changed them: they are the deadlines).
 */
export class TimeBanks {
  readonly settings: TurnSettings;
  private clocks = new Map<number, StoredClock>();

  constructor(settings: TurnSettings) {
    this.settings = settings;
  }

  /** The clocks the store had (a restored game). */
  restore(clocks: readonly StoredClock[]): void {
    for (const c of clocks) this.clocks.set(c.seat, { ...c });
  }

  get(seat: number): StoredClock | undefined {
    return this.clocks.get(seat);
  }

  all(): StoredClock[] {
    return [...this.clocks.values()].sort((a, b) => a.seat - b.seat);
  }

  private clockOf(seat: number): StoredClock {
    let c = this.clocks.get(seat);
    if (!c) this.clocks.set(seat, (c = { seat, bankMs: this.settings.bankSeconds * 1000, owedSince: null, dueAt: null, delays: 0, botStreak: 0, botDecisions: 0 }));
    return c;
  }

  /**
   * After a change of the game: `decided` (a person's seat, or null) made a decision, which settles its
   * bank (less the time it waited, plus what a decision handed on adds, up to the cap); then a bank
   * starts to run for each of the `people` who owes a decision now (`owing`) and stops for one who no
   * longer does. Returns the changed clocks (copies).
   */
  update(people: readonly number[], owing: ReadonlySet<number>, now: number, decided: number | null = null): StoredClock[] {
    const s = this.settings;
    const before = new Map(this.all().map((c) => [c.seat, JSON.stringify(c)]));
    const settle = (c: StoredClock, extra: number) => this.settle(c, now, extra);
    for (const seat of people) {
      const c = this.clockOf(seat);
      if (seat === decided && c.owedSince !== null) settle(c, s.perDecisionSeconds * 1000);
      const owes = owing.has(seat);
      if (owes && c.owedSince === null) {
        c.owedSince = now;
        c.dueAt = runsOutAt(s, now, c.bankMs);
      } else if (!owes && c.owedSince !== null) settle(c, 0);
    }
    return this.all().filter((c) => before.get(c.seat) !== JSON.stringify(c));
  }

  /**
   * Stops every running bank (an adjourned game): each keeps what is left of it, and runs on from
   * there when the game resumes (update). Returns the changed clocks (copies).
   */
  stop(now: number): StoredClock[] {
    const running = this.all().filter((c) => c.owedSince !== null);
    for (const c of running) this.settle(c, now, 0);
    return running.map((c) => ({ ...c }));
  }

  /** A bank stops running: less the bank time it ran, plus `extra`, up to the cap. */
  private settle(c: StoredClock, now: number, extra: number): void {
    const left = Math.max(0, c.bankMs - bankTimeBetween(this.settings, c.owedSince ?? now, now));
    c.bankMs = Math.min(this.settings.capSeconds * 1000, left + extra);
    c.owedSince = null;
    c.dueAt = null;
  }

  /** When WARN_SHARE of a running bank is gone (epoch ms); null while it does not run. */
  warnAt(seat: number): number | null {
    const c = this.clocks.get(seat);
    if (!c || c.owedSince === null || c.dueAt === null) return null;
    return Math.round(runsOutAt(this.settings, c.owedSince, c.bankMs * WARN_SHARE));
  }

  /** Seats whose bank has run out by `now`, in seat order. */
  due(now: number): number[] {
    return this.all().filter((c) => c.dueAt !== null && c.dueAt <= now).map((c) => c.seat);
  }

  /**
   * The seat's bank ran out: an excused delay (a quarter of the starting bank more) while it has any
   * left, else the bot decides this once.
   */
  ranOut(seat: number, now: number): RunOut {
    const c = this.clockOf(seat);
    if (c.delays >= EXCUSED_DELAYS) return { bot: true };
    const extra = this.settings.bankSeconds * 1000 * DELAY_SHARE;
    c.delays++;
    // The bank is spent: it now holds the delay alone, running from now.
    c.bankMs = extra;
    c.owedSince = now;
    c.dueAt = runsOutAt(this.settings, now, extra);
    return { excused: { ...c }, delay: c.delays };
  }

  /** The seat's player decided: their run of bot decisions is over. Returns the clock when it changed. */
  acted(seat: number): StoredClock | null {
    const c = this.clocks.get(seat);
    if (!c || c.botStreak === 0) return null;
    c.botStreak = 0;
    return { ...c };
  }

  /** The bot decided for the seat (its bank ran out): true when that makes BOT_DECISIONS_TO_AWAY in a row. */
  botDecided(seat: number): boolean {
    const c = this.clockOf(seat);
    c.botStreak++;
    c.botDecisions++;
    return c.botStreak >= BOT_DECISIONS_TO_AWAY;
  }

  /**
   * A seat's bank as published: what it held when its wait began (or holds, while it owes nothing), and
   * while it runs, when it runs out and since when the decision is owed (secondsLeft reads it at any time).
   */
  shown(seat: number): BankShown | undefined {
    const c = this.clocks.get(seat);
    if (!c) return undefined;
    if (c.owedSince === null || c.dueAt === null) return { leftMs: c.bankMs };
    return { leftMs: c.bankMs, dueAt: c.dueAt, owedSince: c.owedSince };
  }
}
