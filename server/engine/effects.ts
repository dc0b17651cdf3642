// Resolving a card one pick at a time. A card is a list of steps: automatic `do` steps, `pick`
// steps that wait for one choice of one player, and `loop` steps. The position and the card's
// memory live in an EffectFrame in the state, so a half-resolved card survives between commands.
import { MORE_PICKS, type ChoiceIntent, type ChoiceOption } from "../../shared/protocol.ts";
import type { DistrictId } from "../../shared/catalog/types.ts";
import { stepBudget } from "./budget.ts";
import type { Ctx } from "./ctx.ts";
import type { CardScript, PickStep, RulePart, Step, Value } from "./rulebook.ts";
import { log } from "./ctx.ts";
import { clockwiseFrom } from "./ctx.ts";
import { districtName, DISTRICT_IDS, corpName, scriptTitle } from "./data.ts";
import type { DistrictState, EffectFrame, GameState, Stage } from "./state.ts";
import { forkState } from "./state.ts";
import { untilOver } from "./end.ts";
import { ILLNESS_THREAT, raiseThreat } from "./threat.ts";
import { fireWindow } from "./windows.ts";
import * as contracts from "./contracts.ts";

export type { CardScript, PickStep, Step, Value } from "./rulebook.ts";

export const DONE = "done";

/** Card scripts are written as a record of id → script (cards/*.ts); the rulebook gathers them (registry.ts). */
export function defineCards(defs: Record<string, CardScript>): RulePart {
  return { scripts: defs };
}

export function script(c: Ctx, id: string): CardScript {
  const sc = c.rules.scripts.get(id);
  if (!sc) throw new Error("no effect script for " + id);
  return sc;
}

/** Starts resolving a card for a seat; play continues at `then` once the effect stack is empty. */
export function startEffect(
  c: Ctx,
  source: string,
  seat: number,
  opts: { supporters?: number[]; illnessFree?: boolean; then?: Stage; declared?: Value[] } = {},
): void {
  const s = c.s;
  const sc = script(c, source);
  log(c, "resolve", `${corpName(s, seat)} resolves ${scriptTitle(source)}.`);
  if (s.effects.length === 0 && opts.then) s.effectsThen = opts.then;
  s.effects.push({
    source,
    seat,
    step: 0,
    count: 0,
    // Caprice Nisei: the resolver's picks, declared when the card was offered
    vars: opts.declared ? { declared: [...opts.declared] } : {},
    illnessInvolved: false,
    threatAtStart: s.threat,
    supporters: opts.supporters ?? [],
    illnessFree: opts.illnessFree ?? sc.illnessFree ?? false,
  });
  s.stage = "effect";
}

function currentPick(c: Ctx): { f: EffectFrame; pick: PickStep } | null {
  const f = c.s.effects[c.s.effects.length - 1];
  if (!f) return null;
  const step = script(c, f.source).steps[f.step];
  if (!step || !("pick" in step)) return null;
  return { f, pick: step.pick };
}

function timesOf(c: Ctx, f: EffectFrame, p: PickStep): number {
  return typeof p.times === "function" ? p.times(c, f) : (p.times ?? 1);
}

/** Runs automatic steps until a pick is owed or the stack is empty (the "effect" stage). */
export function runEffects(c: Ctx): void {
  const s = c.s;
  const turn = stepBudget("a card's effect steps");
  while (s.effects.length > 0 && !s.result) {
    turn();
    const f = s.effects[s.effects.length - 1]!;
    c.frame = f;
    const steps = script(c, f.source).steps;
    const step = steps[f.step];
    if (!step) {
      finishEffect(c, f);
      continue;
    }
    if ("do" in step) {
      step.do(c, f);
      f.step++;
      f.count = 0;
    } else if ("loop" in step) {
      f.step = step.loop.while(c, f) ? f.step - step.loop.back : f.step + 1;
      f.count = 0;
    } else {
      const p = step.pick;
      const options = p.options(c, f);
      if (f.count >= timesOf(c, f, p) || options.length === 0) {
        f.step++;
        f.count = 0;
        continue;
      }
      // no choice left: every option will be picked (rulebook.ts, eachOnce), one at a time as if answered
      if (p.eachOnce && !p.upTo && !p.ordered && timesOf(c, f, p) - f.count >= options.length) {
        applyPick(c, f, p, options[0]!.value);
        continue;
      }
      const chooser = p.who ? p.who(c, f) : f.seat;
      if (chooser === f.seat && f.vars.declared && answerAsDeclared(c, f, p)) continue;
      s.pending = { kind: "effect", seat: chooser };
      c.frame = null;
      return;
    }
  }
  c.frame = null;
  if (!s.result && s.stage === "effect") s.stage = s.effectsThen;
}

