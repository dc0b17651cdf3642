// The ends of a game over HTTP: the replay viewer's outline and public steps, the figures, and the rematch
// (their shapes are declared once, in shared/ends-api.ts).
import { STEPS_PER_REQUEST, type GameSummary, type Rematch, type RematchSeen, type ReplayOutline, type ReplaySteps } from "../../../shared/ends-api.ts";
import { call } from "./api.ts";

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
