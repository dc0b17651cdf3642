// The rulebook: every card's effect steps, every asset's abilities in the timing windows, the
// table-wide rules tied to a window and the rule modifiers assets bring (hand size, corp-sheet
// draws, counteroffer payments). Card and asset files export their parts; registry.ts lists them
// all and builds the game's one rulebook once. The core rules (effects.ts, windows.ts, draw.ts,
// action-phase.ts, deal/*) read it from the context (`c.rules`) and never import a card.
//
// This file also holds the types a rule is written with (the context, a card's steps, a window's
// hooks): they refer to each other, and every rule module imports them from here (ctx.ts,
// effects.ts and windows.ts re-export them).
import type { DrawSlot } from "../../shared/catalog/types.ts";
import type { ChoiceIntent, ChoiceOption } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import type { EffectFrame, GameState } from "./state.ts";

/** The working context of one apply(): the (already copied) state, the events it produces, the card being resolved, and the rules. */
export interface Ctx {
  s: GameState;
  ev: GameEvent[];
  /** The effect being resolved (for illness threat and corp contracts), or null. */
  frame: EffectFrame | null;
  /** The rulebook the game is played with. */
  rules: Rulebook;
  /** A scratch copy used to look ahead (Caprice Nisei's declarations): no window opens in it. */
  sandbox?: boolean;
}

// ---- card scripts (effects.ts runs them) ----

export type Value = string | number;

export interface PickStep {
  /** Who chooses (default: the player resolving the card). */
  who?: (c: Ctx, f: EffectFrame) => number;
  prompt: string | ((c: Ctx, f: EffectFrame) => string);
  /** What every option of this pick does (an option's own intent adds to it, and its own act wins). */
  intent?: Partial<ChoiceIntent> | ((c: Ctx, f: EffectFrame) => Partial<ChoiceIntent>);
  options: (c: Ctx, f: EffectFrame) => ChoiceOption[];
  /** How many picks this step makes (default 1); it ends early when no option is left. */
  times?: number | ((c: Ctx, f: EffectFrame) => number);
  /** "Up to": the chooser may stop with "done". */
  upTo?: boolean;
  /**
   * Each option can be picked once and only which ones are picked matters ("discard 3 cards"): when
   * no fewer picks are owed than options are left, every option will be picked, so they are picked
   * without asking (effects.ts), each as the chooser's answer would have been (its own log line).
   * Not with `upTo` or `ordered`, where stopping early or the order is still a choice.
   */
  eachOnce?: boolean;
  /**
   * The picks of this step differ by their place ("in order: the first gains 3 capital, the second 2"):
   * several sent at once (`more`) are taken in the order given, so no order may be offered as a shortcut.
   */
  ordered?: boolean;
  /** Where this pick stands when `times` cannot say (a declaration repeating another card's repeated pick). */
  progress?: (c: Ctx, f: EffectFrame) => { at: number; of: number } | undefined;
  onPick: (c: Ctx, f: EffectFrame, value: Value) => void;
}

export type Step =
  | { do: (c: Ctx, f: EffectFrame) => void }
  | { pick: PickStep }
  /** Go back `back` steps while the condition holds. */
  | { loop: { back: number; while: (c: Ctx, f: EffectFrame) => boolean } };

export interface CardScript {
  /** The card waives the +2 illness threat (e.g. "Illness tokens do not increase threat"). */
  illnessFree?: boolean;
  /** Its picks show hidden cards (the top events), so they cannot be declared in advance (Caprice Nisei). */
  hiddenPicks?: boolean;
  steps: Step[];
}

// ---- timing windows (windows.ts opens them) ----

export const WINDOWS = [
  "asset-revealed",
  "offer-proposed",
  "counteroffer-proposed",
  "support-start",
  "abstain",
  "resolution-start",
  "tie",
  "deal-won",
  "deal-end",
  "end-of-turn",
  "turn-start",
  "threat-increased",
  "illness-threat",
  "claim",
] as const;
export type WindowName = (typeof WINDOWS)[number];

export interface WindowPayload {
  /** The seat the window is about (the proposer, the abstainer, the winner, the claimer...). */
  seat?: number;
  amount?: number;
  /** The asset revealed or claimed. */
  asset?: string;
  /** The card (action card id or emergency action id) just proposed. */
  card?: string;
}

