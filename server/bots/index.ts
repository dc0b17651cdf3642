// The bot that plays a seat: given the game and a seat, the command it sends now (or null when it
// owes nothing). The room calls this for bot seats and for expired deadlines; the simulator and the
// tests call it through play.ts. Deterministic given `random`.
import type { GameState } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { sensibleCommand } from "./policy.ts";
import type { Random } from "./random.ts";

export function botCommand(state: GameState, seat: number, random: Random): Command | null {
  return sensibleCommand(state, seat, random);
}
