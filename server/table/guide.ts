// Learning at the table: hints for any seated player, and the guide of a tutorial table.
// - A hint (`hint` message): what the table's bot would do for the asking seat now, and why
//   (server/bots/hint.ts, from that seat's view, legal commands and private log lines alone), sent to
//   that seat alone, at most one every HINT_INTERVAL_MS per seat. When the table says so
//   (`announceHints`: off by default at tutorial tables, on at others) everyone reads in the log that
//   the player asked for one; never what the hint said.
// - The guide: at a tutorial table the game pauses at each new kind of moment (shared/guide/moments.ts,
//   read from public facts alone) so the people can read its explanation; bots wait meanwhile. Each
//   seated person follows the guide or leaves it (and may reopen it): a moment pauses for the people
//   following it (a decision's, for the person who owes it) until each has said "Got it", left the
//   guide or gone (disconnected, or away once the grace period has passed). A pause never lasts longer than GUIDE_PAUSE_MAX_MS, each kind pauses once a game (a
//   decision once for each person), and a table that is no tutorial never pauses.
import { botViewFor, viewFor, type GameState } from "../engine/index.ts";
import type { TableOptions } from "../../shared/room-protocol.ts";
import type { GameEvent, GameView } from "../../shared/view.ts";
import { momentsOf } from "../../shared/guide/moments.ts";
import type { GuideKey } from "../../shared/guide/texts.ts";
import type { Hint } from "../bots/hint.ts";
import { newMemory, type BotMemory } from "../bots/index.ts";
import { thinkHere, type BotThinker, type Thought } from "../bots/thinker.ts";
import type { Publisher } from "./publisher.ts";
import type { Seat, Seats } from "./seats.ts";
import type { Talk } from "./talk.ts";
import type { Timer, Timers } from "./turns.ts";

/** One hint per seat at most this often. */
export const HINT_INTERVAL_MS = 1000;
/** Questions waiting on the bots' thread past which a hint is refused (`busy`): each costs it up to ~20 ms. */
export const HINTS_WAITING_MAX = 64;
/** What a person reads when their hint could not be worked out (the bot failed: logged). */
const NO_HINT: Hint = { command: null, action: "No hint this time", why: "The hint could not be worked out: ask again after the next move." };
/** A guide pause releases itself after this long: a person who walked away does not hold the bots for ever. */
export const GUIDE_PAUSE_MAX_MS = 5 * 60_000;

type Refusal = { code: string; message: string };

/** A tutorial table: the first-game setup (corporations in order, one investment drawn, the first-game city), no deadlines. */
export function tutorialOptions(o: TableOptions): TableOptions {
  const { citySetup: _ignored, ...variant } = o.variant;
  return { ...o, stepSeconds: 0, variant: { ...variant, corpAssignment: "order", setupInvestments: "draw-1" } };
}

/** Whether others read that a player asked for a hint: the table's setting, else off at tutorial tables and on at others. */
export function announcesHints(o: Pick<TableOptions, "tutorial" | "announceHints">): boolean {
  return o.announceHints ?? !o.tutorial;
}

/** A guide note in a replay: the moment the guide explains, at the step where it first happened. */
export interface GuideNote { step: number; moment: GuideKey }

/**
 * The guide's notes of a whole game, for its replay: feed it every step in order (step 0: the setup),
 * and it keeps each kind of moment at the step where it first came. Read from public facts alone (the
 * spectator's view and the public log lines, as a tutorial table's pause), and only moments: the
 * decisions a seat owed are its own.
 */
export class GuideNotes {
  readonly notes: GuideNote[] = [];
  private last: GameView | null = null;
  private readonly seen = new Set<GuideKey>();

  step(step: number, game: GameState, events: readonly GameEvent[]): void {
    const view = viewFor(game, "spectator");
    for (const moment of momentsOf(this.last, view, events.filter((e) => !e.to), [])) {
      if (this.seen.has(moment)) continue;
      this.seen.add(moment);
      this.notes.push({ step, moment });
    }
    this.last = view;
  }
}

export interface GuideDeps {
  options: TableOptions;
  seats: Seats;
  talk: Talk;
  publisher: Publisher;
  timers: Timers;
  now?: () => number;
  /** Hints are worked out on the bots' thread (server/bots/thinker.ts); in the table's thread when absent. */
  thinker?: BotThinker;
  /** A pause has ended and play resumes (after the held bot moves): the table starts its countdowns afresh. */
  resumed?: () => void;
}

