// Helpers for engine tests: drive a game to a point, hand a seat a given card, shape the city.
import { expect } from "vitest";
import type { Command } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { ACTION_INSTANCES } from "../../server/engine/data.ts";
import { checkInvariants, createGame, engine as gameEngine } from "../../server/engine/index.ts";
import type { Engine, GameState, Variant } from "../../server/engine/index.ts";
import type { Ctx } from "../../server/engine/ctx.ts";
import { advance } from "../../server/engine/flow.ts";
import { RULEBOOK, RULE_PARTS } from "../../server/engine/registry.ts";
import { buildRulebook } from "../../server/engine/rulebook.ts";
import type { Rulebook, RulePart, WindowHook, WindowName } from "../../server/engine/rulebook.ts";
import { createEngine } from "../../server/engine/engine.ts";
import type { DistrictState } from "../../server/engine/state.ts";
import { clonePlain } from "../../server/engine/state.ts";
import { FIRST_GAME_CORPS } from "../../server/engine/variant.ts";

/** A game with the first-game corporations (Jinteki in seat 0, then the sidebar order) unless `variant` says otherwise. */
export function newGame(players: 4 | 5 | 6 = 4, seed = 1, variant?: Partial<Variant>): GameState {
  return createGame({ players, seed, variant: { ...FIRST_GAME_CORPS, ...variant } });
}

/** Applies a command that must be accepted (by `engine`, the game's by default); checks the invariants after it. */
export function ok(s: GameState, seat: number, command: Command, engine: Engine = gameEngine): { state: GameState; events: GameEvent[] } {
  const r = engine.apply(s, seat, command);
  if (!r.ok) throw new Error(`rejected ${JSON.stringify(command)} by seat ${seat}: ${r.code}: ${r.message}`);
  expect(checkInvariants(r.state)).toEqual([]);
  return { state: r.state, events: r.events };
}

/** Applies a command that must be rejected with the given code; the state must not change. */
export function rejected(s: GameState, seat: number, command: Command, code?: string): string {
  const before = JSON.stringify(s);
  const r = gameEngine.apply(s, seat, command);
  expect(r.ok).toBe(false);
  if (r.ok) return "";
  if (code) expect(r.code).toBe(code);
  expect(JSON.stringify(s)).toBe(before);
  return r.message;
}

/** Answers every decision simply (first option; assets offered are passed) until `until` holds. */
export function advanceTo(s: GameState, until: (s: GameState) => boolean, answer?: (s: GameState) => Command | null, engine: Engine = gameEngine): GameState {
  for (let i = 0; i < 500 && !until(s); i++) {
    const p = s.pending!;
    const custom = answer?.(s);
    let cmd: Command;
    if (custom) cmd = custom;
    else if (p.kind === "general-draw") cmd = { type: "choose", option: firstChoice(s, p.seat, engine) };
    else if (p.kind === "investment") cmd = { type: "investment", keep: p.cards[0]! };
    else if (p.kind === "counteroffer") cmd = { type: "pass" };
    else if (p.kind === "support") cmd = { type: "abstain" };
    else if (p.kind === "main-offer") cmd = { type: "offer", card: s.seats[p.seat]!.hand[0] ?? undefined, ...(s.seats[p.seat]!.hand.length ? {} : { emergency: true as const }) };
    else if (p.kind === "effect") cmd = { type: "choose", option: choices(s, p.seat, engine).includes("pass") ? "pass" : firstChoice(s, p.seat, engine) };
    else if (p.kind === "hand-limit") cmd = { type: "discard", cards: s.seats[p.seat]!.hand.slice(0, p.count) };
    else throw new Error("cannot advance from " + (p as { kind: string }).kind);
    s = ok(s, p.seat, cmd, engine).state;
  }
  if (!until(s)) throw new Error("advanceTo: condition never reached");
  return s;
}

export function firstChoice(s: GameState, seat: number, engine: Engine = gameEngine): string | number {
  const c = engine.legal(s, seat).find((l) => l.type === "choose");
  if (!c || c.type !== "choose") throw new Error("no choice pending");
  return c.options[0]!.value;
}

export function choices(s: GameState, seat: number, engine: Engine = gameEngine): (string | number)[] {
  const c = engine.legal(s, seat).find((l) => l.type === "choose");
  return c && c.type === "choose" ? c.options.map((o) => o.value) : [];
}

