// A room's store writes, one at a time and in order. What follows a write (sending its result to the
// players) runs only once the write is done, and anything the room asks for meanwhile waits its turn.
// With SQLite a write is done when it returns, so nothing ever waits; with PostgreSQL it is a promise.
import { StoreConflict, type Write } from "./types.ts";

const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

export class WriteQueue {
  private busy = false;
  private waiting: (() => void)[] = [];
  private idleWaiters: (() => void)[] = [];
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private onError: (err: unknown, attempt: number) => void;
  private onLost: (err: StoreConflict) => void;

  /**
   * onError: a write failed and will be tried again (the database is away); nothing after it runs meanwhile.
   * With attempt -1: what ran after a write threw (a bug); what is queued behind it still runs.
   * onLost: a write found its place taken (another process holds this game): the queue stops for good.
   */
  constructor(handlers: { onError: (err: unknown, attempt: number) => void; onLost: (err: StoreConflict) => void }) {
    this.onError = handlers.onError;
    this.onLost = handlers.onLost;
  }

  /** True while a write is in flight (or waiting to be tried again). */
  get pending(): boolean {
    return this.busy;
  }

  /** Runs fn now when no write is pending, else after the pending ones. */
  whenIdle(fn: () => void): void {
    if (this.stopped) return;
    if (this.busy) this.waiting.push(fn);
    else fn();
  }

  /** Writes, then runs `after` once the write is done. Failed writes are tried again until they succeed. */
  write(write: () => Write, after: () => void = () => {}): void {
    this.whenIdle(() => this.attempt(write, after, 0));
  }

  /** Resolves once nothing is pending (at once when idle). */
  idle(): Promise<void> {
    if (!this.busy || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops what is queued and stops retrying (the room is going away). */
  stop(): void {
    this.stopped = true;
    this.waiting = [];
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.finishIdle();
  }

  private attempt(write: () => Write, after: () => void, attempt: number): void {
    if (this.stopped) return;
    let result: Write;
    try {
      result = write();
    } catch (err) {
      return this.failed(err, write, after, attempt);
    }
    if (!result) return this.done(after);
    this.busy = true;
    result.then(() => this.done(after), (err) => this.failed(err, write, after, attempt));
  }

  private done(after: () => void): void {
    this.busy = false;
    this.run(after);
    while (!this.busy && !this.stopped && this.waiting.length > 0) this.run(this.waiting.shift()!);
    if (!this.busy) this.finishIdle();
  }

  /**
   * What followed a write: a throw is reported (attempt -1) and the rest still runs. Run from a
   * promise's callback, a throw would strand everything queued behind it and end the process.
   */
  private run(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.onError(err, -1);
    }
  }

  private failed(err: unknown, write: () => Write, after: () => void, attempt: number): void {
    if (err instanceof StoreConflict) {
      this.stop();
      this.onLost(err);
      return;
    }
    this.busy = true;
    this.onError(err, attempt);
    const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.attempt(write, after, attempt + 1);
    }, delay);
  }

  private finishIdle(): void {
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
