// One whole game played by bots inside the engine (no network): the loop behind `npm run simulate`,
// the bot tests and the room's load tools. Deterministic: the same players, seed, variant and policy
// always give the same command log.
import { apply, checkInvariants, createGameWithEvents, waitingFor } from "../engine/index.ts";
import type { GameEvent, GameState, GameView, Variant } from "../engine/index.ts";
import { RULEBOOK } from "../engine/registry.ts";
import { publicViewSince, secretViewFor, viewFor } from "../engine/view.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import { botCommand, type BotView } from "../bots/index.ts";
import { makeRandom, type Random } from "../bots/random.ts";

/**
 * A bot: the command a seat sends now, or null when it owes nothing. It gets what the seat may know,
 * as the server's bots do: its view (less the threat forecast, engine.botViewFor), its legal commands
 * and the events it was shown since its last decision.
 */
export type Policy = (view: BotView, legal: LegalCommand[], events: GameEvent[], random: Random) => Command | null;

/** Whether a seat was shown an event (public ones, and its own private ones). */
export function shownTo(e: GameEvent, seat: number): boolean {
  return !e.to || e.to.includes(seat);
}

export interface PlayOptions {
  /** A game that has not ended after this many accepted commands is stopped as an error. */
  maxSteps?: number;
  /** Checks run after every accepted command (default: the engine's checkInvariants); each string is a violation. */
  check?: ((state: GameState) => string[]) | null;
  /** Stop the game at the first violation (default true): a broken state only breeds more. */
  stopOnViolation?: boolean;
  /** Shown the game after its creation and after every accepted command, with the events and the command (null: the setup) that made it. */
  observe?: (state: GameState, events: GameEvent[], by: { seat: number; command: Command } | null) => void;
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
  /** Time each policy call took (one bot decision), in order. */
  decisionMs: number[];
}

/** Generous: a 6-player game takes a few hundred commands. */
export const DEFAULT_MAX_STEPS = 20_000;

/** The seat that acts next: whoever must answer a trade proposal first, then whoever owes a decision. */
function nextSeat(state: GameState): number | null {
  const trade = state.trades[0];
  if (trade) return trade.to;
  return waitingFor(state)[0] ?? null;
}

/**
 * The deciding seat's view of each state in turn, equal to the engine's botViewFor(state, seat) (its
 * view less the threat forecast, which no bot reads): its public parts built from the last decision's
 * view (publicViewSince shares what the commands between left alone), the seat's own part added. The
 * seat's part is set on the view itself; the next call hands that view to publicViewSince as `last`,
 * which reads only its public parts (districts, reserve, seats, deal, decks).
 */
export function seatViews(): (state: GameState, seat: number) => BotView {
  let last: { state: GameState; view: GameView } | null = null;
  return (state, seat) => {
    const view = last
      ? publicViewSince(RULEBOOK, last.state, last.view, state, "none")
      : viewFor(RULEBOOK, state, "spectator", "none");
    const own = secretViewFor(RULEBOOK, state, seat);
    view.seat = seat;
    view.trades = own.trades;
    view.you = own.you;
    last = { state, view };
    return view;
  };
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
  const viewOf = seatViews();
  const run: GameRun = { players, seed, variant, commands: [], state: null as unknown as GameState, ending: null, error: null, violations: [], ms: 0, decisionMs: [] };
  let started = performance.now();
  const created = createGameWithEvents({ players, seed, variant });
  let state = created.state;
  // the events each seat was shown since its last decision
  const unseen: GameEvent[][] = Array.from({ length: players }, () => []);
  const show = (events: GameEvent[]) => {
    for (let seat = 0; seat < players; seat++) for (const e of events) if (shownTo(e, seat)) unseen[seat]!.push(e);
  };
  show(created.events);
  run.ms += performance.now() - started;
  options.observe?.(state, created.events, null);
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
    const view = viewOf(state, seat);
    const events = unseen[seat]!.splice(0);
    const decided = performance.now();
    let command = policy(view, view.you?.legal ?? [], events, random);
    run.decisionMs.push(performance.now() - decided);
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
    show(r.events);
    run.commands.push({ seat, command });
    options.observe?.(state, r.events, { seat, command });
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
