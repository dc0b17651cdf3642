// The table as the screens read it: the shared table reader's snapshot (shared/wire), which decodes the
// server's state and the messages beside it into the engine's view shapes. Only what is the screens'
// own lives here.
import type { TableSnapshot } from "../../shared/wire/index.ts";

export { legalOf, seatOf } from "../../shared/wire/index.ts";
export type { DistrictBoard, SeatSecrets, TableGame, TableSeat, TableSnapshot, Whisper } from "../../shared/wire/index.ts";

/** Stages outside the Action Phase: no turns are counted there. */
const NOT_ACTION = /^(setup-|production$|event$|next-round$|demand-|finished$)/;

/**
 * Turns left in this Action Phase, this turn included: the state's count, which is the log's
 * ("X's turn begins (3 turns left this round)"); null outside an Action Phase.
 */
export function turnsLeftNow(m: TableSnapshot): number | null {
  const g = m.game;
  if (!g || NOT_ACTION.test(g.stage) || (g.stage === "effect" && !g.deal && g.turnsLeft === 0)) return null;
  return g.turnsLeft;
}
