// The engine's API over a rulebook: pure, deterministic and replayable. No I/O; it imports only shared/
// and the core rules, never a card: index.ts binds it to the game's rulebook (registry.ts), and a test
// may bind it to a rulebook with parts of its own.
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import type { ActionType } from "../../shared/catalog/types.ts";
import { CommandSchema } from "../../shared/protocol.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent, GameView } from "../../shared/view.ts";
import { discardToLimit, handLimit } from "./action-phase.ts";
import type { Ctx } from "./ctx.ts";
import { corpName } from "./data.ts";
import { reject } from "./deal/common.ts";
import type { Reject } from "./deal/common.ts";
import { passCounteroffer, proposeCounteroffer } from "./deal/counteroffer.ts";
import { proposeMainOffer } from "./deal/offer.ts";
import { abstain, giveSupport } from "./deal/support.ts";
import { keepInvestment } from "./demand.ts";
import { answerGeneral, generalOptions } from "./draw.ts";
import { quickCommand } from "./command.ts";
import { answerEffect } from "./effects.ts";
import { EngineStuck } from "./budget.ts";
import { endByVote, untilOver } from "./end.ts";
import { advance } from "./flow.ts";
import { checkInvariants } from "./invariants.ts";
import { legalFor } from "./legal.ts";
import { announceSetup, initialState } from "./setup.ts";
import type { GameState } from "./state.ts";
import { forkState } from "./state.ts";
import { acceptTrade, cancelTrade, declineTrade, proposeTrade } from "./trade.ts";
import type { Rulebook } from "./rulebook.ts";
import type { Seed } from "./rng.ts";
import type { Variant } from "./variant.ts";
import { publicViewSince, viewFor as view, secretViewFor as secretView } from "./view.ts";

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; code: string; message: string };

export interface GameLog {
  players: 4 | 5 | 6;
  seed: Seed;
  variant?: Partial<Variant>;
  commands: { seat: number; command: Command }[];
}

/** The engine's API for one rulebook. */
export interface Engine {
  createGame(opts: { players: 4 | 5 | 6; seed: Seed; variant?: Partial<Variant> }): GameState;
  /** createGame plus the setup's game-log lines (private ones carry `to`). */
  createGameWithEvents(opts: { players: 4 | 5 | 6; seed: Seed; variant?: Partial<Variant> }): { state: GameState; events: GameEvent[] };
  apply(state: GameState, seat: number, command: Command): ApplyResult;
  /** The game ended by the players' vote now (end.ts's endByVote): scored on the standings, or cancelled. */
  endByVote(state: GameState, how: "vote" | "cancelled"): { state: GameState; events: GameEvent[] };
  legal(state: GameState, seat: number): LegalCommand[];
  viewFor(state: GameState, who: number | "spectator"): GameView;
  /**
   * A seat's view as its bot (or its hint) gets it: viewFor without the threat forecast, which no bot
   * reads (they read the city themselves: server/bots/city-threat.ts) and which is a good part of the
   * view's work, done on the tables' thread.
   */
  botViewFor(state: GameState, seat: number): Omit<GameView, "forecast">;
  /**
   * The spectator's view of `after`, given `last`, the spectator's view of `before`: equal to
   * viewFor(after, "spectator"), but the parts that cannot have changed are last's own objects.
   */
  publicViewSince(before: GameState, last: GameView, after: GameState): GameView;
  /** A seat's own part of its view (`you` and `trades`): what viewFor(state, seat) adds to the spectator's. */
  secretViewFor(state: GameState, seat: number): Pick<Required<GameView>, "you" | "trades">;
  waitingFor(state: GameState): number[];
  replay(log: GameLog): GameState;
  /** A seat's hand size now (5, changed by the assets it holds). */
  handLimit(state: GameState, seat: number): number;
  checkInvariants(state: GameState): string[];
}

const PENDING_FOR: Partial<Record<Command["type"], string[]>> = {
  offer: ["main-offer"],
  counteroffer: ["counteroffer"],
  pass: ["counteroffer"],
  support: ["support"],
  abstain: ["support"],
  choose: ["general-draw", "effect"],
  discard: ["hand-limit"],
  investment: ["investment"],
};

/** Which pick step the game waits on ("" for none): a corp-sheet draw, or one effect frame's step. */
function stepOf(s: GameState): string {
  const p = s.pending;
  if (p?.kind === "general-draw") return `draw:${p.seat}`;
  const f = s.effects[s.effects.length - 1];
  if (p?.kind === "effect" && f) return `effect:${p.seat}:${s.effects.length}:${f.source}:${f.step}`;
  return "";
}

