// Answers in advance: what a seat lets the table answer for it when a decision opens. The engine stays
// as it is: the table reads the seat's legal commands, and when a standing answer covers the decision,
// it plays that answer as the seat's own ordinary command (written to the store like any other, so a
// replay is exact). The answers are seat settings the table holds (zod-checked in the room, seen only
// by their owner). Nothing here knows of a table or of time, so a turn-based table can use it as is.
import { ASSET_IDS, asset } from "../../shared/catalog/index.ts";
import { ACTION_TYPES } from "../../shared/catalog/types.ts";
import { GENERAL_DRAW_PROMPT, type Command, type LegalCommand } from "../../shared/protocol.ts";
import type { AnswersMessage, StandingAnswers } from "../../shared/room-protocol.ts";

/**
 * A new seat's answers: the table passes on optional abilities for you (you turn on "ask" for the ones
 * you mean to use, in the settings), and answers decisions with only one answer. Counteroffer chances
 * are asked, with a countdown: left unanswered for TIMED_PASS_SECONDS, the table passes (a take-back
 * undoes it); passing on them at once is a switch, or "for the rest of this round" on the prompt. A
 * support left unanswered four times as long (SUPPORT_WAIT_FACTOR) is an abstention, on the same switch
 * (timedPass). A person may also
 * say once which types their General draws take (`generalDraws`, in order of preference): the table
 * then makes them, until they withdraw it.
 */
export const DEFAULT_ANSWERS: StandingAnswers = Object.freeze({ abilities: "pass", byAbility: Object.freeze({}), forced: true, counteroffers: "ask", timedPass: true }) as StandingAnswers;

/** How long a counteroffer chance, an asked ability or a support waits for you before the table passes or abstains (timedPass): the default of the server's TIMED_PASS_SECONDS. */
export const TIMED_PASS_SECONDS = 12;

/** A support is the deal's decision people talk over: it waits this many times as long before the table abstains. */
export const SUPPORT_WAIT_FACTOR = 4;

/** What the table plays for a seat: now, or after `afterSeconds` of the seat not answering (a timed pass). */
export interface AnswerAhead {
  command: Command;
  /** Why, in the seat's words (sent to it alone once played). */
  why: string;
  /** A timed pass: played only if the seat has not answered this long, while it is connected. */
  afterSeconds?: number;
}

const KNOWN_ASSETS = new Set(ASSET_IDS);

/** Your answers after one change (`round`: the game's round now), or why the change is refused. */
export function changeAnswers(current: StandingAnswers, change: AnswersMessage, round: number): StandingAnswers | { code: string; message: string } {
  const next: StandingAnswers = { ...current, byAbility: { ...current.byAbility } };
  if (change.abilities) next.abilities = change.abilities;
  if (change.forced !== undefined) next.forced = change.forced;
  if (change.timedPass !== undefined) next.timedPass = change.timedPass;
  if (change.generalDraws === null) delete next.generalDraws;
  else if (change.generalDraws) {
    if (!change.generalDraws.every((t) => (ACTION_TYPES as readonly string[]).includes(t))) return { code: "bad-answers", message: "There is no such type of action card." };
    next.generalDraws = [...new Set(change.generalDraws)];
  }
  if (change.counteroffers) next.counteroffers = change.counteroffers === "round" ? { round } : change.counteroffers;
  if (change.ability) {
    const { id, answer } = change.ability;
    // only the catalog's assets: the record stays as small as the catalog
    if (!KNOWN_ASSETS.has(id)) return { code: "bad-answers", message: "There is no such asset." };
    if (answer === "round") next.byAbility[id] = { round };
    else if (answer === next.abilities) delete next.byAbility[id];
    else next.byAbility[id] = answer;
  }
  return next;
}

/** The asset an optional ability's "Use it now? / Pass" decision is about, or null for any other decision. */
export function optionalAbility(legal: readonly LegalCommand[]): string | null {
  const decisions = legal.filter((l) => !l.type.startsWith("trade-"));
  const only = decisions.length === 1 ? decisions[0]! : null;
  if (only?.type !== "choose" || only.options.length !== 2) return null;
  const use = only.options.find((o) => o.intent?.act === "use");
  const pass = only.options.find((o) => o.intent?.act === "pass");
  return use?.intent?.card && pass?.intent?.card === use.intent.card ? use.intent.card : null;
}

/**
 * The command the table plays for the seat, with why in the seat's words, or null: the seat decides.
 * With `afterSeconds` it is a timed pass: the table plays it only if the seat leaves the decision
 * unanswered that long (the seat sees the countdown, and may take the pass back).
 */
