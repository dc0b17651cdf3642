// Several picks of one step at once (a choose with `more`): which sets a one-click button may offer, and
// their words. A set is offered only where the picks are unordered: where their place matters ("the first
// gains 3 capital, the second 2"), any order a button offered would be the table's choice, not yours
// (seat order, as the options come), so such a step is asked one pick at a time.
import type { ChoiceOption, LegalCommand } from "../../../shared/protocol.ts";

type Choose = Extract<LegalCommand, { type: "choose" }>;

/** At most this many sets of picks are offered as buttons: of action types (a General draw's: at most 10), of anything else (longer words). */
export const MAX_SETS = 10;
export const MAX_OTHER_SETS = 6;

/** Every way to pick `k` different options, in their order (a few: at most 5 types, at most 5 picks). */
function combos<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  return xs.flatMap((x, i) => combos(xs.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

/** The options a set may hold: all but "done". */
export function pickable(legal: Choose): ChoiceOption[] {
  return legal.options.filter((o) => o.intent?.act !== "done");
}

/**
 * Every set of the step's next picks that may go in one command: none where the order matters, and sets
 * that read the same (two copies of one card) once.
 */
export function allSets(legal: Choose): ChoiceOption[][] {
  if (!legal.more || legal.ordered) return [];
  const seen = new Set<string>();
  return combos(pickable(legal), legal.more + 1).filter((set) => {
    const words = set.map((o) => o.label).sort().join("\u0000");
    if (seen.has(words)) return false;
    seen.add(words);
    return true;
  });
}

/** The sets offered as buttons: all of them when they are few, else none. */
export function offeredSets(legal: Choose): ChoiceOption[][] {
  const all = allSets(legal);
  return all.length <= (pickable(legal).every((o) => o.intent?.type) ? MAX_SETS : MAX_OTHER_SETS) ? all : [];
}

/** A set of picks in words: "Draw Labor + Media" (types), else "All 3: Ann, Bea and Cal" (in no order: the picks are unordered). */
export function setLabel(set: readonly ChoiceOption[]): string {
  if (set.every((o) => o.intent?.type)) return `Draw ${set.map((o) => String(o.intent!.type)).join(" + ")}`;
  const labels = set.map((o) => o.label);
  const words = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
  return `All ${set.length}: ${words}`;
}
