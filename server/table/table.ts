// One table's game, apart from any transport: it takes a command, applies it with the engine, stores it
// and publishes the result (server/table/publisher.ts), in that order. Beside it: who sits where and
// who is away (seating.ts), what is said (talk.ts), deadlines (turns.ts) and the bots' moves
// (bot-turn.ts). The Colyseus room (server/rooms) is one Publisher; a unit test is another.
import { apply, createGameWithEvents, endByVote, legal, waitingFor, type GameState as EngineState } from "../engine/index.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { ChatMessage } from "../../shared/room-protocol.ts";
type Chat = ReturnType<(typeof ChatMessage)["parse"]>;
import type { GameEvent } from "../../shared/view.ts";
import { makeRandom, type Random } from "../bots/random.ts";
import { gameCommands, type GameStore, type NewNudge } from "../store/index.ts";
import { WriteQueue } from "../store/write-queue.ts";
import * as metrics from "../metrics.ts";
import { DEFAULT_ROOM_LIMITS, TABLE_IDLE_MS, TradeLimiter, type RoomLimits } from "./limits.ts";
import type { Publisher, TableStatus } from "./publisher.ts";
import { Seats, type Seat } from "./seats.ts";
import { Seating } from "./seating.ts";
import { SeatKeys } from "./seat-keys.ts";
import { botSeed, type TableStart } from "./start.ts";
import { Talk } from "./talk.ts";
import { BotMoves } from "./bot-turn.ts";
import type { BotThinker } from "../bots/thinker.ts";
import { BotVoice } from "./bot-voice.ts";
import { Moves, Timers, Turns, type Timer } from "./turns.ts";
import { TakeBacks, takeBackLine } from "./take-back.ts";
import { answerInAdvance, changeAnswers, DEFAULT_ANSWERS, TimedPasses } from "./standing-answers.ts";
import type { AnswersMessage, StandingAnswers } from "../../shared/room-protocol.ts";
import type { AbsentChoice, AdjournMessage } from "../../shared/adjourn-protocol.ts";
import type { StoredAdjournment } from "../store/index.ts";
import { Votes, voteLine, type VoteFacts, type VoteOutcome } from "./votes.ts";
import type { VoteMessage, VoteView } from "../../shared/vote-protocol.ts";
import { Adjournment, adjournRefusal, adjournedLine, backNeeded, meetingTime, peopleBack, resumedLine, votesNeeded } from "./adjourn.ts";

/** A game woken from the store while adjourned waits this long for someone to join before it parks again. */
export const WOKEN_IDLE_MS = 5 * 60_000;
import { TableGuide } from "./guide.ts";
import { VacationDesk } from "./vacations.ts";
import type { Refusal } from "./refusal.ts";
import type { VacationMessage } from "../../shared/vote-protocol.ts";
import { BOT_DECISIONS_TO_AWAY, EXCUSED_DELAYS, TimeBanks, turnSettings, type BankShown } from "./time-bank.ts";
import type { StoredClock } from "../store/index.ts";

/**
 * What happens to a turn-based table's clocks that others may want to hear of (a reminder, a
 * notification outbox): an excused delay once the store has it; a bot's decision as it is made (the
 * command and its clock are written together right after). The clock rows keep both (StoredClock).
 */
export interface TurnEvents {
  /** A seat's bank ran out and it was excused (`delay` of EXCUSED_DELAYS): its decision is due at `dueAt`. */
  excusedDelay?(e: { code: string; seat: number; delay: number; dueAt: number }): void;
  /** A seat's bank ran out with no excused delay left: the bot decided for it (`away`: it is away now). */
  botDecided?(e: { code: string; seat: number; away: boolean }): void;
}

export type { Refusal } from "./refusal.ts";
interface Log { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void }

export interface TableDeps {
  store: GameStore;
  publisher: Publisher;
  log: Log;
  limits?: Partial<RoomLimits>;
  /** True while the server shuts down: dropped players keep their seats in the store. */
  shuttingDown?: () => boolean;
  /** Names the table in log lines (the room's id). */
  roomId?: string;
  /** The bots' own randomness (a random seed when absent), apart from the game's seeded RNG. */
  botRandom?: Random;
  /** The time (epoch ms) for a turn-based table's banks; Date.now when absent (tests pass days in moments). */
  clock?: () => number;
  /** Told of excused delays and bot decisions at a turn-based table. */
  turnEvents?: TurnEvents;
  /** The bots think on this thread (server/bots/thinker.ts); in the table's thread when absent. */
  botThinker?: BotThinker;
}

/** What a seat owes, by the engine's pending decision, in the words of a nudge. */
const OWED: Record<NonNullable<EngineState["pending"]>["kind"], string> = {
  "main-offer": "your main offer for this deal",
  counteroffer: "a counteroffer, or a pass",
  support: "your support in this deal",
  "general-draw": "your pick from the general draw",
  effect: "a choice for a card's effect",
  "hand-limit": "the cards to discard down to your hand limit",
  investment: "your investment",
};

export class Table {
  readonly code: string;
  readonly options: TableStart["options"];
  readonly seed: TableStart["seed"];
  readonly seats: Seats;
  readonly talk = new Talk();
  readonly limits: RoomLimits;
  game: EngineState | null = null;
  status: TableStatus = "lobby";
  /**
   * How many game commands the game has played (take-backs applied). The commands themselves are the
   * store's (replayLog reads them there): a room holding them too would keep a whole game's in memory.
   */
  private played = 0;
  /** Records in the store's command log (commands and take-backs): the next one's number. */
  private records = 0;
  /** Games projected into the state so far (showGame): an answer played after a command shows its own. */
  private shown = 0;
  /** The decision that may be taken back now (take-back.ts). */
  private takeBacks = new TakeBacks();
  /** The command after which each seat's last nudge was written (one per owed decision). */
  private nudged: Map<number, number> | null = null; // made when first used: an empty Map costs ~0.15 KB a room
  /** Each seat's answers in advance (standing-answers.ts): its own settings, held here, sent to it alone. */
  private answers = new Map<number, StandingAnswers>();
  /** The table passes for a person who leaves a counteroffer chance or an asked ability unanswered. */
  private timedPasses: TimedPasses;
  private moves = new Moves();
  private proposals: TradeLimiter;
  private idleTimer: Timer | null = null;
  private timers: Timers;
  private turns: Turns;
  readonly botRandom: Random;
  private p: Publisher;
  /** Store writes in order; a command's result is published only once the command is written. */
  private writes: WriteQueue;
  /** Who sits where, who is away, who hosts (seating.ts). */
  readonly seating: Seating;
  /** Each seat's keys, one per device (seat-keys.ts). */
  readonly seatKeys: SeatKeys;
  /** The room closes a connection whose seat key was revoked (set by the room). */
  closeRevoked: (sessionId: string) => void = () => {};
  private bots: BotMoves;
  /** Hints, and a tutorial table's guide (guide.ts). */
  readonly guide: TableGuide;
  private lost = false;
  /** Requests to adjourn, and while adjourned its meeting time and stopped clocks (adjourn.ts). */
  readonly adjournment = new Adjournment();
  /** A turn-based table's time banks (time-bank.ts); null at a live table. */
  readonly banks: TimeBanks | null;
  /** Each seat's bank run (its owedSince) whose reminder is written: one per run. */
  private warned: Map<number, number> | null = null; // made when first used
  /** The seat whose spent bank the bot is deciding for now (its command counts as the bot's). */
  private bankBot: number | null = null;