export class TableGuide {
  /** The moment the table is paused on, or null. */
  moment: GuideKey | null = null;
  private seen = new Set<string>();
  private queue: { key: GuideKey; seats: number[] }[] = [];
  /** The seats the moment shown waits for, and those that have said "Got it" to it. */
  private waiting: number[] = [];
  private answered = new Set<number>();
  /** People who left the guide. */
  private off = new Set<number>();
  private last: GameView | null = null;
  private skipNext = false;
  private timer: Timer | null = null;
  /** Bot moves held by the pause, by seat: run once it is released. */
  // Each Map made when first used: an empty one costs ~0.15 KB a live room (docs/performance.md, #32).
  private held: Map<number, () => void> | null = null;
  private lastHint: Map<number, number> | null = null;
  /** Each seat's memory for its hints (its proposals, as a bot playing it would remember them). */
  private memories: Map<number, BotMemory> | null = null;
  private readonly d: GuideDeps;

  constructor(deps: GuideDeps) {
    this.d = deps;
    this.publish();
  }

  /** Whether the guide is on at this table: a tutorial table where some person still follows it (or nobody sat yet). */
  get on(): boolean {
    const people = [...this.d.seats.all()].filter((s) => !s.bot);
    return this.tutorial && (people.length === 0 || people.some((s) => !this.off.has(s.seat)));
  }

  /** The people following the guide now: seated, here (not away with a bot playing), and not having left it. */
  private followers(): number[] {
    return [...this.d.seats.all()].filter((s) => !s.bot && s.connected && !s.botControlled && !this.off.has(s.seat)).map((s) => s.seat);
  }

  /** A person is away (a bot plays their seat after the grace period): a moment waiting only on people gone plays on. */
  peopleChanged(): void {
    if (this.moment) this.nextIfRead();
  }

  get tutorial(): boolean {
    return !!this.d.options.tutorial;
  }

  /** The next change is a restored game's whole history: its moments are not shown again. */
  restoring(): void {
    this.skipNext = true;
  }

  /** After a change of the game: new moments of a tutorial table are queued, and the first one pauses the table. */
  observe(game: GameState, events: readonly GameEvent[]): void {
    if (!this.tutorial) return;
    const view = viewFor(game, "spectator");
    const before = this.last;
    this.last = view;
    if (this.skipNext) {
      this.skipNext = false;
      return;
    }
    const humans = [...this.d.seats.all()].filter((s) => !s.bot).map((s) => s.seat);
    const following = this.followers();
    for (const key of momentsOf(before, view, events, humans)) {
      // a decision is the person's who owes it: it pauses once for each person, for them alone
      const seats = key.startsWith("decision:") ? [view.pending!.seat].filter((n) => following.includes(n)) : following;
      const seen = key.startsWith("decision:") ? `${key}@${view.pending!.seat}` : key;
      if (this.seen.has(seen)) continue;
      this.seen.add(seen);
      if (seats.length) this.queue.push({ key, seats });
    }
    // a decision explained while the table answered it (an answer given in advance) is gone: the next one
    if (!this.moment || this.gone(this.moment, this.waiting)) this.next();
  }

  /**
   * Whether a decision's explanation has outlived its decision: the game no longer waits for that kind of
   * decision from that seat (the table answered it in advance, or the person answered while reading
   * another explanation). It is forgotten, to be explained at the next such decision.
   */
  private gone(key: GuideKey, seats: readonly number[]): boolean {
    if (!key.startsWith("decision:")) return false;
    const p = this.last?.pending;
    if (p && `decision:${p.kind}` === key && seats.includes(p.seat)) return false;
    for (const n of seats) this.seen.delete(`${key}@${n}`);
    return true;
  }

  /** Whether bots must wait now. */
  paused(): boolean {
    return this.moment !== null;
  }

  /** Holds a bot's move for seat n until the pause is released. */
  hold(n: number, move: () => void): void {
    (this.held ??= new Map()).set(n, move);
  }

  /**
   * A seated person read the explanation ("Got it"): once everyone it waits for has, the next queued
   * moment, or play resumes. One for a moment no longer shown (`moment`: a double click) changes nothing.
   */
  gotIt(seat: Seat | undefined, moment?: string): Refusal | null {
    const refused = this.refuse(seat);
    if (refused) return refused;
    if (this.moment && (moment === undefined || moment === this.moment)) {
      this.answered.add(seat!.seat);
      this.nextIfRead();
    }
    return null;
  }