/** Caprice Nisei: the resolver is bound by their declared picks; one that is no longer possible frees the rest. */
function answerAsDeclared(c: Ctx, f: EffectFrame, p: PickStep): boolean {
  const declared = f.vars.declared as Value[];
  const v = declared.shift();
  if (v !== undefined) {
    const label = v === DONE ? "Done" : p.options(c, f).find((o) => o.value === v)?.label;
    if (applyPick(c, f, p, v)) {
      log(c, "declared", `${corpName(c.s, f.seat)} resolves as declared: ${label}.`);
      return true;
    }
    log(c, "declared", `${corpName(c.s, f.seat)}'s declared choice is no longer possible; they choose freely.`);
  }
  delete f.vars.declared;
  return false;
}

function finishEffect(c: Ctx, f: EffectFrame): void {
  // off the stack first: windows opened below push their own frames on top
  c.s.effects.pop();
  c.frame = f;
  if (!f.asset) {
    if (f.illnessInvolved && !f.illnessFree) {
      raiseThreat(c, ILLNESS_THREAT, `${scriptTitle(f.source)} involved a district with illness`, "illness");
      fireWindow(c, "illness-threat", { seat: f.seat, amount: ILLNESS_THREAT });
    }
    if (!c.s.result) contracts.cardResolved(c, f);
  }
  c.frame = null;
}

/** The pending pick's prompt and options (with "done" when the card says "up to"). */
export function effectChoice(c: Ctx): { prompt: string; options: ChoiceOption[]; progress?: { at: number; of: number }; more?: number; ordered?: true } | null {
  const cur = currentPick(c);
  if (!cur) return null;
  c.frame = cur.f;
  const { f, pick } = cur;
  const shared = typeof pick.intent === "function" ? pick.intent(c, f) : (pick.intent ?? {});
  const options = pick.options(c, f).map((o) => ({ ...o, intent: intentOf(shared, o.intent) }));
  // "up to": stop here; before the step's first pick that is skipping it ("… (or skip)"), after it being done
  if (pick.upTo) options.push({ value: DONE, label: f.count === 0 ? "Skip" : "Done", intent: { act: "done" } });
  const prompt = typeof pick.prompt === "function" ? pick.prompt(c, f) : pick.prompt;
  // a pick made several times in a row (`times`) says which one this is
  const times = timesOf(c, f, pick);
  const own = times <= 1 ? pick.progress?.(c, f) : undefined;
  c.frame = null;
  const titled = titledPrompt(scriptTitle(f.source), prompt);
  if (times <= 1) return own ? { prompt: titled, options, progress: own } : { prompt: titled, options };
  // the step's next picks may be sent with this one (`more`, checked one by one as they are applied:
  // each must find this step still asking this seat), up to one a pick left, one an option, MORE_PICKS
  const more = Math.min(times - f.count, options.filter((o) => o.value !== DONE).length, MORE_PICKS + 1) - 1;
  return { prompt: titled, options, progress: { at: f.count + 1, of: times }, ...(more > 0 ? { more } : {}), ...(more > 0 && pick.ordered ? { ordered: true } : {}) };
}

/**
 * A pick's prompt under its card's title, named once: a prompt that already opens with the card's
 * name ("Eiko: support the main offer…") has that name replaced by the full title, not doubled.
 */
export function titledPrompt(title: string, prompt: string): string {
  let byPrompt = titled.get(title);
  if (byPrompt === undefined) {
    if (titled.size >= TITLES_KEPT) titled.clear();
    titled.set(title, (byPrompt = new Map()));
  }
  let out = byPrompt.get(prompt);
  if (out === undefined) {
    out = titlePrompt(title, prompt);
    // a card has a few prompts (one may name a seat or a number): kept, up to a bound
    if (byPrompt.size >= PROMPTS_KEPT) byPrompt.clear();
    byPrompt.set(prompt, out);
  }
  return out;
}
/** Titled prompts remembered, by title (the rulebook's scripts' titles), both bounded. */
const titled = new Map<string, Map<string, string>>();
const TITLES_KEPT = 1000;
const PROMPTS_KEPT = 200;

function titlePrompt(title: string, prompt: string): string {
  const label = /^([^:]{1,40}): /.exec(prompt)?.[1];
  const words = (t: string) => t.split(/\s+/).filter((w) => w.length > 2 && w !== "The");
  const named = label !== undefined && (title.includes(label) || label.includes(title) || words(label).some((w) => words(title).includes(w)));
  return `${title}: ${named ? prompt.slice(label.length + 2) : prompt}`;
}

