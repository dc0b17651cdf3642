// Property tests: random legal and random illegal commands over whole games. After every step the
// invariants hold, legal() and apply() agree in both directions, rejected commands change nothing,
// and no view leaks another seat's secrets or any deck order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Command } from "../../shared/protocol.ts";
import { ACTION_INSTANCES, catalog } from "../../server/engine/data.ts";
import { apply, checkInvariants, createGame, legal, viewFor, waitingFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { isListed } from "../../server/engine/legal.ts";
import { concretize, randomMove, testRng } from "./driver.ts";

const ALL_CARD_IDS = ACTION_INSTANCES.map((x) => x.id);
const SOME_STRINGS = [...ALL_CARD_IDS.slice(0, 5), "a99", "a100", "x", "done", "main", "t1", "t2", "media", ...catalog.assets.slice(0, 3).map((a) => a.id), ...catalog.investments.slice(0, 3).map((i) => i.id), ...catalog.emergencyActions.map((e) => e.id)];

/** A random command that is often close to legal: a legal one with one field changed, or noise. */
function mutant(rnd: () => number, s: GameState, seat: number): Command {
  const pick = <T,>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const hand = s.seats[seat]!.hand;
  const anyCard = () => (rnd() < 0.5 && hand.length ? pick(hand) : pick(ALL_CARD_IDS));
  const base = legal(s, seat);
  const from = base.length && rnd() < 0.6 ? concretize(rnd, pick(base)) : null;
  if (from && rnd() < 0.5) {
    const c = JSON.parse(JSON.stringify(from)) as Record<string, unknown>;
    const keys = Object.keys(c).filter((k) => k !== "type");
    const k = keys.length ? pick(keys) : "extra";
    const v = c[k];
    if (Array.isArray(v)) c[k] = rnd() < 0.5 ? [...v, anyCard()] : v.slice(1);
    else if (typeof v === "number") c[k] = v + (rnd() < 0.5 ? 1 : -1);
    else if (typeof v === "string") c[k] = pick(SOME_STRINGS);
    else if (v === true) c[k] = pick(SOME_STRINGS);
    else c[k] = anyCard();
    return c as Command;
  }
  const types = ["offer", "counteroffer", "pass", "support", "abstain", "choose", "discard", "investment", "trade-propose", "trade-accept", "trade-decline", "trade-cancel"];
  const t = pick(types);
  switch (t) {
    case "offer":
      return rnd() < 0.5 ? { type: "offer", card: anyCard() } : { type: "offer", emergency: rnd() < 0.5 ? true : pick(SOME_STRINGS) };
    case "counteroffer":
      return { type: "counteroffer", card: anyCard(), discard: rnd() < 0.5 ? [] : [anyCard()] };
    case "support":
      return { type: "support", offer: rnd() < 0.5 ? "main" : "counter", cards: rnd() < 0.2 ? [] : [anyCard(), ...(rnd() < 0.3 ? [anyCard()] : [])] };
    case "choose":
      return { type: "choose", option: rnd() < 0.5 ? Math.floor(rnd() * 12) - 1 : pick(SOME_STRINGS) };
    case "discard":
      return { type: "discard", cards: [anyCard()] };
    case "investment":
      return { type: "investment", keep: pick(SOME_STRINGS) };
    case "trade-propose":
      return { type: "trade-propose", to: Math.floor(rnd() * 6), give: { capital: Math.floor(rnd() * 40), assets: rnd() < 0.3 ? [pick(SOME_STRINGS)] : [] }, ...(rnd() < 0.3 ? { support: "main" as const, supportCards: [anyCard()] } : {}) };
    case "trade-accept":
    case "trade-decline":
    case "trade-cancel":
      return { type: t, id: pick(["t1", "t2", "t3", ...s.trades.map((x) => x.id)]) };
    default:
      return { type: t as "pass" };
  }
}

/** Every string value in a JSON value. */
function strings(x: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof x === "string") out.add(x);
  else if (Array.isArray(x)) for (const v of x) strings(v, out);
  else if (x && typeof x === "object") for (const [k, v] of Object.entries(x)) strings(v, out.add(`key:${k}`));
  return out;
}

