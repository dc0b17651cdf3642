// Timing windows for assets (A6, A8). The engine calls fireWindow at each named moment. Every asset in
// play with an ability in that window is looked at, owners from the active player clockwise [R]:
// - an automatic ability runs at once: nothing to decide (Coach Walden);
// - an ability that is usable now becomes an effect frame owed by its owner
//   ("use it now?" and its own picks). The frames are pushed so that the first owner answers first.
// A stage that fires a window simply sets its next stage and returns; flow.ts's advance() then runs
// the effect stack before that next stage (the stage pauses, the abilities resolve, play resumes).
// A table without such assets never waits. Which asset has what in which window is the rulebook's
// (rulebook.ts, c.rules); table-wide rules tied to a window run first.
import type { Ability, Ctx, WindowName, WindowPayload } from "./rulebook.ts";
import type { EffectFrame } from "./state.ts";

export { WINDOWS } from "./rulebook.ts";
export type { Ability, AbilityCost, WindowHook, WindowName, WindowPayload, WindowRule } from "./rulebook.ts";

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
  const book = c.rules;
  const rulesHere = book.rules[window];
  if (rulesHere) for (const rule of rulesHere) rule(c, payload);
  const autoMap = book.automatic[window];
  const abilityMap = book.abilities[window];
  if (!autoMap && !abilityMap) return;
  const frames: EffectFrame[] = [];
  const n = c.s.players;
  for (let k = 0; k < n; k++) {
    const seat = (c.s.active + k) % n;
    const assets = c.s.seats[seat]!.assets;
    if (assets.length === 0) continue;
    // the rules replace a play area, never change it (state.ts): `assets` stays as it was
    for (const { id } of assets) {
      if (!c.s.seats[seat]!.assets.some((x) => x.id === id)) continue; // given away by an earlier hook
      const hooks = autoMap?.get(id);
      if (hooks) for (const hook of hooks) hook(c, seat, payload);
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
