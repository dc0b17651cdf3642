// Views share the catalog's parts (a card's view, a demand's, the round track: one frozen object each,
// view.ts) and the spectator's parts publicViewSince keeps. Every view must still be exactly what a
// fresh build gives: here each is compared with the view of a whole copy of its state (cloneState:
// every list and object new), and a state changed in place by hand after its view was made must show
// the change. Views are never changed by their readers: bot games run on deep-frozen views and legal
// lists (a write to a shared part would throw).
import { describe, expect, it } from "vitest";
import { createGame, legal, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { cloneState } from "../../server/engine/state.ts";
import { playGame } from "../../server/sim/play.ts";
import { botCommand } from "../../server/bots/index.ts";
import { randomMove, testRng } from "./driver.ts";
import { apply } from "../../server/engine/index.ts";

function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === "object" && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Every seat's view and the spectator's equal those of a whole copy of the state (built afresh). */
function expectFresh(s: GameState): void {
  const copy = cloneState(s);
  expect(viewFor(s, "spectator")).toEqual(viewFor(copy, "spectator"));
  for (let seat = 0; seat < s.players; seat++) expect(viewFor(s, seat)).toEqual(viewFor(copy, seat));
}

describe("views share only what cannot differ", () => {
  it("every view over random games with trades equals a fresh build", () => {
    let checked = 0;
    for (const [i, players] of ([4, 5, 6, 6] as const).entries()) {
      const rnd = testRng(300 + i);
      let s = createGame({ players, seed: 300 + i, variant: i % 2 ? { corpAssignment: "random", counterofferCost: "cards-in-box" } : undefined });
      for (let step = 0; step < 3000 && !s.result; step++) {
        if (step % 2 === 0) viewFor(s, s.pending?.seat ?? "spectator");
        const m = randomMove(rnd, s, 0.2);
        if (!m) break;
        const r = apply(s, m.seat, m.command);
        if (!r.ok) continue;
        s = r.state;
        if (step % 2 === 1) {
          expectFresh(s);
          checked++;
        }
      }
      expect(s.result, `game ${i} ended`).not.toBeNull();
    }
    expect(checked).toBeGreaterThan(400);
  }, 60_000);

  it("a state changed in place by hand shows the change", () => {
    const rnd = testRng(77);
    let s = createGame({ players: 5, seed: 77 });
    for (let step = 0; step < 120; step++) {
      const m = randomMove(rnd, s, 0.3);
      if (!m) break;
      const r = apply(s, m.seat, m.command);
      if (r.ok) s = r.state;
    }
    // a copy of its own (cloneState), so that no other state shares what is changed below
    s = cloneState(s);
    for (let seat = 0; seat < s.players; seat++) viewFor(s, seat);
    const p = s.seats[1]!;
    p.capital += 3;
    p.emergency[0]!.faceup = !p.emergency[0]!.faceup;
    p.assets.push({ id: "floyd-2x3a7c", exhausted: true });
    p.hand.push(s.actionDecks.labor[0]!);
    s.districts[4]!.illness = !s.districts[4]!.illness;
    s.actionDecks.labor = s.actionDecks.labor.slice(1);
    s.assetDeck.pop();
    const v = viewFor(s, 1);
    expect(v.seats[1]).toMatchObject({ capital: p.capital, handSize: p.hand.length, handLimit: 10 });
    expect(v.seats[1]!.emergency[0]!.faceup).toBe(p.emergency[0]!.faceup);
    expect(v.seats[1]!.assets.at(-1)).toMatchObject({ id: "floyd-2x3a7c", exhausted: true });
    expect(v.districts[4]!.illness).toBe(s.districts[4]!.illness);
    expect(v.decks.action.labor.deck).toBe(s.actionDecks.labor.length);
    expect(v.decks.assets).toBe(s.assetDeck.length);
    // a trade partner's capital and assets, as seat 0's legal list offers them, are the changed ones
    const propose = legal(s, 0).find((l) => l.type === "trade-propose");
    expect(propose?.type, "seat 0 may propose a trade here").toBe("trade-propose");
    expect(propose!.type === "trade-propose" && propose!.to.find((x) => x.seat === 1)).toEqual({ seat: 1, capital: p.capital, assets: p.assets.map((a) => a.id) });
    expectFresh(s);
  });

  it("bots never change a view or a legal list (deep-frozen, a write throws)", () => {
    for (const [i, players] of ([4, 6] as const).entries()) {
      const run = playGame(players, 610 + i, undefined, (view, legal, events, random) => botCommand(deepFreeze(view), deepFreeze(legal), events, random));
      expect(run.error).toBeNull();
      expect(run.ending).not.toBeNull();
    }
  }, 60_000);
});