  private readonly start: TableStart;
  private readonly deps: TableDeps;

  constructor(start: TableStart, deps: TableDeps) {
    this.start = start;
    this.deps = deps;
    this.code = start.code;
    this.options = start.options;
    this.seed = start.seed;
    this.seats = new Seats(start.options.seats);
    this.limits = { ...DEFAULT_ROOM_LIMITS, ...deps.limits };
    this.p = deps.publisher;
    this.proposals = new TradeLimiter(this.limits);
    this.botRandom = deps.botRandom ?? makeRandom(botSeed());
    this.banks = start.options.pace === "turn-based" ? new TimeBanks(turnSettings(start.options.turn)) : null;
    this.timers = new Timers((err) => deps.log.error({ err, roomId: deps.roomId }, "room timer failed"));
    this.turns = new Turns(this.timers, (n) => this.botMove(n));
    this.timedPasses = new TimedPasses((fn, ms) => this.timers.later(fn, ms));
    this.writes = new WriteQueue({
      onError: (err, attempt) => deps.log.error({ err, attempt, roomId: deps.roomId }, attempt < 0 ? "what followed a store write threw" : "game store write failed: trying again"),
      onLost: (err) => {
        deps.log.error({ err, roomId: deps.roomId }, "another process holds this game now: closing this room");
        this.lost = true;
        this.p.close();
      },
    });
    const { seats, talk, p: publisher, timers, turns } = this;
    this.seating = new Seating({
      seats, talk, publisher, timers, turns, disconnected: (seat) => this.nudgeOnLeave(seat),
      away: () => this.guide.peopleChanged(),
      status: () => this.status,
      graceSeconds: () => this.options.graceSeconds,
      write: (write) => this.writes.write(() => write(deps.store, this.code)),
      shuttingDown: () => !!deps.shuttingDown?.(),
      decisionsChanged: () => this.scheduleDecisions(),
      everyoneLeft: () => this.adjourn("everyone-left", null),
      turnBased: () => this.banks !== null,
    });
    this.seatKeys = new SeatKeys({
      seats,
      log: (line) => { talk.log(line); publisher.flush(false); },
      save: (seat) => { const saved = Seats.stored(seat); this.writes.write(() => deps.store.setSeat(this.code, saved)); },
      closeConnection: (sessionId) => this.closeRevoked(sessionId),
    });
    const voice = new BotVoice({
      seats, talk, publisher, chatOn: () => this.options.botChat !== false,
      writeChat: (chat, after) => this.writes.write(() => deps.store.appendChat(this.code, chat.seq, chat), after),
      writeWhisper: (seq, whisper, after) => this.writes.write(() => deps.store.appendWhisper(this.code, seq, whisper), after),
    });
    this.guide = new TableGuide({
      options: this.options, seats, talk, publisher, timers, thinker: deps.botThinker,
      // the countdowns held while it explained start now, in full
      resumed: () => this.writes.whenIdle(() => {
        if (this.status !== "playing") return;
        if (!this.answerAhead()) this.p.flush(false);
      }),
    });
    this.bots = new BotMoves({
      seats, talk, publisher, voice, random: this.botRandom,
      play: (n, command) => this.play(n, command),
      again: (n, ms) => (this.botLooks ??= new Map()).set(n, this.timers.later(() => { this.botLooks?.delete(n); this.botMove(n); }, ms)),
      botDelayMs: () => this.botDelayMs(),
      stepSeconds: () => this.options.stepSeconds,
      onStuck: (seat, legal) => deps.log.error({ seat, legal }, "bot found no command"),
      thinker: deps.botThinker,
      // The answer is played through the move's usual checks, while a bot still plays the seat.
      thought: (n) => this.seats.botDriven(n) ? this.botMove(n) : this.bots.drop(n),
    });
    this.vacations = this.banks ? this.vacationDesk(this.banks.settings.vacation) : null;
  }

  /** Opens the table, new or restored: seats, chat, idle timer, and the game when it is under way. */
  open(): void {
    const { options, restored } = this.start;
    this.p.opened({ code: this.code, seats: options.seats, stepSeconds: options.stepSeconds, private: options.private });
    this.talk.watchersOpen = options.watchersOpen;
    this.p.watchersOpenChanged(options.watchersOpen);
    this.p.botChatChanged(options.botChat !== false);
    this.vacations?.publish();
    if (!restored) {
      for (let i = 0; i < options.bots; i++) this.seating.seatBot(options.seats - 1 - i);
      this.startIdle();
      if (this.seats.free() === null) this.startGame(); // a table of bots only plays at once
      else this.p.listingChanged();
      return;
    }
    this.seating.restore(restored.seats); // with their "sits down" lines: the log starts over
    this.talk.restore(restored.chat, restored.whispers, restored.whisperTotal);
    const roomId = this.deps.roomId ?? "";
    this.writes.write(() => this.deps.store.setRoomId(this.code, roomId));
    // A table nobody joined has been idle since it was created: it closes when that idle time is up.
    const neverJoined = restored.status === "lobby" && restored.seats.every((s) => s.bot);
    const idleLeft = neverJoined ? Math.max(0, restored.createdAt + TABLE_IDLE_MS - Date.now()) : TABLE_IDLE_MS;
    this.startIdle(restored.woken ? Math.max(idleLeft, WOKEN_IDLE_MS) : idleLeft);
    if (!restored.rebuilt) {
      this.seating.awaitReturns(); // a player who does not come back loses the seat
      this.p.listingChanged();
      return;
    }
    this.game = restored.rebuilt.game;
    if (this.banks) this.banks.restore(restored.clocks ?? []);
    this.played = restored.commands.length;
    this.records = restored.records;
    // A woken game's people all left before it parked: each one's nudge was written then, not again now.
    if (restored.woken) for (const n of this.people()) (this.nudged ??= new Map()).set(n, this.records - 1);
    for (const { seat, command } of restored.commands) this.moves.count(seat, command.type);
    this.votes.restoreOpenings(restored.voteOpenings ?? []);
    if (restored.vote) this.restoreVote(restored.vote);
    if (restored.status === "adjourned") return this.openAdjourned(restored.rebuilt.events, restored.adjourned ?? null);
    this.setStatus("playing");
    this.talk.log("The game begins.");
    this.guide.restoring();
    // Humans are away until they rejoin with their seat token; after the grace period a bot plays for them.
    this.seating.awaitReturns();
    this.restoring = true;
    this.vacations?.restore(restored.vacations); // before the banks: a seat away owes nothing of its own
    this.restoring = false;
    if (this.banks) this.restoreBanks();
    this.afterGameChange(restored.rebuilt.events);
    this.talk.log("The server restarted: the game goes on.");
    this.p.flush(false);
  }

