// The shapes of the card catalog: the game's components as plain data.
// Values the rules do not pin down are marked in the data files with `// [R]` or `// [?]`
// and can be replaced through the engine's variant options.

export const RESOURCES = ["energy", "consumables", "tech", "entertainment", "credits"] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTION_TYPES = ["biotech", "construction", "labor", "media", "security"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const CORP_IDS = ["jinteki", "haas-bioroid", "nbn", "weyland", "globalsec", "melange"] as const;
export type CorpId = (typeof CORP_IDS)[number];

export type RivalId = CorpId | "federalist";

/** District numbers 1..10 as printed on the board. */
export type DistrictId = number;
/** Where a moving unit or token goes from a district: another district, or The Root. */
export type NextDistrict = DistrictId | "root";

export interface DistrictDef {
  id: DistrictId;
  name: string;
  tier: 1 | 2 | 3;
  primary: Resource;
  secondary: Resource | null;
  /** What an android here produces per Production Phase (before development and problems). */
  production: { primary: number; secondary: number };
  /** Where a unit or token moving on from here goes. */
  next: NextDistrict;
}

/** One slot of a corp sheet's draw box: a type, or "general" (any type not yet drawn this step). */
export type DrawSlot = ActionType | "general";

export interface CorpDef {
  id: CorpId;
  name: string;
  tagline: string;
  /** The corp sheet's contract, as display text. */
  contract: string;
  /** The first type of the draw box ("top type on the corp sheet"); null for Melange Mining. */
  topType: ActionType | null;
  draw: { fourPlayers: DrawSlot[]; fiveSixPlayers: DrawSlot[] };
  emergencyAction: string; // EmergencyActionDef id
}

export interface ActionCardDef {
  id: string; // slug, e.g. "clean-slate"
  title: string;
  type: ActionType;
  copies: number;
  text: string;
  /** The card waives the +2 threat for involving a district with illness. */
  illnessFree: boolean;
}

export interface EmergencyActionDef {
  id: string;
  title: string;
  corp: CorpId;
  text: string;
  illnessFree: boolean;
}

export type AssetTiming = "end-of-turn" | "claim" | "exhaust" | "discard" | "passive";

export interface AssetDef {
  id: string;
  name: string;
  /** Every timing class printed on the card (Bryan Stinson is claim + discard, for example). */
  timing: AssetTiming[];
  text: string;
}

export type UnitKind = "humanFirst" | "orgcrime" | "prisec";
export type TokenKind = "outage" | "illness" | "development" | "android";

/** How an event's top half raises threat. */
export type EventThreat =
  | { kind: "move-all"; unit: "humanFirst" | "orgcrime"; times: number }
  | { kind: "per-unit"; unit: UnitKind; amount: number }
  | { kind: "per-district"; condition: "outage" | "strike" | "protest-or-strike"; amount: number }
  | { kind: "if-at-least"; condition: "outage" | "strike" | "protest-or-strike"; count: number; amount: number }
  /** The first tier in `tiers` that holds the thing gives its amount; if none, `otherwise`. */
  | {
      kind: "if-in-tier";
      what: "humanFirst" | "orgcrime" | "outage";
      tiers: { tier: 1 | 2 | 3; amount: number }[];
      otherwise: "move-all" | "nothing";
    };

export interface EventDef {
  id: string;
  name: string;
  category: "human-first" | "orgcrime" | "outage" | "protest-strike";
  text: string;
  threat: EventThreat;
  place: { humanFirst: DistrictId[]; orgcrime: DistrictId[]; outage: DistrictId[]; illness: DistrictId[] };
  /** Turns in the next Action Phase (the lower-right number). */
  nextTurns: number;
}

export interface DemandDef {
  id: string;
  name: string;
  targets: Record<Resource, number>;
  /** Threat added when the demand is not met. */
  penalty: number;
}

export type InvestmentScoring =
  /** Count something in the city and pay the highest bracket reached ([atLeast, capital] pairs). */
  | {
      kind: "count";
      what: "illness" | "outage" | "humanFirst" | "orgcrime" | "prisec" | "low-supply";
      brackets: [number, number][];
      /** "low-supply" only: a resource counts when its supply is at most this. */
      supplyAtMost?: number;
    }
  /** If the resource meets its demand target: base + per × supply, at most max. */
  | { kind: "sector"; resource: Resource; base: number; per: number; max: number }
  /** per capital for each district in protest or strike, at most max (null: no cap). */
  | { kind: "per-unrest-district"; per: number; max: number | null };

export interface InvestmentDef {
  id: string;
  name: string;
  text: string;
  scoring: InvestmentScoring;
}

export interface RivalDef {
  id: RivalId;
  name: string;
  text: string;
}

export interface Catalog {
  districts: DistrictDef[];
  corps: CorpDef[];
  actionCards: ActionCardDef[];
  emergencyActions: EmergencyActionDef[];
  assets: AssetDef[];
  events: EventDef[];
  demands: DemandDef[];
  investments: InvestmentDef[];
  rivals: RivalDef[];
  /** First-game city setup: what each district starts with. */
  citySetup: { district: DistrictId; android?: boolean; prisec?: boolean; humanFirst?: boolean; orgcrime?: boolean; illness?: boolean; unrest?: "protest" | "strike" }[];
}
