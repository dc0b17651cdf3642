// The Event Phase (A5.3): reveal the top event; its top half raises threat (or moves units), its
// bottom half places one of each listed component in each listed district, and its number deals
// that many assets onto the turn track for the next Action Phase.
import type { EventDef, EventThreat } from "../../shared/catalog/types.ts";
import { countOnBoard, has, moveAll, place } from "./city.ts";
import { eventResolved } from "./contracts.ts";
import type { Ctx } from "./ctx.ts";
import { log } from "./ctx.ts";
import { district, eventDef, eventTurns } from "./data.ts";
import type { DistrictState, GameState } from "./state.ts";
import { raiseThreat } from "./threat.ts";

function matches(d: DistrictState, condition: "outage" | "strike" | "protest-or-strike"): boolean {
  if (condition === "outage") return d.condition === "outage";
  if (condition === "strike") return d.condition === "strike";
  return d.condition === "protest" || d.condition === "strike";
}

function eventThreat(c: Ctx, e: EventDef, t: EventThreat): void {
  const s = c.s;
  const why = e.name;
  switch (t.kind) {
    case "move-all":
      for (let i = 0; i < t.times && !s.result; i++) moveAll(c, t.unit);
      return;
    case "per-unit":
      raiseThreat(c, t.amount * countOnBoard(s, t.unit), why, "event");
      return;
    case "per-district":
      raiseThreat(c, t.amount * s.districts.filter((d) => matches(d, t.condition)).length, why, "event");
      return;
    case "if-at-least":
      if (s.districts.filter((d) => matches(d, t.condition)).length >= t.count) raiseThreat(c, t.amount, why, "event");
      return;
    case "if-in-tier":
      for (const { tier, amount } of t.tiers) {
        if (s.districts.some((d) => has(d, t.what) && district(s, d.id).tier === tier)) {
          raiseThreat(c, amount, why, "event");
          return;
        }
      }
      if (t.otherwise === "move-all" && t.what !== "outage") moveAll(c, t.what);
      return;
  }
}

/** Deals assets facedown onto the turn track, lowest slot first. */
export function dealTurnTrack(c: Ctx, n: number): void {
  const s = c.s;
  // the track and the deck are replaced, never changed in place (state.ts)
  const track = s.turnTrack.slice();
  for (let i = 0; i < track.length && n > 0; i++) {
    if (track[i]) continue;
    const a = s.assetDeck[0];
    if (!a) break;
    s.assetDeck = s.assetDeck.slice(1);
    track[i] = a;
    n--;
  }
  s.turnTrack = track;
}

export function nextEventCategory(s: GameState): string | null {
  const top = s.eventDeck[0];
  return top ? eventDef(top).category : null;
}

/** The "event" stage. */
export function runEvent(c: Ctx): void {
  const s = c.s;
  const id = s.eventDeck[0];
  if (!id) {
    s.stage = "next-round";
    return;
  }
  const e = eventDef(id);
  // the resolved event goes under the deck (or out of the game) [R]; decks are replaced, never changed in place (state.ts)
  if (s.variant.resolvedEvents === "bottom") s.eventDeck = [...s.eventDeck.slice(1), id];
  else {
    s.eventDeck = s.eventDeck.slice(1);
    s.eventDiscard = [...s.eventDiscard, id];
  }
  // a title that ends in its own mark ("Beanstalk Owned by Mob?") takes no full stop
  log(c, "event", `Event: ${e.name}${/[.?!]$/.test(e.name) ? "" : "."}`);
  const threatAtStart = s.threat;
  eventThreat(c, e, e.threat);
  for (const kind of ["humanFirst", "orgcrime", "outage", "illness"] as const) {
    for (const d of e.place[kind]) {
      if (s.result) return;
      place(c, kind, d);
    }
  }
  if (s.result) return;
  eventResolved(c, threatAtStart);
  const turns = eventTurns(s, id);
  dealTurnTrack(c, turns);
  log(c, "event", `The next Action Phase has ${turns} turns.`);
  s.stage = "next-round";
}
