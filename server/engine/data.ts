// The catalog as the engine sees it: action-card instances, and district/corp/event data with the
// variant's overrides applied.
import { catalog } from "../../shared/catalog/index.ts";
import type {
  ActionCardDef,
  ActionType,
  CorpDef,
  CorpId,
  DistrictDef,
  DistrictId,
  DrawSlot,
  EmergencyActionDef,
  EventDef,
} from "../../shared/catalog/types.ts";
import type { GameState } from "./state.ts";

export { catalog };

/** Every action card has a unique instance id "a0".."a99", in catalog order. */
export const ACTION_INSTANCES: { id: string; def: ActionCardDef }[] = [];
for (const def of catalog.actionCards) {
  for (let i = 0; i < def.copies; i++) ACTION_INSTANCES.push({ id: "a" + ACTION_INSTANCES.length, def });
}
const instanceById = new Map(ACTION_INSTANCES.map((x) => [x.id, x.def]));

export function isActionCard(id: string): boolean {
  return instanceById.has(id);
}
export function actionCard(id: string): ActionCardDef {
  const d = instanceById.get(id);
  if (!d) throw new Error("unknown action card " + id);
  return d;
}

const emergencyById = new Map(catalog.emergencyActions.map((e) => [e.id, e]));
export function emergencyAction(id: string): EmergencyActionDef {
  const d = emergencyById.get(id);
  if (!d) throw new Error("unknown emergency action " + id);
  return d;
}
export function isEmergencyAction(id: string): boolean {
  return emergencyById.has(id);
}

/** A lookup by id that answers as `list.find` does: the first entry with that id. */
function byId<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  const m = new Map<string, T>();
  for (const x of list) if (!m.has(x.id)) m.set(x.id, x);
  return m;
}
const assetById = byId(catalog.assets);
const investmentById = byId(catalog.investments);
const demandById = byId(catalog.demands);
const rivalById = byId(catalog.rivals);

const actionDefs = new Map(catalog.actionCards.map((a) => [a.id, a]));
export function actionDefById(id: string): ActionCardDef | undefined {
  return actionDefs.get(id);
}
/** Title of whatever an effect script resolves: an action card title id, an emergency action or an asset. */
export function scriptTitle(id: string): string {
  return actionDefs.get(id)?.title ?? emergencyById.get(id)?.title ?? assetById.get(id)?.name ?? id;
}

/** Title of an action card instance or an emergency action. */
export function cardTitle(id: string): string {
  return instanceById.get(id)?.title ?? emergencyById.get(id)?.title ?? id;
}

const corpById = new Map(catalog.corps.map((c) => [c.id, c]));
export function corp(id: CorpId): CorpDef {
  return corpById.get(id)!;
}

const districtById = new Map(catalog.districts.map((d) => [d.id, d]));
export function district(s: GameState, id: DistrictId): DistrictDef {
  const base = districtById.get(id)!;
  const o = s.variant.districtOverrides[id];
  return o ? { ...base, ...o, id } : base;
}
export function districtName(id: DistrictId): string {
  return `${districtById.get(id)?.name ?? "District"} (${id})`;
}
export const DISTRICT_IDS: DistrictId[] = catalog.districts.map((d) => d.id).sort((a, b) => a - b);

export function corpDraw(s: GameState, id: CorpId): DrawSlot[] {
  const o = s.variant.corpDraws[id];
  const c = corp(id);
  if (s.players === 4) return o?.fourPlayers ?? c.draw.fourPlayers;
  return o?.fiveSixPlayers ?? c.draw.fiveSixPlayers;
}
/** The first type of the corp sheet's draw box (Melange Mining has none). */
export function topType(s: GameState, id: CorpId): ActionType | null {
  const first = corpDraw(s, id).find((x) => x !== "general");
  return (first as ActionType | undefined) ?? corp(id).topType;
}

const eventById = new Map(catalog.events.map((e) => [e.id, e]));
export function eventDef(id: string): EventDef {
  return eventById.get(id)!;
}
export function eventTurns(s: GameState, id: string): number {
  return s.variant.eventTurns[id] ?? eventById.get(id)!.nextTurns;
}

export function assetText(id: string): string {
  return assetById.get(id)?.text ?? "";
}
export function assetName(id: string): string {
  return assetById.get(id)?.name ?? id;
}
export function investmentDef(id: string) {
  return investmentById.get(id)!;
}
export function demandDef(id: string) {
  return demandById.get(id)!;
}
export function rivalName(id: string): string {
  return rivalById.get(id)?.name ?? id;
}

export function corpName(s: GameState, seat: number): string {
  return corp(s.seats[seat]!.corp).name;
}
