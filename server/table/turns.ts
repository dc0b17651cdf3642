// Time at a table: plain timers that log their errors instead of crashing the process, and the turns
// the game waits for (a bot's move after its delay; a human's deadline, after which the bot policy
// decides for them).
import { waitingFor, type GameState } from "../engine/index.ts";

export type Timer = { clear(): void };

/** Timers that are all stopped at once when the table closes. */
export class Timers {
  private handles = new Set<NodeJS.Timeout>();
  private readonly onError: (err: unknown) => void;

  constructor(onError: (err: unknown) => void) {
    this.onError = onError;
  }

  /** Runs fn after ms; an error is handed to onError, never allowed to crash the process. */
  later(fn: () => void, ms: number): Timer {
    const handle = setTimeout(() => {
      this.handles.delete(handle);
      try {
        fn();
      } catch (err) {
        this.onError(err);
      }
    }, ms);
    this.handles.add(handle);
    return { clear: () => { clearTimeout(handle); this.handles.delete(handle); } };
  }

  clearAll(): void {
    for (const handle of this.handles) clearTimeout(handle);
  }
}

/** Bot moves and deadlines for the seats the game waits for; `move(seat)` plays for a seat when one is due. */
export class Turns {
  /** When each human seat's pending decision passes to the bot policy (ms since the epoch). */
  readonly deadlineAt = new Map<number, number>();
  private botTimers = new Map<number, Timer>();
  private deadlineTimers = new Map<number, Timer>();
  private readonly timers: Timers;
  private readonly move: (seat: number) => void;
  /** Deadlines kept over an adjournment: a seat's next deadline runs for what was left of it (ms). */
  private carried = new Map<number, number>();

  constructor(timers: Timers, move: (seat: number) => void) {
    this.timers = timers;
    this.move = move;
  }

  /**
   * Schedules what the game now waits for: a bot's move for a bot-driven seat (and a bot-driven seat
   * that was offered a trade), a deadline for a human's decision when the table has one. Returns the
   * deadline of the pending decision (0 when none).
   */
  schedule(game: GameState, botDriven: (seat: number) => boolean, stepSeconds: number, botDelayMs: number, waitedFor: (seat: number) => boolean = () => false): number {
    const waiting = new Set(waitingFor(game));
    for (const t of game.trades) if (botDriven(t.to)) waiting.add(t.to);
    for (const n of [...this.deadlineTimers.keys()]) if (!waiting.has(n)) this.reset(n);
    let deadline = 0;
    for (const n of waiting) {
      if (botDriven(n)) {
        if (!this.botTimers.has(n)) this.botTimers.set(n, this.timers.later(() => { this.botTimers.delete(n); this.move(n); }, botDelayMs));
      } else if (stepSeconds > 0 && !this.deadlineTimers.has(n) && !waitedFor(n)) {
        // When the deadline passes, the bot policy decides for this seat (after an adjournment, the
        // deadline runs for what was left of it).
        const ms = this.carried.get(n) ?? stepSeconds * 1000;
        this.carried.delete(n);
        this.deadlineAt.set(n, Date.now() + ms);
        this.deadlineTimers.set(n, this.timers.later(() => { this.deadlineTimers.delete(n); this.move(n); }, ms));
      }
      if (stepSeconds > 0 && n === game.pending?.seat) deadline = this.deadlineAt.get(n) ?? 0;
    }
    return deadline;
  }

  /** The seat answered: its deadline is gone. */
  reset(seat: number): void {
    this.deadlineTimers.get(seat)?.clear();
    this.deadlineTimers.delete(seat);
    this.deadlineAt.delete(seat);
  }

  /** The person is back: a bot no longer moves for the seat. */
  cancelBot(seat: number): void {
    this.botTimers.get(seat)?.clear();
    this.botTimers.delete(seat);
  }

  /** What is left of each running deadline (ms), by seat: kept over an adjournment. */
  remaining(now: number): Map<number, number> {
    const left = new Map(this.carried);
    for (const [n, at] of this.deadlineAt) left.set(n, Math.max(0, at - now));
    return left;
  }

  /** The next deadline of each of these seats runs for the time given (what was left at the adjournment). */
  carry(remaining: ReadonlyMap<number, number>): void {
    this.carried = new Map(remaining);
  }

  clear(): void {
    for (const t of [...this.botTimers.values(), ...this.deadlineTimers.values()]) t.clear();
    this.botTimers.clear();
    this.deadlineTimers.clear();
    this.deadlineAt.clear();
  }
}

/**
 * Commands that change nothing public: a trade proposed, withdrawn or declined is known to its two parties
 * alone. They do not count in the public `moves`; their sender's answer is a patch of its own secret.
 */
const PRIVATE_COMMANDS: ReadonlySet<string> = new Set(["trade-propose", "trade-cancel", "trade-decline"]);

/** Accepted commands counted: the public ones (the state's `moves`), and each seat's private ones. */
export class Moves {
  public = 0;
  readonly private: number[] = [];

  /** Counts a command; true when it is public. */
  count(seat: number, type: string): boolean {
    if (!PRIVATE_COMMANDS.has(type)) {
      this.public++;
      return true;
    }
    this.private[seat] = (this.private[seat] ?? 0) + 1;
    return false;
  }
}
