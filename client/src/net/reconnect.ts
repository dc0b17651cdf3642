// Coming back to a table after a lost connection: how often to try, and what a failed join means for
// people (a sentence, never the SDK's message or a close code).
import { ApiError } from "./api.ts";
import { SEAT_PLAYED_ELSEWHERE } from "../../../shared/seat-elsewhere.ts";

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

/**
 * A close on purpose (1000, or the server's 4000): the sentence to show (the server's own, when it is
 * one) and whether the seat is now played from another page, which this browser, still holding its
 * key, may take back ("Play here again"). Null for any other close: the page comes back by itself.
 */
export function closedOnPurpose(code: number, reason: string | undefined, spectator: boolean): { reason: string; playedElsewhere: boolean } | null {
  if (code !== 1000 && code !== 4000) return null;
  return {
    reason: reason && /^[A-Z].*\.$/.test(reason) ? reason : "You left the table.",
    playedElsewhere: !spectator && reason === SEAT_PLAYED_ELSEWHERE,
  };
}

/** What one try to come back found: back at the table, try later, an unknown code, or gone for good. */
export type Outcome = { kind: "back" } | { kind: "later" } | { kind: "unknown" } | { kind: "gone"; message: string };

/** What the loop of tries needs from the page; the session gives its own, a test its fakes. */
export interface ComingBack {
  code: string;
  /** The page left the table (the loop stops). */
  closed(): boolean;
  /** Since when the table has been out of reach (epoch ms). */
  downSince(): number;
  /** Waits this long, or less if woken (the network is back, the tab shown again, "Try now"). */
  pause(ms: number): Promise<void>;
  /** Whether the browser thinks it is online (a try while offline is skipped until "online" wakes the pause). */
  online(): boolean;
  /** One try: find the table by its code and join it again. */
  tryOnce(): Promise<Outcome>;
  /** How long the server has been up (s), or null when it cannot say. */
  uptime(): Promise<number | null>;
}

/**
 * Tries to come back with backoff until a try works, the table is known to be gone, or the page closes.
 * An unknown code counts as gone only after UNKNOWN_BEFORE_GONE answers in a row from a server up for
 * RESTORE_GRACE_S (a server just started may not have restored the game yet).
 */
export async function keepTrying(at: ComingBack): Promise<{ kind: "back" } | { kind: "gone"; message: string } | { kind: "closed" }> {
  let unknown = 0;
  for (let n = 0; !at.closed(); n++) {
    if (n > 0) await at.pause(Math.max(retryDelay(n, Date.now() - at.downSince()), unknown > 0 ? RETRY_UNKNOWN_MS : 0));
    if (at.closed()) break;
    if (!at.online()) continue;
    const outcome = await at.tryOnce();
    if (outcome.kind === "back" || outcome.kind === "gone") return outcome;
    unknown = outcome.kind === "unknown" ? unknown + 1 : 0;
    if (unknown >= UNKNOWN_BEFORE_GONE && ((await at.uptime()) ?? 0) >= RESTORE_GRACE_S) {
      return { kind: "gone", message: `Table ${at.code} is no longer open: the server does not know it any more.` };
    }
  }
  return { kind: "closed" };
}
