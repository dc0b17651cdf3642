// One model per action card and emergency action (card-value.ts runs them): what resolving the card
// would do to the city, the threat, capital and cards, as a bot guesses it before the deal, each model
// assuming its resolver picks sensibly (the picks of choices.ts, roughly). Corp contracts pay into
// `contracts` (B3); Melange Mining's contract follows the table's variant (melangeContract).
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { CorpId, Resource } from "../../shared/catalog/types.ts";
import type { District as DistrictState } from "./table.ts";
import { ILLNESS_THREAT, districtDef, PROCUREMENT_THREAT, seatOfCorp, type Sense } from "./city-sense.ts";
import { androidWorth, lowerUnrestWorth, moveOnHarm, placeHarm, problemThreat, raiseUnrestHarm, resourceWorth } from "./city-threat.ts";

/** A model's workspace: the guess before the resolver is known, the same for every seat while the city stays the same. */
export interface Guess {
  sense: Sense;
  /** The card waives the illness threat. */
  free: boolean;
  involved: boolean;
  /** Capital corp contracts pay, by seat (as if any card pays; "own-card" scope is applied per resolver). */
  contracts: number[];
  /** Capital everyone gains or loses whoever resolves it. */
  gains: number[];
  threat: number;
  city: number;
  /** Cards everyone draws whoever resolves it. */
  cards: number[];
}

function pay(g: Guess, corp: CorpId, amount: number): void {
  const seat = seatOfCorp(g.sense.s, corp);
  if (seat >= 0 && amount > 0) g.contracts[seat]! += amount;
}

/** Threat points of +2 illness threat a target would cost, if the card has not involved illness yet. */
function illnessCost(g: Guess, d: DistrictState): number {
  return !g.free && !g.involved && d.illness ? ILLNESS_THREAT : 0;
}
function touch(g: Guess, d: DistrictState): void {
  if (!g.free && d.illness) g.involved = true;
}

/** The best `n` targets among districts by `worth` (threat points saved, illness cost counted), positive only. */
function best(g: Guess, n: number, worth: (d: DistrictState) => number | null): DistrictState[] {
  const scored: { d: DistrictState; w: number }[] = [];
  for (const d of g.sense.s.districts) {
    const w = worth(d);
    if (w !== null) scored.push({ d, w: w - illnessCost(g, d) });
  }
  scored.sort((a, b) => b.w - a.w);
  return scored.slice(0, n).filter((x) => x.w > 0).map((x) => x.d);
}

/** The cheapest place for a new problem (a card that must place one). */
function cheapestPlace(g: Guess, kind: "humanFirst" | "orgcrime" | "outage" | "illness", among?: DistrictState[]): DistrictState {
  let pick = g.sense.s.districts[0]!;
  let low = Infinity;
  for (const d of among ?? g.sense.s.districts) {
    const h = placeHarm(g.sense, kind, d.id) + illnessCost(g, d);
    if (h < low) {
      low = h;
      pick = d;
    }
  }
  return pick;
}
function placeProblem(g: Guess, kind: "humanFirst" | "orgcrime" | "outage" | "illness", among?: DistrictState[]): void {
  const d = cheapestPlace(g, kind, among);
  g.city += placeHarm(g.sense, kind, d.id);
  touch(g, d);
}

function removeEnemies(g: Guess, n: number): number {
  const units: { w: number; d: DistrictState; kind: "humanFirst" | "orgcrime" }[] = [];
  for (const d of g.sense.s.districts) {
    for (const kind of ["humanFirst", "orgcrime"] as const) {
      if (d[kind]) units.push({ w: problemThreat(g.sense, kind, d) - illnessCost(g, d), d, kind });
    }
  }
  units.sort((a, b) => b.w - a.w);
  let removed = 0;
  for (const u of units.slice(0, n)) {
    if (u.w <= 0) break;
    g.city -= problemThreat(g.sense, u.kind, u.d);
    touch(g, u.d);
    removed++;
  }
  pay(g, "globalsec", removed);
  return removed;
}

