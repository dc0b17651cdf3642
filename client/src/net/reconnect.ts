// Coming back to a table after a lost connection: how often to try, and what a failed join means for
// people (a sentence, never the SDK's message or a close code).
import { ApiError } from "./api.ts";

/** The SDK's own reconnection (same room, same session) tries at most this far apart. */
export const SDK_MAX_DELAY_MS = 2000;
/** Coming back by a fresh join: tries at most this far apart, so a table is back soon after its server. */
export const RETRY_MAX_MS = 2000;
/** After this long without the table, tries come less often (the server is down for longer). */
export const LONG_OUTAGE_MS = 120_000;
export const RETRY_SLOW_MS = 10_000;
/**
 * An unknown code right after a server start may be a game not yet restored (the server answers before
 * it has restored them all): the table counts as gone only after this many answers in a row, at least
 * RETRY_UNKNOWN_MS apart (each costs a wrong-code point of the address's budget), from a server up for
 * RESTORE_GRACE_S.
 */
export const UNKNOWN_BEFORE_GONE = 3;
export const RETRY_UNKNOWN_MS = 2000;
export const RESTORE_GRACE_S = 15;

/** Wait before the n-th try (n ≥ 1) to come back, with a little jitter so a table's pages do not all knock at once. */
export function retryDelay(n: number, downFor: number): number {
  const base = downFor > LONG_OUTAGE_MS ? RETRY_SLOW_MS : Math.min(RETRY_MAX_MS, 250 * 2 ** Math.min(n - 1, 8));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Colyseus's code for a join the room itself refused (its onAuth): the server's message is one of our sentences. */
export const ROOM_REFUSED = 526;

/**
 * What a failed join means, as a sentence for people: `final` when trying again cannot help (the room
 * refused the seat, or the code is unknown). The SDK's own messages (`room "…" not found`) are never shown.
 */
export function joinProblem(e: unknown, code: string): { final: boolean; message: string } {
  if (e instanceof ApiError) return { final: e.code === "unknown-code", message: e.message };
  const status = (e as { code?: unknown } | null)?.code;
  const message = (e as { message?: unknown } | null)?.message;
  const said = typeof message === "string" && /^[A-Z].*[.!]$/.test(message) ? message : "";
  if ((status === ROOM_REFUSED || status === 403) && said) return { final: true, message: said };
  if (status === 429 && said) return { final: false, message: said };
  return { final: false, message: `Table ${code} could not be reached just now. Try again in a moment.` };
}
