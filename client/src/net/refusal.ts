// The server's refusals as the page holds them, and when a refused move goes out of date (session.ts
// drops it then).

/** What a refusal answers: the server replies in order, so it is about the last thing sent. */
export type About = "move" | "trade" | "chat" | "host" | "adjourn" | "vote" | "vacation";
export interface Refusal { code: string; message: string; at: number; about: About; /** The game's public moves when it arrived. */ moves?: number }

/** How long a refused move stays in view at least, however soon the game moves on. */
export const REFUSAL_READ_MS = 4000;
/**
 * Whether a refusal of a move is out of date: the game has moved on since it arrived (another decision
 * now, which the refusal would contradict) and it has been in view REFUSAL_READ_MS. Other refusals
 * (chat, trades, votes) stay until dismissed or the next thing sent.
 */
export function refusalOutlived(r: Refusal | null, moves: number | undefined, now: number): boolean {
  return !!r && r.about === "move" && r.moves !== undefined && moves !== undefined && moves !== r.moves && now - r.at >= REFUSAL_READ_MS;
}