export function answerInAdvance(legal: readonly LegalCommand[], answers: StandingAnswers, round: number, seconds = TIMED_PASS_SECONDS): AnswerAhead | null {
  const id = optionalAbility(legal);
  if (id) {
    const choose = legal.find((l) => l.type === "choose")!;
    const option = choose.type === "choose" ? choose.options.find((o) => o.intent?.act === "pass")!.value : "pass";
    const command: Command = { type: "choose", option };
    if (passes(answers.byAbility[id] ?? answers.abilities, round)) {
      // said after the engine's own "You do not use …": why, and where to change it, not the pass again
      return { command, why: `That was the table, by your answers in advance: to be asked when you can use ${asset(id).name}, turn it on under "Answers in advance".` };
    }
    return timed(answers, seconds, command, `You let ${asset(id).name}'s chance pass: the table passed on it for you.`);
  }
  const draws = answers.generalDraws ? generalDraws(legal, answers.generalDraws) : null;
  if (draws) {
    const types = [draws.option, ...(draws.more ?? [])].join(" + ");
    return { command: draws, why: `The table drew ${types} for you at your General draw (your answers in advance: change them there).` };
  }
  const chance = legal.some((l) => l.type === "counteroffer") && legal.some((l) => l.type === "pass");
  if (chance && passes(answers.counteroffers, round)) {
    return { command: { type: "pass" }, why: "The table passed on your counteroffer chance for you (your answers in advance)." };
  }
  const only = answers.forced ? onlyAnswer(legal) : null;
  if (only) return { command: only, why: "The table answered for you: there was only one possible answer." };
  if (chance) return timed(answers, seconds, { type: "pass" }, "You let your counteroffer chance pass: the table passed on it for you.");
  // a support you leave unanswered: the table abstains for you (never supports: which cards, and whom, are
  // yours); not while a trade you proposed is open (your support may be what it sells)
  const support = legal.some((l) => l.type === "support") && legal.some((l) => l.type === "abstain");
  const proposed = legal.some((l) => l.type === "trade-cancel" && l.ids.length > 0);
  return support && !proposed ? timed(answers, seconds * SUPPORT_WAIT_FACTOR, { type: "abstain" }, "You let your support pass: the table abstained for you.") : null;
}

/**
 * A General draw made by the seat's standing answer: its types still open, in its order, as many as the
 * step draws at once; at a step with more General draws than the answer names (it was given at a step
 * of one, or one at a time), the ones it names, and the seat is asked for the rest. Null when the
 * decision is no General draw or none of the answer's types is open (then the seat is asked).
 */
function generalDraws(legal: readonly LegalCommand[], types: readonly string[]): Extract<Command, { type: "choose" }> | null {
  const draw = legal.find((l) => l.type === "choose" && l.prompt === GENERAL_DRAW_PROMPT);
  if (draw?.type !== "choose" || legal.some((l) => l !== draw && !l.type.startsWith("trade-"))) return null;
  const open = new Set(draw.options.map((o) => o.value));
  const picks = types.filter((t) => open.has(t)).slice(0, (draw.more ?? 0) + 1);
  if (picks.length === 0) return null;
  return { type: "choose", option: picks[0]!, ...(picks.length > 1 ? { more: picks.slice(1) } : {}) };
}

/** The timed pass on an optional window, when the seat's answers allow it. */
function timed(answers: StandingAnswers, seconds: number, command: Command, why: string): AnswerAhead | null {
  return answers.timedPass === false ? null : { command, why: `${why} Take it back if you meant to act.`, afterSeconds: seconds };
}

/** Whether an answer says "pass" now: always, or in the round it was set in. */
function passes(answer: StandingAnswers["counteroffers"], round: number): boolean {
  return answer === "pass" || (typeof answer === "object" && answer.round === round);
}

/** The one command a decision allows, when there is exactly one (trades aside), else null. */
function onlyAnswer(legal: readonly LegalCommand[]): Command | null {
  const found: Command[] = [];
  for (const l of legal) {
    switch (l.type) {
      case "choose":
        for (const o of l.options) found.push({ type: "choose", option: o.value });
        break;
      case "pass":
      case "abstain":
        found.push({ type: l.type });
        break;
      case "counteroffer":
        if (l.cards.length + l.emergency.length > 0) return null;
        break;
      case "support":
        if (l.offers.length > 0 && l.cards.from.length >= l.cards.min && l.cards.max > 0) return null;
        break;
      case "offer":
      case "discard":
      case "investment":
        return null; // a card to show, to lose or to keep: always the seat's own choice
    }
    if (found.length > 1) return null;
  }
  return found.length === 1 ? found[0]! : null;
}

/** A cancellable wait (the table's timers). */
export interface TimedWait { clear(): void }

/**
 * The timed passes running now, one a seat at most: each belongs to one decision (its `key`), keeps its
 * moment while that decision stays open, and ends when the seat answers or the decision goes.
 */
export class TimedPasses {
  private due = new Map<number, { key: string; at: number; wait: TimedWait }>();
  private readonly later: (fn: () => void, ms: number) => TimedWait;
  private readonly now: () => number;

  constructor(later: (fn: () => void, ms: number) => TimedWait, now: () => number = Date.now) {
    this.later = later;
    this.now = now;
  }

  /** The seat's timed pass for decision `key` runs (a new one unless it already runs for that decision). */
  run(seat: number, key: string, ms: number, pass: () => void): void {
    if (this.due.get(seat)?.key === key) return;
    this.stop(seat);
    const wait = this.later(() => {
      this.due.delete(seat);
      pass();
    }, ms);
    this.due.set(seat, { key, at: this.now() + ms, wait });
  }

  /** Ends every timed pass but those of `seats`. */
  keepOnly(seats: ReadonlySet<number>): void {
    for (const seat of [...this.due.keys()]) if (!seats.has(seat)) this.stop(seat);
  }

  stop(seat: number): void {
    this.due.get(seat)?.wait.clear();
    this.due.delete(seat);
  }

  /** When the table passes for the seat (epoch ms), or 0: no timed pass runs for it. */
  at(seat: number): number {
    return this.due.get(seat)?.at ?? 0;
  }
}
