// The city (A10): districts, units and tokens, caps of one per district, movement along the
// next-district graph to The Root, and the reserve (whatever is not on the board).
import type { DistrictId, NextDistrict } from "../../shared/catalog/types.ts";
import { EngineStuck } from "./budget.ts";
import * as contracts from "./contracts.ts";
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { district, districtName } from "./data.ts";
import type { DistrictState, GameState } from "./state.ts";
import { UNIT_POOLS } from "./state.ts";
import { ROOT_THREAT, raiseThreat } from "./threat.ts";

export type EnemyUnit = "humanFirst" | "orgcrime";
export type Unit = EnemyUnit | "prisec";
/** Things that move on when a district already holds one (A10.4). */
export type Mover = EnemyUnit | "illness" | "outage";

export const ENEMY_UNITS: EnemyUnit[] = ["humanFirst", "orgcrime"];
export const UNIT_NAMES: Record<Mover | "prisec" | "development", string> = {
  humanFirst: "Human First unit",
  orgcrime: "orgcrime unit",
  prisec: "prisec unit",
  illness: "illness token",
  outage: "outage token",
  development: "development token",
};

/** "a Human First unit", "an outage token". */
export function aName(kind: keyof typeof UNIT_NAMES): string {
  const n = UNIT_NAMES[kind];
  return (/^[aeiou]/i.test(n) ? "an " : "a ") + n;
}

function cap(x: string): string {
  return x[0]!.toUpperCase() + x.slice(1);
}

/** A district, to read. Change one only through W. */
export function D(s: GameState, id: DistrictId): DistrictState {
  return s.districts[id - 1]!;
}

/**
 * A district to change, changed at once: a state shares its districts with the one apply() made it
 * from (state.ts, forkState), so the list and the district are replaced by copies first. Never keep
 * the result past another W of the same district, nor change a district D returned.
 */
export function W(s: GameState, id: DistrictId): DistrictState {
  const districts = s.districts.slice();
  const d = { ...districts[id - 1]! };
  districts[id - 1] = d;
  s.districts = districts;
  return d;
}

export function pool(s: GameState, kind: Unit | "illness" | "outage" | "development"): number {
  if (kind === "humanFirst" || kind === "orgcrime" || kind === "prisec") return UNIT_POOLS[kind];
  return s.variant.tokenPools[kind];
}

export function has(d: DistrictState, kind: Unit | "illness" | "outage" | "development" | "android"): boolean {
  return kind === "outage" ? d.condition === "outage" : d[kind];
}

export function countOnBoard(s: GameState, kind: Unit | "illness" | "outage" | "development" | "android"): number {
  let n = 0;
  // has(d, kind) by kind, each a plain property read (a read by a key that varies is slower)
  if (kind === "outage") for (const d of s.districts) n += d.condition === "outage" ? 1 : 0;
  else if (kind === "illness") for (const d of s.districts) n += d.illness ? 1 : 0;
  else if (kind === "prisec") for (const d of s.districts) n += d.prisec ? 1 : 0;
  else if (kind === "humanFirst") for (const d of s.districts) n += d.humanFirst ? 1 : 0;
  else if (kind === "orgcrime") for (const d of s.districts) n += d.orgcrime ? 1 : 0;
  else if (kind === "development") for (const d of s.districts) n += d.development ? 1 : 0;
  else for (const d of s.districts) n += d.android ? 1 : 0;
  return n;
}

export function inReserve(s: GameState, kind: Unit | "illness" | "outage" | "development"): number {
  return pool(s, kind) - countOnBoard(s, kind);
}

/**
 * A card that selects, targets or changes anything in a district with illness costs +2 threat at
 * the end of that card, once per card (A10.3 [R]). Every change below calls this for each district
 * it selects or changes, before the change (where a moved or surplus copy lands included); a card
 * that selects a district without changing it calls it itself. Outside a card it does nothing.
 */
export function involve(c: Ctx, id: DistrictId): void {
  if (c.frame && D(c.s, id).illness) c.frame.illnessInvolved = true;
}

function canHold(s: GameState, kind: Mover, d: DistrictState): boolean {
  if (kind === "illness") return !d.illness;
  if (kind === "outage") return d.condition !== "outage";
  if (d[kind]) return false;
  return !(s.variant.prisecBlocksEnemyUnits && d.prisec);
}

function put(d: DistrictState, kind: Mover): void {
  if (kind === "outage") d.condition = "outage"; // an outage replaces any unrest token [R]
  else d[kind] = true;
}

/** Puts a mover in the first district from `start` that can hold it; past the last district it enters The Root. */
function settle(c: Ctx, kind: Mover, start: NextDistrict): NextDistrict {
  let at = start;
  // a path to The Root visits each district at most once: more steps mean the arrows loop
  for (let steps = 0; at !== "root"; steps++) {
    if (steps >= c.s.districts.length) throw new EngineStuck(`The game engine stopped: the next-district arrows from district ${start} never reach The Root.`);
    const d = D(c.s, at);
    if (canHold(c.s, kind, d)) {
      involve(c, at); // where it lands is changed too
      put(W(c.s, at), kind);
      return at;
    }
    at = district(c.s, at).next;
  }
  log(c, "root", `${cap(aName(kind))} moves into The Root and returns to the reserve.`);
  raiseThreat(c, ROOT_THREAT, `${aName(kind)} reached The Root`, "root");
  return "root";
}

