// The simulator's own checks, written apart from the engine's checkInvariants so that a slip in one
// is caught by the other: the 100 action cards each exactly once, the emergency actions, the unit and
// token pools, one of each kind per district, threat 0..25, capital >= 0, supply within its track.
import { ACTION_TYPES, RESOURCES } from "../../shared/catalog/types.ts";
import { catalog } from "../../shared/catalog/index.ts";
import { DISTRICT_FLAGS, checkInvariants } from "../engine/index.ts";
import type { GameState } from "../engine/index.ts";

const ACTION_CARD_COUNT = catalog.actionCards.reduce((n, c) => n + c.copies, 0);
/** Units in the box [V]; androids are always exactly 3 on the board. */
const UNITS = { humanFirst: 9, orgcrime: 9, prisec: 6 } as const;
const ANDROIDS = 3;
const THREAT_MAX = 25;
const CONDITIONS = new Set(["none", "protest", "strike", "outage"]);

/** Where each action card is: every place an action card can be between two commands. */
function actionCardPlaces(s: GameState): string[][] {
  const places: string[][] = [];
  for (const t of ACTION_TYPES) places.push(s.actionDecks[t], s.actionDiscards[t]);
  for (const p of s.seats) places.push(p.hand);
  if (s.deal) {
    for (const o of [s.deal.main, ...s.deal.counters]) if (o && !o.emergency) places.push([o.card]);
    for (const x of s.deal.supports) places.push(x.cards);
  }
  return places;
}

export function extraChecks(s: GameState): string[] {
  const bad: string[] = [];
  const seen = new Map<string, number>();
  for (const place of actionCardPlaces(s)) for (const id of place) seen.set(id, (seen.get(id) ?? 0) + 1);
  for (let i = 0; i < ACTION_CARD_COUNT; i++) {
    const n = seen.get("a" + i) ?? 0;
    if (n !== 1) bad.push(`action card a${i} is in ${n} places`);
  }
  if (seen.size !== ACTION_CARD_COUNT) bad.push(`${seen.size} distinct action cards, expected ${ACTION_CARD_COUNT}`);

  const emergency: string[] = s.seats.flatMap((p) => p.emergency.map((e) => e.id));
  if (s.deal) for (const o of [s.deal.main, ...s.deal.counters]) if (o?.emergency) emergency.push(o.card);
  if (emergency.length !== s.players || new Set(emergency).size !== emergency.length) {
    bad.push(`emergency actions: ${emergency.length} held, ${new Set(emergency).size} distinct, ${s.players} players`);
  }

  const count = (test: (d: GameState["districts"][number]) => boolean) => s.districts.filter(test).length;
  for (const unit of ["humanFirst", "orgcrime", "prisec"] as const) {
    const n = count((d) => d[unit] === true);
    if (n > UNITS[unit]) bad.push(`${n} ${unit} units on the board, only ${UNITS[unit]} exist`);
  }
  const tokens = { illness: count((d) => d.illness), outage: count((d) => d.condition === "outage"), development: count((d) => d.development) };
  for (const kind of ["illness", "outage", "development"] as const) {
    if (tokens[kind] > s.variant.tokenPools[kind]) bad.push(`${tokens[kind]} ${kind} tokens on the board, only ${s.variant.tokenPools[kind]} exist`);
  }
  if (count((d) => d.android) !== ANDROIDS) bad.push(`${count((d) => d.android)} androids on the board`);
  // one of each kind per district: the state holds flags, so check that they are flags
  for (const d of s.districts) {
    if (!CONDITIONS.has(d.condition)) bad.push(`district ${d.id} has condition ${String(d.condition)}`);
    for (const k of DISTRICT_FLAGS) {
      if (typeof d[k] !== "boolean") bad.push(`district ${d.id} holds ${String(d[k])} ${k}`);
    }
  }
  if (s.districts.length !== catalog.districts.length) bad.push(`${s.districts.length} districts`);

  if (!Number.isInteger(s.threat) || s.threat < 0 || s.threat > THREAT_MAX) bad.push(`threat ${s.threat} is outside 0..${THREAT_MAX}`);
  if (s.threat >= THREAT_MAX && s.result?.reason !== "threat") bad.push("threat reached 25 but the game did not end by threat");
  for (const p of s.seats) if (!Number.isInteger(p.capital) || p.capital < 0) bad.push(`seat ${p.seat} has capital ${p.capital}`);
  for (const r of RESOURCES) {
    const v = s.supply[r];
    if (!Number.isInteger(v) || v < 0 || v > s.variant.supplyMax) bad.push(`${r} supply ${v} is outside 0..${s.variant.supplyMax}`);
  }
  return bad;
}

/** The engine's invariants plus ours. */
export function allChecks(s: GameState): string[] {
  return [...checkInvariants(s), ...extraChecks(s)];
}
