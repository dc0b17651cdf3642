// The one list of every card and asset file's rules, and the game's rulebook built from it once.
// To add a card, write it in its type's file (cards/); a new file is listed here. The core rules never
// import this module: the engine is handed the rulebook (engine.ts createEngine, index.ts).
import { buildRulebook } from "./rulebook.ts";
import type { RulePart } from "./rulebook.ts";
import { BIOTECH_CARDS } from "./cards/biotech.ts";
import { CONSTRUCTION_CARDS } from "./cards/construction.ts";
import { EMERGENCY_CARDS } from "./cards/emergency.ts";
import { LABOR_CARDS } from "./cards/labor.ts";
import { MEDIA_CARDS } from "./cards/media.ts";
import { SECURITY_CARDS } from "./cards/security.ts";
import { CLAIM_ASSETS } from "./assets/claim.ts";
import { DISCARD_ASSETS } from "./assets/discard.ts";
import { END_OF_TURN_ASSETS } from "./assets/end-of-turn.ts";
import { EXHAUST_ASSETS } from "./assets/exhaust.ts";
import { PASSIVE_ASSETS } from "./assets/passive.ts";

/** Every action card's and emergency action's effect steps (B4, B5), by type. */
export const CARD_RULES: readonly RulePart[] = [BIOTECH_CARDS, CONSTRUCTION_CARDS, LABOR_CARDS, MEDIA_CARDS, SECURITY_CARDS, EMERGENCY_CARDS];

/** The 34 asset cards (B6), one file per timing class (assets/ability.ts shows how one is written). */
export const ASSET_RULES: readonly RulePart[] = [...END_OF_TURN_ASSETS, ...CLAIM_ASSETS, ...EXHAUST_ASSETS, ...DISCARD_ASSETS, ...PASSIVE_ASSETS];

export const RULE_PARTS: readonly RulePart[] = [...CARD_RULES, ...ASSET_RULES];

/** The game's rulebook. */
export const RULEBOOK = buildRulebook(RULE_PARTS);