/** Places one from the reserve in a district; a surplus copy moves on. Returns where it ended, or null if the reserve is empty. */
export function place(c: Ctx, kind: Mover, id: DistrictId): NextDistrict | null {
  involve(c, id);
  if (inReserve(c.s, kind) <= 0) {
    log(c, "reserve", `No ${UNIT_NAMES[kind]} is left in the reserve, so none is placed.`);
    return null;
  }
  const at = settle(c, kind, id);
  if (at === id) log(c, "place", `${cap(aName(kind))} is placed in ${districtName(id)}.`);
  else if (at !== "root") log(c, "place", `${cap(aName(kind))} for ${districtName(id)} moves on to ${districtName(at)}.`);
  return at;
}

/** Moves the one in a district on to the next district that can hold it (not a removal). */
export function move(c: Ctx, kind: Mover, from: DistrictId): NextDistrict {
  involve(c, from);
  const d = W(c.s, from);
  if (kind === "outage") d.condition = "none";
  else d[kind] = false;
  const at = settle(c, kind, district(c.s, from).next);
  if (at !== "root") log(c, "move", `The ${UNIT_NAMES[kind]} in ${districtName(from)} moves to ${districtName(at)}.`);
  return at;
}

/** Removes it from a district back to the reserve; pays the matching corp contract. */
export function remove(c: Ctx, kind: Mover | "prisec", id: DistrictId): boolean {
  const d = D(c.s, id);
  involve(c, id);
  if (!has(d, kind)) return false;
  if (kind === "outage") W(c.s, id).condition = "none";
  else W(c.s, id)[kind] = false;
  log(c, "remove", `The ${UNIT_NAMES[kind]} in ${districtName(id)} is removed.`);
  if (kind === "illness") contracts.illnessRemoved(c);
  else if (kind === "outage") contracts.outageRemoved(c);
  else if (kind !== "prisec") contracts.enemyUnitRemoved(c);
  return true;
}

/** Prisec never moves: it is placed only where there is none [R]. */
export function placePrisec(c: Ctx, id: DistrictId): boolean {
  const d = D(c.s, id);
  involve(c, id);
  if (d.prisec || inReserve(c.s, "prisec") <= 0) return false;
  W(c.s, id).prisec = true;
  log(c, "place", `A prisec unit is placed in ${districtName(id)}.`);
  return true;
}

export function placeDevelopment(c: Ctx, id: DistrictId): boolean {
  const d = D(c.s, id);
  involve(c, id);
  if (d.development || inReserve(c.s, "development") <= 0) return false;
  W(c.s, id).development = true;
  log(c, "place", `A development token is placed in ${districtName(id)}.`);
  return true;
}

export function hasUnrest(d: DistrictState): boolean {
  return d.condition === "protest" || d.condition === "strike";
}

/** Unrest rises one stage at a time: none, protest, strike (the cap). Outage is unchanged. Returns stages risen. */
export function raiseUnrest(c: Ctx, id: DistrictId, stages = 1): number {
  involve(c, id);
  let condition = D(c.s, id).condition;
  let n = 0;
  while (n < stages && (condition === "none" || condition === "protest")) {
    condition = condition === "none" ? "protest" : "strike";
    n++;
  }
  if (n > 0) {
    W(c.s, id).condition = condition;
    log(c, "unrest", `Unrest in ${districtName(id)} rises to ${condition}.`);
  }
  return n;
}

/** Unrest falls one stage at a time: strike, protest, none. Pays NBN per stage. Returns stages fallen. */
export function lowerUnrest(c: Ctx, id: DistrictId, stages = 1): number {
  involve(c, id);
  let condition = D(c.s, id).condition;
  let n = 0;
  while (n < stages && (condition === "protest" || condition === "strike")) {
    condition = condition === "strike" ? "protest" : "none";
    n++;
  }
  if (n > 0) {
    W(c.s, id).condition = condition;
    log(c, "unrest", `Unrest in ${districtName(id)} falls to ${condition === "none" ? "nothing" : condition}.`);
    contracts.unrestDecreased(c, n);
  }
  return n;
}

export function moveAndroid(c: Ctx, from: DistrictId, to: DistrictId): void {
  involve(c, from);
  involve(c, to);
  W(c.s, from).android = false;
  W(c.s, to).android = true;
  log(c, "android", `An android moves from ${districtName(from)} to ${districtName(to)}.`);
  contracts.androidsMoved(c);
}

/** Events that move every unit of a type do so starting with the highest-numbered district. */
export function moveAll(c: Ctx, kind: EnemyUnit): void {
  const from = c.s.districts.filter((d) => d[kind]).map((d) => d.id).sort((a, b) => b - a);
  for (const id of from) {
    if (c.s.result) return;
    move(c, kind, id);
  }
}
