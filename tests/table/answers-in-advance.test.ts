// Clicks per person per game, today and with the table's default answers in advance
// (server/table/standing-answers.ts): bots play 4-seat games as the people would, each decision they
// make counted as that person's clicks (one per button, one per card picked plus the button that sends
// them); with the defaults, the table's own answers are not clicks (nor a timed pass the person lets
// run out), and a corp sheet's General draws of one step are one click (a set of types, on a phone
// too: seat 3); so are a card's picks made several times in a row when they are one of the sets
// the client offers as a button (Choices.tsx), and a support with the one card offered at once (the
// one you would part with first); a hand-limit discard or a counteroffer's payment opens
// with a suggestion ticked (suggest-discard.ts): one click to confirm, one more for each card changed.
// The figures are printed, in all, by kind of decision and by person.
import { describe, expect, it } from "vitest";
import { GENERAL_DRAW_PROMPT, type Command, type LegalCommand } from "../../shared/protocol.ts";
import { botCommand } from "../../server/bots/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { answerInAdvance, changeAnswers, DEFAULT_ANSWERS, optionalAbility, SUPPORT_WAIT_FACTOR, TIMED_PASS_SECONDS, TimedPasses } from "../../server/table/standing-answers.ts";
import type { StandingAnswers } from "../../shared/room-protocol.ts";
import type { ActionType } from "../../shared/catalog/types.ts";
import { suggestDiscard } from "../../client/src/table/suggest-discard.ts";

/** The person on a phone (390 px), named in the figures printed. */
const PHONE = 3;

function clicks(c: Command): number {
  switch (c.type) {
    case "support": return c.cards.length + 1;
    case "counteroffer": return 1 + (c.discard?.length ? c.discard.length + 1 : 0);
    case "discard": return c.cards.length + 1;
    default: return 1;
  }
}

/** What a decision is, for the breakdown: its stage and the command ("counteroffer: pass"). */
function kindOf(stage: string | undefined, c: Command): string {
  return `${stage ?? "?"}: ${c.type}`;
}

/**
 * Cards picked beside a suggestion ticked for you: one click to confirm it, and one for each card
 * changed (a click on another card swaps it for the first one ticked: CardPicker.tsx).
 */
function againstSuggestion(picked: readonly string[], suggested: readonly string[]): number {
  return 1 + picked.filter((id) => !suggested.includes(id)).length;
}

/** Sets of picks the client offers as one button each (Choices.tsx): at most 10 of types, 6 of anything else. */
function setsShown(options: number, picks: number, types: boolean): boolean {
  let n = 1;
  for (let i = 0; i < picks; i++) n = (n * (options - i)) / (i + 1);
  return n <= (types ? 10 : 6);
}

