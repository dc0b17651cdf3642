// The bots' knowledge of each action card's picks, one small function per card, keyed by the card's
// id (choices.ts asks it first, then falls back on the general rules of each kind of pick). A card's
// function scores one option of one of its picks in capital for the bot, or leaves it to the general
// rules (undefined).
import type { ActionType, CorpId, Resource } from "../../shared/catalog/types.ts";
import type { ChoiceIntent, ChoiceOption } from "../../shared/protocol.ts";
import type { EffectView } from "../../shared/view.ts";
import type { District as DistrictState } from "./table.ts";
import { ASSET_WORTH, CARD_WORTH, ILLNESS_THREAT, capitalWorth, districtDef, seatOfCorp, type Sense } from "./city-sense.ts";
import { androidWorth, eventThreat, moveOnHarm, placeHarm, problemThreat, resourceWorth } from "./city-threat.ts";

/** What drawing one card of a type is worth to the chooser (card-value.ts typeWorth; none: all alike). */
export type TypeWorth = (type: ActionType) => number;

/** One pick of the card being resolved, as the bot sees it. */
export interface Pick {
  sense: Sense;
  frame: EffectView | null;
  typeWorth: TypeWorth;
}

/** One option of the pick: its intent (what it does, to what), the district it names, and its value. */
export interface Option {
  it: ChoiceIntent;
  d: DistrictState | null;
  value: ChoiceOption["value"];
}

/** A card's score of one option, in capital for me; undefined: the general rules score it. */
export type CardScore = (p: Pick, o: Option) => number | undefined;

/** Capital a contract would pay `corp` for this card, as worth to me. */
export function contract(p: Pick, corp: CorpId, amount: number): number {
  const s = p.sense.s;
  const seat = seatOfCorp(s, corp);
  if (seat < 0) return 0;
  if (s.rules.contractScope === "own-card" && seat !== p.frame?.seat) return 0;
  return capitalWorth(p.sense, seat, amount);
}

/** The +2 illness threat a target would cost this card, in capital. */
export function illness(p: Pick, d: DistrictState | null): number {
  if (!d || !p.frame || p.frame.illnessFree || p.frame.illnessInvolved || !d.illness) return 0;
  return ILLNESS_THREAT * p.sense.threatWeight;
}

export const tw = (p: Pick) => p.sense.threatWeight;

export function enemyUnitWorth(p: Pick, d: DistrictState): number {
  return (d.humanFirst ? problemThreat(p.sense, "humanFirst", d) : 0) + (d.orgcrime ? problemThreat(p.sense, "orgcrime", d) : 0);
}
function enemyUnits(d: DistrictState): number {
  return (d.humanFirst ? 1 : 0) + (d.orgcrime ? 1 : 0);
}

/** Clean Slate, Clinical Trials, Mandatory Quarantine: an illness removed. */
const removeIllness: CardScore = (p, { it, d }) =>
  it.act === "remove" && d ? tw(p) * problemThreat(p.sense, "illness", d) + contract(p, "jinteki", 2) - illness(p, d) : undefined;

/** Efficiency Experts, Labor Solutions: the worst-placed android is the one to move; with Labor Solutions, stop when no move helps. */
const moveAndroid = (paysPerMove: boolean): CardScore => (p, { it, d }) => {
  const s = p.sense.s;
  if (it.act === "move-from" && d) {
    let bestFree = -Infinity;
    for (const x of s.districts) if (!x.android) bestFree = Math.max(bestFree, androidWorth(p.sense, x, true));
    const paid = p.frame?.contractPaid ? 0 : contract(p, "haas-bioroid", 2);
    const gain = tw(p) * (bestFree - androidWorth(p.sense, d)) - illness(p, d);
    return paysPerMove ? gain + paid - 0.05 : gain;
  }
  if (it.act === "move-to" && d) return tw(p) * androidWorth(p.sense, d, true) - illness(p, d);
  return undefined;
};

/** Puff Piece, Energy for All: draw the type worth most; never pass. */
const drawType: CardScore = (p, { it }) => {
  if (it.act === "pass") return -1;
  if (it.act === "draw" && it.type) return p.typeWorth(it.type);
  return undefined;
};

