// What one table lets its players do, beyond the rules: settings of the process (server/config.ts reads
// them from the environment), handed to every room through createServer and defineRoom. A client never
// reaches them: tests and tools that need other values pass them to createServer.
import { MAX_OPEN_TRADES } from "../engine/trade.ts";
import { STEP_SECONDS_FLOOR } from "../../shared/deadlines.ts";
import { TIMED_PASS_SECONDS } from "./standing-answers.ts";

export interface RoomLimits {
  /** Trade proposals a seat may make in any minute (TRADE_PROPOSALS_PER_MINUTE). */
  tradeProposalsPerMinute: number;
  /** Trade proposals a seat may have open at once (TRADE_OPEN_PER_SEAT, at most the engine's own cap). */
  openTradesPerSeat: number;
  /** The least delay before a server bot acts: a table asking for less gets this (BOT_DELAY_MIN_MS). */
  botDelayMinMs: number;
  /** The shortest deadline per decision a table may have, 0 aside (no deadline) (STEP_SECONDS_MIN). */
  stepSecondsMin: number;
  /**
   * A seat that owes a decision is nudged ("your move", server/notify) after owing it this long with no
   * open connection; 0: no nudges are written (the server sets it when it has a channel to send them).
   */
  nudgeAfterMs?: number;
  /** How long a counteroffer chance waits for a connected person before the table passes (TIMED_PASS_SECONDS). */
  timedPassSeconds: number;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  tradeProposalsPerMinute: 20,
  openTradesPerSeat: 3,
  botDelayMinMs: 250,
  stepSecondsMin: STEP_SECONDS_FLOOR,
  timedPassSeconds: TIMED_PASS_SECONDS,
};

/**
 * Why a deadline per decision is too short for a person, or null. A decision means reading what
 * changed (an offer, a deal, an event) and answering on a phone over a slow network: 20 s is the
 * least that leaves a reader time, where a bot would otherwise decide for everyone.
 */
export function deadlineProblem(stepSeconds: number, limits: Pick<RoomLimits, "stepSecondsMin">): string | null {
  if (stepSeconds === 0 || stepSeconds >= limits.stepSecondsMin) return null;
  return `A deadline per decision is at least ${limits.stepSecondsMin} seconds (or none).`;
}

/** Open proposals the engine itself allows a seat: TRADE_OPEN_PER_SEAT cannot go above it. */
export { MAX_OPEN_TRADES };

/** A table nobody is connected to is parked after this long (the contract's 30 minutes); so is one nobody joined. */
export const TABLE_IDLE_MS = 30 * 60_000;

/**
 * The table's limits on a seat's trade proposals (the engine knows nothing of time): so many open at
 * once, so many a minute. A proposal loop would otherwise write commands to the store as fast as a
 * socket can send them. They hold for a bot playing the seat too.
 */
export class TradeLimiter {
  /** When each seat's last proposals were made (this minute's). */
  private times = new Map<number, number[]>();
  private readonly limits: RoomLimits;

  constructor(limits: RoomLimits) {
    this.limits = limits;
  }

  /** Why this seat may not propose a trade now, or null. */
  check(seat: number, game: { trades: readonly { from: number }[] }): { code: string; message: string } | null {
    const { openTradesPerSeat: maxOpen, tradeProposalsPerMinute: perMinute } = this.limits;
    if (game.trades.filter((t) => t.from === seat).length >= maxOpen) {
      return { code: "too-many-trades", message: `You already have ${maxOpen} open trade proposals: withdraw one first.` };
    }
    const now = Date.now();
    const times = (this.times.get(seat) ?? []).filter((t) => now - t < 60_000);
    this.times.set(seat, times);
    if (times.length >= perMinute) {
      const wait = Math.max(1, Math.ceil((times[0]! + 60_000 - now) / 1000));
      return { code: "trade-rate", message: `You can propose at most ${perMinute} trades a minute: try again in ${wait} s.` };
    }
    return null;
  }

  /** Counts an accepted proposal (check() came first). */
  count(seat: number): void {
    this.times.get(seat)!.push(Date.now());
  }
}
