// checkInvariants(): [] when every invariant holds. Run after every step in the property tests.
import { countOnBoard, pool } from "./city.ts";
import { ACTION_INSTANCES, catalog } from "./data.ts";
import type { GameState } from "./state.ts";
import { ANDROIDS, DISTRICT_FLAGS, THREAT_MAX } from "./state.ts";

/** What the board draws from a limited pool: every flag but the androids (always 3), and outages. */
const POOLED = [...DISTRICT_FLAGS.filter((f) => f !== "android"), "outage"] as const;

export function checkInvariants(s: GameState): string[] {
  const bad: string[] = [];
  // the 100 action cards are each somewhere exactly once
  const seen = new Map<string, number>();
  const see = (ids: string[]) => {
    for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1);
  };
  for (const t of Object.keys(s.actionDecks) as (keyof typeof s.actionDecks)[]) {
    see(s.actionDecks[t]);
    see(s.actionDiscards[t]);
  }
  for (const p of s.seats) see(p.hand);
  if (s.deal) {
    for (const o of [s.deal.main, ...s.deal.counters]) if (o && !o.emergency) see([o.card]);
    for (const x of s.deal.supports) see(x.cards);
  }
  for (const { id } of ACTION_INSTANCES) {
    const n = seen.get(id) ?? 0;
    if (n !== 1) bad.push(`action card ${id} is in ${n} places`);
  }
  for (const id of seen.keys()) if (!ACTION_INSTANCES.some((x) => x.id === id)) bad.push(`unknown action card ${id}`);

  // every emergency action is held by someone or in the deal, once
  const em = new Map<string, number>();
  for (const p of s.seats) for (const e of p.emergency) em.set(e.id, (em.get(e.id) ?? 0) + 1);
  if (s.deal) for (const o of [s.deal.main, ...s.deal.counters]) if (o?.emergency) em.set(o.card, (em.get(o.card) ?? 0) + 1);
  for (const [id, n] of em) if (n !== 1) bad.push(`emergency action ${id} is in ${n} places`);
  if ([...em.values()].reduce((a, b) => a + b, 0) !== s.players) bad.push("an emergency action is missing");

  // units and tokens within their pools; exactly 3 androids
  for (const kind of POOLED) {
    if (countOnBoard(s, kind) > pool(s, kind)) bad.push(`more ${kind} on the board than exist`);
  }
  if (countOnBoard(s, "android") !== ANDROIDS) bad.push(`there are ${countOnBoard(s, "android")} androids, not ${ANDROIDS}`);
  for (const d of s.districts) {
    if (!["none", "protest", "strike", "outage"].includes(d.condition)) bad.push(`district ${d.id} has condition ${d.condition}`);
  }

  if (s.threat < 0 || s.threat > THREAT_MAX || !Number.isInteger(s.threat)) bad.push(`threat ${s.threat} is outside 0..25`);
  for (const p of s.seats) {
    if (p.capital < 0 || !Number.isInteger(p.capital)) bad.push(`${p.corp} has capital ${p.capital}`);
  }
  for (const [r, v] of Object.entries(s.supply)) {
    if (v < 0 || v > s.variant.supplyMax) bad.push(`${r} supply ${v} is outside 0..${s.variant.supplyMax}`);
  }

  // every asset is exactly once: asset deck, turn track, revealed box, one play area, or the asset discard
  const places = new Map<string, string[]>();
  const at = (id: string, where: string) => places.set(id, [...(places.get(id) ?? []), where]);
  for (const id of s.assetDeck) at(id, "asset deck");
  for (const id of s.assetDiscard) at(id, "asset discard");
  s.turnTrack.forEach((id, i) => id && at(id, `turn track slot ${i + 1}`));
  if (s.deal?.asset) at(s.deal.asset, "revealed box");
  for (const p of s.seats) {
    for (const a of p.assets) {
      at(a.id, `seat ${p.seat}'s play area`);
      if (typeof a.exhausted !== "boolean") bad.push(`asset ${a.id} is neither ready nor exhausted`);
    }
  }
  for (const a of catalog.assets) {
    const where = places.get(a.id) ?? [];
    if (where.length !== 1) bad.push(`asset ${a.id} is in ${where.length} places${where.length ? ": " + where.join(", ") : ""}`);
  }
  for (const id of places.keys()) if (!catalog.assets.some((a) => a.id === id)) bad.push(`unknown asset ${id}`);
  // an asset ability or card being resolved always runs in the effect stage
  if (s.effects.length > 0 && s.stage !== "effect" && !s.result) bad.push(`${s.effects.length} effects wait outside the effect stage (${s.stage})`);

  const events = s.eventDeck.length + s.eventDiscard.length;
  if (events !== catalog.events.length) bad.push(`events: ${events} of ${catalog.events.length}`);
  if (s.pending && (s.pending.seat < 0 || s.pending.seat >= s.players)) bad.push("a decision is owed by no seat");
  if (!s.pending && !s.result) bad.push("nobody owes a decision but the game is not over");
  return bad;
}