/** An automatic ability: it runs at once for an asset's owner and may change the state through the context. */
export type WindowHook = (c: Ctx, owner: number, payload: WindowPayload) => void;

/** A table-wide rule that looks at a window whoever holds what (e.g. paying Jackson Howard's bets when a deal is won). */
export type WindowRule = (c: Ctx, payload: WindowPayload) => void;

/** How using an ability is paid for (A8): exhaust the asset, discard it, or nothing. */
export type AbilityCost = "exhaust" | "discard" | "none";

/** An ability that needs its owner (or another player) to decide: it runs as an effect frame. */
export interface Ability {
  /** Whether the owner may use it now (a target exists, the deal is in the right shape...). */
  usable: (c: Ctx, owner: number, payload: WindowPayload) => boolean;
  /** Offered as "use it now?" (use / pass); false: it simply happens (its own picks are still asked). */
  optional: boolean | ((c: Ctx) => boolean);
  cost: AbilityCost;
}

// ---- rule modifiers: assets that change a core rule ----

export interface RuleModifiers {
  /** Added to a seat's hand size (Braintrust -1, Floyd 2X3A7C +5). */
  handSize: (s: GameState, seat: number) => number;
  /** Rewrites a seat's corp-sheet draw (Braintrust doubles it). */
  drawSlots: (s: GameState, seat: number, slots: DrawSlot[]) => DrawSlot[];
  /** Takes the cards a player discards to pay for a counteroffer; true when it took them (Aaron Marron). */
  counterDiscard: (c: Ctx, payer: number, cards: string[]) => boolean;
}

/** What one card or asset file contributes to the rulebook. */
export interface RulePart {
  /** Effect steps by card (or asset) id. */
  scripts?: Record<string, CardScript>;
  automatic?: { window: WindowName; asset: string; hook: WindowHook }[];
  abilities?: { window: WindowName; asset: string; ability: Ability }[];
  rules?: { window: WindowName; rule: WindowRule }[];
  modifiers?: Partial<RuleModifiers>;
}

type ByWindow<T> = Readonly<Partial<Record<WindowName, T>>>;

export interface Rulebook {
  scripts: ReadonlyMap<string, CardScript>;
  /** Automatic abilities by window and asset id, in the order they were listed. */
  automatic: ByWindow<ReadonlyMap<string, readonly WindowHook[]>>;
  abilities: ByWindow<ReadonlyMap<string, Ability>>;
  rules: ByWindow<readonly WindowRule[]>;
  modifiers: { readonly [K in keyof RuleModifiers]: readonly RuleModifiers[K][] };
}

/**
 * Builds a rulebook from its parts, in order. Two scripts for one id, or two abilities of one asset
 * in one window, are an error: a later part never silently replaces an earlier one.
 */
export function buildRulebook(parts: readonly RulePart[]): Rulebook {
  const scripts = new Map<string, CardScript>();
  const automatic: Partial<Record<WindowName, Map<string, WindowHook[]>>> = {};
  const abilities: Partial<Record<WindowName, Map<string, Ability>>> = {};
  const rules: Partial<Record<WindowName, WindowRule[]>> = {};
  const modifiers: { [K in keyof RuleModifiers]: RuleModifiers[K][] } = { handSize: [], drawSlots: [], counterDiscard: [] };
  for (const part of parts) {
    for (const [id, sc] of Object.entries(part.scripts ?? {})) {
      if (scripts.has(id)) throw new Error(`two effect scripts for ${id}`);
      scripts.set(id, sc);
    }
    for (const { window, asset, hook } of part.automatic ?? []) {
      const here = (automatic[window] ??= new Map());
      here.set(asset, [...(here.get(asset) ?? []), hook]);
    }
    for (const { window, asset, ability } of part.abilities ?? []) {
      const here = (abilities[window] ??= new Map());
      if (here.has(asset)) throw new Error(`two abilities for ${asset} in the ${window} window`);
      here.set(asset, ability);
    }
    for (const { window, rule } of part.rules ?? []) (rules[window] ??= []).push(rule);
    const m = part.modifiers ?? {};
    if (m.handSize) modifiers.handSize.push(m.handSize);
    if (m.drawSlots) modifiers.drawSlots.push(m.drawSlots);
    if (m.counterDiscard) modifiers.counterDiscard.push(m.counterDiscard);
  }
  return { scripts, automatic, abilities, rules, modifiers };
}

