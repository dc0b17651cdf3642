// Demand rounds (A12): Score Investment, Pay Demand (unmet: threat + the card's penalty), Reveal
// Demand, Choose Investment (draw 2, keep 1, return 1 on top; clockwise from the active player [R]).
// After Pay Demand of the third demand round the game ends (A13).
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { InvestmentScoring } from "../../shared/catalog/types.ts";
import { countOnBoard, hasUnrest } from "./city.ts";
import { stepBudget } from "./budget.ts";
import type { Ctx } from "./ctx.ts";
import { clockwiseFrom, gainCapital, log } from "./ctx.ts";
import { catalog, corpName, demandDef, investmentDef } from "./data.ts";
import { reject } from "./deal/common.ts";
import type { Reject } from "./deal/common.ts";
import { endNormally } from "./end.ts";
import { shuffle } from "./rng.ts";
import type { GameState, Stage } from "./state.ts";
import { raiseThreat } from "./threat.ts";
import { demandSupplyLine } from "../../shared/phase-lines.ts";

export const DEMAND_ROUNDS = 3;

export function investmentValue(s: GameState, scoring: InvestmentScoring): number {
  if (scoring.kind === "count") {
    let n: number;
    if (scoring.what === "low-supply") n = RESOURCES.filter((r) => s.supply[r] <= (scoring.supplyAtMost ?? 1)).length;
    else n = countOnBoard(s, scoring.what);
    let best = 0;
    for (const [atLeast, capital] of scoring.brackets) if (n >= atLeast) best = Math.max(best, capital);
    return best;
  }
  if (scoring.kind === "sector") {
    const target = demandDef(s.demand).targets[scoring.resource];
    if (s.supply[scoring.resource] < target) return 0;
    return Math.min(scoring.max, scoring.base + scoring.per * s.supply[scoring.resource]);
  }
  const n = s.districts.filter(hasUnrest).length * scoring.per;
  return scoring.max === null ? n : Math.min(scoring.max, n);
}

export function demandMet(s: GameState): boolean {
  const t = demandDef(s.demand).targets;
  return RESOURCES.every((r) => s.supply[r] >= t[r]);
}

/** The "demand-score" stage: everyone reveals and scores their investment. */
export function runScoreInvestments(c: Ctx): void {
  const s = c.s;
  s.demandRounds++;
  // The round's account, for its report: each supply against its target, and the misses.
  const d = demandDef(s.demand);
  log(c, "demand", demandSupplyLine(d.name, s.supply, d.targets));
  for (const seat of clockwiseFrom(s, s.active)) {
    const p = s.seats[seat]!;
    if (!p.investment) continue;
    const inv = investmentDef(p.investment);
    const v = investmentValue(s, inv.scoring);
    gainCapital(c, seat, v);
    log(c, "investment", `${corpName(s, seat)} reveals ${inv.name} and gains ${v} capital.`);
  }
  s.stage = "demand-pay";
}

/** The "demand-pay" stage: every supply must reach its target, or threat rises by the penalty. */
export function runPayDemand(c: Ctx): void {
  const s = c.s;
  const d = demandDef(s.demand);
  if (demandMet(s)) log(c, "demand", `The demand ${d.name} is met.`);
  else raiseThreat(c, d.penalty, `the demand ${d.name} was not met`, "demand");
  if (s.result) return;
  if (s.demandRounds >= DEMAND_ROUNDS) {
    endNormally(c);
    return;
  }
  s.stage = "demand-reveal";
}

/** The "demand-reveal" stage: the old demand goes under the deck, supply resets, the next demand is revealed. */
export function runRevealDemand(c: Ctx): void {
  const s = c.s;
  // the deck is replaced, never changed in place (state.ts)
  const deck = [...s.demandDeck, s.demand];
  s.demand = deck[0]!;
  s.demandDeck = deck.slice(1);
  for (const r of RESOURCES) s.supply[r] = 0;
  const d = demandDef(s.demand);
  log(c, "demand", `New demand: ${d.name} (${RESOURCES.map((r) => `${r} ${d.targets[r]}`).join(", ")}; unmet +${d.penalty} threat).`);
  s.stage = "demand-invest";
  s.cursor = 0;
}

/** Shuffles all 12 investments back into the deck (held ones included). */
export function gatherInvestments(c: Ctx): void {
  const s = c.s;
  for (const p of s.seats) p.investment = null;
  s.investmentDeck = shuffle(s.rng, catalog.investments.map((i) => i.id));
}

/**
 * Runs the investment choice for the seats in `order`, one at a time (s.cursor counts them);
 * `drawTwo` false deals 1 each at once. Then play goes to `then`.
 */
export function runInvestmentChoice(c: Ctx, order: number[], drawTwo: boolean, then: Stage): void {
  const s = c.s;
  if (s.cursor === 0 && !s.pending) gatherInvestments(c);
  const turn = stepBudget("the investment choice");
  while (s.cursor < order.length) {
    turn();
    const seat = order[s.cursor]!;
    if (!drawTwo) {
      s.seats[seat]!.investment = s.investmentDeck[0] ?? null;
      s.investmentDeck = s.investmentDeck.slice(1); // replaced, never changed in place (state.ts)
      s.cursor++;
      continue;
    }
    const cards = s.investmentDeck.slice(0, 2);
    s.investmentDeck = s.investmentDeck.slice(2);
    s.pending = { kind: "investment", seat, cards };
    return;
  }
  log(c, "investment", "Every player has chosen an investment.");
  s.cursor = 0;
  s.stage = then;
}

/** The "demand-invest" stage. */
export function runChooseInvestments(c: Ctx): void {
  runInvestmentChoice(c, clockwiseFrom(c.s, c.s.active), true, "next-round");
}

export function keepInvestment(c: Ctx, seat: number, keep: string): Reject | null {
  const s = c.s;
  const p = s.pending;
  if (!p || p.kind !== "investment") return reject("not-now", "You have no investment to choose now.");
  if (!p.cards.includes(keep)) return reject("not-drawn", "Keep one of the two investments you drew.");
  s.seats[seat]!.investment = keep;
  const back = p.cards.filter((x) => x !== keep);
  s.investmentDeck = [...back, ...s.investmentDeck]; // returned facedown on top
  s.pending = null;
  s.cursor++;
  log(c, "investment", `${corpName(s, seat)} keeps an investment and returns one to the top of the deck.`);
  return null;
}