  /** A game woken while adjourned: everything as it was left, every clock stopped, nobody seated yet. */
  private openAdjourned(events: GameEvent[], adjourned: StoredAdjournment | null): void {
    if (adjourned) this.adjournment.restore(adjourned);
    this.setStatus("adjourned");
    this.p.adjournmentChanged(this.adjournment.meetAt ?? 0, []);
    this.talk.log("The game begins.");
    this.seating.awaitReturns(); // away, with no countdown: nothing is played while adjourned
    this.afterGameChange(events);
    this.talk.log(adjournedLine(adjourned?.by ?? "host", this.adjournment.meetAt));
    this.p.flush(false);
    this.startIdle(WOKEN_IDLE_MS);
    if (this.paused() && this.adjournment.meetAt !== null) this.pauseUntil(this.adjournment.meetAt);
    this.vacations?.restore(this.start.restored?.vacations);
    this.p.flush(false);
  }

  // ---- adjourning (adjourn.ts decides; the table stops and restarts its clocks) -----------------

  /**
   * A person asks to adjourn (or withdraws the request). The host adjourns at once; otherwise the
   * game is adjourned once more than half the people seated have asked.
   */
  askToAdjourn(seat: number, msg: AdjournMessage): Refusal | null {
    const refused = adjournRefusal(this.status, msg);
    if (refused) return refused;
    const me = this.seats.get(seat)!;
    if (msg.withdraw) {
      if (this.adjournment.votes.delete(seat)) {
        this.talk.log(`${me.name} no longer asks to adjourn.`);
        this.p.adjournmentChanged(0, this.adjournment.voters());
        this.p.flush(false);
      }
      return null;
    }
    const meetAt = meetingTime(msg.meetAt, Date.now());
    if (meetAt !== null && typeof meetAt === "object") return meetAt;
    if (seat === this.hostSeat) {
      this.adjourn("host", meetAt);
      return null;
    }
    const first = !this.adjournment.votes.has(seat);
    this.adjournment.votes.set(seat, meetAt);
    const needed = votesNeeded(this.seats);
    if (this.adjournment.votes.size >= needed) {
      this.adjourn("vote", this.adjournment.votedMeetAt());
      return null;
    }
    if (first) this.talk.log(`${me.name} asks to adjourn the game (${this.adjournment.votes.size} of ${needed} needed).`);
    this.p.adjournmentChanged(0, this.adjournment.voters());
    this.p.flush(false);
    return null;
  }

  /**
   * Adjourns the game (behind any pending store write): every running deadline keeps what was left of
   * it, no bot moves, no away countdown runs, and the store learns it once, before the players do. The
   * room leaves memory as soon as nobody is connected.
   */
  adjourn(by: StoredAdjournment["by"], meetAt: number | null, then?: () => void): void {
    this.writes.whenIdle(() => {
      if (this.status !== "playing" || !this.game) return;
      const now = Date.now();
      this.adjournment.deadlines = this.turns.remaining(now);
      // A turn-based table's banks stop too, each keeping what is left: the time adjourned is no one's.
      if (this.banks) this.writeClocks(this.banks.stop(this.now()));
      this.adjournment.meetAt = meetAt;
      this.adjournment.votes.clear();
      this.turns.clear();
      for (const look of this.botLooks?.values() ?? []) look.clear();
      this.botLooks?.clear();
      this.timedPasses.keepOnly(new Set()); // a countdown starts afresh at the resume
      for (const seat of this.seats.all()) {
        seat.awayTimer?.clear();
        seat.awayTimer = null;
        this.p.seatAwayUntil(seat.seat, 0);
        this.p.answersChanged?.(seat.seat, this.answersSent(seat.seat));
      }
      this.setStatus("adjourned");
      this.p.deadlineChanged(0);
      this.p.adjournmentChanged(meetAt ?? 0, []);
      const stored = this.adjournment.stored(now, by);
      this.talk.log(adjournedLine(by, meetAt));
      this.publishBanks();
      then?.();
      // the players learn it once the store has it (a server that dies meanwhile comes back playing)
      this.writes.write(() => this.deps.store.setAdjourned(this.code, stored), () => {
        this.p.flush(true);
        this.p.parkIfEmpty();
      });
    });
  }

  /**
   * The host resumes an adjourned game once more than half the people seated are back; `absent` says
   * what becomes of the others' seats. The stopped deadlines run on for what was left of them.
   */
  resume(absent: AbsentChoice): Refusal | null {
    if (this.status !== "adjourned" || !this.game) return { code: "not-adjourned", message: "The game is not adjourned." };
    if (this.paused()) return { code: "paused", message: this.adjournment.by === "vacation" ? "The game is paused for a player's vacation: it resumes at its time, when they are back, or when everyone votes to resume." : "The game is paused by vote: it resumes at its time, or when everyone votes to resume." };
    if (absent === "open" && this.options.private) return { code: "private-table", message: "Only a public table can open a seat to a newcomer." };
    const back = peopleBack(this.seats);
    const needed = backNeeded(this.seats);
    if (back < needed) return { code: "not-enough-back", message: `At least ${needed} of the people seated must be back to resume (${back} ${back === 1 ? "is" : "are"}).` };
    const away = [...this.seats.all()].filter((s) => !s.bot && !s.open && !s.connected).sort((a, b) => a.seat - b.seat);
    for (const seat of away) this.seating.setAbsent(seat, absent);
    this.goOn(resumedLine(absent, away.map((s) => s.name)), () => {
      this.scheduleDecisions();
      this.p.flush(true);
    });
    return null;
  }

  /**
   * An adjournment or a pause is over: its deadlines run on, and once the store has it, the log says
   * `line` and `then` tells everyone (a server that dies meanwhile comes back adjourned, as they last saw it).
   */
  private goOn(line: string, then: () => void): void {
    this.turns.carry(this.adjournment.deadlines);
    this.adjournment.deadlines = new Map();
    this.adjournment.meetAt = null;
    this.adjournment.by = null;
    this.adjournment.votes.clear();
    this.stopIdle();
    this.setStatus("playing");
    this.p.adjournmentChanged(0, []);
    this.writes.write(() => this.deps.store.setAdjourned(this.code, null), () => {
      this.talk.log(line);
      then();
    });
  }

  // ---- votes (votes.ts counts them; the table carries out one that passed) ----------------------

  /** The open vote and each seat's recent openings (votes.ts). */
  readonly votes = new Votes();
  private voteTimer: Timer | null = null;
  /** A pause's end (its resume time), while this process holds the paused game. */
  private pauseTimer: Timer | null = null;

  /** A person opens a vote or answers the open one (the room has checked the message's shape). */
  vote(seat: number, msg: VoteMessage): Refusal | null {
    const now = this.now();
    this.voteSettled(this.votes.expire(now));
    const out = msg.act === "open" ? this.votes.open(seat, msg, this.voteFacts(now)) : this.votes.answer(seat, msg.yes, now);
    if (out && "code" in out) return out;
    const name = (n: number) => this.seats.get(n)?.name ?? `Seat ${n + 1}`;
    if (msg.act === "open") this.talk.log(voteLine(out?.vote ?? this.votes.view()!, name, "opened"));
    if (out) this.voteSettled(out);
    else if (msg.act === "open") this.expireVoteAt(this.votes.view()!.expiresAt, now);
    this.voteChanged();
    this.p.flush(false);
    return null;
  }

  /** The open vote expires at its time (this process's timer; the store keeps the vote itself). */
  private expireVoteAt(expiresAt: number, now: number): void {
    this.voteTimer = this.timers.later(() => {
      this.voteSettled(this.votes.expire(Math.max(this.now(), this.votes.view()?.expiresAt ?? 0)));
      this.p.flush(false);
    }, Math.max(0, expiresAt - now));
  }