/** Clicks per person per game, in all, by kind of decision and by seat (seat 3 on a phone). */
function clicksPerPerson(answers: StandingAnswers | null, games: number): { all: number; byKind: Map<string, number>; bySeat: number[] } {
  const withDefaults = answers !== null;
  const byKind = new Map<string, number>();
  const bySeat = [0, 0, 0, 0];
  const count = (seat: number, kind: string, n: number) => {
    byKind.set(kind, (byKind.get(kind) ?? 0) + n);
    bySeat[seat]! += n;
  };
  for (let seed = 1; seed <= games; seed++) {
    let batched = 0; // General draws already chosen with the first of their step
    // a card's pick made several times: the picks so far, counted once the step's picks are all made
    let picking: { seat: number; at: number; options: (string | number)[]; types: boolean; need: number; made: (string | number)[] } | null = null;
    const settle = () => {
      if (!picking) return;
      const { seat, options, types, need, made } = picking;
      const at = made.map((v) => options.indexOf(v));
      // one button when the picks are a set the client offers: all of them, different, in the options' order
      const oneSet = made.length === need && at.every((x, i) => x >= 0 && (i === 0 || x > at[i - 1]!)) && setsShown(options.length, need, types);
      count(seat, "effect: choose", oneSet ? 1 : made.length);
      picking = null;
    };
    const run = playGame(4, seed, undefined, (view, legal, events, random) => {
      const ahead = withDefaults ? answerInAdvance(legal, answers, view.round) : null;
      if (ahead && !ahead.afterSeconds) return ahead.command;
      const c = botCommand(view, legal, events, random);
      if (!c || c.type.startsWith("trade-")) return c;
      const seat = view.seat!;
      const kind = kindOf(view.pending?.kind, c);
      // a timed pass: the person who means to pass lets the countdown run out, without a click
      if (ahead?.afterSeconds && JSON.stringify(ahead.command) === JSON.stringify(c)) return c;
      const choose = legal.find((l): l is Extract<LegalCommand, { type: "choose" }> => l.type === "choose");
      if (withDefaults && choose?.progress && view.pending?.kind === "general-draw") {
        // the step's General draws are one button (a set of types, at most 10 sets): clicked once, at its first pick
        if (batched > 0) batched--;
        else { count(seat, kind, 1); batched = choose.more ?? 0; }
        return c;
      }
      batched = 0;
      if (withDefaults && c.type === "choose" && view.pending?.kind === "effect" && choose?.progress) {
        // a card's pick made several times: its picks together may be one of the sets offered at once
        if (picking && (picking.seat !== seat || picking.at + picking.made.length !== choose.progress.at)) settle();
        const picks = choose.options.filter((o) => o.intent?.act !== "done");
        if (!picking && choose.more) picking = { seat, at: choose.progress.at, options: picks.map((o) => o.value), types: picks.every((o) => o.intent?.type), need: choose.more + 1, made: [] };
        if (picking) {
          picking.made.push(c.option);
          if (picking.made.length === picking.need) settle();
          return c;
        }
      }
      settle();
      if (withDefaults && c.type === "discard") {
        // a hand-limit discard comes with a suggestion ticked (client/src/table/suggest-discard.ts)
        count(seat, kind, againstSuggestion(c.cards, suggestDiscard(view.you!.hand.map((x) => x.id), view.you!.hand, c.cards.length)));
      } else if (withDefaults && c.type === "support" && c.cards.length === 1 && c.cards[0] === suggestDiscard(view.you!.hand.map((x) => x.id), view.you!.hand, 1)[0]) {
        // a support with the one card the client offers at once (the one you would part with first): one click
        count(seat, kind, 1);
      } else if (withDefaults && c.type === "counteroffer" && c.discard?.length) {
        // and so does a counteroffer's payment: the card, then the discards as ticked or changed
        const from = view.you!.hand.map((x) => x.id).filter((id) => id !== c.card);
        count(seat, kind, 1 + againstSuggestion(c.discard, suggestDiscard(from, view.you!.hand, c.discard.length)));
      } else {
        count(seat, kind, clicks(c));
      }
      return c;
    }, { check: null });
    settle();
    expect(run.error).toBeNull();
    expect(run.state.result).not.toBeNull();
  }
  for (const [k, n] of byKind) byKind.set(k, n / games / 4);
  return { all: [...byKind.values()].reduce((a, b) => a + b, 0), byKind, bySeat: bySeat.map((n) => n / games) };
}

