// A bot's move for a seat: a bot's own seat, an away player's, or a human's whose deadline passed.
// BotMoves runs them for a table: each bot-driven seat's memory, the person told what was chosen for
// them, a bot waiting on its own trade proposal looking again later, and what the bot wants said.
// With a thinker (server/bots/thinker.ts), a bot-driven seat's bot thinks on another thread: its move
// is asked for, and played when the answer is back (the table asks for the move again then); a
// person's owed decision at their deadline is decided at once, here.
import { botViewFor, legal, waitingFor, type GameState } from "../engine/index.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { BOT_CHOSE, BOT_PLAYED_AWAY } from "../../shared/bot-chose.ts";
import { botDecision, newMemory, type BotDecision, type BotLine, type BotMemory, type BotView } from "../bots/index.ts";
import type { Random } from "../bots/random.ts";
import type { BotThinker } from "../bots/thinker.ts";
import * as metrics from "../metrics.ts";
import type { BotVoice } from "./bot-voice.ts";
import type { Publisher } from "./publisher.ts";
import type { Seats } from "./seats.ts";
import type { Talk } from "./talk.ts";

/**
 * A bot waiting on its own trade proposal looks again after this long, and withdraws it after a few
 * looks (STALE_LOOKS): a person has about 7.5 s (3 x 2.5 s) to answer, and an ignored offer holds the table
 * no longer than that.
 */
export const BOT_TRADE_WAIT_MS = 2500;

export interface BotMovesDeps {
  seats: Seats;
  talk: Talk;
  publisher: Publisher;
  voice: BotVoice;
  /** The bots' own randomness, apart from the game's seeded RNG. */
  random: Random;
  /** Plays a command for the seat; false when it was refused. */
  play(seat: number, command: Command): boolean;
  /** Asks for the seat's move again after ms (through the table, behind its store writes). */
  again(seat: number, ms: number): void;
  botDelayMs(): number;
  stepSeconds(): number;
  onStuck(seat: number, legalTypes: string[]): void;
  /** Bots think on another thread through this; in the table's own thread when absent. */
  thinker?: BotThinker;
  /** A seat's bot has an answer from the thinker: the table asks for the seat's move again (through its usual checks). */
  thought?(seat: number): void;
}

/** A bot-driven seat's answer from the thinker, kept until the table asks for the seat's move again. */
interface Ready {
  /** The seat's choices when it was asked (choicesKey): the answer is played only while they stand. */
  legal: string;
  view: BotView;
  decision: BotDecision;
  memory: BotMemory;
}

export class BotMoves {
  /** Each bot-driven seat's memory of this game (its proposals), kept while the room lives. */
  private memories = new Map<number, BotMemory>();
  /** Seats whose bot is thinking on the thinker's thread, and the answers that came back, by seat. */
  private thinking = new Set<number>();
  private ready = new Map<number, Ready>();
  private stopped = false;
  private readonly d: BotMovesDeps;

  constructor(deps: BotMovesDeps) {
    this.d = deps;
  }

  /** The bot's move for seat n, now due; `decisionOnly`: the decision the seat owes, no trade (a spent bank's). */
  move(game: GameState, n: number, decisionOnly = false): void {
    const { seats, talk, publisher, thinker } = this.d;
    let memory = this.memories.get(n);
    if (!memory) this.memories.set(n, (memory = newMemory()));
    const ready = this.ready.get(n);
    this.ready.delete(n);
    let decide: Decide = (view, legalNow, events) => botDecision(view, legalNow, events, this.d.random, memory);
    let decidedOn: BotView | undefined;
    if (thinker && !decisionOnly) {
      if (this.thinking.has(n)) return; // its answer asks for the move again
      // The answer stands while the seat's choices do (another seat's vote meanwhile changes nothing it may choose).
      if (ready && ready.legal === choicesKey(game, n, legal(game, n))) {
        this.memories.set(n, ready.memory);
        decide = () => ready.decision;
        decidedOn = ready.view;
      } else return this.ask(thinker, game, n, memory);
    }
    const seat = seats.get(n);
    const human = !!seat && !seat.bot;
    const away = !!seat?.botControlled;
    const { say, wait, done } = botTurn(game, n, talk.shownTo(n), decide, (command) => this.d.play(n, command), (types) => this.d.onStuck(n, types), decisionOnly, decidedOn);
    // A person's decision the bot made: they read on their screen what was chosen for them (and again after a reload).
    if (done && human) {
      const text = `${away ? BOT_PLAYED_AWAY : BOT_CHOSE} ${done}.`;
      const line = talk.logPrivate(n, text);
      publisher.event(n, { type: "bot-chose", text, line });
    }
    // waiting on its own proposal: it looks again later (and withdraws it once it has gone stale)
    // At a table with deadlines a person has no longer than one to answer it.
    const step = this.d.stepSeconds() > 0 ? this.d.stepSeconds() * 1000 : BOT_TRADE_WAIT_MS;
    if (wait) this.d.again(n, Math.max(this.d.botDelayMs(), Math.min(step, BOT_TRADE_WAIT_MS)));
    if (say) this.d.voice.say(n, say);
  }