  /** A restored game's open vote: open again as it was, expiring at its time (at once if that has passed). */
  private restoreVote(vote: VoteView): void {
    this.votes.restore(vote);
    this.expireVoteAt(vote.expiresAt, this.now());
    this.p.voteChanged?.(this.votes.view());
  }

  /** Everyone sees the open vote (or none), and the store keeps it with the seats' recent openings. */
  private voteChanged(): void {
    const vote = this.votes.view();
    const openings = this.votes.openings(this.now());
    this.p.voteChanged?.(vote);
    this.writes.write(() => this.deps.store.setVote(this.code, vote, openings));
  }

  private voteFacts(now: number): VoteFacts {
    const people = [...this.seats.all()].filter((s) => !s.bot && !s.open);
    return {
      // A seat on vacation is away by leave: not a seat to give to a newcomer.
      people: people.map((s) => s.seat), away: new Set(people.filter((s) => s.botControlled && !this.vacations?.onVacation(s.seat)).map((s) => s.seat)),
      pace: this.banks ? "turn-based" : "live", status: this.status, paused: this.paused(), now,
    };
  }

  private paused(): boolean {
    return this.status === "adjourned" && (this.adjournment.by === "pause" || this.adjournment.by === "vacation");
  }

  /** A vote is over: the log says how, and one that passed is carried out. */
  private voteSettled(out: VoteOutcome | null): void {
    if (!out) return;
    this.voteTimer?.clear();
    this.voteTimer = null;
    const v = out.vote;
    this.talk.log(voteLine(v, (n) => this.seats.get(n)?.name ?? `Seat ${n + 1}`, out.result));
    this.voteChanged();
    if (out.result !== "passed") return;
    if (v.kind === "end" || v.kind === "cancel") this.endByVote(v.kind === "end" ? "vote" : "cancelled");
    else if (v.kind === "pause") this.adjourn("pause", v.resumeAt!, () => this.pauseUntil(v.resumeAt!));
    else if (v.kind === "resume") this.resumePaused(this.now());
    else this.giveToNewcomer(v.seat!);
  }

  /** The players ended the game by vote: scored on the standings now (engine's endByVote), or cancelled. */
  private endByVote(how: "vote" | "cancelled"): void {
    this.writes.whenIdle(() => {
      if (!this.game || this.game.result || (this.status !== "playing" && this.status !== "adjourned")) return;
      if (this.banks) this.writeClocks(this.banks.stop(this.now()));
      this.pauseTimer?.clear();
      if (this.status === "adjourned") this.writes.write(() => this.deps.store.setAdjourned(this.code, null));
      const ended = endByVote(this.game, how);
      this.game = ended.state;
      this.setStatus("playing"); // afterGameChange files the result and finishes the table
      this.afterGameChange(ended.events);
    });
  }

  /** A paused game resumes at `resumeAt` (now if that has passed: a game woken after its pause). */
  private pauseUntil(resumeAt: number): void {
    this.pauseTimer?.clear();
    this.pauseTimer = this.timers.later(() => this.resumePaused(resumeAt), Math.max(0, resumeAt - this.now()));
  }

  /** The pause is over (its time came, `from`, or everyone voted to resume): every bank runs again from then. */
  private resumePaused(from: number): void {
    this.writes.whenIdle(() => {
      if (!this.paused() || !this.game) return;
      this.pauseTimer?.clear();
      this.pauseTimer = null;
      this.goOn("The pause is over: the game goes on, and every time bank runs again.", () => {
        if (this.banks && this.game) this.writeClocks(this.banks.update(this.people(), this.owing(this.game), Math.min(from, this.now())));
        this.scheduleDecisions();
        this.p.flush(true);
        this.timers.later(() => this.runDeadlines(), 0); // a bank that ran out since the pause's end
      });
    });
  }

  /**
   * Two thirds voted to give an away seat to a newcomer: every key of the seat stops working (its
   * connection, if any, is closed), a bot plays it until a newcomer joins by the table's invite code and
   * takes it, with its hand, rival and investment: the seat's, not a person's.
   */
  private giveToNewcomer(n: number): void {
    const seat = this.seats.get(n);
    if (!seat || seat.bot || this.status !== "playing") return;
    const session = seat.sessionId;
    seat.tokenHash = null;
    seat.token = null;
    seat.keys = [];
    if (session) this.closeRevoked(session);
    this.seating.setAbsent(seat, "open");
    this.talk.log(`${seat.name}'s seat is open to a newcomer: a bot plays it until one joins with the table's invite code.`);
    this.p.flush(true);
  }

  /** Nobody is connected any more: an adjourned table parks at once, any other after the idle time. */
  emptied(): void {
    // A turn-based game waits in the store for its players (and wakes for its deadlines).
    const turnBased = this.banks !== null && this.status === "playing";
    this.startIdle(this.status === "adjourned" ? 0 : turnBased ? this.options.graceSeconds * 1000 : TABLE_IDLE_MS);
  }

  // ---- vacations (vacations.ts keeps them; the table plays the seat by bot or pauses) ------------

  /** A turn-based table's vacations; null at a live table. */
  readonly vacations: VacationDesk | null;
  /** While open() rebuilds a stored game: nothing is scheduled or sent before it is whole. */
  private restoring = false;

  /** A person marks a vacation or ends theirs (the room has checked the message's shape). */
  vacation(seat: number, msg: VacationMessage): Refusal | null {
    if (!this.vacations) return { code: "not-turn-based", message: "Vacations are for turn-based tables (a live game is adjourned instead)." };
    return this.vacations.request(seat, msg);
  }

  private vacationDesk(mode: "bot" | "pause"): VacationDesk {
    return new VacationDesk(mode, {
      now: () => this.now(),
      status: () => this.status,
      seat: (n) => this.seats.get(n),
      setBotControl: (s, on) => {
        this.seating.setBotControl(s, on);
        if (this.status === "playing" && this.game && !this.restoring) this.scheduleDecisions();
      },
      log: (line) => this.talk.log(line),
      vacationPause: () => (this.status === "adjourned" && this.adjournment.by === "vacation" ? this.adjournment.meetAt : null),
      pause: (until) => {
        // A game being rebuilt pauses once it is whole (its banks restored, its log begun): a moment later.
        if (this.restoring) return void this.timers.later(() => this.vacations?.apply(true), 0);
        if (this.status === "playing") this.adjourn("vacation", until, () => this.pauseUntil(until));
        else {
          this.adjournment.meetAt = until;
          const stored = this.adjournment.stored(this.now(), "vacation");
          this.writes.write(() => this.deps.store.setAdjourned(this.code, stored));
          this.p.adjournmentChanged(until, []);
          this.pauseUntil(until);
        }
        this.writes.whenIdle(() => { this.vacations?.publish(); this.p.flush(false); });
      },
      resume: () => {
        this.resumePaused(this.now());
        this.writes.whenIdle(() => { this.vacations?.publish(); this.p.flush(false); });
      },
      save: (stored, nextAt) => this.writes.write(() => this.deps.store.setVacations(this.code, stored, nextAt)),
      publish: (shown) => this.p.vacationsChanged?.(JSON.stringify(shown)),
      later: (fn, ms) => this.timers.later(fn, ms),
      changed: () => { if (!this.restoring) this.p.flush(true); },
    });
  }