describe("Answers in advance", () => {
  // The issue asks for 40% with the table's defaults. The cut comes from the abilities passed for you,
  // the decisions with one answer, the General draws of a step at once, and the timed pass on counteroffer
  // chances (a person who means to pass lets the countdown run out).
  it("cut the clicks per person per game by 40% with the table's defaults, and more with counteroffers passed", () => {
    const before = clicksPerPerson(null, 10);
    const after = clicksPerPerson(DEFAULT_ANSWERS, 10);
    const passing = clicksPerPerson({ ...DEFAULT_ANSWERS, counteroffers: "pass" }, 10);
    const fewer = (x: number) => `${x.toFixed(1)} (${Math.round(100 - (100 * x) / before.all)}% fewer)`;
    const kinds = [...new Set([...before.byKind.keys(), ...after.byKind.keys()])].sort((a, b) => (before.byKind.get(b) ?? 0) - (before.byKind.get(a) ?? 0));
    console.log([
      `clicks per person per game: today ${before.all.toFixed(1)}, with the table's defaults ${fewer(after.all)}, passing on counteroffers too ${fewer(passing.all)}`,
      "by kind of decision (stage: command), today -> with the defaults:",
      ...kinds.map((k) => `  ${k.padEnd(28)} ${(before.byKind.get(k) ?? 0).toFixed(1).padStart(5)} -> ${(after.byKind.get(k) ?? 0).toFixed(1)}`),
      "by person (seat 3 on a phone), today -> with the defaults:",
      ...before.bySeat.map((n, seat) => `  seat ${seat}${seat === PHONE ? " (phone)" : ""}: ${n.toFixed(1)} -> ${after.bySeat[seat]!.toFixed(1)} (${Math.round(100 - (100 * after.bySeat[seat]!) / n)}% fewer)`),
    ].join("\n"));
    expect(after.all).toBeLessThanOrEqual(before.all * 0.6);
    // and for each person, the one on a phone too
    for (let seat = 0; seat < 4; seat++) expect(after.bySeat[seat], `seat ${seat}`).toBeLessThanOrEqual(before.bySeat[seat]! * 0.6);
    expect(passing.all).toBeLessThanOrEqual(after.all);
  }, 300_000);

  it("pass an optional ability by its own setting, this round only, or by the general one; else after a countdown", () => {
    const legal: LegalCommand[] = [{ type: "choose", prompt: "Eiko: Use it now?", options: [
      { value: "use", label: "Use", intent: { act: "use", card: "eiko" } },
      { value: "pass", label: "Pass", intent: { act: "pass", card: "eiko" } },
    ] }];
    const pass = { type: "choose", option: "pass" };
    expect(optionalAbility(legal)).toBe("eiko");
    const ask = { ...DEFAULT_ANSWERS, abilities: "ask" as const };
    expect(answerInAdvance(legal, ask, 1)).toMatchObject({ command: pass, afterSeconds: TIMED_PASS_SECONDS });
    expect(answerInAdvance(legal, { ...ask, timedPass: false }, 1)).toBeNull();
    expect(answerInAdvance(legal, DEFAULT_ANSWERS, 1)).toEqual({ command: pass, why: expect.any(String) });
    // said after the engine's "You do not use Eiko …": why and where to change it, not the pass a second time
    expect(answerInAdvance(legal, DEFAULT_ANSWERS, 1)!.why).toMatch(/^That was the table, by your answers in advance: to be asked when you can use Eiko.*, turn it on under "Answers in advance"\.$/);
    const thisRound = changeAnswers(ask, { ability: { id: "eiko", answer: "round" } }, 3);
    if ("code" in thisRound) throw new Error(thisRound.message);
    expect(answerInAdvance(legal, thisRound, 3)).toEqual({ command: pass, why: expect.any(String) });
    expect(answerInAdvance(legal, thisRound, 4)?.afterSeconds).toBe(TIMED_PASS_SECONDS);
    const askMe = changeAnswers(DEFAULT_ANSWERS, { ability: { id: "eiko", answer: "ask" } }, 1);
    if ("code" in askMe) throw new Error(askMe.message);
    expect(answerInAdvance(legal, askMe, 1)?.afterSeconds).toBe(TIMED_PASS_SECONDS);
    const waitForMe = changeAnswers(askMe, { timedPass: false }, 1);
    if ("code" in waitForMe) throw new Error(waitForMe.message);
    expect(answerInAdvance(legal, waitForMe, 1)).toBeNull();
    expect(changeAnswers(DEFAULT_ANSWERS, { ability: { id: "no-such-asset", answer: "pass" } }, 1)).toMatchObject({ code: "bad-answers" });
  });

  it("pass counteroffer chances when asked to, for the round or always, else after a countdown; answer what has one answer", () => {
    const chance: LegalCommand[] = [{ type: "counteroffer", cards: ["a1"], emergency: [], discard: { from: ["a1"], min: 0, max: 0 } }, { type: "pass" }];
    const pass = { type: "pass" };
    expect(answerInAdvance(chance, DEFAULT_ANSWERS, 2)).toMatchObject({ command: pass, afterSeconds: TIMED_PASS_SECONDS });
    expect(answerInAdvance(chance, { ...DEFAULT_ANSWERS, timedPass: false }, 2)).toBeNull();
    const round = changeAnswers(DEFAULT_ANSWERS, { counteroffers: "round" }, 2);
    if ("code" in round) throw new Error(round.message);
    expect(answerInAdvance(chance, round, 2)).toEqual({ command: pass, why: expect.any(String) });
    expect(answerInAdvance(chance, round, 3)?.afterSeconds).toBe(TIMED_PASS_SECONDS);
    // no card to counter with: one possible answer, at once
    const broke: LegalCommand[] = [{ type: "counteroffer", cards: [], emergency: [], discard: { from: [], min: 0, max: 0 } }, { type: "pass" }];
    expect(answerInAdvance(broke, DEFAULT_ANSWERS, 2)).toEqual({ command: pass, why: expect.any(String) });
    expect(answerInAdvance(broke, { ...DEFAULT_ANSWERS, forced: false, timedPass: false }, 2)).toBeNull();
    // an offer, a support or a discard is never made for anyone, even with one card, nor timed
    expect(answerInAdvance([{ type: "offer", cards: ["a1"], emergency: [] }], DEFAULT_ANSWERS, 2)).toBeNull();
    expect(answerInAdvance([{ type: "discard", prompt: "Discard 1", cards: { from: ["a1", "a2"], min: 1, max: 1 } }], DEFAULT_ANSWERS, 2)).toBeNull();
  });

  it("abstain for a person who leaves a support unanswered, after a countdown; never support for them", () => {
    const support: LegalCommand[] = [{ type: "support", offers: ["main", "counter"], cards: { from: ["a1", "a2"], min: 1, max: 2 } }, { type: "abstain" }];
    const ahead = answerInAdvance(support, DEFAULT_ANSWERS, 2);
    expect(ahead).toMatchObject({ command: { type: "abstain" }, afterSeconds: TIMED_PASS_SECONDS * SUPPORT_WAIT_FACTOR });
    expect(ahead!.why).toMatch(/abstained for you.*Take it back/);
    expect(answerInAdvance(support, DEFAULT_ANSWERS, 2, 3)?.afterSeconds).toBe(3 * SUPPORT_WAIT_FACTOR);
    // a trade the person proposed is open (their support for sale): the support waits for them
    expect(answerInAdvance([...support, { type: "trade-cancel", ids: ["t1"] }], DEFAULT_ANSWERS, 2)).toBeNull();
    // "wait for me": the support waits for the person
    const wait = changeAnswers(DEFAULT_ANSWERS, { timedPass: false }, 2);
    if ("code" in wait) throw new Error(wait.message);
    expect(answerInAdvance(support, wait, 2)).toBeNull();
    // no card to support with: one possible answer, at once, as before
    const none: LegalCommand[] = [{ type: "support", offers: ["main"], cards: { from: [], min: 1, max: 0 } }, { type: "abstain" }];
    expect(answerInAdvance(none, DEFAULT_ANSWERS, 2)).toEqual({ command: { type: "abstain" }, why: expect.any(String) });
  });

  it("make a person's General draws as they said once, in their order of preference, until withdrawn", () => {
    const draw = (types: ActionType[], more?: number): LegalCommand[] => [{ type: "choose", prompt: GENERAL_DRAW_PROMPT, options: types.map((t) => ({ value: t, label: `Draw 1 ${t} card`, intent: { act: "draw", type: t } })), ...(more ? { more } : {}) }];
    const set = changeAnswers(DEFAULT_ANSWERS, { generalDraws: ["media", "labor", "media", "biotech"] }, 1);
    if ("code" in set) throw new Error(set.message);
    expect(set.generalDraws).toEqual(["media", "labor", "biotech"]);
    expect(answerInAdvance(draw(["biotech", "labor", "media", "security"], 1), set, 1)).toMatchObject({ command: { type: "choose", option: "media", more: ["labor"] } });
    // a type no longer open: the next one preferred
    expect(answerInAdvance(draw(["biotech", "labor"]), set, 1)).toMatchObject({ command: { type: "choose", option: "labor" } });
    // more draws than the answer can fill: the table draws what it names, and the person is asked for the rest
    expect(answerInAdvance(draw(["construction", "security", "media"], 1), set, 1)).toMatchObject({ command: { type: "choose", option: "media" } });
    expect((answerInAdvance(draw(["construction", "security", "media"], 1), set, 1)!.command as { more?: unknown }).more).toBeUndefined();
    // none of its types open: the person is asked
    expect(answerInAdvance(draw(["construction", "security"], 1), set, 1)).toBeNull();
    // another decision with the same options is no General draw
    expect(answerInAdvance([{ ...draw(["media", "labor"])[0]!, prompt: "Draw 2 cards of one type" } as LegalCommand], { ...set, forced: false }, 1)).toBeNull();
    expect(changeAnswers(set, { generalDraws: ["media", "magic"] }, 1)).toMatchObject({ code: "bad-answers" });
    // withdrawn: asked again
    const off = changeAnswers(set, { generalDraws: null }, 1);
    if ("code" in off) throw new Error(off.message);
    expect(off.generalDraws).toBeUndefined();
    expect(answerInAdvance(draw(["biotech", "labor", "media"], 1), off, 1)).toBeNull();
  });

  it("keep one timed pass a seat for the decision it belongs to, and end it when the decision goes", () => {
    let now = 1_000;
    const waits: { fn: () => void; ms: number; cleared: boolean }[] = [];
    const timed = new TimedPasses((fn, ms) => {
      const w = { fn, ms, cleared: false };
      waits.push(w);
      return { clear: () => { w.cleared = true; } };
    }, () => now);
    const passed: string[] = [];
    timed.run(1, "chance", 12_000, () => passed.push("chance"));
    now += 5_000;
    timed.run(1, "chance", 12_000, () => passed.push("again")); // the same decision: the same moment
    expect(waits).toHaveLength(1);
    expect(timed.at(1)).toBe(13_000);
    timed.run(1, "next", 12_000, () => passed.push("next")); // another decision: a new countdown
    expect(waits[0]!.cleared).toBe(true);
    expect(timed.at(1)).toBe(18_000);
    timed.run(2, "other", 12_000, () => passed.push("other"));
    timed.keepOnly(new Set([2]));
    expect(waits[1]!.cleared).toBe(true);
    expect(timed.at(1)).toBe(0);
    waits[2]!.fn();
    expect(passed).toEqual(["other"]);
    expect(timed.at(2)).toBe(0);
  });
});