function dispatch(c: Ctx, seat: number, cmd: Command): Reject | null {
  const s = c.s;
  switch (cmd.type) {
    case "trade-propose":
      return proposeTrade(c, seat, cmd);
    case "trade-accept":
      return acceptTrade(c, seat, cmd.id);
    case "trade-decline":
      return declineTrade(c, seat, cmd.id);
    case "trade-cancel":
      return cancelTrade(c, seat, cmd.id);
  }
  const p = s.pending;
  if (!p || !PENDING_FOR[cmd.type]?.includes(p.kind)) {
    const waiting = p ? ` Waiting for ${corpName(s, p.seat)}.` : "";
    return reject("not-now", `You cannot do that now.${waiting}`);
  }
  if (p.seat !== seat) return reject("not-your-turn", `It is not your decision: waiting for ${corpName(s, p.seat)}.`);
  switch (cmd.type) {
    case "offer":
      return proposeMainOffer(c, seat, cmd.card, cmd.emergency);
    case "counteroffer":
      return proposeCounteroffer(c, seat, cmd.card, cmd.emergency, cmd.discard ?? []);
    case "pass":
      passCounteroffer(c, seat);
      return null;
    case "support":
      return giveSupport(c, seat, cmd.offer, cmd.cards);
    case "abstain":
      abstain(c, seat);
      return null;
    case "choose":
      if (p.kind === "general-draw") {
        if (!generalOptions(c).some((o) => o.value === cmd.option) || !ACTION_TYPES.includes(cmd.option as ActionType)) {
          return reject("bad-choice", "Pick an action type you have not drawn in this step.");
        }
        answerGeneral(c, cmd.option as ActionType);
        return null;
      } else {
        const err = answerEffect(c, cmd.option);
        return err ? reject("bad-choice", err) : null;
      }
    case "discard":
      return discardToLimit(c, seat, cmd.cards);
    case "investment":
      return keepInvestment(c, seat, cmd.keep);
  }
  return reject("bad-command", "Unknown command.");
}

/** The game ended by vote now (end.ts's endByVote), on a copy: a game already over is left as it is. */
function endNow(rules: Rulebook, state: GameState, how: "vote" | "cancelled"): { state: GameState; events: GameEvent[] } {
  if (state.result) return { state, events: [] };
  const c: Ctx = { s: forkState(state), ev: [], frame: null, rules };
  untilOver(c, () => endByVote(c, how));
  return { state: c.s, events: c.ev };
}

export function createEngine(rules: Rulebook): Engine {
  function createGameWithEvents(opts: { players: 4 | 5 | 6; seed: Seed; variant?: Partial<Variant> }): { state: GameState; events: GameEvent[] } {
    const s = initialState(opts.players, opts.seed, opts.variant);
    const c: Ctx = { s, ev: [], frame: null, rules };
    announceSetup(c);
    advance(c);
    return { state: s, events: c.ev };
  }

  function createGame(opts: { players: 4 | 5 | 6; seed: Seed; variant?: Partial<Variant> }): GameState {
    return createGameWithEvents(opts).state;
  }

  function apply(state: GameState, seat: number, command: Command): ApplyResult {
    if (state.result) return { ok: false, code: "game-over", message: "The game is over." };
    if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) {
      return { ok: false, code: "bad-seat", message: "You are not seated at this table." };
    }
    let cmd = quickCommand(command);
    if (!cmd) {
      const parsed = CommandSchema.safeParse(command);
      if (!parsed.success) {
        return { ok: false, code: "bad-command", message: "That command is not well formed: " + parsed.error.issues.map((i) => i.message).join("; ") };
      }
      cmd = parsed.data;
    }
    const c: Ctx = { s: forkState(state), ev: [], frame: null, rules };
    try {
      // a command may end the game itself (a pick raising threat to 25): nothing runs after that
      const step = stepOf(c.s);
      const err = untilOver(c, () => dispatch(c, seat, cmd));
      if (err) return { ok: false, code: err.code, message: err.message };
      advance(c);
      // the same step's next picks, made at once: each must find that step still asking this seat
      if (cmd.type === "choose" && cmd.more) {
        for (const option of cmd.more) {
          if (c.s.result || stepOf(c.s) !== step) return { ok: false, code: "bad-choice", message: "More picks than this step asks for." };
          const next = untilOver(c, () => dispatch(c, seat, { type: "choose", option }));
          if (next) return { ok: false, code: next.code, message: next.message };
          advance(c);
        }
      }
    } catch (e) {
      // A loop over its step budget (a state no validated game reaches): the command is refused and the
      // state it was given is untouched, so the table can go on or be closed, never hang.
      if (e instanceof EngineStuck) return { ok: false, code: "engine-stuck", message: e.message };
      throw e;
    }
    return { ok: true, state: c.s, events: c.ev };
  }

  function replay(log: GameLog): GameState {
    let s = createGame({ players: log.players, seed: log.seed, variant: log.variant });
    log.commands.forEach(({ seat, command }, i) => {
      const r = apply(s, seat, command);
      if (!r.ok) throw new Error(`replay: command ${i} (${command.type} by seat ${seat}) was rejected: ${r.message}`);
      s = r.state;
    });
    return s;
  }

  return {
    createGame,
    createGameWithEvents,
    apply,
    endByVote: (state, how) => endNow(rules, state, how),
    legal: (state, seat) => legalFor(rules, state, seat),
    viewFor: (state, who) => view(rules, state, who),
    botViewFor: (state, seat) => view(rules, state, seat, "none"),
    publicViewSince: (before, last, after) => publicViewSince(rules, before, last, after),
    secretViewFor: (state, seat) => secretView(rules, state, seat),
    waitingFor: (state) => (state.result || !state.pending ? [] : [state.pending.seat]),
    replay,
    handLimit: (state, seat) => handLimit(rules, state, seat),
    checkInvariants,
  };
}
