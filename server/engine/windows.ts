// Timing windows for assets (A6, A8). The engine calls fireWindow at each named moment. Every asset in
// play with an ability in that window is looked at, owners from the active player clockwise [R]:
// - an automatic ability (registerAutomatic) runs at once: nothing to decide (Coach Walden);
// - an ability (registerAbility) that is usable now becomes an effect frame owed by its owner
//   ("use it now?" and its own picks). The frames are pushed so that the first owner answers first.
// A stage that fires a window simply sets its next stage and returns; flow.ts's advance() then runs
// the effect stack before that next stage (the stage pauses, the abilities resolve, play resumes).
// A table without such assets never waits.
import type { Ctx } from "./ctx.ts";
import type { EffectFrame } from "./state.ts";

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

/** A hook runs at once for an asset's owner; it may change the state through the context. */
export type WindowHook = (c: Ctx, owner: number, payload: WindowPayload) => void;

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

/** Hooks added by tests through registerHook (cleared by clearHooks). */
const hooks: Partial<Record<WindowName, Map<string, WindowHook>>> = {};
const automatic: Partial<Record<WindowName, Map<string, WindowHook>>> = {};
const abilities: Partial<Record<WindowName, Map<string, Ability>>> = {};
/** Table-wide rules that look at every window (e.g. paying Jackson Howard's bets when a deal is won). */
const rules: Partial<Record<WindowName, ((c: Ctx, payload: WindowPayload) => void)[]>> = {};

export function registerHook(window: WindowName, assetId: string, hook: WindowHook): void {
  (hooks[window] ??= new Map()).set(assetId, hook);
}

/** An asset's ability with nothing to decide: it happens at once for its owner. */
export function registerAutomatic(window: WindowName, assetId: string, hook: WindowHook): void {
  (automatic[window] ??= new Map()).set(assetId, hook);
}

export function registerAbility(window: WindowName, assetId: string, ability: Ability): void {
  (abilities[window] ??= new Map()).set(assetId, ability);
}

export function registerRule(window: WindowName, rule: (c: Ctx, payload: WindowPayload) => void): void {
  (rules[window] ??= []).push(rule);
}

/** Whether an asset has any ability or automatic effect in any window. */
export function hasWindowRule(assetId: string): boolean {
  return WINDOWS.some((w) => abilities[w]?.has(assetId) || automatic[w]?.has(assetId));
}

export function abilityOf(window: WindowName, assetId: string): Ability | undefined {
  return abilities[window]?.get(assetId);
}

/** Removes the hooks registered by tests (the asset cards' own abilities and rules stay). */
export function clearHooks(): void {
  for (const k of Object.keys(hooks)) delete hooks[k as WindowName];
}

/** The seat holding an asset in its play area, or -1. */
export function holderOf(c: Ctx, assetId: string): number {
  return c.s.seats.findIndex((p) => p.assets.some((a) => a.id === assetId));
}

/** Whether `owner` holds the asset and may use this ability now (ready if it exhausts, usable). */
export function canUse(c: Ctx, owner: number, assetId: string, ability: Ability, payload: WindowPayload): boolean {
  const held = c.s.seats[owner]?.assets.find((a) => a.id === assetId);
  if (!held || (ability.cost === "exhaust" && held.exhausted)) return false;
  return ability.usable(c, owner, payload);
}

export function fireWindow(c: Ctx, window: WindowName, payload: WindowPayload = {}): void {
  if (c.sandbox) return;
  const rulesHere = rules[window];
  if (rulesHere) for (const rule of rulesHere) rule(c, payload);
  const hookMap = hooks[window];
  const autoMap = automatic[window];
  const abilityMap = abilities[window];
  if (!hookMap && !autoMap && !abilityMap) return;
  const frames: EffectFrame[] = [];
  const n = c.s.players;
  for (let k = 0; k < n; k++) {
    const seat = (c.s.active + k) % n;
    const assets = c.s.seats[seat]!.assets;
    if (assets.length === 0) continue;
    for (const { id } of assets.slice()) {
      if (!c.s.seats[seat]!.assets.some((x) => x.id === id)) continue; // given away by an earlier hook
      autoMap?.get(id)?.(c, seat, payload);
      hookMap?.get(id)?.(c, seat, payload);
      if (c.s.result) return;
      const ability = abilityMap?.get(id);
      if (ability && canUse(c, seat, id, ability, payload)) {
        const optional = typeof ability.optional === "function" ? ability.optional(c) : ability.optional;
        frames.push({
          source: id,
          seat,
          step: 0,
          count: 0,
          vars: { window, payload: { ...payload }, optional },
          illnessInvolved: false,
          threatAtStart: c.s.threat,
          supporters: [],
          illnessFree: true,
          asset: true,
        });
      }
    }
  }
  // the stack's top resolves first: push the last owner first
  for (let i = frames.length - 1; i >= 0; i--) c.s.effects.push(frames[i]!);
}
