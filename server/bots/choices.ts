// A bot's picks while a card resolves (one pick at a time: a district, a player, a resource, a type,
// an amount or "done"), and its General-draw type. Each option gets a score in capital for the bot;
// the best one is picked. Scores come from city-sense.ts and city-threat.ts, keyed by the card being
// resolved and each option's intent (what it does, to what); an unknown pick falls back to the
// intent's verb.
import { catalog } from "../../shared/catalog/index.ts";
import type { ActionType, CorpId, Resource } from "../../shared/catalog/types.ts";
import type { ChoiceIntent, ChoiceOption } from "../../shared/protocol.ts";
import type { EffectView } from "../../shared/view.ts";
import type { District as DistrictState, Table } from "./table.ts";
import { ASSET_WORTH, CARD_WORTH, ILLNESS_THREAT, capitalWorth, districtDef, seatOfCorp, type Sense } from "./city-sense.ts";
import { androidWorth, eventThreat, lowerUnrestWorth, moveOnHarm, placeHarm, problemThreat, raiseUnrestHarm, resourceWorth } from "./city-threat.ts";
import type { Random } from "./random.ts";

/** The highest-scoring item (ties broken by `random`), or undefined for an empty list. */
export function argmax<T>(items: readonly T[], score: (x: T) => number, random: Random): T | undefined {
  let best: T | undefined;
  let high = -Infinity;
  let ties = 0;
  for (const x of items) {
    const v = score(x);
    if (v > high + 1e-9) {
      high = v;
      best = x;
      ties = 1;
    } else if (Math.abs(v - high) <= 1e-9 && random() * ++ties < 1) {
      best = x;
    }
  }
  return best;
}

/** What drawing one card of a type is worth to the chooser (card-value.ts typeWorth; none: all alike). */
export type TypeWorth = (type: ActionType) => number;

interface Pick {
  sense: Sense;
  frame: EffectView | null;
  typeWorth: TypeWorth;
}

function district(p: Pick, it: ChoiceIntent): DistrictState | null {
  const id = it.district;
  return id !== undefined && Number.isInteger(id) && id >= 1 && id <= p.sense.s.districts.length ? p.sense.s.districts[id - 1]! : null;
}

/** Capital a contract would pay `corp` for this card, as worth to me. */
function contract(p: Pick, corp: CorpId, amount: number): number {
  const s = p.sense.s;
  const seat = seatOfCorp(s, corp);
  if (seat < 0) return 0;
  if (s.rules.contractScope === "own-card" && seat !== p.frame?.seat) return 0;
  return capitalWorth(p.sense, seat, amount);
}

/** The +2 illness threat a target would cost this card, in capital. */
function illness(p: Pick, d: DistrictState | null): number {
  if (!d || !p.frame || p.frame.illnessFree || p.frame.illnessInvolved || !d.illness) return 0;
  return ILLNESS_THREAT * p.sense.threatWeight;
}

const tw = (p: Pick) => p.sense.threatWeight;

function enemyUnitWorth(p: Pick, d: DistrictState): number {
  return (d.humanFirst ? problemThreat(p.sense, "humanFirst", d) : 0) + (d.orgcrime ? problemThreat(p.sense, "orgcrime", d) : 0);
}
function enemyUnits(d: DistrictState): number {
  return (d.humanFirst ? 1 : 0) + (d.orgcrime ? 1 : 0);
}

