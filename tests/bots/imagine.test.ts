// The engine's imagination (server/engine/imagine.ts): a game rebuilt from one seat's view, hidden
// parts as placeholders, played on with the engine's own rules. What a seat can see comes out as the
// real game would have it; and the bots value cards by it, not by a hand-written model.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import type { ChoiceOption } from "../../shared/protocol.ts";
import { IMAGINED_PER_DECISION, guessOutcome } from "../../server/bots/card-value.ts";
import { MODELED } from "../../server/bots/card-models.ts";
import { readTable } from "../../server/bots/city-sense.ts";
import { apply, createGame, imagine, imagineCard, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { answerEffect, effectChoice, runEffects, startEffect } from "../../server/engine/effects.ts";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { cloneState } from "../../server/engine/state.ts";
import { playGame } from "../../server/sim/play.ts";
import { firstMainOffer, tableOf } from "./helpers.ts";

const TITLES = [...catalog.actionCards.map((c) => c.id), ...catalog.emergencyActions.map((e) => e.id)];

function* positions(players: 4 | 5 | 6, seed: number): Generator<{ s: GameState; seat: number; next: GameState; command: Parameters<typeof apply>[2] }> {
  const run = playGame(players, seed);
  let s = createGame({ players, seed });
  for (const { seat, command } of run.commands) {
    const r = apply(s, seat, command);
    if (!r.ok) throw new Error(r.message);
    yield { s, seat, next: r.state, command };
    s = r.state;
  }
}

/** Resolves `card` by `resolver` on the real state (the engine's own look-ahead path), first option every pick. */
function resolveForReal(s: GameState, card: string, resolver: number): GameState {
  const c = { s: { ...cloneState(s), pending: null, effects: [], stage: "effect" as const }, ev: [], frame: null, rules: RULEBOOK, sandbox: true };
  startEffect(c, card, resolver, { then: "end-of-turn" });
  for (let i = 0; i < 200; i++) {
    runEffects(c);
    if (c.s.effects.length === 0 || c.s.result || !c.s.pending) break;
    answerEffect(c, effectChoice(c)!.options[0]!.value);
  }
  return c.s;
}
const first = (_seat: number, options: ChoiceOption[]) => options[0]!.value;
const publicOf = (v: ReturnType<typeof viewFor>) => ({ threat: v.threat, supply: v.supply, districts: v.districts, capital: v.seats.map((p) => p.capital), hands: v.seats.map((p) => p.handSize) });

describe("imagining from a seat's view", () => {
  it("a deal command imagined from the view gives what the seat then sees in the real game", () => {
    let compared = 0;
    for (const players of [4, 5, 6] as const) {
      for (const { s, seat, next, command } of positions(players, 40 + players)) {
        const kind = s.pending?.kind;
        // the deal goes on in the real game (past it, cards are drawn and events revealed: hidden parts)
        if (!["main-offer", "counteroffer", "support"].includes(kind ?? "") || !["counteroffer", "support"].includes(next.pending?.kind ?? "")) continue;
        const view = viewFor(s, seat);
        const r = imagine(view, [{ seat, command }]);
        expect(r.ok, JSON.stringify(command)).toBe(true);
        if (!r.ok) continue;
        const real = viewFor(next, seat);
        expect(r.view.deal).toEqual(real.deal);
        expect(r.view.pending).toEqual(real.pending);
        expect(r.view.supportQueue).toEqual(real.supportQueue);
        expect(publicOf(r.view)).toEqual(publicOf(real));
        expect(r.view.you!.hand).toEqual(real.you!.hand);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("a card imagined from the view changes the city, threat, supply, capital and hands as it would in the real game", () => {
    let compared = 0;
    let changed = 0;
    for (const { s, seat } of positions(5, 7)) {
      if (s.pending?.kind !== "main-offer") continue;
      const view = viewFor(s, seat);
      for (const card of TITLES) {
        if (card === "unorthodox-knowledge") continue; // its picks read the (hidden) top events
        for (const resolver of [seat, (seat + 2) % 5]) {
          const r = imagineCard(view, card, resolver, first);
          expect(r.ok).toBe(true);
          if (!r.ok) continue;
          const real = viewFor(resolveForReal(s, card, resolver), "spectator");
          expect(publicOf(r.view), `${card} by ${resolver}`).toEqual(publicOf(real));
          if (JSON.stringify(publicOf(r.view)) !== JSON.stringify(publicOf(viewFor(s, "spectator")))) changed++;
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
    expect(changed / compared).toBeGreaterThan(0.5);
  });

  it("refuses what it cannot imagine: no such card or seat, a half-resolved card, too many commands, a refused command", () => {
    const s = firstMainOffer(4, 3);
    const seat = s.pending!.seat;
    const view = viewFor(s, seat);
    expect(imagineCard(view, "no-such-card", seat, first)).toMatchObject({ ok: false, code: "bad-card" });
    expect(imagineCard(view, "clinical-trials", 9, first)).toMatchObject({ ok: false, code: "bad-seat" });
    expect(imagine(view, new Array(51).fill({ seat, command: { type: "pass" } }))).toMatchObject({ ok: false, code: "too-many" });
    expect(imagine(view, [{ seat, command: { type: "pass" } }])).toMatchObject({ ok: false, code: "not-now" });
    expect(imagine({ ...view, effect: { ...view.effect!, source: "clinical-trials", seat } as never }, [])).toMatchObject({ ok: false, code: "cannot-imagine" });
    expect(imagine(viewFor(s, "spectator"), [])).toMatchObject({ ok: false, code: "no-seat" });
  });

  it("a card whose rules fail on the copy is refused, not thrown at the bot (Gentrification where the arrows loop)", () => {
    const s = firstMainOffer(4, 3);
    const seat = s.pending!.seat;
    // next-district arrows that loop and never reach The Root, and every district already holding
    // both enemy units: Gentrification removes an outage and moves the units there on, round the loop
    const ids = s.districts.map((d) => d.id);
    const districtOverrides = Object.fromEntries(ids.map((id, i) => [id, { next: ids[(i + 1) % ids.length]! }]));
    s.variant = { ...s.variant, districtOverrides };
    for (const d of s.districts) Object.assign(d, { condition: "outage", humanFirst: true, orgcrime: true });
    // the engine's own rules really fail there (first option at every pick, as the chooser below)
    expect(() => resolveForReal(s, "gentrification", seat)).toThrow(/never reach The Root/);
    const view = viewFor(s, seat);
    let r: ReturnType<typeof imagineCard> | undefined;
    expect(() => (r = imagineCard(view, "gentrification", seat, first))).not.toThrow();
    expect(r).toMatchObject({ ok: false, code: "cannot-imagine", message: expect.stringMatching(/^The rules failed on the copy: .*never reach The Root/) });
    // the chooser's own errors are not the rules': they go through to the caller
    expect(() => imagineCard(view, "gentrification", seat, () => { throw new Error("chooser broke"); })).toThrow("chooser broke");
    // and the bot still values its hand there (no fallback to a random move)
    expect(() => guessOutcome(readTable(tableOf(s, seat)), "gentrification", seat)).not.toThrow();
  });
});

describe("bots value cards by imagining them", () => {
  it("Clinical Trials pays Jinteki's contract (+2) when the city has illness, and nothing when it has none", () => {
    const s = firstMainOffer(4, 5);
    const me = s.pending!.seat;
    const jinteki = s.seats.findIndex((p) => p.corp === "jinteki");
    expect(jinteki).toBeGreaterThanOrEqual(0);
    s.districts.forEach((d) => (d.illness = false));
    s.districts[4]!.illness = true;
    const sick = guessOutcome(readTable(tableOf(s, me)), "clinical-trials", me);
    expect(sick.gains[jinteki]).toBe(2);
    expect(sick.city).toBeLessThan(0);
    s.districts[4]!.illness = false;
    const clean = guessOutcome(readTable(tableOf(s, me)), "clinical-trials", me);
    expect(clean.gains[jinteki]).toBe(0);
    expect(clean.city).toBe(0);
  });

  it(`one decision looks at ${IMAGINED_PER_DECISION} imagined outcomes at most: past them a guess is blank`, () => {
    const s = firstMainOffer(6, 5);
    const me = s.pending!.seat;
    const jinteki = s.seats.findIndex((p) => p.corp === "jinteki");
    s.districts.forEach((d) => (d.illness = false));
    s.districts[4]!.illness = true;
    const sense = readTable(tableOf(s, me));
    const imagined = TITLES.filter((t) => !MODELED.has(t) && t !== "clinical-trials");
    let looked = 0;
    for (let resolver = 0; resolver < s.players && looked < IMAGINED_PER_DECISION; resolver++) {
      for (const t of imagined) if (looked < IMAGINED_PER_DECISION) (guessOutcome(sense, t, resolver), looked++);
    }
    expect(looked).toBe(IMAGINED_PER_DECISION);
    const late = guessOutcome(sense, "clinical-trials", me);
    expect(late).toEqual({ gains: new Array(s.players).fill(0), threat: 0, city: 0, cards: new Array(s.players).fill(0) });
    // the next decision starts afresh, and finds the card as it is
    expect(guessOutcome(readTable(tableOf(s, me)), "clinical-trials", me).gains[jinteki]).toBe(2);
  });

  it("only the cards that cannot be imagined fairly keep a model", () => {
    expect([...MODELED].sort()).toEqual(["full-deployment", "high-risk-investments", "information-procurement", "unorthodox-knowledge", "vanity-project"]);
    for (const t of MODELED) expect(TITLES).toContain(t);
  });
});
