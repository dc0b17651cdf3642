// A bot's picks while a card resolves (one pick at a time: a district, a player, a resource, a type,
// an amount or "done"), and its General-draw type. Each option gets a score in capital for the bot;
// the best one is picked. Scores come from city-sense.ts and city-threat.ts: each card's own picks are
// scored in card-picks.ts (keyed by the card being resolved and each option's intent: what it does,
// to what); a pick no card scores falls back to the intent's verb, here.
import type { ChoiceIntent, ChoiceOption } from "../../shared/protocol.ts";
import type { EffectView } from "../../shared/view.ts";
import type { District as DistrictState, Table } from "./table.ts";
import type { Sense } from "./city-sense.ts";
import { lowerUnrestWorth, placeHarm, problemThreat, raiseUnrestHarm } from "./city-threat.ts";
import { CARD_PICKS, contract, enemyUnitWorth, illness, tw, type Pick, type TypeWorth } from "./card-picks.ts";
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

/** Scores of one pick's options, in capital for me; "done" scores 0 unless said otherwise. */
function scoreOption(p: Pick, o: ChoiceOption): number {
  const source = p.frame?.source ?? "";
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
  const card = Object.hasOwn(CARD_PICKS, source) ? CARD_PICKS[source]!(p, { it, d, value: o.value }) : undefined;
  return card ?? generalScore(p, it, d);
}

/** The general rules, for a pick no card scores itself. */
function generalScore(p: Pick, it: ChoiceIntent, d: DistrictState | null): number {
  const act = it.act;
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

function district(p: Pick, it: ChoiceIntent): DistrictState | null {
  const id = it.district;
  return id !== undefined && Number.isInteger(id) && id >= 1 && id <= p.sense.s.districts.length ? p.sense.s.districts[id - 1]! : null;
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
