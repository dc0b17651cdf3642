// Slows down guessing: each wrong invite code costs the sender's address a point; when the points of
// a minute are spent, further lookups and joins from that address are refused until the window ends.
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

const WRONG_CODES_PER_MINUTE = 10;
const wrongCodes = new RateLimiterMemory({ points: WRONG_CODES_PER_MINUTE, duration: 60 });

/** Seconds the address must wait before trying another code, or 0 when it may try now. */
export async function wrongCodeWait(ip: string | undefined): Promise<number> {
  const res = await wrongCodes.get(ip ?? "unknown");
  if (res && res.consumedPoints >= WRONG_CODES_PER_MINUTE) return Math.ceil(res.msBeforeNext / 1000);
  return 0;
}

/** Records a wrong code from this address. */
export async function recordWrongCode(ip: string | undefined): Promise<void> {
  try {
    await wrongCodes.consume(ip ?? "unknown");
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e; // already over the limit: nothing more to record
  }
}

/** Forgets every recorded wrong code (tests start each case from a clean slate). */
export async function clearWrongCodes(): Promise<void> {
  for (const key of ["127.0.0.1", "::ffff:127.0.0.1", "::1", "unknown"]) await wrongCodes.delete(key);
}
