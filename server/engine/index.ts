// The New Angeles rules engine: pure, deterministic and replayable. No I/O; it imports only shared/.
// This is the game's engine: the API of engine.ts bound to the rulebook of every card and asset (registry.ts).
import { createEngine } from "./engine.ts";
import { RULEBOOK } from "./registry.ts";

export type { ApplyResult, Engine, GameLog } from "./engine.ts";
export type { GameState } from "./state.ts";
export { DISTRICT_FLAGS } from "./state.ts";
export { EngineStuck } from "./budget.ts";
export type { Variant } from "./variant.ts";
export type { Seed } from "./rng.ts";
export { isSeed } from "./rng.ts";
export { secretsTouched } from "./touched.ts";
export { quickCommand } from "./command.ts";
export { DEFAULT_VARIANT, FIRST_GAME_CORPS, VARIANT_DOCS } from "./variant.ts";
export type { Command, LegalCommand } from "../../shared/protocol.ts";
export type { GameEvent, GameView } from "../../shared/view.ts";
export { checkInvariants } from "./invariants.ts";
export { whyFinal } from "./take-back.ts";
export { imagine, imagineCard, type Chooser, type Imagined } from "./imagine.ts";

/** The engine of the game as published: every card and asset of the catalog. */
export const engine = createEngine(RULEBOOK);
export const { createGame, createGameWithEvents, apply, endByVote, legal, viewFor, botViewFor, publicViewSince, secretViewFor, waitingFor, replay, handLimit } = engine;