  // ---- seats (the room's calls; the rest is this.seating) --------------------------------------

  /** Seats a player who passed the checks at the door, new or coming back by token (see Seating.sit). */
  sit(sessionId: string, name: string, reclaim: number | null, replace: (sessionId: string) => void): Seat | Refusal {
    const seated = this.seating.sit(sessionId, name, reclaim, replace);
    if (!("code" in seated) && reclaim === null) {
      // a newcomer: answers in advance are the last person's words, not the seat's
      this.answers.delete(seated.seat);
      this.timedPasses.stop(seated.seat);
      this.p.answersChanged?.(seated.seat, this.answersSent(seated.seat));
    }
    return seated;
  }

  /** After the seated player has their seat and histories: the log line, and the game when the table is full. */
  seated(seat: Seat, reclaimed: boolean): Promise<void> {
    this.seating.announce(seat, reclaimed);
    if (this.status === "lobby" && this.seats.free() === null) this.full();
    else this.p.flush(true);
    // The joining client gets its seat token (queued until the join completes) once the seat is stored.
    return this.writes.idle();
  }

  left(sessionId: string): void {
    this.seating.left(sessionId);
    if (this.status === "lobby" && this.seats.free() !== null && this.notFull()) this.changed();
  }

  // ---- the start: at once, or after a countdown (options.startCountdown) once every seat is taken ----

  private startTimer: Timer | null = null;

  /** Every seat is taken: the game starts now, or when the table's countdown runs out (the host may start sooner). */
  full(): void {
    const seconds = this.options.startCountdown ?? 0;
    if (seconds <= 0) return this.startGame();
    if (this.startTimer) return this.changed();
    const at = Date.now() + seconds * 1000;
    this.p.startsAtChanged?.(at);
    this.talk.log(`Every seat is taken: the game starts in ${seconds} seconds.`);
    this.startTimer = this.timers.later(() => {
      this.startTimer = null;
      if (this.status === "lobby" && this.seats.free() === null) this.startGame();
      else if (this.notFull()) this.changed();
    }, seconds * 1000);
    this.changed();
  }

  /** A seat is free again before the start: the countdown stops. Returns whether one was running (then flush). */
  notFull(): boolean {
    this.p.startsAtChanged?.(0);
    if (!this.startTimer) return false;
    this.startTimer.clear();
    this.startTimer = null;
    this.talk.log("A seat is free again: the start waits for it.");
    return true;
  }

  markConnected(seat: Seat, connected: boolean): void {
    this.seating.markConnected(seat, connected);
  }

  /** Gone while owing a decision: a "your move" nudge (once per owed decision), unless one is written. */
  private nudgeOnLeave(seat: Seat): void {
    const afterMs = this.limits.nudgeAfterMs ?? 0;
    if (afterMs <= 0 || seat.bot || this.status !== "playing" || !this.game || !waitingFor(this.game).includes(seat.seat) || this.vacations?.onVacation(seat.seat)) return;
    const since = this.records - 1;
    if (this.nudged?.get(seat.seat) === since) return;
    (this.nudged ??= new Map()).set(seat.seat, since);
    this.writes.write(() => this.deps.store.addNudges(this.code, since, [{ seat: seat.seat, kind: "your-move", afterMs, deadline: this.deadlineOf(seat.seat) }]));
  }

  get hostSeat(): number {
    return this.seating.hostSeat;
  }

  private setStatus(status: TableStatus): void {
    this.status = status;
    this.p.statusChanged(status);
  }

  /** The players, as the lobby listing and the finished game show them. */
  players() {
    return this.seats.players((n) => this.game?.seats[n]?.corp ?? "");
  }

  // ---- host, chat ------------------------------------------------------------------------------

  /** A chat line from a connection (`sender`, for the rate limit), seated or not; `afford` spends its bytes (talk.ts). */
  chat(sender: string, seat: Seat | undefined, msg: Chat, afford: () => boolean = () => true): Refusal | null {
    return this.talk.say(sender, seat, msg, this.seats, this.p, (write, after) => this.writes.write(() => write(this.deps.store, this.code), after), afford);
  }

  /** The host lets players see the spectators' channel, or no longer: kept with the options (talk.ts). */
  setWatchersOpen(open: boolean): void {
    if (this.options.watchersOpen === open) return;
    this.options.watchersOpen = open;
    this.optionsChanged(false);
    this.talk.setWatchersOpen(open, this.seats, this.p);
  }

  // ---- hints and the guide (guide.ts) ---------------------------------------------------------

  /** A seated player asks what the bot would do for them now, and why: answered to them alone. */
  hint(seat: Seat | undefined): Refusal | null {
    return this.guide.hint(seat, this.status === "playing" ? this.game : null, this.played);
  }

  /** A seated player at a tutorial table: "Got it", or the guide off or on. */
  guideAction(seat: Seat | undefined, action: "got-it" | "off" | "on", moment?: string): Refusal | null {
    const refused = action === "got-it" ? this.guide.gotIt(seat, moment) : this.guide.setOn(seat, action === "on");
    if (!refused) this.p.flush(false);
    return refused;
  }

  // ---- the game --------------------------------------------------------------------------------

  startGame(): void {
    this.startTimer?.clear();
    this.startTimer = null;
    this.p.startsAtChanged?.(0);
    for (let n = 0; n < this.options.seats; n++) if (!this.seats.get(n)) this.seating.seatBot(n);
    const { state, events } = createGameWithEvents({ players: this.options.seats as 4 | 5 | 6, seed: this.seed, variant: this.options.variant });
    this.game = state;
    this.setStatus("playing");
    this.writes.write(() => this.deps.store.startGame(this.code));
    if (this.banks) this.writeClocks(this.clockChanges(null, state, false));
    this.talk.log("The game begins.");
    for (const seat of this.seats.all()) if (!seat.bot && !seat.connected) this.seating.markConnected(seat, false);
    this.afterGameChange(events);
  }

  /**
   * A seat's command, in turn behind any pending store write; `refuse` hears why it was refused. Its
   * result is published once the command is written.
   */
  command(seat: number, command: Command, receivedAt: number, refuse: (r: Refusal) => void): void {
    this.writes.whenIdle(() => {
      this.vacations?.acted(seat);
      this.backFromAway(seat);
      if (this.play(seat, command, refuse)) this.writes.whenIdle(() => metrics.commandPatched(receivedAt));
    });
  }