function lowerUnrest(g: Guess, totalStages: number, perDistrict: number, districts: number): void {
  let left = totalStages;
  for (const d of best(g, districts, (x) => (x.condition === "protest" || x.condition === "strike" ? lowerUnrestWorth(g.sense, x, perDistrict).worth : null))) {
    if (left <= 0) break;
    const r = lowerUnrestWorth(g.sense, d, Math.min(perDistrict, left));
    g.city -= r.worth;
    left -= r.stages;
    pay(g, "nbn", r.stages);
    touch(g, d);
  }
}

function raiseUnrestSomewhere(g: Guess, n: number): void {
  const options = g.sense.s.districts.filter((d) => d.condition !== "strike" && d.condition !== "outage");
  const sorted = options.map((d) => ({ d, h: raiseUnrestHarm(g.sense, d) + illnessCost(g, d) })).sort((a, b) => a.h - b.h);
  for (const { d } of sorted.slice(0, n)) {
    g.city += raiseUnrestHarm(g.sense, d);
    touch(g, d);
  }
}

function removeTokens(g: Guess, kind: "illness" | "outage", n: number): DistrictState[] {
  const has = (d: DistrictState) => (kind === "illness" ? d.illness : d.condition === "outage");
  const picked = best(g, n, (d) => (has(d) ? problemThreat(g.sense, kind, d) : null));
  for (const d of picked) {
    g.city -= problemThreat(g.sense, kind, d);
    touch(g, d);
    pay(g, kind === "illness" ? "jinteki" : "weyland", 2);
  }
  return picked;
}

/** The best android move: from its worst district to the best free one (threat points gained). */
function bestAndroidMove(g: Guess): number {
  let from: DistrictState | null = null;
  let to: DistrictState | null = null;
  let worst = Infinity;
  let bestFree = -Infinity;
  for (const d of g.sense.s.districts) {
    if (d.android) {
      const w = androidWorth(g.sense, d) + illnessCost(g, d);
      if (w < worst) [worst, from] = [w, d];
    } else {
      const w = androidWorth(g.sense, d, true) - illnessCost(g, d);
      if (w > bestFree) [bestFree, to] = [w, d];
    }
  }
  if (!from || !to || bestFree - worst <= 0) return 0;
  touch(g, from);
  touch(g, to);
  return androidWorth(g.sense, to, true) - androidWorth(g.sense, from);
}

function boostSupply(g: Guess, n: number): void {
  const gains = RESOURCES.map((r: Resource) => resourceWorth(g.sense, r, 1)).sort((a, b) => b - a);
  for (const w of gains.slice(0, n)) g.city -= w;
}

/** Everyone draws: the resolver's guess of cards per seat. */
function everyoneDraws(g: Guess, n: number): void {
  for (let i = 0; i < g.cards.length; i++) g.cards[i]! += n;
}