  /** Sends the seat's question to the thinker; its answer asks for the move again (table.ts botMove). */
  private ask(thinker: BotThinker, game: GameState, n: number, memory: BotMemory): void {
    if (!owesMove(game, n, false)) return;
    const started = metrics.now();
    const view = botViewFor(game, n);
    const legalNow = view.you?.legal ?? [];
    const events = this.d.talk.shownTo(n);
    // The decision's randomness is drawn from the table's, as the thread cannot share the table's generator.
    const job = { view, legal: legalNow, events, seed: Math.floor(this.d.random() * 2 ** 32), memory };
    const asked = choicesKey(game, n, legalNow);
    this.thinking.add(n);
    void thinker.think(job).then((thought) => {
      this.thinking.delete(n);
      metrics.botThought(thought.ms);
      if (this.stopped) return;
      this.ready.set(n, { legal: asked, view, decision: thought.decision, memory: thought.memory });
      this.d.thought?.(n);
    });
    metrics.botDecided(metrics.now() - started); // what the event loop was held: the view and the message, not the thinking
  }

  /** The table closes: answers still coming are dropped. */
  stop(): void {
    this.stopped = true;
    this.ready.clear();
  }

  /** Drops an answer kept for the seat (a person took it back). */
  drop(n: number): void {
    this.ready.delete(n);
  }
}

type Decide = (view: BotView, legal: LegalCommand[], events: GameEvent[]) => BotDecision;

/**
 * Whether the game still waits on the seat: what a move was scheduled for may be gone (a trade
 * withdrawn before the bot answered it, a decision made before its deadline). `decisionOnly`: the
 * decision owed only, a trade offered to the seat is not it.
 */
function owesMove(game: GameState, seat: number, decisionOnly: boolean): boolean {
  return waitingFor(game).includes(seat) || (!decisionOnly && game.trades.some((t) => t.to === seat));
}

/** Where the game is (round, stage, whose turn) and what the seat may do there, as a key. */
function choicesKey(game: GameState, seat: number, legalNow: readonly LegalCommand[]): string {
  return `${game.round}|${game.stage}|${game.active}|${seat}|${JSON.stringify(legalNow)}`;
}

/**
 * Decides and plays (through `play`, which answers whether the command was accepted) a move for this
 * seat, if the game still waits for it. The bot gets what the seat may know: its view, its legal
 * commands, its private log lines (`events`: Talk.shownTo) and its own memory of this game. A bot that
 * cannot decide must never stall the table: it falls back to the simplest way out. Returns what the bot
 * wants said (when its command was accepted), whether it waits on its own proposal (ask again later),
 * and what was played, in plain words for the seat's player (`done`).
 */
export function botTurn(game: GameState, seat: number, events: GameEvent[], decide: Decide, play: (command: Command) => boolean, onStuck: (legalTypes: string[]) => void, decisionOnly = false, decidedOn?: BotView): { say?: BotLine; wait?: boolean; done?: string } {
  if (!owesMove(game, seat, decisionOnly)) return {};
  const started = metrics.now();
  const view = decidedOn ?? botViewFor(game, seat);
  const legalNow = (view.you?.legal ?? []).filter((l) => !decisionOnly || !l.type.startsWith("trade-"));
  const d = decide(view, legalNow, events);
  if (!decidedOn) metrics.botDecided(metrics.now() - started);
  if (d.wait && !decisionOnly) return { wait: true };
  if (d.command && play(d.command)) return { ...(d.say ? { say: d.say } : {}), done: describeCommand(view, seat, d.command) };
  for (const fallback of [{ type: "pass" }, { type: "abstain" }, { type: "choose", option: "done" }] as Command[]) {
    if (play(fallback)) return { done: describeCommand(view, seat, fallback) };
  }
  onStuck(legal(game, seat).map((l) => l.type));
  return {};
}

/** A command as its seat's player reads it ("offered Rolling Brownout as the main offer"), from the seat's own view. */
export function describeCommand(view: BotView, seat: number, command: Command): string {
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
