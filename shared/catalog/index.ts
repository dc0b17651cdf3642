// The whole New Angeles catalog, plus lookups that throw on an unknown id (a typo is a bug, not a miss).
import type {
  ActionCardDef, ActionType, AssetDef, Catalog, CorpDef, CorpId, DemandDef, DistrictDef, DistrictId,
  EmergencyActionDef, EventDef, InvestmentDef, RivalDef, RivalId,
} from "./types.ts";
import { actionCards } from "./actions.ts";
import { assets } from "./assets.ts";
import { corps } from "./corps.ts";
import { demands } from "./demands.ts";
import { districts } from "./districts.ts";
import { emergencyActions } from "./emergency.ts";
import { events } from "./events.ts";
import { investments } from "./investments.ts";
import { rivals } from "./rivals.ts";
import { citySetup } from "./setup.ts";

export * from "./types.ts";

export const catalog: Catalog = {
  districts, corps, actionCards, emergencyActions, assets, events, demands, investments, rivals, citySetup,
};

function lookup<T, K>(kind: string, list: T[], key: (item: T) => K): (id: K) => T {
  const byId = new Map(list.map((item) => [key(item), item] as const));
  return (id) => {
    const found = byId.get(id);
    if (found === undefined) throw new Error(`Unknown ${kind}: ${String(id)}`);
    return found;
  };
}

export const district: (id: DistrictId) => DistrictDef = lookup("district", districts, (d) => d.id);
export const corp: (id: CorpId) => CorpDef = lookup("corporation", corps, (c) => c.id);
export const actionCard: (id: string) => ActionCardDef = lookup("action card", actionCards, (a) => a.id);
export const emergencyAction: (id: string) => EmergencyActionDef = lookup("emergency action", emergencyActions, (e) => e.id);
export const asset: (id: string) => AssetDef = lookup("asset", assets, (a) => a.id);
export const event: (id: string) => EventDef = lookup("event", events, (e) => e.id);
export const demand: (id: string) => DemandDef = lookup("demand", demands, (d) => d.id);
export const investment: (id: string) => InvestmentDef = lookup("investment", investments, (i) => i.id);
export const rival: (id: RivalId) => RivalDef = lookup("rival", rivals, (r) => r.id);

export const DISTRICT_IDS: DistrictId[] = districts.map((d) => d.id);
export const ACTION_CARD_IDS: string[] = actionCards.map((a) => a.id);
export const EMERGENCY_ACTION_IDS: string[] = emergencyActions.map((e) => e.id);
export const ASSET_IDS: string[] = assets.map((a) => a.id);
export const EVENT_IDS: string[] = events.map((e) => e.id);
export const DEMAND_IDS: string[] = demands.map((d) => d.id);
export const INVESTMENT_IDS: string[] = investments.map((i) => i.id);
export const RIVAL_IDS: RivalId[] = rivals.map((r) => r.id);

/** The titles of one action deck (4 per type). */
export function actionCardsOfType(type: ActionType): ActionCardDef[] {
  return actionCards.filter((a) => a.type === type);
}

/** The districts of one tier, in board order. */
export function districtsInTier(tier: 1 | 2 | 3): DistrictDef[] {
  return districts.filter((d) => d.tier === tier);
}
