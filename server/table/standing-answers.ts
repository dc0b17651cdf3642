// Answers in advance: what a seat lets the table answer for it when a decision opens. The engine stays
// as it is: the table reads the seat's legal commands, and when a standing answer covers the decision,
// it plays that answer as the seat's own ordinary command (written to the store like any other, so a
// replay is exact). The answers are seat settings the table holds (zod-checked in the room, seen only
// by their owner). Nothing here knows of a table or of time, so a turn-based table can use it as is.
import { ASSET_IDS, asset } from "../../shared/catalog/index.ts";
import type { Command, LegalCommand } from "../../shared/protocol.ts";
import type { AnswersMessage, StandingAnswers } from "../../shared/room-protocol.ts";

/**
 * A new seat's answers: the table passes on optional abilities for you (you turn on "ask" for the ones
 * you mean to use, in the settings), and answers decisions with only one answer. Counteroffer chances
 * are asked: passing on them is a switch, or "for the rest of this round" on the prompt.
 */
export const DEFAULT_ANSWERS: StandingAnswers = Object.freeze({ abilities: "pass", byAbility: Object.freeze({}), forced: true, counteroffers: "ask" }) as StandingAnswers;

const KNOWN_ASSETS = new Set(ASSET_IDS);

/** Your answers after one change (`round`: the game's round now), or why the change is refused. */
export function changeAnswers(current: StandingAnswers, change: AnswersMessage, round: number): StandingAnswers | { code: string; message: string } {
  const next: StandingAnswers = { ...current, byAbility: { ...current.byAbility } };
  if (change.abilities) next.abilities = change.abilities;
  if (change.forced !== undefined) next.forced = change.forced;
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

/** The command the table plays for the seat now, with why in the seat's words, or null: the seat decides. */
export function answerInAdvance(legal: readonly LegalCommand[], answers: StandingAnswers, round: number): { command: Command; why: string } | null {
  const id = optionalAbility(legal);
  if (id) {
    const mine = answers.byAbility[id];
    if (!passes(mine ?? answers.abilities, round)) return null;
    const choose = legal.find((l) => l.type === "choose")!;
    const option = choose.type === "choose" ? choose.options.find((o) => o.intent?.act === "pass")!.value : "pass";
    return { command: { type: "choose", option }, why: `The table passed on ${asset(id).name} for you (your answers in advance).` };
  }
  if (legal.some((l) => l.type === "counteroffer") && legal.some((l) => l.type === "pass") && passes(answers.counteroffers, round)) {
    return { command: { type: "pass" }, why: "The table passed on your counteroffer chance for you (your answers in advance)." };
  }
  if (!answers.forced) return null;
  const only = onlyAnswer(legal);
  return only ? { command: only, why: "The table answered for you: there was only one possible answer." } : null;
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
