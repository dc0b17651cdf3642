// When an open hint is done with (Hint.tsx closes it then).
/** Whether an open hint is done with: the person sent a command since asking, or the game moved past it and they have nothing to decide. */
export function hintDone(asked: { at: number; moves: number } | null, moves: number, decides: boolean, lastCommandAt: number): boolean {
  return !!asked && (lastCommandAt > asked.at || (asked.moves !== moves && !decides));
}