  /** Applies one command for a seat; on refusal tells `refuse` (a bot's is logged) and changes nothing. */
  private play(seat: number, command: Command, refuse?: (r: Refusal) => void): boolean {
    if (!this.game) return false;
    if (this.status === "adjourned") {
      refuse?.({ code: "adjourned", message: "The game is adjourned: nothing is played until the host resumes it." });
      return false;
    }
    const limited = command.type === "trade-propose" ? this.proposals.check(seat, this.game) : null;
    if (limited) {
      refuse?.(limited);
      return false;
    }
    const lap = metrics.stages();
    const before = this.game;
    const result = apply(before, seat, command);
    if (!result.ok) {
      if (refuse) refuse({ code: result.code, message: result.message });
      else this.deps.log.warn({ seat, command: command.type, code: result.code }, "bot command refused");
      return false;
    }
    this.game = result.state;
    lap("engine");
    this.takeBacks.accepted(seat, command, before, result.state, result.events);
    const seq = this.records++;
    this.played++;
    metrics.commandAccepted();
    if (command.type === "trade-propose") this.proposals.count(seat);
    // A trade is no answer to the decision the seat owes: its deadline runs on.
    const decided = this.moves.count(seat, command.type);
    if (decided) {
      this.turns.reset(seat);
      this.timedPasses.stop(seat); // answered: a decision that opens next gets a countdown of its own
    }
    // Written before anyone hears of it: a command whose result was sent survives a crash. With it, in
    // one transaction: a turn-based table's clocks that it changed (they are its deadlines), and the
    // nudges of the seats it makes owe a decision.
    const clocks = this.banks ? this.clockChanges(seat, result.state, decided) : undefined;
    const nudges = [...this.nudgesAfter(before, result.state, seat), ...this.bankWarnings(clocks ?? [])];
    this.writes.write(() => this.deps.store.appendCommand(this.code, seq, { seat, command }, { clocks, nudges }), () => {
      lap("store");
      this.afterGameChange(result.events, lap);
    });
    return true;
  }

  /**
   * What a nudge (server/notify) needs of a seat now: does it owe a decision, is a connection holding
   * it, what it owes in a few words (its own words: the message goes to that seat's player alone), and
   * the decision's deadline (ms) if one runs (at a turn-based table, when its bank runs out). Null for
   * no such person's seat.
   */
  nudgeState(n: number): { status: TableStatus; name: string; owes: boolean; connected: boolean; owed: string; deadline: number | null } | null {
    const seat = this.seats.get(n);
    if (!seat || seat.bot) return null;
    const owes = this.status === "playing" && !!this.game && waitingFor(this.game).includes(n) && !this.vacations?.onVacation(n);
    const kind = this.game?.pending?.seat === n ? this.game.pending.kind : null;
    return { status: this.status, name: seat.name, owes, connected: seat.connected, owed: kind ? OWED[kind] : "a decision", deadline: this.deadlineOf(n) };
  }

  /** When the seat's decision is due: its bank's run-out at a turn-based table, else its step deadline. */
  private deadlineOf(n: number): number | null {
    return (this.banks ? this.banks.get(n)?.dueAt : this.turns.deadlineAt.get(n)) ?? null;
  }

  /**
   * The people who owe a decision after this command and did not before (or who played it and owe
   * another): each gets a "your move" nudge, due when it has been owed nudgeAfterMs (server/notify
   * sends it then if the seat still owes it and has no open connection). None when nudges are off.
   */
  private nudgesAfter(before: EngineState, after: EngineState, seat: number): NewNudge[] {
    const afterMs = this.limits.nudgeAfterMs ?? 0;
    if (afterMs <= 0) return [];
    // Only seats with no open connection now: one that leaves later gets its nudge then (markConnected).
    const owed = new Set(waitingFor(before));
    const seq = this.records - 1; // this command's number
    const due = waitingFor(after).filter((n) => (n === seat || !owed.has(n)) && this.seats.get(n)?.bot === false && !this.seats.get(n)?.connected && !this.vacations?.onVacation(n));
    for (const n of due) (this.nudged ??= new Map()).set(n, seq);
    return due.map((n) => ({ seat: n, kind: "your-move" as const, afterMs, deadline: this.deadlineOf(n) }));
  }

  /**
   * The one reminder of each bank that starts to run in these changed clocks: due when WARN_SHARE of
   * it is gone (server/notify sends it unless the seat decided or the bank stopped meanwhile: its
   * deadline is the row's). None when nudges are off.
   */
  private bankWarnings(changed: readonly StoredClock[]): NewNudge[] {
    if ((this.limits.nudgeAfterMs ?? 0) <= 0 || !this.banks) return [];
    const started = changed.filter((c) => c.owedSince !== null && c.dueAt !== null && this.warned?.get(c.seat) !== c.owedSince && this.seats.get(c.seat)?.bot === false && !this.vacations?.onVacation(c.seat));
    for (const c of started) (this.warned ??= new Map()).set(c.seat, c.owedSince!);
    return started.map((c) => ({ seat: c.seat, kind: "deadline-warning" as const, afterMs: 0, at: this.banks!.warnAt(c.seat)!, deadline: c.dueAt }));
  }

  /** Clocks changed apart from a command (the start, a seat back, an adjournment): stored, with their banks' reminders. */
  private writeClocks(changed: readonly StoredClock[]): void {
    if (changed.length === 0) return;
    const seq = this.records - 1; // the seats owe their decisions since the last command
    const warnings = this.bankWarnings(changed);
    this.writes.write(() => this.deps.store.setClocks(this.code, changed));
    if (warnings.length > 0) this.writes.write(() => this.deps.store.addNudges(this.code, seq, warnings));
  }

  /**
   * A seat takes back its last decision (take-back.ts): the game before it comes back, a take-back
   * record is written after it, and the log says so. Refused once anyone else has decided since, or
   * when the decision revealed something.
   */
  takeBack(seat: number, refuse: (r: Refusal) => void): void {
    this.writes.whenIdle(() => {
      if (!this.game || this.status !== "playing") return refuse({ code: "not-started", message: "There is no game to take a decision back from." });
      const taken = this.takeBacks.take(seat);
      if (!("before" in taken)) return refuse(taken);
      this.game = taken.before;
      this.played--;
      const seq = this.records++;
      this.writes.write(() => this.deps.store.appendCommand(this.code, seq, { seat, command: { type: "take-back" } }), () => {
        this.afterGameChange([{ type: "take-back", text: takeBackLine(this.seats.get(seat)?.name ?? `Seat ${seat + 1}`, taken.command) }]);
      });
    });
  }

  private afterGameChange(events: GameEvent[], lap?: (stage: metrics.Stage) => void): void {
    const game = this.game!;
    // Private lines, the patch and the log lines leave in one write per socket.
    this.p.batch(() => {
      for (const e of events) {
        if (!e.to) this.talk.log(e.text);
        else for (const n of e.to) {
          // Kept for reloads (sent with the log history) and sent to that seat's connection alone.
          const line = this.seats.get(n) ? this.talk.logPrivate(n, e.text) : undefined;
          this.p.event(n, { type: e.type, text: e.text, line });
        }
      }
      if (game.result && this.status !== "finished") {
        this.setStatus("finished");
        const players = this.players();
        this.writes.write(() => this.deps.store.finishGame(this.code, game.result, players));
        this.turns.clear();
        this.p.deadlineChanged(0);
      }
      this.guide.observe(game, events); // a tutorial table may pause here, before any bot is scheduled
      // Before the patch: it carries the new deadline. A decision the table answers for its seat is never
      // shown (a click on it could only be refused): the patch waits for that answer's own.
      const publicMoves = this.moves.public; // (an answer played next counts itself: it is never a trade)
      const shown = this.shown;
      const answered = this.status === "playing" && this.scheduleDecisions();
      // An answer played for a seat shows its own, later game once its write is done (SQLite's at once):
      // then this one would never reach a client and is not projected. Until then (PostgreSQL) it is shown.
      if (this.shown === shown) this.showGame(game, publicMoves);
      lap?.("views");
      if (!answered) this.p.flush(false);
    });
    lap?.("send");
    this.p.listingChanged();
  }

