// What a live table tells the lobby about itself (Colyseus keeps it as the room's metadata, in Redis
// with several processes): the room writes it, the lobby reads it to list and find tables.

export interface TableMetadata {
  code: string;
  status: "lobby" | "playing" | "adjourned" | "finished";
  /** "live" or "turn-based" (absent in listings written before turn-based tables: live). */
  pace?: "live" | "turn-based";
  /** While adjourned: when the players mean to meet again (epoch ms), or absent. */
  meetAt?: number;
  private: boolean;
  seats: number;
  players: { seat: number; name: string; corp: string; bot: boolean; connected: boolean; bank?: PublishedBank }[];
  spectators: number;
  createdAt: number;
  /** A turn-based table's bank settings (shared/room-protocol.ts TurnSettings): when banks run, to count the seconds left. */
  turn?: { hours?: { from: string; to: string }; weekendPause: boolean; timeZone: string };
}

/**
 * A turn-based seat's time bank as the room last published it: what was left (ms) when it was
 * published, and while it runs the instant it runs out (server/table/time-bank.ts turns the two into
 * the seconds left at any moment).
 */
export interface PublishedBank {
  leftMs: number;
  /** Epoch ms the bank runs out while it runs (the seat owes a decision), else absent. */
  dueAt?: number;
}
