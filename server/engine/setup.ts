// Setup: corporations dealt at random (or in Corporation Setup order clockwise from the first player,
// Jinteki first), starting capital by seat (or by corporation), emergency actions faceup, the rival deal
// (N+1 cards, one under the board), the city, the first demand, 3 assets on the turn track, then
// each player's starting hand (one corp-sheet draw by default) and investment (draw 2 keep 1).
import { ACTION_TYPES, RESOURCES } from "../../shared/catalog/types.ts";
import { DISTRICT_BOARD } from "../../shared/view.ts";
import type { ActionType, CorpId, Resource, RivalId } from "../../shared/catalog/types.ts";
import type { Ctx } from "./ctx.ts";
import { clockwiseFrom, log } from "./ctx.ts";
import { ACTION_INSTANCES, DISTRICT_IDS, catalog, corp, corpName, demandDef } from "./data.ts";
import { dealTurnTrack } from "./events.ts";
import { runInvestmentChoice } from "./demand.ts";
import { startCorpDraw } from "./draw.ts";
import { seedRng, shuffle, type Seed } from "./rng.ts";
import type { DistrictState, GameState } from "./state.ts";
import { TURN_TRACK_SLOTS } from "./state.ts";
import { resolveVariant } from "./variant.ts";
import type { Variant } from "./variant.ts";

export const FIRST_TURNS = 3;

export function initialState(players: 4 | 5 | 6, seed: Seed, v?: Partial<Variant>): GameState {
  if (players !== 4 && players !== 5 && players !== 6) throw new Error("New Angeles is for 4 to 6 players");
  const variant = resolveVariant(v);
  const rng = seedRng(seed);
  // a random assignment shuffles all six, so that any corporation may sit out [R, corpAssignment]
  const corps = (variant.corpAssignment === "random" ? shuffle(rng, [...variant.corpOrder]) : variant.corpOrder).slice(0, players);
  // by seat, or by the corporation's place in the sidebar order [R, startingCapitalBy]
  const capitalAt = (id: CorpId, seat: number) =>
    variant.startingCapital[variant.startingCapitalBy === "seat" ? seat : variant.corpOrder.indexOf(id)] ?? 0;

  const { actionDecks, actionDiscards } = actionDecksOf(rng);
  const layout = variant.citySetup ?? catalog.citySetup;
  const districts: DistrictState[] = DISTRICT_IDS.map((id) => {
    const cs = layout.find((x) => x.district === id);
    return {
      ...DISTRICT_BOARD,
      id,
      condition: cs?.unrest ?? "none",
      illness: !!cs?.illness,
      development: false,
      android: !!cs?.android,
      humanFirst: !!cs?.humanFirst,
      orgcrime: !!cs?.orgcrime,
      prisec: !!cs?.prisec,
    };
  });
  const rivals: RivalId[] = shuffle(rng, [...corps, "federalist"] as RivalId[]);
  const demandDeck = shuffle(rng, catalog.demands.map((d) => d.id));
  const supply = Object.fromEntries(RESOURCES.map((r) => [r, 0])) as Record<Resource, number>;

  const s: GameState = {
    players,
    seed,
    variant,
    rng,
    round: 0,
    stage: "setup-hands",
    pending: null,
    active: 0,
    threat: 0,
    threatFrom: {},
    supply,
    demand: demandDeck.shift()!,
    demandDeck,
    districts,
    actionDecks,
    actionDiscards,
    eventDeck: shuffle(rng, catalog.events.map((e) => e.id)),
    eventDiscard: [],
    assetDeck: shuffle(rng, catalog.assets.map((a) => a.id)),
    assetDiscard: [],
    turnTrack: new Array(TURN_TRACK_SLOTS).fill(null),
    investmentDeck: [],
    seats: corps.map((id, seat) => ({
      seat,
      corp: id,
      capital: capitalAt(id, seat),
      hand: [],
      emergency: [{ id: corp(id).emergencyAction, faceup: true }],
      assets: [],
      investment: null,
      rival: rivals[seat]!,
    })),
    rivalUnderBoard: rivals[players]!,
    deal: null,
    draw: null,
    effects: [],
    effectsThen: "end-of-turn",
    cursor: 0,
    trades: [],
    tradeCounts: new Array<number>(players * players).fill(0),
    demandRounds: 0,
    result: null,
    assetState: {},
  };
  return s;
}

/** One shuffled deck per action type, in the catalog's type order, and their empty discard piles. */
function actionDecksOf(rng: GameState["rng"]): Pick<GameState, "actionDecks" | "actionDiscards"> {
  const actionDecks = {} as Record<ActionType, string[]>;
  const actionDiscards = {} as Record<ActionType, string[]>;
  for (const t of ACTION_TYPES) {
    actionDecks[t] = shuffle(rng, ACTION_INSTANCES.filter((x) => x.def.type === t).map((x) => x.id));
    actionDiscards[t] = [];
  }
  return { actionDecks, actionDiscards };
}

/** Logs the table and deals the first turn track. */
export function announceSetup(c: Ctx): void {
  const s = c.s;
  dealTurnTrack(c, FIRST_TURNS);
  log(c, "setup", `A ${s.players}-player game: ${s.seats.map((p) => corpName(s, p.seat)).join(", ")} (clockwise). ${corpName(s, 0)} goes first.`);
  log(c, "setup", `First demand: ${demandDef(s.demand).name}.`);
  for (const p of s.seats) log(c, "rival", `Your rival card is ${catalog.rivals.find((r) => r.id === p.rival)?.name ?? p.rival}.`, [p.seat]);
}

/** Who makes the starting hands' corp-sheet draws, in order: each seat its startingHand count [R], clockwise from the first player. */
export function startingDraws(s: GameState): number[] {
  const out: number[] = [];
  for (const seat of clockwiseFrom(s, 0)) {
    for (let i = 0; i < (s.variant.startingHand[seat] ?? 1); i++) out.push(seat);
  }
  return out;
}

/** The "setup-hands" stage: the starting hands, one corp-sheet draw at a time (s.cursor counts them). */
export function runSetupHands(c: Ctx): void {
  const s = c.s;
  const draws = startingDraws(s);
  if (s.cursor < draws.length) {
    const seat = draws[s.cursor++]!;
    startCorpDraw(c, seat, "setup-hands");
    return;
  }
  s.cursor = 0;
  s.stage = "setup-investments";
}

/** The "setup-investments" stage. */
export function runSetupInvestments(c: Ctx): void {
  const s = c.s;
  runInvestmentChoice(c, clockwiseFrom(s, 0), s.variant.setupInvestments === "draw-2-keep-1", "turn-start");
  if (s.stage === "turn-start") log(c, "round", "Round 1 begins.");
}