/** Scores of one pick's options, in capital for me; "done" scores 0 unless said otherwise. */
function scoreOption(p: Pick, o: ChoiceOption): number {
  const source = p.frame?.source ?? "";
  const s = p.sense.s;
  const v = o.value;
  const it: ChoiceIntent = o.intent ?? { act: "choose" };
  const act = it.act;
  const d = district(p, it);
  if (act === "done") return 0;

  // one enemy unit in a district (Ruthless Tactics, Riot Control, 24/7 Live Feeds)
  if (act === "remove" && d && (it.kind === "humanFirst" || it.kind === "orgcrime")) {
    return tw(p) * problemThreat(p.sense, it.kind, d) + contract(p, "globalsec", 1) - illness(p, d);
  }
  // lowering unrest in one district (24/7 Live Feeds, Media Circus, Spin Doctors, Sweeps Week)
  if (act === "lower" && it.kind === "unrest" && d) {
    const r = lowerUnrestWorth(p.sense, d, it.amount ?? 1);
    return tw(p) * r.worth + contract(p, "nbn", r.stages) - illness(p, d);
  }

  switch (source) {
    case "clean-slate":
    case "clinical-trials":
    case "mandatory-quarantine":
      if (act === "remove" && d) return tw(p) * problemThreat(p.sense, "illness", d) + contract(p, "jinteki", 2) - illness(p, d);
      break;
    case "ark-construction":
      if (d) return tw(p) * (d.android ? resourceWorth(p.sense, districtDef(s, d.id).primary, 1) * p.sense.productionsLeft : 0.05) - illness(p, d);
      break;
    case "budget-renovations":
      if (d) return tw(p) * (problemThreat(p.sense, "outage", d) - problemThreat(p.sense, "protest", d)) + contract(p, "weyland", 2) - illness(p, d);
      break;
    case "gentrification":
      if (d) {
        const moved = (d.humanFirst ? moveOnHarm(p.sense, "humanFirst", d.id) : 0) + (d.orgcrime ? moveOnHarm(p.sense, "orgcrime", d.id) : 0);
        return tw(p) * (problemThreat(p.sense, "outage", d) - moved) + contract(p, "weyland", 2) - illness(p, d);
      }
      break;
    case "massive-reconstruction":
      if (act === "remove" && d) return tw(p) * problemThreat(p.sense, "outage", d) + contract(p, "weyland", 2) - illness(p, d);
      break;
    case "vanity-project":
      if (act === "target" && it.seat !== undefined) {
        const seat = it.seat;
        const gain = p.frame?.supporters.includes(seat) ? 4 : 2;
        const assetLoss = s.seats[seat]!.assets.length > 0 ? ASSET_WORTH * 0.75 : 0;
        return capitalWorth(p.sense, seat, gain - assetLoss) + (p.frame?.supporters.includes(seat) ? 0.1 : 0) - s.seats[seat]!.capital * 0.001;
      }
      return 0; // which of their assets goes: any
    case "high-risk-investments": {
      const seat = it.seat ?? Number(v);
      const amount = it.amount ?? 3 - (p.frame?.picked.length ?? 0);
      return capitalWorth(p.sense, seat, amount) - s.seats[seat]!.capital * 0.001;
    }
    case "full-deployment":
      if (act === "target" && it.seat !== undefined) return capitalWorth(p.sense, it.seat, 5 * CARD_WORTH) - s.seats[it.seat]!.capital * 0.001;
      return 0;
    case "efficiency-experts":
    case "labor-solutions":
      if (act === "move-from" && d) {
        // the worst-placed android is the one to move; with Labor Solutions, stop when no move helps
        let bestFree = -Infinity;
        for (const x of s.districts) if (!x.android) bestFree = Math.max(bestFree, androidWorth(p.sense, x, true));
        const paid = p.frame?.contractPaid ? 0 : contract(p, "haas-bioroid", 2);
        const gain = tw(p) * (bestFree - androidWorth(p.sense, d)) - illness(p, d);
        return source === "labor-solutions" ? gain + paid - 0.05 : gain;
      }
      if (act === "move-to" && d) return tw(p) * androidWorth(p.sense, d, true) - illness(p, d);
      break;
    case "liquidation":
      if (d) {
        const def = districtDef(s, d.id);
        const made = resourceWorth(p.sense, def.primary, def.production.primary + (d.development ? 1 : 0)) + (def.secondary ? resourceWorth(p.sense, def.secondary, def.production.secondary) : 0);
        const strike = problemThreat(p.sense, "strike", d) - (d.condition === "protest" ? problemThreat(p.sense, "protest", d) : 0);
        return tw(p) * (made - strike) - illness(p, d);
      }
      break;
    case "arrest-orders":
      if (d) return tw(p) * enemyUnitWorth(p, d) + contract(p, "globalsec", enemyUnits(d)) + 0.05 - illness(p, d);
      break;
    case "riot-control":
      if (act === "remove" && it.kind === "prisec" && d) {
        const units = s.districts.flatMap((x) => [x.humanFirst ? problemThreat(p.sense, "humanFirst", x) : 0, x.orgcrime ? problemThreat(p.sense, "orgcrime", x) : 0]);
        const top2 = units.sort((a, b) => b - a).slice(0, 2).filter((x) => x > 0);
        return tw(p) * (top2.reduce((a, b) => a + b, 0) - 0.3) + contract(p, "globalsec", top2.length) - illness(p, d);
      }
      break;
    case "scorched-earth":
      if (d && act === "place" && it.kind === "outage") {
        let second = 0;
        for (const x of s.districts) {
          if (x.id !== d.id && districtDef(s, x.id).tier === districtDef(s, d.id).tier) second = Math.max(second, enemyUnitWorth(p, x));
        }
        return tw(p) * (enemyUnitWorth(p, d) + second - placeHarm(p.sense, "outage", d.id)) + contract(p, "globalsec", enemyUnits(d)) - illness(p, d);
      }
      if (d) return tw(p) * enemyUnitWorth(p, d) + contract(p, "globalsec", enemyUnits(d)) - illness(p, d);
      break;
    case "unorthodox-knowledge": {
      const threat = eventThreat(p.sense, it.card ?? String(v));
      // bottom the worst coming event; on top, the mildest
      return act === "bottom" ? tw(p) * threat : -tw(p) * threat;
    }
    case "underpaid-overclocked":
      if (act === "raise" && it.resource) return tw(p) * resourceWorth(p.sense, it.resource as Resource, 1) + 0.01;
      break;
    case "puff-piece":
    case "energy-for-all":
      if (act === "pass") return -1;
      if (act === "draw" && it.type) return p.typeWorth(it.type);
      break;
  }
  // placing a problem (many cards end with one): where it does least harm
  if (d && act === "place") {
    const kind = it.kind === "humanFirst" || it.kind === "orgcrime" || it.kind === "illness" || it.kind === "outage" ? it.kind : null;
    if (kind) return -tw(p) * placeHarm(p.sense, kind, d.id) - illness(p, d);
  }
  if (d && act === "raise" && it.kind === "unrest") return -tw(p) * raiseUnrestHarm(p.sense, d) - illness(p, d);
  if (d && act === "remove") {
    const w =
      (d.illness ? problemThreat(p.sense, "illness", d) : 0) +
      (d.condition !== "none" ? problemThreat(p.sense, d.condition, d) : 0) +
      enemyUnitWorth(p, d);
    return tw(p) * w - illness(p, d);
  }
  return 0;
}

