// What one table lets its players do, beyond the rules: settings of the process (server/config.ts reads
// them from the environment), handed to every room through createServer and defineRoom. A client never
// reaches them: tests and tools that need other values pass them to createServer.
import { MAX_OPEN_TRADES } from "../engine/trade.ts";

export interface RoomLimits {
  /** Trade proposals a seat may make in any minute (TRADE_PROPOSALS_PER_MINUTE). */
  tradeProposalsPerMinute: number;
  /** Trade proposals a seat may have open at once (TRADE_OPEN_PER_SEAT, at most the engine's own cap). */
  openTradesPerSeat: number;
  /** The least delay before a server bot acts: a table asking for less gets this (BOT_DELAY_MIN_MS). */
  botDelayMinMs: number;
}

export const DEFAULT_ROOM_LIMITS: RoomLimits = {
  tradeProposalsPerMinute: 20,
  openTradesPerSeat: 3,
  botDelayMinMs: 250,
};

/** Open proposals the engine itself allows a seat: TRADE_OPEN_PER_SEAT cannot go above it. */
export { MAX_OPEN_TRADES };
