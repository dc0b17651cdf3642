// A bot's move for a seat: a bot's own seat, an away player's, or a human's whose deadline passed.
import { legal, viewFor, waitingFor, type GameState } from "../engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import type { GameView } from "../../shared/view.ts";
import { botDecision, type BotLine, type BotMemory } from "../bots/index.ts";
import type { Random } from "../bots/random.ts";

/**
 * Decides and plays (through `play`, which answers whether the command was accepted) a move for this
 * seat, if the game still waits for it. The bot gets what the seat may know: its view, its legal
 * commands and its private log lines (`shown`), and its own memory of this game. A bot that cannot
 * decide must never stall the table: it falls back to the simplest way out. Returns what the bot
 * wants said (when its command was accepted), whether it waits on its own proposal (ask again later),
 * and what was played, in plain words for the seat's player (`done`).
 */
export function botTurn(game: GameState, seat: number, shown: readonly string[], random: Random, memory: BotMemory, play: (command: Command) => boolean, onStuck: (legalTypes: string[]) => void): { say?: BotLine; wait?: boolean; done?: string } {
  // What the move was scheduled for may be gone (a trade withdrawn before the bot answered it).
  if (!waitingFor(game).includes(seat) && !game.trades.some((t) => t.to === seat)) return {};
  const view = viewFor(game, seat);
  const events = shown.map((text) => ({ type: "private", text, to: [seat] }));
  const d = botDecision(view, view.you?.legal ?? [], events, random, memory);
  if (d.wait) return { wait: true };
  if (d.command && play(d.command)) return { ...(d.say ? { say: d.say } : {}), done: describeCommand(view, seat, d.command) };
  for (const fallback of [{ type: "pass" }, { type: "abstain" }, { type: "choose", option: "done" }] as Command[]) {
    if (play(fallback)) return { done: describeCommand(view, seat, fallback) };
  }
  onStuck(legal(game, seat).map((l) => l.type));
  return {};
}

/** A command as its seat's player reads it ("offered Rolling Brownout as the main offer"), from the seat's own view. */
export function describeCommand(view: GameView, seat: number, command: Command): string {
  const hand = new Map((view.you?.hand ?? []).map((c) => [c.id, c.title]));
  const emergencies = view.seats[seat]?.emergency ?? [];
  const title = (id: string | undefined) => (id && (hand.get(id) ?? emergencies.find((e) => e.id === id)?.title)) || "a card";
  const offered = (c: { card?: string; emergency?: string | true }) =>
    c.card ? title(c.card) : c.emergency === true ? `your emergency action (${emergencies[0]?.title ?? "faceup"})` : c.emergency ? title(c.emergency) : "nothing";
  const cards = (ids: readonly string[]) => ids.length === 0 ? "no card" : ids.map(title).join(", ");
  switch (command.type) {
    case "offer": return `offered ${offered(command)} as the main offer`;
    case "counteroffer": return `counteroffered ${offered(command)}${command.discard?.length ? `, discarding ${cards(command.discard)}` : ""}`;
    case "pass": return "passed on the counteroffer";
    case "abstain": return "abstained from supporting";
    case "support": return `supported the ${command.offer === "main" ? "main offer" : "counteroffer"} with ${cards(command.cards)}`;
    case "discard": return `discarded ${cards(command.cards)} down to your hand size`;
    case "investment": {
      const l = view.you?.legal.find((x) => x.type === "investment");
      const name = l?.type === "investment" ? l.options.find((o) => o.value === command.keep)?.label : undefined;
      return `kept the investment ${name ?? command.keep}`;
    }
    case "choose": {
      const l = view.you?.legal.find((x) => x.type === "choose");
      if (l?.type !== "choose") return "made the choice";
      const label = l.options.find((o) => o.value === command.option)?.label ?? String(command.option);
      return `answered "${l.prompt}" with ${label}`;
    }
    case "trade-accept": return "accepted the trade";
    case "trade-decline": return "declined the trade";
    default: return "played for you";
  }
}