  /** Projects a game into the state, with what goes with it: the banks, each seat's take-back and answers. */
  private showGame(game: EngineState, publicMoves: number): void {
    this.shown++;
    this.p.gameChanged(game, publicMoves, this.moves.private);
    this.publishBanks();
    for (const seat of this.seats.all()) {
      this.p.takeBackChanged?.(seat.seat, this.takeBacks.offerFor(seat.seat));
      this.p.answersChanged?.(seat.seat, this.answersSent(seat.seat));
    }
  }

  /** When each human seat's pending decision passes to the bot policy (ms since the epoch). */
  get deadlineAt(): ReadonlyMap<number, number> {
    return this.turns.deadlineAt;
  }

  /** Deadlines and bot moves for every seat the game waits for, and answers given in advance (true: one was played). */
  private scheduleDecisions(): boolean {
    const botDriven = (n: number) => this.seats.botDriven(n);
    const waitedFor = (n: number) => !!this.seats.get(n)?.waitedFor;
    const stepSeconds = this.banks ? 0 : this.options.stepSeconds; // a turn-based table's deadlines are its banks
    this.p.deadlineChanged(this.turns.schedule(this.game!, botDriven, stepSeconds, this.botDelayMs(), waitedFor));
    if (this.banks) {
      // Who plays a seat changed (a person back, a seat away): its bank runs or stops with it.
      const changed = this.banks.update(this.people(), this.owing(this.game!), this.now());
      if (changed.length > 0) {
        this.writeClocks(changed);
        this.publishBanks();
      }
    }
    return this.answerAhead();
  }

  answersOf(seat: number): StandingAnswers {
    return this.answers.get(seat) ?? DEFAULT_ANSWERS;
  }

  /** A seat's answers as sent to it alone: with `passAt`, when a timed pass runs for it (epoch ms). */
  private answersSent(seat: number): string {
    const answers = this.answersOf(seat);
    const passAt = this.timedPasses.at(seat);
    // Asked for every seat after every change: worded again only when the answers or the pass changed.
    const last = this.sentAnswers?.get(seat);
    if (last && last.answers === answers && last.passAt === passAt) return last.text;
    const text = JSON.stringify(passAt ? { ...answers, passAt } : answers);
    (this.sentAnswers ??= new Map()).set(seat, { answers, passAt, text });
    return text;
  }

  /** Each seat's answers as last worded by answersSent, with what they were worded from. */
  private sentAnswers: Map<number, { answers: StandingAnswers; passAt: number; text: string }> | null = null; // made when first used

  /** A seat changes its answers in advance (the room has checked the message's shape). */
  setAnswers(seat: number, change: AnswersMessage): Refusal | null {
    const checked = changeAnswers(this.answersOf(seat), change, this.game?.round ?? 0);
    if ("code" in checked) return checked;
    // in turn behind a pending store write, as a command is: a command sent before it is played first
    this.writes.whenIdle(() => {
      const next = changeAnswers(this.answersOf(seat), change, this.game?.round ?? 0);
      if ("code" in next) return;
      this.answers.set(seat, next);
      this.p.answersChanged?.(seat, this.answersSent(seat));
      if (this.status === "playing") this.answerAhead();
      this.p.flush(false);
    });
    return null;
  }

  /**
   * When a person's answer in advance covers the decision the game waits for, the table plays it at once
   * as their own command (stored like any other) and tells them why; true when it did. At once, not
   * later: until then the seat would be shown a decision that a click could only race (and lose) against
   * the table's own answer. A timed pass waits while the person is connected and the decision stays open
   * (they see the countdown), and only while play runs: a tutorial table's explanation holds it. Bots
   * and away seats are the bots'.
   */
  private answerAhead(): boolean {
    const game = this.game;
    if (!game || this.status !== "playing") return false;
    const timed = new Set<number>();
    for (const seat of waitingFor(game)) {
      if (this.seats.botDriven(seat) || !this.seats.get(seat)) continue;
      const commands = legal(game, seat);
      const answer = answerInAdvance(commands, this.answersOf(seat), game.round, this.limits.timedPassSeconds);
      if (!answer) continue;
      if (answer.afterSeconds) {
        // no countdown while a tutorial table explains: the person is reading (it starts once they have)
        if (!this.seats.get(seat)!.connected || this.guide.paused()) continue;
        timed.add(seat);
        const key = decisionKey(commands);
        this.timedPasses.run(seat, key, answer.afterSeconds * 1000, () => this.writes.whenIdle(() => {
          // still that decision, still theirs and they are still here (a command of theirs may have been
          // written meanwhile), and their answers still say so (a "Wait for me", or a trade they proposed
          // meanwhile, may have come in while a write was pending)
          const game = this.game;
          if (!game || this.status !== "playing" || this.seats.botDriven(seat) || !this.seats.get(seat)?.connected) return;
          const now = legal(game, seat);
          if (decisionKey(now) !== key) return;
          const still = answerInAdvance(now, this.answersOf(seat), game.round, this.limits.timedPassSeconds);
          if (!still?.afterSeconds || JSON.stringify(still.command) !== JSON.stringify(answer.command)) return;
          if (this.play(seat, answer.command)) this.p.event(seat, { type: "answered-for-you", text: answer.why });
        }));
        continue;
      }
      if (!this.play(seat, answer.command)) break;
      this.p.event(seat, { type: "answered-for-you", text: answer.why });
      return true;
    }
    this.timedPasses.keepOnly(timed);
    for (const seat of this.seats.all()) this.p.answersChanged?.(seat.seat, this.answersSent(seat.seat));
    return false;
  }

  /** How long a bot waits before it acts: the table's botDelayMs, but never under the server's floor. */
  botDelayMs(): number {
    return Math.max(this.options.botDelayMs, this.limits.botDelayMinMs);
  }

  private botMove(n: number): void {
    if (this.writes.pending) return this.writes.whenIdle(() => this.botMove(n));
    if (!this.game || this.status !== "playing") return;
    if (this.guide.paused()) return this.guide.hold(n, () => this.botMove(n)); // a tutorial table explains: bots wait
    // Waiting on its own offer with nothing to answer, the bot's next look is already due: another one
    // now (a reload, someone else's trade) would count against the time the other side has to answer.
    if (this.botLooks?.has(n) && this.game.trades.some((t) => t.from === n) && !this.game.trades.some((t) => t.to === n)) return;
    // One look at a time: a look still due from an earlier wait would count twice against this one.
    this.botLooks?.get(n)?.clear();
    this.botLooks?.delete(n);
    // A person's deadline: the bot makes the decision they owe, and nothing else (no trade in their name,
    // no waiting on one); a seat a bot plays (a bot's, or an away person's) is the bot's to play.
    this.bots.move(this.game, n, !this.seats.botDriven(n));
  }

  /** Each bot's next look at its own open trade proposal, while it waits on one. */
  private botLooks: Map<number, Timer> | null = null; // made when first used

  // ---- a turn-based table's time banks (time-bank.ts) ------------------------------------------

  private now(): number {
    return this.deps.clock?.() ?? Date.now();
  }

  /** The people seated (not bots), by seat. */
  private people(): number[] {
    return [...this.seats.all()].filter((s) => !s.bot).map((s) => s.seat);
  }