/** Secrets a viewer must not see; returns the leaks found. */
export function leaks(s: GameState, who: number | "spectator"): string[] {
  const v = viewFor(s, who);
  const own = typeof who === "number" ? who : -1;
  const found: string[] = [];
  // the threat forecast names every event the public card back allows (checked below), never the one on top
  const { forecast, ...rest } = v;
  const seen = strings(rest);
  const category = catalog.events.find((e) => e.id === s.eventDeck[0])?.category;
  const allowed = catalog.events.filter((e) => e.category === category && !s.eventDiscard.includes(e.id)).map((e) => e.id).sort();
  const named = (forecast.event?.candidates ?? []).map((c) => c.id).sort();
  if (JSON.stringify(named) !== JSON.stringify(forecast.event ? allowed : [])) found.push(`forecast events ${named.join(",")} are not those of the card back`);
  for (const p of s.seats) {
    if (p.seat === own) continue;
    for (const id of p.hand) if (seen.has(id)) found.push(`hand card ${id} of seat ${p.seat}`);
  }
  // deck orders and facedown cards: action decks, assets on the turn track and in the deck, investments
  for (const pile of Object.values(s.actionDecks)) for (const id of pile) if (seen.has(id)) found.push(`deck card ${id}`);
  for (const id of [...s.assetDeck, ...s.turnTrack.filter((x): x is string => !!x)]) if (seen.has(id)) found.push(`facedown asset ${id}`);
  const ownInvestments = new Set<string>();
  if (own >= 0) {
    const mine = s.seats[own]!.investment;
    if (mine) ownInvestments.add(mine);
    if (s.pending?.kind === "investment" && s.pending.seat === own) s.pending.cards.forEach((x) => ownInvestments.add(x));
  }
  for (const inv of catalog.investments) if (seen.has(inv.id) && !ownInvestments.has(inv.id)) found.push(`investment ${inv.id}`);
  // events: only the one looking with Unorthodox Knowledge may see event ids (outside the forecast)
  const looking = s.pending?.kind === "effect" && s.pending.seat === own && s.effects.at(-1)?.source === "unorthodox-knowledge";
  if (!looking) for (const e of catalog.events) if (seen.has(e.id)) found.push(`event ${e.id}`);
  // rivals: only your own, until the game is over
  if (!s.result) {
    const copy = JSON.parse(JSON.stringify(v));
    delete copy.you;
    if (strings(copy).has("key:rival")) found.push("a rival field outside `you`");
  }
  // support cards stay facedown
  for (const x of s.deal?.supports ?? []) if (x.seat !== own) for (const id of x.cards) if (seen.has(id)) found.push(`support card ${id}`);
  return found;
}

function checkStep(s: GameState): void {
  expect(checkInvariants(s)).toEqual([]);
  for (let seat = 0; seat < s.players; seat++) expect(leaks(s, seat)).toEqual([]);
  expect(leaks(s, "spectator")).toEqual([]);
}

describe("property: random legal and illegal commands", () => {
  it("invariants, legal/apply agreement, rejected commands change nothing, no leaks", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(4 as const, 5 as const, 6 as const), (seed, players) => {
        const rnd = testRng(seed);
        let s = createGame({ players, seed });
        checkStep(s);
        for (let step = 0; step < 400 && !s.result; step++) {
          // a random (often illegal) command from a random seat
          const seat = Math.floor(rnd() * players);
          const cmd = mutant(rnd, s, seat);
          const listed = isListed(legal(s, seat), cmd);
          const before = JSON.stringify(s);
          const r = apply(s, seat, cmd);
          expect(JSON.stringify(s)).toBe(before); // apply never mutates its input
          if (!r.ok) {
            expect(listed, `legal() lists ${JSON.stringify(cmd)} but apply rejects it: ${r.message}`).toBe(false);
            expect(r.message.length).toBeGreaterThan(10);
          } else {
            expect(listed, `apply accepts ${JSON.stringify(cmd)} from seat ${seat}, which legal() does not list`).toBe(true);
            s = r.state;
            checkStep(s);
          }
          // then a random legal move, which must be accepted
          const m = randomMove(rnd, s, 0.15);
          if (!m) break;
          expect(isListed(legal(s, m.seat), m.command)).toBe(true);
          const r2 = apply(s, m.seat, m.command);
          if (!r2.ok) throw new Error(`legal move rejected: ${JSON.stringify(m)}: ${r2.message}`);
          s = r2.state;
          checkStep(s);
          expect(waitingFor(s).length).toBe(s.result ? 0 : 1);
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
