// Timing windows for assets. The asset cards register hooks here; the engine calls fireWindow at the
// right moments. With nothing registered every window does nothing.
import type { Ctx } from "./ctx.ts";
import { clockwiseFrom } from "./ctx.ts";

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
  /** The seat the window is about (the proposer, the abstainer, the winner...). */
  seat?: number;
  amount?: number;
  asset?: string;
}

/** A hook runs for an asset's owner; it may change the state through the context. */
export type WindowHook = (c: Ctx, owner: number, payload: WindowPayload) => void;

const hooks: Partial<Record<WindowName, Map<string, WindowHook>>> = {};

export function registerHook(window: WindowName, assetId: string, hook: WindowHook): void {
  (hooks[window] ??= new Map()).set(assetId, hook);
}

export function clearHooks(): void {
  for (const k of Object.keys(hooks)) delete hooks[k as WindowName];
}

/** Calls every registered hook whose asset is in play: the active player's first, then clockwise [R]. */
export function fireWindow(c: Ctx, window: WindowName, payload: WindowPayload = {}): void {
  const map = hooks[window];
  if (!map || map.size === 0) return;
  for (const seat of clockwiseFrom(c.s, c.s.active)) {
    for (const a of [...c.s.seats[seat]!.assets]) {
      const hook = map.get(a.id);
      if (hook && c.s.seats[seat]!.assets.some((x) => x.id === a.id)) hook(c, seat, payload);
    }
  }
}
