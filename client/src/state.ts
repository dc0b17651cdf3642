// The table as the screens read it: the shared table reader's snapshot (shared/wire), which decodes the
// server's state and the messages beside it into the engine's view shapes. Only what is the screens'
// own lives here.
import type { TableSnapshot } from "../../shared/wire/index.ts";

export { legalOf, seatOf } from "../../shared/wire/index.ts";
export type { DistrictBoard, SeatSecrets, TableGame, TableSeat, TableSnapshot, Whisper } from "../../shared/wire/index.ts";

/**
 * Turns left in this Action Phase as the log counts them ("X's turn begins (3 turns left this round)",
 * this turn included), so the screen and the log say the same; null outside an Action Phase.
 */
export function turnsLeftNow(m: TableSnapshot): number | null {
  if (!m.game) return null;
  for (let i = m.log.length - 1; i >= 0; i--) {
    const line = m.log[i]!;
    const hit = line.match(/'s turn begins \((\d+) turns? left this round\)\.$/);
    if (hit) return Number(hit[1]);
    if (/^(Production Phase\.|Event: |Round \S+ begins\.|Demand round \d+ begins\.)/.test(line)) break;
  }
  return null;
}
