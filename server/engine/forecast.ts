// Where the threat is heading (the view's `forecast`), from public facts alone: the next event's
// category (the back of its card), the events already resolved, the city, the supply and the demand.
// Each event that may be on top is played by the engine's own runEvent on a scratch copy of the city
// (windows closed, as every sandbox), so the figure is the rule's, not a second model of it: what that
// event would add if it were revealed now, before any asset answers. The demand adds its penalty when
// today's supply misses a target. A card being resolved that involved illness owes +2 when it ends.
import { catalog } from "../../shared/catalog/index.ts";
import { RESOURCES } from "../../shared/catalog/types.ts";
import type { ThreatForecast } from "../../shared/view.ts";
import type { Ctx } from "./ctx.ts";
import { demandDef } from "./data.ts";
import { EngineStuck } from "./budget.ts";
import { GameOver } from "./end.ts";
import { runEvent } from "./events.ts";
import type { Rulebook } from "./rulebook.ts";
import type { DistrictState, GameState } from "./state.ts";
import { THREAT_MAX, cloneState } from "./state.ts";
import { ILLNESS_THREAT } from "./threat.ts";

type EventForecast = NonNullable<ThreatForecast["event"]>;

/**
 * Event forecasts by the state's list of districts (apply() shares it until a district changes), then by
 * what else they read: the category, the threat and the resolved events. Bounded: a few keys per city.
 */
const memo = new WeakMap<readonly DistrictState[], Map<string, EventForecast | null>>();
const MEMO_KEYS = 8;
/** Each event's category (its card's back), by id. */
const EVENT_CATEGORY = new Map(catalog.events.map((e) => [e.id, e.category]));

/** What each event that may be next would add now (every one of the top card's category not yet resolved). */
export function eventForecast(rules: Rulebook, s: GameState): EventForecast | null {
  const top = s.eventDeck[0];
  if (!top || s.result) return null;
  const category = EVENT_CATEGORY.get(top)!;
  const key = `${category}|${s.threat}|${s.eventDiscard.join(",")}`;
  let known = memo.get(s.districts);
  const hit = known?.get(key);
  if (hit !== undefined) return hit;
  // the candidates are public: the category's events less those in the (public) discard pile
  const candidates = catalog.events
    .filter((e) => e.category === category && !s.eventDiscard.includes(e.id))
    .map((e) => ({ id: e.id, name: e.name, adds: playEvent(rules, s, e.id) }));
  const adds = candidates.map((c) => c.adds);
  const out: EventForecast = { category, min: Math.min(...adds), max: Math.max(...adds), candidates };
  if (!known) memo.set(s.districts, (known = new Map()));
  if (known.size >= MEMO_KEYS) known.clear();
  known.set(key, out);
  return out;
}

/** The threat the event `id` adds, revealed now on a scratch copy (no window opens, nothing else is read). */
function playEvent(rules: Rulebook, s: GameState, id: string): number {
  const copy: GameState = { ...cloneState(s), eventDeck: [id], eventDiscard: [], pending: null, effects: [], deal: null, stage: "event" };
  const c: Ctx = { s: copy, ev: [], frame: null, rules, sandbox: true };
  try {
    runEvent(c);
  } catch (e) {
    // the event would end the game: the copy's result is written and its threat is where it stopped
    if (e instanceof GameOver) return copy.threat - s.threat;
    // a city whose rules cannot resolve the event (a variant's looping arrows): the view must still be
    // built; the real event will stop the engine with the same message when it comes
    if (e instanceof EngineStuck) return 0;
    throw e;
  }
  return copy.threat - s.threat;
}

/** Whether the card being resolved involved illness and ends owing its threat (none once the game is over). */
export function illnessOwed(s: GameState): boolean {
  const top = s.effects[s.effects.length - 1];
  return !!top && top.illnessInvolved && !top.illnessFree && !s.result;
}

export function threatForecast(rules: Rulebook, s: GameState): ThreatForecast {
  const d = demandDef(s.demand);
  const short = RESOURCES.filter((r) => s.supply[r] < d.targets[r]);
  const demand = { adds: short.length > 0 && !s.result ? d.penalty : 0, short };
  const event = eventForecast(rules, s);
  const illness = illnessOwed(s) ? ILLNESS_THREAT : 0;
  const worst = Math.min(THREAT_MAX, s.threat + demand.adds + (event?.max ?? 0) + illness);
  return { worst, demand, event, illness, round: { ...s.threatRound }, total: { ...s.threatFrom } };
}
