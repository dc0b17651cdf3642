// The ends of a game over HTTP: the replay viewer's outline and public steps, and the rematch.
import type { WireTable } from "../../../shared/wire/index.ts";
import { call } from "./api.ts";

export interface ReplayOutline {
  code: string;
  /** Commands in the game: the steps are 0 (the setup) to total. */
  total: number;
  rounds: { round: number; step: number }[];
  log: { step: number; text: string }[];
  /** The guide's notes: each kind of moment at the step where it first came (shared/guide/texts.ts). */
  guide: { step: number; moment: string }[];
  /** A tutorial table's game: the replay shows the guide's notes from the start. */
  tutorial: boolean;
}

export interface ReplaySteps {
  code: string;
  total: number;
  steps: { step: number; table: WireTable }[];
}

/** The game in figures, for the end screen (server/lobby/summary.ts). */
export interface GameSummary {
  code: string;
  names: string[];
  corps: string[];
  /** At the start of each round, then "end": capital by seat, threat, threat by source so far. */
  rounds: { label: string; step: number; capital: number[]; threat: number; threatFrom: Partial<Record<string, number>> }[];
  dealsWon: number[];
  supportGiven: number[];
  supportReceived: number[];
  trades: number[];
  decided: { round: string; step: number; lines: string[] } | null;
  /** By seat: the last time it and its rival's corporation changed places (null: never, or no such rival). */
  rivalTurns: ({ round: string; step: number; ahead: boolean } | null)[];
}

export function gameSummary(code: string): Promise<GameSummary> {
  return call(`${base(code)}/summary`);
}

/** A finished table's rematch: the new table, and the player who asked for it. */
export interface Rematch { code: string; roomId: string; by: string; private: boolean }
/**
 * What anyone with the finished game's code learns of a rematch: a private one's code goes only to the
 * finished table's players (askRematch with their seat token), a public one's to everyone.
 */
export type RematchSeen = Rematch | { by: string; private: true; code?: undefined };

/** What the server gives at most in one request (server/lobby/ends.ts). */
export const STEPS_PER_REQUEST = 50;

const base = (code: string) => `/api/games/${encodeURIComponent(code)}`;

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