  /** A seated person leaves the guide (the table no longer waits for them) or reopens it. */
  setOn(seat: Seat | undefined, on: boolean): Refusal | null {
    const refused = this.refuse(seat);
    if (refused) return refused;
    if (on) this.off.delete(seat!.seat);
    else this.off.add(seat!.seat);
    // nobody follows the guide any more: what was queued is dropped
    if (!on && !this.followers().length) this.queue = [];
    if (!on && this.moment) this.nextIfRead();
    else this.publish();
    return null;
  }

  /** The moment shown has been read by everyone it waits for who still follows the guide and is here: the next one. */
  private nextIfRead(): void {
    const following = this.followers();
    if (this.waiting.every((n) => this.answered.has(n) || !following.includes(n))) this.next();
    else this.publish();
  }

  private refuse(seat: Seat | undefined): Refusal | null {
    if (!seat || seat.bot) return { code: "not-a-player", message: "Only a seated player can use the guide." };
    if (!this.tutorial) return { code: "not-tutorial", message: "This table has no guide: only tutorial tables pause to explain." };
    return null;
  }

  /** Shows the next queued moment, or releases the pause and lets the held bots move. */
  private next(): void {
    const wasPaused = this.moment !== null;
    this.timer?.clear();
    this.timer = null;
    let next = this.queue.shift() ?? null;
    while (next && this.gone(next.key, next.seats)) next = this.queue.shift() ?? null;
    this.moment = next?.key ?? null;
    this.waiting = next?.seats ?? [];
    this.answered.clear();
    if (this.moment) this.timer = this.d.timers.later(() => this.release(), GUIDE_PAUSE_MAX_MS);
    this.publish();
    if (!this.moment) {
      const moves = [...this.held?.values() ?? []];
      this.held?.clear();
      for (const move of moves) move();
      if (wasPaused) this.d.resumed?.();
    }
  }

  /** The pause ran out: every queued moment is dropped, and play resumes. */
  private release(): void {
    this.queue = [];
    this.timer = null;
    this.next();
    this.d.publisher.flush(false);
  }

  private publish(): void {
    this.d.publisher.guideChanged?.({ tutorial: this.tutorial, on: this.on, moment: this.moment ?? "" });
  }

  /**
   * A hint for a seated player: the bot's choice for that seat and why, to that seat alone. The
   * bot's random is seeded by the count of accepted commands (public), so the same position gives the
   * same hint.
   */
  hint(seat: Seat | undefined, game: GameState | null, commands: number): Refusal | null {
    if (!seat || seat.bot) return { code: "not-a-player", message: "Only a seated player can ask for a hint." };
    if (!game) return { code: "not-started", message: "The game has not started yet." };
    const now = this.d.now?.() ?? Date.now();
    const last = this.lastHint?.get(seat.seat);
    if (last !== undefined && now - last < HINT_INTERVAL_MS) return { code: "too-many-hints", message: "One hint a second: read the last one first." };
    // Every hint asked for anywhere waits on the bots' one thread: past a few dozen, one is refused, not queued.
    const thinker = this.d.thinker;
    if (thinker && thinker.open >= HINTS_WAITING_MAX) return { code: "busy", message: "The bots are busy: ask for a hint again in a moment." };
    (this.lastHint ??= new Map()).set(seat.seat, now);
    const view = botViewFor(game, seat.seat);
    const events = this.d.talk.shownTo(seat.seat);
    const names = [...this.d.seats.all()].reduce<string[]>((out, s) => ((out[s.seat] = s.name), out), []);
    let memory = this.memories?.get(seat.seat);
    if (!memory) (this.memories ??= new Map()).set(seat.seat, (memory = newMemory()));
    const n = seat.seat;
    const job = { view, legal: view.you?.legal ?? [], events, seed: commands, memory, hint: { names } };
    const answer = (t: Thought) => {
      this.memories!.set(n, t.memory);
      this.d.publisher.hint?.(n, t.hint ?? NO_HINT);
    };
    // the same question either way: on the bots' thread, or here (thinker.ts's thinkHere) without one
    if (thinker) void thinker.think(job).then(answer);
    else answer(thinkHere(job));
    if (announcesHints(this.d.options)) {
      this.d.talk.log(`${seat.name} asked for a hint.`);
      this.d.publisher.flush(false);
    }
    return null;
  }
}