/** Each card's scoring of its picks, by card id. */
export const CARD_PICKS: Record<string, CardScore> = {
  "clean-slate": removeIllness,
  "clinical-trials": removeIllness,
  "mandatory-quarantine": removeIllness,
  "ark-construction": (p, { d }) => {
    if (!d) return undefined;
    return tw(p) * (d.android ? resourceWorth(p.sense, districtDef(p.sense.s, d.id).primary, 1) * p.sense.productionsLeft : 0.05) - illness(p, d);
  },
  "budget-renovations": (p, { d }) =>
    d ? tw(p) * (problemThreat(p.sense, "outage", d) - problemThreat(p.sense, "protest", d)) + contract(p, "weyland", 2) - illness(p, d) : undefined,
  gentrification: (p, { d }) => {
    if (!d) return undefined;
    const moved = (d.humanFirst ? moveOnHarm(p.sense, "humanFirst", d.id) : 0) + (d.orgcrime ? moveOnHarm(p.sense, "orgcrime", d.id) : 0);
    return tw(p) * (problemThreat(p.sense, "outage", d) - moved) + contract(p, "weyland", 2) - illness(p, d);
  },
  "massive-reconstruction": (p, { it, d }) =>
    it.act === "remove" && d ? tw(p) * problemThreat(p.sense, "outage", d) + contract(p, "weyland", 2) - illness(p, d) : undefined,
  "vanity-project": (p, { it }) => {
    if (it.act !== "target" || it.seat === undefined) return 0; // which of their assets goes: any
    const s = p.sense.s;
    const seat = it.seat;
    const gain = p.frame?.supporters.includes(seat) ? 4 : 2;
    const assetLoss = s.seats[seat]!.assets.length > 0 ? ASSET_WORTH * 0.75 : 0;
    return capitalWorth(p.sense, seat, gain - assetLoss) + (p.frame?.supporters.includes(seat) ? 0.1 : 0) - s.seats[seat]!.capital * 0.001;
  },
  "high-risk-investments": (p, { it, value }) => {
    const seat = it.seat ?? Number(value);
    const amount = it.amount ?? 3 - (p.frame?.picked.length ?? 0);
    return capitalWorth(p.sense, seat, amount) - p.sense.s.seats[seat]!.capital * 0.001;
  },
  "full-deployment": (p, { it }) =>
    it.act === "target" && it.seat !== undefined ? capitalWorth(p.sense, it.seat, 5 * CARD_WORTH) - p.sense.s.seats[it.seat]!.capital * 0.001 : 0,
  "efficiency-experts": moveAndroid(false),
  "labor-solutions": moveAndroid(true),
  liquidation: (p, { d }) => {
    if (!d) return undefined;
    const def = districtDef(p.sense.s, d.id);
    const made = resourceWorth(p.sense, def.primary, def.production.primary + (d.development ? 1 : 0)) + (def.secondary ? resourceWorth(p.sense, def.secondary, def.production.secondary) : 0);
    const strike = problemThreat(p.sense, "strike", d) - (d.condition === "protest" ? problemThreat(p.sense, "protest", d) : 0);
    return tw(p) * (made - strike) - illness(p, d);
  },
  "arrest-orders": (p, { d }) => (d ? tw(p) * enemyUnitWorth(p, d) + contract(p, "globalsec", enemyUnits(d)) + 0.05 - illness(p, d) : undefined),
  "riot-control": (p, { it, d }) => {
    if (it.act !== "remove" || it.kind !== "prisec" || !d) return undefined;
    const units = p.sense.s.districts.flatMap((x) => [x.humanFirst ? problemThreat(p.sense, "humanFirst", x) : 0, x.orgcrime ? problemThreat(p.sense, "orgcrime", x) : 0]);
    const top2 = units.sort((a, b) => b - a).slice(0, 2).filter((x) => x > 0);
    return tw(p) * (top2.reduce((a, b) => a + b, 0) - 0.3) + contract(p, "globalsec", top2.length) - illness(p, d);
  },
  "scorched-earth": (p, { it, d }) => {
    if (!d) return undefined;
    const s = p.sense.s;
    if (it.act === "place" && it.kind === "outage") {
      let second = 0;
      for (const x of s.districts) {
        if (x.id !== d.id && districtDef(s, x.id).tier === districtDef(s, d.id).tier) second = Math.max(second, enemyUnitWorth(p, x));
      }
      return tw(p) * (enemyUnitWorth(p, d) + second - placeHarm(p.sense, "outage", d.id)) + contract(p, "globalsec", enemyUnits(d)) - illness(p, d);
    }
    return tw(p) * enemyUnitWorth(p, d) + contract(p, "globalsec", enemyUnits(d)) - illness(p, d);
  },
  // bottom the worst coming event; on top, the mildest
  "unorthodox-knowledge": (p, { it, value }) => {
    const threat = eventThreat(p.sense, it.card ?? String(value));
    return it.act === "bottom" ? tw(p) * threat : -tw(p) * threat;
  },
  "underpaid-overclocked": (p, { it }) => (it.act === "raise" && it.resource ? tw(p) * resourceWorth(p.sense, it.resource as Resource, 1) + 0.01 : undefined),
  "puff-piece": drawType,
  "energy-for-all": drawType,
};