export const MODELS: Record<string, (g: Guess) => void> = {
  // Biotech
  "clean-slate": (g) => {
    const removed = removeTokens(g, "illness", 2);
    if (removed.length > 0) placeProblem(g, "outage", removed);
  },
  "clinical-trials": (g) => void removeTokens(g, "illness", 1),
  "information-procurement": (g) => {
    // the table must chip in at least one capital per player; funded more often when threat is high
    const likely = g.sense.s.threat >= PROCUREMENT_THREAT ? 0.7 : 0.4;
    g.threat -= 2 * likely;
    for (let i = 0; i < g.gains.length; i++) g.gains[i]! -= likely;
  },
  "unorthodox-knowledge": (g) => void (g.city -= 1),
  // Construction
  "ark-construction": (g) => {
    const d = best(g, 1, (x) => (x.development ? null : x.android ? resourceWorth(g.sense, districtDef(g.sense.s, x.id).primary, 1) * g.sense.productionsLeft : 0.1))[0];
    if (d) {
      g.city -= d.android ? resourceWorth(g.sense, districtDef(g.sense.s, d.id).primary, 1) * g.sense.productionsLeft : 0.1;
      touch(g, d);
    }
  },
  "budget-renovations": (g) => {
    const picked = best(g, 2, (d) => (d.condition === "outage" ? problemThreat(g.sense, "outage", d) - problemThreat(g.sense, "protest", d) : null));
    for (const d of picked) {
      g.city -= problemThreat(g.sense, "outage", d) - problemThreat(g.sense, "protest", d);
      touch(g, d);
      pay(g, "weyland", 2);
    }
  },
  gentrification: (g) => {
    const worth = (d: DistrictState) =>
      problemThreat(g.sense, "outage", d) + (d.humanFirst ? -moveOnHarm(g.sense, "humanFirst", d.id) : 0) + (d.orgcrime ? -moveOnHarm(g.sense, "orgcrime", d.id) : 0);
    const d = g.sense.s.districts.filter((x) => x.condition === "outage").sort((a, b) => worth(b) - illnessCost(g, b) - (worth(a) - illnessCost(g, a)))[0];
    if (!d) return;
    g.city -= worth(d);
    touch(g, d);
    pay(g, "weyland", 2);
  },
  "vanity-project": () => {}, // see byResolver (card-value.ts)
  // Labor
  "efficiency-experts": (g) => {
    g.city -= bestAndroidMove(g);
    pay(g, "haas-bioroid", 2);
  },
  "high-risk-investments": () => {}, // see byResolver (card-value.ts)
  "labor-solutions": (g) => {
    const move = bestAndroidMove(g);
    g.city -= move * 1.3;
    pay(g, "haas-bioroid", 2); // the resolver moves one at least when it helps (or pays Haas-Bioroid)
    placeProblem(g, "orgcrime");
  },
  liquidation: (g) => {
    const worth = (d: DistrictState) => {
      const def = districtDef(g.sense.s, d.id);
      const made = resourceWorth(g.sense, def.primary, def.production.primary + (d.development ? 1 : 0)) + (def.secondary ? resourceWorth(g.sense, def.secondary, def.production.secondary) : 0);
      return made - (problemThreat(g.sense, "strike", d) - (d.condition === "protest" ? problemThreat(g.sense, "protest", d) : 0));
    };
    const d = best(g, 1, (x) => (x.condition === "strike" || x.condition === "outage" ? null : worth(x)))[0];
    if (d) {
      g.city -= worth(d);
      touch(g, d);
    }
  },
  // Media
  "live-feeds": (g) => {
    const unrest = best(g, 1, (d) => (d.condition === "protest" || d.condition === "strike" ? lowerUnrestWorth(g.sense, d, 1).worth : null))[0];
    const crime = best(g, 1, (d) => (d.orgcrime ? problemThreat(g.sense, "orgcrime", d) : null))[0];
    const uw = unrest ? lowerUnrestWorth(g.sense, unrest, 1).worth : 0;
    const cw = crime ? problemThreat(g.sense, "orgcrime", crime) : 0;
    if (uw >= cw && unrest) lowerUnrest(g, 1, 1, 1);
    else if (crime) {
      g.city -= cw;
      touch(g, crime);
      pay(g, "globalsec", 1);
    }
  },
  "media-circus": (g) => {
    lowerUnrest(g, 2, 2, 1);
    placeProblem(g, "humanFirst");
  },
  "puff-piece": (g) => everyoneDraws(g, 2),
  "spin-doctors": (g) => {
    lowerUnrest(g, 2, 1, 2);
    if (g.sense.s.supply.credits > 0) g.city += resourceWorth(g.sense, "credits", 1);
    else g.threat += 1;
  },
  // Security
  "arrest-orders": (g) => {
    const worth = (d: DistrictState) => (d.humanFirst ? problemThreat(g.sense, "humanFirst", d) : 0) + (d.orgcrime ? problemThreat(g.sense, "orgcrime", d) : 0);
    const d = best(g, 1, (x) => (x.prisec ? null : worth(x) + 0.1))[0];
    if (!d) return;
    g.city -= worth(d);
    touch(g, d);
    pay(g, "globalsec", (d.humanFirst ? 1 : 0) + (d.orgcrime ? 1 : 0));
  },
  "full-deployment": () => {}, // see byResolver (card-value.ts)
  "riot-control": (g) => {
    if (g.sense.s.districts.some((d) => d.prisec)) {
      g.city += 0.3; // the prisec unit spent
      removeEnemies(g, 2);
    }
    raiseUnrestSomewhere(g, 1);
  },
  "scorched-earth": (g) => {
    const s = g.sense.s;
    const clear = (d: DistrictState) => (d.humanFirst ? problemThreat(g.sense, "humanFirst", d) : 0) + (d.orgcrime ? problemThreat(g.sense, "orgcrime", d) : 0);
    let bestPair: { a: DistrictState; b: DistrictState; w: number } | null = null;
    for (const a of s.districts) {
      if (a.condition === "outage") continue;
      const wa = clear(a) - placeHarm(g.sense, "outage", a.id) - illnessCost(g, a);
      for (const b of s.districts) {
        if (b.id === a.id || districtDef(s, b.id).tier !== districtDef(s, a.id).tier) continue;
        const w = wa + clear(b) - (a.illness ? 0 : illnessCost(g, b));
        if (!bestPair || w > bestPair.w) bestPair = { a, b, w };
      }
    }
    if (!bestPair) return;
    g.city -= clear(bestPair.a) + clear(bestPair.b) - placeHarm(g.sense, "outage", bestPair.a.id);
    touch(g, bestPair.a);
    touch(g, bestPair.b);
    const units = (d: DistrictState) => (d.humanFirst ? 1 : 0) + (d.orgcrime ? 1 : 0);
    pay(g, "globalsec", units(bestPair.a) + units(bestPair.b));
  },
  // Emergency actions
  "ruthless-tactics": (g) => {
    removeEnemies(g, 4);
    raiseUnrestSomewhere(g, 2);
  },
  "underpaid-overclocked": (g) => {
    boostSupply(g, 2); // and 4 capital to the resolver: see byResolver (card-value.ts)
    placeProblem(g, "humanFirst");
    placeProblem(g, "humanFirst");
  },
  "mandatory-quarantine": (g) => {
    removeTokens(g, "illness", 4);
    placeProblem(g, "outage");
    placeProblem(g, "outage");
  },
  "energy-for-all": (g) => everyoneDraws(g, 4),
  "sweeps-week": (g) => {
    lowerUnrest(g, 4, 2, 4);
    placeProblem(g, "illness");
    placeProblem(g, "illness");
  },
  "massive-reconstruction": (g) => {
    removeTokens(g, "outage", 3);
    placeProblem(g, "orgcrime");
    placeProblem(g, "orgcrime");
  },
};

/** Melange Mining's contract pays this much. */
const MELANGE_CAPITAL = 3;
/** Capital one threat point taken off the city is worth to Melange under the event-card reading: less threat in the city, more events that stay below +2. */
const MELANGE_PER_CITY_POINT = 0.75;

/** Melange Mining's contract as the table plays it (variant melangeContract). */
export function melangeContract(g: Guess): void {
  const reading = g.sense.s.rules.melangeContract;
  // an action-card reading pays at once when the card adds less than 2 threat
  if (reading === "any-card" || reading === "own-card") {
    if (g.threat < 2) pay(g, "melange", MELANGE_CAPITAL);
    return;
  }
  // the event-card reading pays after an event: a card that clears the city makes that likelier
  if (reading === "event-card" && g.city < 0) pay(g, "melange", Math.min(MELANGE_CAPITAL, -g.city * MELANGE_PER_CITY_POINT));
}
