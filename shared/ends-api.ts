// A finished game's answers over HTTP, declared once: server/lobby/ends.ts serves them (summary.ts builds
// the figures), client/src/net/ends-api.ts asks for them (docs/protocol.md, "A finished game").
import type { ThreatSourceName } from "./view.ts";
import type { WireTable } from "./wire/index.ts";

/** What the server gives at most in one request for replay steps. */
export const STEPS_PER_REQUEST = 50;

/** GET /api/games/:code/replay/outline */
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

/** GET /api/games/:code/replay/steps?from&count: the public table after each step. */
export interface ReplaySteps {
  code: string;
  total: number;
  steps: { step: number; table: WireTable }[];
}

export interface RoundMark {
  /** The round track's space ("1", "2", "D", …), or "end" for the final figures. */
  label: string;
  /** The step (commands played) at which the round began. */
  step: number;
  capital: number[];
  threat: number;
  threatFrom: Partial<Record<ThreatSourceName, number>>;
}

/** The game in figures (server/lobby/summary.ts), by seat where a figure is a list. */
export interface GameFigures {
  corps: string[];
  /** At the start of each round, then "end". */
  rounds: RoundMark[];
  dealsWon: number[];
  supportGiven: number[];
  supportReceived: number[];
  trades: number[];
  /** The moment that decided the game: the round it fell in, and its public log lines. */
  decided: { round: string; step: number; lines: string[] } | null;
  /**
   * By seat, against the corporation on its rival card (revealed by the result): the last step where the
   * seat went ahead of that corporation's seat or fell behind it (`ahead`: after it), or null when that
   * never changed or the rival card names no other corporation in play.
   */
  rivalTurns: ({ round: string; step: number; ahead: boolean } | null)[];
}

/** GET /api/games/:code/summary: the figures, with the table's code and each seat's name. */
export interface GameSummary extends GameFigures {
  code: string;
  names: string[];
}

/** A finished table's rematch: the new table, and the player who asked for it. */
export interface Rematch { code: string; roomId: string; by: string; private: boolean }
/**
 * What anyone with the finished game's code learns of a rematch (GET /api/games/:code/rematch): a private
 * one's code goes only to the finished table's players (POST with their seat token), a public one's to everyone.
 */
export type RematchSeen = Rematch | { by: string; private: true; code?: undefined };
