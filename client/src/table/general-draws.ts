// "The same every round" at a General draw: the types a person's standing answer names after a pick.
import { MAX_GENERAL_DRAWS } from "../../../shared/prompts.ts";

/**
 * The standing answer after picking `picked` with the box ticked: the picks alone, or, when an answer
 * already stood (asked anyway: it named fewer types than the step draws, or none still open), that
 * answer with the new types after its own, so that picks made one at a time add up.
 */
export function standingDraws(standing: readonly string[] | undefined, picked: readonly string[]): string[] {
  const kept = standing ?? [];
  return [...kept, ...picked.filter((t, i) => !kept.includes(t) && picked.indexOf(t) === i)].slice(0, MAX_GENERAL_DRAWS);
}