  /** The people who owe the game a decision now, their own (no bot plays their seat, the game does not wait for them). */
  private owing(game: EngineState): Set<number> {
    return new Set(waitingFor(game).filter((n) => !this.seats.botDriven(n) && !this.seats.get(n)?.waitedFor));
  }

  /**
   * The clocks a command (of `seat`, null for the game's start) changed: the bot's decision on a spent
   * bank counts toward the seat being away; a person's own ends their run of bot decisions; every
   * bank then runs or stops with what the game waits for.
   */
  private clockChanges(seat: number | null, game: EngineState, decided: boolean): StoredClock[] {
    const banks = this.banks!;
    const touched = new Set<number>();
    if (seat !== null && this.bankBot === seat) {
      touched.add(seat);
      const away = banks.botDecided(seat);
      if (away) {
        const s = this.seats.get(seat)!;
        this.seating.setBotControl(s, true);
        this.talk.log(`${s.name} let the bot decide ${banks.get(seat)!.botStreak} times in a row: a bot plays their seat until they act again.`);
      }
      this.deps.turnEvents?.botDecided?.({ code: this.code, seat, away });
    } else if (seat !== null && !this.seats.botDriven(seat) && banks.acted(seat)) touched.add(seat);
    // The bot's command on a spent bank hands the decision on, whatever it was: that deadline is over.
    const handedOn = decided || (seat !== null && this.bankBot === seat);
    for (const c of banks.update(this.people(), this.owing(game), this.now(), handedOn ? seat : null)) touched.add(c.seat);
    return [...touched].sort((a, b) => a - b).map((n) => ({ ...banks.get(n)! }));
  }

  /** After a restart: seats the bot had played three times in a row stay away; clocks the store missed are set. */
  private restoreBanks(): void {
    const banks = this.banks!;
    for (const c of banks.all()) {
      if (c.owedSince !== null) (this.warned ??= new Map()).set(c.seat, c.owedSince); // its reminder was written with it
      const s = this.seats.get(c.seat);
      if (s && !s.bot && c.botStreak >= BOT_DECISIONS_TO_AWAY) this.seating.setBotControl(s, true);
    }
    this.writeClocks(banks.update(this.people(), this.owing(this.game!), this.now()));
    // Deadlines that came while the game was away (parked, or its process down) run now.
    this.timers.later(() => this.runDeadlines(), 0);
  }

  /** A person at a turn-based table whose seat the bot played acts again: the seat is theirs. */
  private backFromAway(seat: number): void {
    const s = this.seats.get(seat);
    if (!this.banks || !s || s.bot || !s.botControlled || !s.connected) return;
    this.seating.setBotControl(s, false);
    this.talk.log(`${s.name} is back: they play their seat again.`);
  }

  /** Each person's bank as published (the lobby's listing reads it too). */
  bankOf(seat: number): BankShown | undefined {
    return this.banks?.shown(seat);
  }

  private publishBanks(): void {
    if (!this.banks) return;
    for (const n of this.people()) this.p.bankChanged?.(n, this.banks.shown(n) ?? null);
  }

  /**
   * The deadlines that have come (the sweep calls this on the process that holds the game, and a game
   * woken or restored runs it at once): each spent bank gets an excused delay while the seat has one,
   * else the bot makes that one decision. Each runs once: the clock moves on before anything is written.
   */
  runDeadlines(): void {
    if (!this.banks || !this.game || this.status !== "playing") return;
    if (this.writes.pending) return this.writes.whenIdle(() => this.runDeadlines());
    const now = this.now();
    let ran = false;
    for (const seat of this.banks.due(now)) {
      const s = this.seats.get(seat);
      if (!s || !this.owing(this.game).has(seat)) continue;
      ran = true;
      const out = this.banks.ranOut(seat, now);
      if ("excused" in out) {
        const { excused, delay } = out;
        this.talk.log(`${s.name}'s time bank ran out: excused delay ${delay} of ${EXCUSED_DELAYS}, their decision is due at ${new Date(excused.dueAt!).toISOString().slice(0, 16).replace("T", " ")} UTC.`);
        this.writes.write(() => this.deps.store.setClocks(this.code, [excused]), () => {
          this.deps.turnEvents?.excusedDelay?.({ code: this.code, seat, delay, dueAt: excused.dueAt! });
        });
        // Each excused delay sends a reminder at once, with the new deadline.
        const seq = this.records - 1;
        if ((this.limits.nudgeAfterMs ?? 0) > 0) this.writes.write(() => this.deps.store.addNudges(this.code, seq, [{ seat, kind: "deadline-warning", afterMs: 0, at: now, deadline: excused.dueAt }]));
        continue;
      }
      this.talk.log(`${s.name}'s time bank ran out with no excused delay left: the bot decides for them this once.`);
      this.bankBot = seat;
      try {
        this.bots.move(this.game, seat, true);
      } finally {
        this.bankBot = null;
      }
    }
    if (!ran) return;
    this.publishBanks();
    this.p.flush(true);
  }

  // ---- time, the store, the end ----------------------------------------------------------------

  /** Nobody is connected: the table closes after ms unless someone joins. */
  startIdle(ms = TABLE_IDLE_MS): void {
    this.stopIdle();
    this.idleTimer = this.timers.later(() => this.p.close(), ms);
  }

  stopIdle(): void {
    this.idleTimer?.clear();
    this.idleTimer = null;
  }

  /** The host lets the bots talk, or silences them: kept with the options, and shown to everyone. */
  setBotChat(on: boolean): void {
    this.options.botChat = on;
    this.p.botChatChanged(on);
  }

  /** The host changed the options: written to the store, and new step seconds published. */
  optionsChanged(stepSeconds: boolean): void {
    if (stepSeconds) this.p.stepSecondsChanged(this.options.stepSeconds);
    const options = { ...this.options, seed: this.seed };
    this.writes.write(() => this.deps.store.setOptions(this.code, options));
  }

  /** Publishes the changes so far and the lobby listing. */
  changed(): void {
    this.p.flush(true);
  }

  /** Seed, variant and every accepted command (from the store, once its writes are done): enough to replay the game exactly. */
  async replayLog() {
    await this.writes.idle();
    const commands = gameCommands(await this.deps.store.commands(this.code));
    return { players: this.options.seats, seed: this.seed, variant: this.options.variant, commands };
  }

  /** How many game commands have been played (take-backs applied): the replay log's length, without reading it. */
  commandCount(): number {
    return this.played;
  }

  /**
   * Stops every timer and flushes the store's writes (at most 10 s). Idle for too long (or adjourned
   * and empty), the game is parked: it stays in the store, unclaimed, until its link wakes it. A server
   * shutdown keeps it claimable, to be restored at the next start.
   */
  close(): Promise<void> {
    this.timers.clearAll();
    this.bots.stop();
    if (!this.deps.shuttingDown?.() && !this.lost && this.status !== "finished") {
      this.writes.write(() => this.deps.store.parkGame(this.code));
    }
    const flushed = this.writes.idle();
    const giveUp = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
    return Promise.race([flushed, giveUp]).then(() => this.writes.stop());
  }
}

/** The decision a seat owes (its legal commands, trades aside), as a key. */
function decisionKey(commands: readonly LegalCommand[]): string {
  return JSON.stringify(commands.filter((l) => !l.type.startsWith("trade-")));
}
