// Threat (A11): raised by illness, The Root, unmet demand, events and cards; at 25 the game ends at once.
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { endByThreat } from "./end.ts";
import { THREAT_MAX } from "./state.ts";
import type { ThreatSource } from "./state.ts";
import { fireWindow } from "./windows.ts";

/** Raises threat by `amount` (capped at 25), tallied under `source` in `threatFrom`; at 25 the game ends. */
export function raiseThreat(c: Ctx, amount: number, why: string, source: ThreatSource): void {
  if (amount <= 0 || c.s.result) return;
  const before = c.s.threat;
  c.s.threat = Math.min(THREAT_MAX, before + amount);
  c.s.threatFrom = { ...c.s.threatFrom, [source]: (c.s.threatFrom?.[source] ?? 0) + c.s.threat - before };
  c.s.threatRound = { ...c.s.threatRound, [source]: (c.s.threatRound?.[source] ?? 0) + c.s.threat - before };
  // the track stops at 25 and at 0: the line says how far it moved, and what was called for when that was more
  const rise = c.s.threat - before;
  log(c, "threat", `Threat rises by ${rise} to ${c.s.threat}${rise < amount ? ` (${amount} called for)` : ""}: ${why}.`);
  if (c.s.threat >= THREAT_MAX) {
    endByThreat(c);
    return;
  }
  fireWindow(c, "threat-increased", { amount: c.s.threat - before });
}

export function lowerThreat(c: Ctx, amount: number, why: string): void {
  if (amount <= 0 || c.s.result) return;
  const before = c.s.threat;
  c.s.threat = Math.max(0, before - amount);
  const fall = before - c.s.threat;
  const moved = fall === 0 ? "Threat stays at 0" : `Threat falls by ${fall} to ${c.s.threat}`;
  log(c, "threat", `${moved}${fall < amount ? ` (${amount} called for)` : ""}: ${why}.`);
}

/** A unit or token that moves out of the last district enters The Root: back to the reserve, threat +2 (A10.4). */
export const ROOT_THREAT = 2;
/** A resolved action card that involves a district with illness (A10.3). */
export const ILLNESS_THREAT = 2;
