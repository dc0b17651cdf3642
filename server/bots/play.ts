// One whole game played by bots inside the engine (no network): the loop behind `npm run simulate`,
// the bot tests and the room's load tools. Deterministic: the same players, seed, variant and policy
// always give the same command log.
import { apply, checkInvariants, createGame, waitingFor } from "../engine/index.ts";
import type { GameState, Variant } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { botCommand } from "./index.ts";
import { makeRandom, type Random } from "./random.ts";

/** A bot: the command a seat sends now, or null when it owes nothing. */
export type Policy = (state: GameState, seat: number, random: Random) => Command | null;

export interface PlayOptions {
  /** A game that has not ended after this many accepted commands is stopped as an error. */
  maxSteps?: number;
  /** Checks run after every accepted command (default: the engine's checkInvariants); each string is a violation. */
  check?: ((state: GameState) => string[]) | null;
  /** Stop the game at the first violation (default true): a broken state only breeds more. */
  stopOnViolation?: boolean;
}

export interface GameRun {
  players: 4 | 5 | 6;
  seed: number;
  variant: Partial<Variant> | undefined;
  commands: { seat: number; command: Command }[];
  state: GameState;
  /** "normal": after the third demand round; "threat": threat reached 25; null: stopped by an error. */
  ending: "normal" | "threat" | null;
  error: { step: number; seat: number; command: Command | null; message: string } | null;
  violations: { step: number; problems: string[] }[];
  /** Time spent in the bots and the engine (the checks are not counted). */
  ms: number;
}

/** Generous: a 6-player game takes a few hundred commands. */
export const DEFAULT_MAX_STEPS = 20_000;

/** The seat that acts next: whoever must answer a trade proposal first, then whoever owes a decision. */
function nextSeat(state: GameState): number | null {
  const trade = state.trades[0];
  if (trade) return trade.to;
  return waitingFor(state)[0] ?? null;
}

export function playGame(
  players: 4 | 5 | 6,
  seed: number,
  variant?: Partial<Variant>,
  policy: Policy = botCommand,
  options: PlayOptions = {},
): GameRun {
  const maxSteps = options.maxSteps ?? DEFAULT_MAX_STEPS;
  const check = options.check === undefined ? checkInvariants : options.check;
  // the bots' own randomness, apart from the game's seeded RNG
  const random = makeRandom(seed ^ 0x5eed_b075);
  const run: GameRun = { players, seed, variant, commands: [], state: null as unknown as GameState, ending: null, error: null, violations: [], ms: 0 };
  let started = performance.now();
  let state = createGame({ players, seed, variant });
  run.ms += performance.now() - started;
  const stop = (seat: number, command: Command | null, message: string) => {
    run.error = { step: run.commands.length, seat, command, message };
  };
  while (!state.result) {
    if (run.commands.length >= maxSteps) {
      stop(-1, null, `the game did not end within ${maxSteps} commands`);
      break;
    }
    started = performance.now();
    const seat = nextSeat(state);
    if (seat === null) {
      stop(-1, null, "nobody owes a decision but the game is not over");
      break;
    }
    let command = policy(state, seat, random);
    // a policy that ignores trades still has to answer one
    if (!command && state.trades[0]?.to === seat) command = { type: "trade-decline", id: state.trades[0].id };
    if (!command) {
      run.ms += performance.now() - started;
      stop(seat, null, `the bot for seat ${seat} sent nothing although it owes a decision (${state.pending?.kind ?? "a trade answer"})`);
      break;
    }
    const r = apply(state, seat, command);
    run.ms += performance.now() - started;
    if (!r.ok) {
      stop(seat, command, `apply refused the bot's command: ${r.code}: ${r.message}`);
      break;
    }
    state = r.state;
    run.commands.push({ seat, command });
    if (check) {
      const problems = check(state);
      if (problems.length > 0) {
        run.violations.push({ step: run.commands.length, problems });
        if (options.stopOnViolation ?? true) break;
      }
    }
  }
  run.state = state;
  if (state.result) run.ending = state.result.reason === "threat" ? "threat" : "normal";
  return run;
}
