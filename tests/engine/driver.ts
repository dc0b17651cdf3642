// A tiny random-legal-move driver for the engine tests (the real bots live in server/bots).
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { engine as gameEngine } from "../../server/engine/index.ts";
import type { Engine, GameState, Variant } from "../../server/engine/index.ts";

/** A small deterministic PRNG for tests (the bots' mulberry32). */
export const testRng = makeRandom;

function pickN<T>(rnd: () => number, from: T[], n: number): T[] {
  const pool = [...from];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
  return out;
}

function between(rnd: () => number, min: number, max: number): number {
  return min + Math.floor(rnd() * (max - min + 1));
}

/** Builds one concrete command from a legal entry (null when the entry offers nothing concrete). */
export function concretize(rnd: () => number, l: LegalCommand): Command | null {
  switch (l.type) {
    case "offer": {
      const all = [...l.cards.map((card) => ({ card })), ...l.emergency.map((e) => ({ emergency: e }))];
      if (all.length === 0) return null;
      return { type: "offer", ...all[Math.floor(rnd() * all.length)]! };
    }
    case "counteroffer": {
      const all = [...l.cards.map((card) => ({ card })), ...l.emergency.map((e) => ({ emergency: e }))];
      if (all.length === 0) return null;
      const o = all[Math.floor(rnd() * all.length)]!;
      const from = l.discard.from.filter((x) => !("card" in o) || x !== o.card);
      return { type: "counteroffer", ...o, discard: pickN(rnd, from, between(rnd, l.discard.min, l.discard.max)) };
    }
    case "pass":
    case "abstain":
      return { type: l.type };
    case "support":
      if (l.offers.length === 0 || l.cards.max < 1) return null;
      return { type: "support", offer: l.offers[Math.floor(rnd() * l.offers.length)]!, cards: pickN(rnd, l.cards.from, between(rnd, l.cards.min, Math.min(l.cards.max, 3))) };
    case "choose":
      if (l.options.length === 0) return null;
      return { type: "choose", option: l.options[Math.floor(rnd() * l.options.length)]!.value };
    case "discard":
      return { type: "discard", cards: pickN(rnd, l.cards.from, l.cards.min) };
    case "investment":
      return { type: "investment", keep: String(l.options[Math.floor(rnd() * l.options.length)]!.value) };
    case "trade-propose": {
      const to = l.to[Math.floor(rnd() * l.to.length)]!;
      const give = { capital: between(rnd, 0, Math.min(3, l.give.capital)), assets: pickN(rnd, l.give.assets, between(rnd, 0, 1)) };
      const get = { capital: between(rnd, 0, Math.min(3, to.capital)), assets: pickN(rnd, to.assets, between(rnd, 0, 1)) };
      const cmd: Command = { type: "trade-propose", to: to.seat, give, get };
      if (l.support && rnd() < 0.5 && l.support.offers.length > 0) {
        cmd.support = l.support.offers[Math.floor(rnd() * l.support.offers.length)]!;
        cmd.supportCards = pickN(rnd, l.support.cards.from, between(rnd, l.support.cards.min, l.support.cards.max));
      }
      if (give.capital + give.assets.length + get.capital + get.assets.length === 0 && !cmd.support) give.capital = l.give.capital > 0 ? 1 : 0;
      if (give.capital + give.assets.length + get.capital + get.assets.length === 0 && !cmd.support) return null;
      return cmd;
    }
    case "trade-accept":
    case "trade-decline":
    case "trade-cancel":
      return { type: l.type, id: l.ids[Math.floor(rnd() * l.ids.length)]! };
  }
}

/** One random legal decision for the seat that owes one (trades only with probability `tradeRate`). */
export function randomMove(rnd: () => number, s: GameState, tradeRate = 0, engine: Engine = gameEngine): { seat: number; command: Command } | null {
  const { legal } = engine;
  const owing = engine.waitingFor(s);
  if (owing.length === 0) return null;
  if (tradeRate > 0 && rnd() < tradeRate) {
    const seat = Math.floor(rnd() * s.players);
    const trades = legal(s, seat).filter((l) => l.type.startsWith("trade-"));
    if (trades.length > 0) {
      const cmd = concretize(rnd, trades[Math.floor(rnd() * trades.length)]!);
      if (cmd) return { seat, command: cmd };
    }
  }
  const seat = owing[0]!;
  const options = legal(s, seat).filter((l) => !l.type.startsWith("trade-"));
  for (let tries = 0; tries < 20; tries++) {
    const cmd = concretize(rnd, options[Math.floor(rnd() * options.length)]!);
    if (cmd) return { seat, command: cmd };
  }
  throw new Error(`no concrete move for seat ${seat} in ${JSON.stringify(options)}`);
}

/** Plays a whole game with random legal moves; returns the final state and the accepted commands. */
export function playRandomGame(
  players: 4 | 5 | 6,
  seed: number,
  opts: { variant?: Partial<Variant>; tradeRate?: number; maxSteps?: number; onStep?: (s: GameState) => void; engine?: Engine } = {},
): { state: GameState; commands: { seat: number; command: Command }[] } {
  const rnd = testRng(seed * 7919 + 1);
  const engine = opts.engine ?? gameEngine;
  let s = engine.createGame({ players, seed, variant: opts.variant });
  const commands: { seat: number; command: Command }[] = [];
  for (let step = 0; step < (opts.maxSteps ?? 20_000); step++) {
    const m = randomMove(rnd, s, opts.tradeRate ?? 0, engine);
    if (!m) break;
    const r = engine.apply(s, m.seat, m.command);
    if (!r.ok) {
      if (m.command.type.startsWith("trade-")) continue;
      throw new Error(`legal move rejected: ${JSON.stringify(m)} -> ${r.code}: ${r.message}`);
    }
    s = r.state;
    commands.push(m);
    opts.onStep?.(s);
  }
  return { state: s, commands };
}
