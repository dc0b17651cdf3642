// Every engine loop runs on a step budget: a state the validation should have made impossible (a
// next-district cycle, a script that never ends) stops the engine with EngineStuck instead of
// spinning forever. apply() turns it into a refusal of the command; the room never hangs.

/** Far above any real game (a whole bot game is a few thousand steps), far below a noticeable stall. */
export const STEP_BUDGET = 100_000;

export class EngineStuck extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EngineStuck";
  }
}

/** A counter for one loop: call it once per turn of the loop; past `limit` turns it throws EngineStuck. */
export function stepBudget(what: string, limit = STEP_BUDGET): () => void {
  let steps = 0;
  return () => {
    if (++steps > limit) throw new EngineStuck(`The game engine stopped: ${what} ran more than ${limit} steps.`);
  };
}
