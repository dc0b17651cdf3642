// The engine's imagination (server/engine/imagine.ts): a game rebuilt from one seat's view, hidden
// parts as placeholders, played on with the engine's own rules. What a seat can see comes out as the
// real game would have it; and the bots value cards by it, not by a hand-written model.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { ChoiceOption } from "../../shared/protocol.ts";
import { IMAGINED_PER_DECISION, guessOutcome } from "../../server/bots/card-value.ts";
import { MODELED } from "../../server/bots/card-models.ts";
import { readTable } from "../../server/bots/city-sense.ts";
import { DEFAULT_VARIANT, apply, createGame, imagine, imagineCard, viewFor } from "../../server/engine/index.ts";
import type { GameState, Variant } from "../../server/engine/index.ts";
import { answerEffect, effectChoice, runEffects, startEffect } from "../../server/engine/effects.ts";
import { RULEBOOK } from "../../server/engine/registry.ts";
import { cloneState } from "../../server/engine/state.ts";
import { playGame } from "../../server/sim/play.ts";
import { playRandomGame } from "../engine/driver.ts";
import { botsUntil, firstMainOffer, tableOf } from "./helpers.ts";

const TITLES = [...catalog.actionCards.map((c) => c.id), ...catalog.emergencyActions.map((e) => e.id)];

/**
 * A table whose rules differ from the defaults in every option the imagined deal and cards read: the
 * supply's top, the counteroffer queue and cost, who supports in which order, ties, contracts, prisec.
 */
const VARIANT_TABLE: Partial<Variant> = {
  supplyMax: 6,
  activePlayerMayCounter: true,
  counterofferCost: "free",
  supportEligibility: "everyone",
  supportOrder: "active-first",
  tieWinner: "counter",
  contractScope: "own-card",
  haasBioroidContract: "per-android-moved",
  melangeContract: "any-card",
  prisecBlocksEnemyUnits: false,
  tokenPools: { illness: 4, outage: 3, development: 5 },
};

type Position = { s: GameState; seat: number; next: GameState; command: Parameters<typeof apply>[2] };
/** Each position of a bot game (or, with `random`, a game of random legal moves) and the command played there. */
function* positions(players: 4 | 5 | 6, seed: number, variant?: Partial<Variant>, random = false): Generator<Position> {
  const commands = random ? playRandomGame(players, seed, { variant }).commands : playGame(players, seed, variant).commands;
  let s = createGame({ players, seed, variant });
  for (const { seat, command } of commands) {
    const r = apply(s, seat, command);
    if (!r.ok) throw new Error(r.message);
    yield { s, seat, next: r.state, command };
    s = r.state;
  }
}

const first = (_seat: number, options: ChoiceOption[]) => options[0]!.value;
/** Resolves `card` by `resolver` on the real state (the engine's own look-ahead path), each pick by `choose`. */
function resolveForRealBy(s: GameState, card: string, resolver: number, choose: (seat: number, options: ChoiceOption[]) => string | number): GameState {
  const c = { s: { ...cloneState(s), pending: null, effects: [], stage: "effect" as const }, ev: [], frame: null, rules: RULEBOOK, sandbox: true };
  startEffect(c, card, resolver, { then: "end-of-turn" });
  for (let i = 0; i < 200; i++) {
    runEffects(c);
    if (c.s.effects.length === 0 || c.s.result || !c.s.pending) break;
    answerEffect(c, choose((c.s as GameState).pending!.seat, effectChoice(c)!.options));
  }
  return c.s;
}
/** Resolves `card` by `resolver` on the real state, first option every pick. */
const resolveForReal = (s: GameState, card: string, resolver: number) => resolveForRealBy(s, card, resolver, first);
/** How many options the first pick of `card` offers on the real state. */
function effectOptions(s: GameState, card: string, resolver: number): number {
  let n = 0;
  resolveForRealBy(s, card, resolver, (_seat, options) => (n ||= options.length, options[0]!.value));
  return n;
}
const publicOf = (v: Omit<ReturnType<typeof viewFor>, "forecast">) => ({ threat: v.threat, supply: v.supply, districts: v.districts, capital: v.seats.map((p) => p.capital), hands: v.seats.map((p) => p.handSize) });

describe("imagining from a seat's view", () => {
  /** Compares each deal command imagined from the view with the real game; gives how many were compared. */
  function dealCommandsAsReal(games: Iterable<Position>): number {
    let compared = 0;
    for (const { s, seat, next, command } of games) {
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
    return compared;
  }

  it("a deal command imagined from the view gives what the seat then sees in the real game", () => {
    let compared = 0;
    for (const players of [4, 5, 6] as const) compared += dealCommandsAsReal(positions(players, 40 + players));
    expect(compared).toBeGreaterThan(100);
  });

  it("and so at a table with its own rules (the active player counters, support from the active player, ties to the counteroffer)", () => {
    let compared = 0;
    let activeCountered = 0;
    for (const players of [4, 5, 6] as const) {
      const games = [...positions(players, 60 + players, VARIANT_TABLE, true)];
      compared += dealCommandsAsReal(games);
      activeCountered += games.filter((g) => g.command.type === "counteroffer" && g.seat === g.s.active).length;
    }
    expect(compared).toBeGreaterThan(100);
    // the queue the copy rebuilds is the table's: the active player's own counteroffers were imagined too
    expect(activeCountered).toBeGreaterThan(0);
  });

  it.each([
    ["", undefined],
    [" at a table with its own rules (supply's top, contracts, prisec, token pools)", VARIANT_TABLE],
  ])("a card imagined from the view changes the city, threat, supply, capital and hands as it would in the real game%s", (_, variant) => {
    let compared = 0;
    let changed = 0;
    for (const { s, seat } of positions(5, 7, variant)) {
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

  it("the view carries the table's rules whole, and the copy plays by them: Liquidation at a table whose supply tops out at 6", () => {
    const s = botsUntil(createGame({ players: 4, seed: 3, variant: { supplyMax: 6 } }), (x) => x.pending?.kind === "main-offer");
    const seat = s.pending!.seat;
    const view = viewFor(s, seat);
    expect(view.rules).toEqual(s.variant);
    expect(Object.keys(view.rules).sort()).toEqual(Object.keys(DEFAULT_VARIANT).sort());
    expect(Object.isFrozen(view.rules.tokenPools)).toBe(true);
    for (const r of RESOURCES) s.supply[r] = 5;
    const here = viewFor(s, seat);
    // liquidate each district the card may pick in turn: the copy's supply is the real one's every time
    let capped = 0;
    for (let i = 0; ; i++) {
      let picks = 0;
      const pickI = (_seat: number, options: ChoiceOption[]) => options[picks++ === 0 ? i : 0]!.value;
      const options = effectOptions(s, "liquidation", seat);
      if (i >= options) break;
      const r = imagineCard(here, "liquidation", seat, pickI);
      expect(r.ok).toBe(true);
      if (!r.ok) continue;
      picks = 0;
      const real = viewFor(resolveForRealBy(s, "liquidation", seat, pickI), "spectator");
      expect(r.view.supply).toEqual(real.supply);
      // under the default rules the copy would have gone past 6
      picks = 0;
      const atDefaults = imagineCard({ ...here, rules: DEFAULT_VARIANT }, "liquidation", seat, pickI);
      if (Object.values(real.supply).some((x) => x === 6) && atDefaults.ok && JSON.stringify(atDefaults.view.supply) !== JSON.stringify(real.supply)) capped++;
    }
    expect(capped).toBeGreaterThan(0);
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
