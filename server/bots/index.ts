// The bot that plays a seat: given the game and a seat, the command it sends now (or null).
import { legal, type GameState } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { randomCommand, type Random } from "./random.ts";

export function botCommand(state: GameState, seat: number, random: Random): Command | null {
  const templates = legal(state, seat);
  // Trades offered to a bot are declined; a policy may accept the ones worth it.
  const decline = templates.find((t) => t.type === "trade-decline");
  if (decline && decline.type === "trade-decline" && decline.ids.length > 0) return { type: "trade-decline", id: decline.ids[0]! };
  return randomCommand(templates, random);
}
