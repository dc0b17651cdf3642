// The bot that plays a seat: given what that seat may know (its view: public state and its own
// secrets), its legal commands and the events it was shown, the command it sends now (or null when it
// owes nothing). The room calls this for bot seats and for expired deadlines; the simulator and the
// tests call it through server/sim/play.ts. Deterministic given `random` (and `memory`).
// The bot is the negotiating bot (negotiate.ts); `sensibleBot` is the plain one it builds on.
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { negotiate, newMemory, type BotDecision, type BotMemory } from "./negotiate.ts";
import { sensibleCommand } from "./policy.ts";
import type { Random } from "./random.ts";
import { tableFrom, type BotView } from "./table.ts";

export { newMemory, type BotDecision, type BotLine, type BotMemory } from "./negotiate.ts";
export type { BotView } from "./table.ts";

/** The bot's decision: its command (null: it owes nothing), a line to say, or that it waits on its own proposal. */
export function botDecision(view: BotView, legal: LegalCommand[], events: GameEvent[], random: Random, memory: BotMemory = newMemory()): BotDecision {
  const table = tableFrom(view, legal, events);
  return table ? negotiate(table, random, memory) : { command: null };
}

/** The bot's command alone (no memory kept between calls: it still proposes at most once after a refusal it was shown). */
export function botCommand(view: BotView, legal: LegalCommand[], events: GameEvent[], random: Random): Command | null {
  return botDecision(view, legal, events, random).command;
}

/** The plain "sensible" bot: plays the cards, trades only now and then (the baseline the negotiator is measured against). */
export function sensibleBot(view: BotView, legal: LegalCommand[], events: GameEvent[], random: Random): Command | null {
  const table = tableFrom(view, legal, events);
  return table ? sensibleCommand(table, random) : null;
}