/** The first main offer of the game (setup done, round 1, turn 1). */
export function atFirstMainOffer(players: 4 | 5 | 6 = 4, seed = 1, variant?: Partial<Variant>): GameState {
  return advanceTo(newGame(players, seed, variant), (s) => s.pending?.kind === "main-offer");
}

/** Moves one instance of a card title (e.g. "clean-slate") into a seat's hand; returns the instance id. */
export function giveCard(s: GameState, seat: number, defId: string): string {
  for (const { id, def } of ACTION_INSTANCES) {
    if (def.id !== defId) continue;
    for (const pile of [...Object.values(s.actionDecks), ...Object.values(s.actionDiscards)]) {
      const i = pile.indexOf(id);
      if (i >= 0) {
        pile.splice(i, 1);
        s.seats[seat]!.hand.push(id);
        return id;
      }
    }
  }
  throw new Error("no free copy of " + defId);
}

/** Puts every card of a seat's hand back on the bottom of its deck. */
export function emptyHand(s: GameState, seat: number): void {
  for (const id of s.seats[seat]!.hand) {
    const def = ACTION_INSTANCES.find((x) => x.id === id)!.def;
    s.actionDecks[def.type].push(id);
  }
  s.seats[seat]!.hand = [];
}

/** A quiet city: no unrest, units or tokens; androids only where listed. */
export function clearCity(s: GameState, androids: number[] = [2, 4, 7]): void {
  for (const d of s.districts) {
    Object.assign(d, { condition: "none", illness: false, development: false, humanFirst: false, orgcrime: false, prisec: false, android: androids.includes(d.id) });
  }
}

export function district(s: GameState, id: number): DistrictState {
  return s.districts[id - 1]!;
}
export function setDistrict(s: GameState, id: number, patch: Partial<DistrictState>): void {
  Object.assign(s.districts[id - 1]!, patch);
}

/**
 * From a main-offer decision: the active player offers the card (an action-card title id, or
 * "emergency"), nobody counters, and the card starts resolving. Returns the state at its first pick.
 */
export function resolveAsActive(s: GameState, card: string): { state: GameState; events: GameEvent[] } {
  const seat = s.active;
  const cmd: Command = card === "emergency" ? { type: "offer", emergency: true } : { type: "offer", card: giveCard(s, seat, card) };
  let r = ok(s, seat, cmd);
  const events = [...r.events];
  while (r.state.pending?.kind === "counteroffer") {
    r = ok(r.state, r.state.pending.seat, { type: "pass" });
    events.push(...r.events);
  }
  return { state: r.state, events };
}

export function texts(events: GameEvent[]): string {
  return events.map((e) => e.text).join("\n");
}

/** Moves an asset from wherever it is (deck, turn track, discard, another player) into a seat's play area. */
export function giveAsset(s: GameState, seat: number, id: string, exhausted = false): void {
  for (const pile of [s.assetDeck, s.assetDiscard]) {
    const i = pile.indexOf(id);
    if (i >= 0) pile.splice(i, 1);
  }
  const t = s.turnTrack.indexOf(id);
  if (t >= 0) {
    // keep the number of turns: put another asset in its slot
    s.turnTrack[t] = s.assetDeck.shift()!;
  }
  if (s.deal?.asset === id) s.deal.asset = s.assetDeck.shift()!;
  for (const p of s.seats) p.assets = p.assets.filter((a) => a.id !== id);
  s.seats[seat]!.assets.push({ id, exhausted });
}

/** Runs the game's flow on a hand-edited state (e.g. after setting s.stage) until a decision is owed. */
export function runFlow(s: GameState): { state: GameState; events: GameEvent[] } {
  const c: Ctx = { s: clonePlain(s), ev: [], frame: null, rules: RULEBOOK };
  c.s.pending = null;
  advance(c);
  return { state: c.s, events: c.ev };
}

/** A context on a copy of the state, to call one rule function directly. */
export function ctxOf(s: GameState): Ctx {
  return { s: clonePlain(s), ev: [], frame: null, rules: RULEBOOK };
}

/** The game's rulebook with a test's own parts added (a test card, hooks in windows), and an engine playing by it. */
export function withRules(...parts: RulePart[]): { rules: Rulebook; engine: Engine } {
  const rules = buildRulebook([...RULE_PARTS, ...parts]);
  return { rules, engine: createEngine(rules) };
}

/** A test hook: runs for the holder of `asset` whenever `window` opens, beside the asset's own rules. */
export function hook(window: WindowName, asset: string, run: WindowHook): RulePart {
  return { automatic: [{ window, asset, hook: run }] };
}
