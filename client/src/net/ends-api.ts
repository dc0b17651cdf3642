// The ends of a game over HTTP: the replay viewer's outline and public steps, the figures, and the rematch
// (their shapes are declared once, in shared/ends-api.ts).
import { STEPS_PER_REQUEST, type GameSummary, type Rematch, type RematchSeen, type ReplayOutline, type ReplaySteps } from "../../../shared/ends-api.ts";
import { ApiError, call } from "./api.ts";

const base = (code: string) => `/api/games/${encodeURIComponent(code)}`;

export function gameSummary(code: string): Promise<GameSummary> {
  return call(`${base(code)}/summary`);
}

export function replayOutline(code: string): Promise<ReplayOutline> {
  return call(`${base(code)}/replay/outline`);
}

export function replaySteps(code: string, from: number, count: number): Promise<ReplaySteps> {
  return call(`${base(code)}/replay/steps?from=${from}&count=${Math.min(count, STEPS_PER_REQUEST)}`);
}

export async function rematchOf(code: string): Promise<RematchSeen | null> {
  return (await call<{ rematch: RematchSeen | null }>(`${base(code)}/rematch`)).rematch;
}

/** Makes the rematch table (or finds the one already made); needs your seat token at the finished table. */
export async function askRematch(code: string, token: string): Promise<Rematch> {
  return (await call<{ rematch: Rematch }>(`${base(code)}/rematch`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token }),
  })).rematch;
}

/** How many times a request about a game that just ended is made while the server files it (about 5 s). */
export const FILED_TRIES = 6;

/**
 * The answer of `ask`, made again while the server says the game is not finished: the end screen shows
 * the result a moment before the server has filed the game as finished, so a click at once would be told
 * "not finished". Any other refusal, or the last one, is thrown.
 */
export async function onceFiled<T>(ask: () => Promise<T>, wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await ask();
    } catch (e) {
      if (!(e instanceof ApiError && e.code === "not-finished") || tries >= FILED_TRIES) throw e;
      await wait(300 * tries);
    }
  }
}