/** Information Procurement: chip in just enough, if lowering threat by 2 is worth it to me. */
function spendAmount(sense: Sense, frame: EffectView, options: ChoiceOption[]): number {
  const s = sense.s;
  const total = frame.pool?.total ?? 0;
  const after = frame.pool?.askedAfter ?? 0;
  const needed = s.players - total;
  const max = Math.max(...options.map((o) => Number(o.value)));
  if (needed <= 0) return 0;
  const worth = 2 * sense.threatWeight;
  const share = after === 0 ? needed : Math.ceil(needed / (after + 1));
  if (share > max || share > worth) return 0;
  return share;
}

/** What one option of the pending card choice is worth to me, as chooseForEffect scores it (hints read it: hint.ts). */
export function effectOptionWorth(sense: Sense, option: ChoiceOption, typeWorth: TypeWorth = () => 0): number {
  return scoreOption({ sense, frame: sense.s.effect, typeWorth }, option);
}

/** The option value to send for the pending card choice. */
export function chooseForEffect(sense: Sense, options: ChoiceOption[], random: Random, typeWorth: TypeWorth = () => 0): string | number {
  const s: Table = sense.s;
  const frame = s.effect;
  if (frame?.source === "information-procurement" && options.every((o) => typeof o.value === "number")) {
    const amount = spendAmount(sense, frame, options);
    if (options.some((o) => o.value === amount)) return amount;
  }
  const p: Pick = { sense, frame, typeWorth };
  return argmax(options, (o) => scoreOption(p, o), random)!.value;
}