/** An option's intent: the pick's, with the option's own facts added (its own act, if any, wins). */
function intentOf(shared: Partial<ChoiceIntent>, own: ChoiceIntent | undefined): ChoiceIntent {
  const act = own && own.act !== "choose" ? own.act : (shared.act ?? own?.act ?? "choose");
  return { ...shared, ...own, act };
}

/** Applies one answer to a pick; false when it is not one of the options. */
function applyPick(c: Ctx, f: EffectFrame, pick: PickStep, value: Value): boolean {
  if (value === DONE && pick.upTo) {
    f.step++;
    f.count = 0;
    return true;
  }
  if (!pick.options(c, f).some((o) => o.value === value)) return false;
  pick.onPick(c, f, value);
  f.count++;
  return true;
}

/** Applies one answer to the pending pick. Returns an error sentence, or null when accepted. */
export function answerEffect(c: Ctx, value: Value): string | null {
  const cur = currentPick(c);
  if (!cur) return "There is no card choice to make now.";
  c.frame = cur.f;
  const accepted = applyPick(c, cur.f, cur.pick, value);
  c.frame = null;
  if (!accepted) return "That is not one of the options for this choice.";
  c.s.pending = null;
  return null;
}

/**
 * Looks ahead on a scratch copy (Caprice Nisei): `seat` starts resolving `source` and has already
 * made `picks`; returns that seat's next pick, or null when the card would be finished. Picks owed
 * by other players are not declared: the scratch copy takes their first option.
 */
export function nextPickAhead(c: Ctx, source: string, seat: number, picks: Value[]): { prompt: string; options: ChoiceOption[]; progress?: { at: number; of: number } } | null {
  if (script(c, source).hiddenPicks) return null;
  const t: GameState = { ...forkState(c.s), effects: [], pending: null }; // the rules change only its own parts (state.ts)
  const sc: Ctx = { s: t, ev: [], frame: null, rules: c.rules, sandbox: true };
  startEffect(sc, source, seat);
  let made = 0;
  for (let guard = 0; guard < 500; guard++) {
    untilOver(sc, () => runEffects(sc));
    const owed = sc.s.pending;
    if (sc.s.effects.length === 0 || sc.s.result || !owed) return null;
    const choice = effectChoice(sc);
    if (!choice || choice.options.length === 0) return null;
    if (owed.seat !== seat) {
      untilOver(sc, () => answerEffect(sc, choice.options[0]!.value));
      continue;
    }
    if (made >= picks.length) return choice;
    const err = untilOver(sc, () => answerEffect(sc, picks[made++]!));
    if (err || sc.s.result) return null;
  }
  return null;
}

// ---- helpers for card scripts ----

export function districtOptions(s: GameState, test: (d: DistrictState) => boolean): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  for (const id of DISTRICT_IDS) {
    const d = s.districts[id - 1]!;
    if (test(d)) out.push({ value: id, label: districtName(id), intent: { act: "choose", district: id } });
  }
  return out;
}

export function playerOptions(s: GameState, test: (seat: number) => boolean = () => true): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  for (let i = 0; i < s.players; i++) if (test(i)) out.push({ value: i, label: corpName(s, i), intent: { act: "choose", seat: i } });
  return out;
}

export function asDistrict(v: Value): DistrictId {
  return Number(v);
}

/** A list kept in a frame's vars. */
export function listVar<T>(f: EffectFrame, key: string): T[] {
  return ((f.vars[key] as T[] | undefined) ??= []);
}

/**
 * "Starting with the active player and going clockwise, each player ...": the pick is asked of
 * every seat in turn (4 steps; the pick sees the current seat as `who`).
 */
export function eachPlayerFromActive(pick: Omit<PickStep, "who">): Step[] {
  const who = (_c: Ctx, f: EffectFrame) => (f.vars.order as number[])[f.vars.i as number]!;
  return [
    {
      do: (c, f) => {
        f.vars.order = clockwiseFrom(c.s, c.s.active);
        f.vars.i = 0;
      },
    },
    { pick: { ...pick, who } },
    { do: (_c, f) => void (f.vars.i = (f.vars.i as number) + 1) },
    { loop: { back: 2, while: (_c, f) => (f.vars.i as number) < (f.vars.order as number[]).length } },
  ];
}

/** The seat a per-player pick is currently asking. */
export function currentPlayer(f: EffectFrame): number {
  return (f.vars.order as number[])[f.vars.i as number]!;
}
