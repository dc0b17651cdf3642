// The bot that plays a seat: given what that seat may know (its view: public state and its own
// secrets), its legal commands and the events it was shown, the command it sends now (or null when it
// owes nothing). The room calls this for bot seats and for expired deadlines; the simulator and the
// tests call it through server/sim/play.ts. Deterministic given `random`.
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent, GameView } from "../../shared/view.ts";
import { sensibleCommand } from "./policy.ts";
import type { Random } from "./random.ts";
import { tableFrom } from "./table.ts";

export function botCommand(view: GameView, legal: LegalCommand[], events: GameEvent[], random: Random): Command | null {
  const table = tableFrom(view, legal, events);
  return table ? sensibleCommand(table, random) : null;
}
