// What a live table tells the lobby about itself (Colyseus keeps it as the room's metadata, in Redis
// with several processes): the room writes it, the lobby reads it to list and find tables.

export interface TableMetadata {
  code: string;
  status: "lobby" | "playing" | "adjourned" | "finished";
  /** While adjourned: when the players mean to meet again (epoch ms), or absent. */
  meetAt?: number;
  private: boolean;
  seats: number;
  players: { seat: number; name: string; corp: string; bot: boolean; connected: boolean }[];
  spectators: number;
  createdAt: number;
}
