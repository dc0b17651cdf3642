// A bot's move for a seat: a bot's own seat, an away player's, or a human's whose deadline passed.
import { legal, viewFor, waitingFor, type GameState } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { botDecision, type BotLine, type BotMemory } from "../bots/index.ts";
import type { Random } from "../bots/random.ts";

/**
 * Decides and plays (through `play`, which answers whether the command was accepted) a move for this
 * seat, if the game still waits for it. The bot gets what the seat may know: its view, its legal
 * commands and its private log lines (`shown`), and its own memory of this game. A bot that cannot
 * decide must never stall the table: it falls back to the simplest way out. Returns what the bot
 * wants said (when its command was accepted) and whether it waits on its own proposal (ask again later).
 */
export function botTurn(game: GameState, seat: number, shown: readonly string[], random: Random, memory: BotMemory, play: (command: Command) => boolean, onStuck: (legalTypes: string[]) => void): { say?: BotLine; wait?: boolean } {
  // What the move was scheduled for may be gone (a trade withdrawn before the bot answered it).
  if (!waitingFor(game).includes(seat) && !game.trades.some((t) => t.to === seat)) return {};
  const view = viewFor(game, seat);
  const events = shown.map((text) => ({ type: "private", text, to: [seat] }));
  const d = botDecision(view, view.you?.legal ?? [], events, random, memory);
  if (d.wait) return { wait: true };
  if (d.command && play(d.command)) return d.say ? { say: d.say } : {};
  for (const fallback of [{ type: "pass" }, { type: "abstain" }, { type: "choose", option: "done" }] as Command[]) {
    if (play(fallback)) return {};
  }
  onStuck(legal(game, seat).map((l) => l.type));
  return {};
}
