// Which decisions may be taken back (engine/take-back.ts): those that revealed nothing hidden.
import { describe, expect, it } from "vitest";
import { apply, createGame, waitingFor, whyFinal } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import type { Command } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { randomMove, testRng } from "./driver.ts";

interface Step { before: GameState; after: GameState; seat: number; command: Command; events: GameEvent[] }

function steps(seed: number): Step[] {
  const rnd = testRng(seed);
  let s = createGame({ players: 4, seed });
  const out: Step[] = [];
  for (let n = 0; n < 3000 && waitingFor(s).length > 0; n++) {
    const m = randomMove(rnd, s)!;
    const r = apply(s, m.seat, m.command);
    if (!r.ok) continue;
    out.push({ before: s, after: r.state, seat: m.seat, command: m.command, events: r.events });
    s = r.state;
  }
  return out;
}

describe("whyFinal: a decision that revealed nothing may be taken back", () => {
  const all = [1, 2, 3].flatMap(steps);

  it("a support that leaves others to decide reveals nothing; the one that brings Resolution reveals the cards", () => {
    const quiet = all.filter((x) => x.command.type === "support" && x.after.stage === x.before.stage && x.after.pending?.kind === "support");
    expect(quiet.length).toBeGreaterThan(0);
    for (const x of quiet) expect(whyFinal(x.before, x.after, x.seat, x.events)).toBeNull();
    // an answer that plays the deal to its end discards the facedown support cards: they are seen
    const last = all.filter((x) => (x.command.type === "support" || x.command.type === "abstain") && x.before.deal!.supports.some((s) => s.cards.length > 0)
      && JSON.stringify(x.after.actionDiscards) !== JSON.stringify(x.before.actionDiscards));
    expect(last.length).toBeGreaterThan(0);
    for (const x of last) expect(whyFinal(x.before, x.after, x.seat, x.events)).not.toBeNull();
  });

  it("drawing, chance and private lines are final; a decision with none of them is not", () => {
    const revealing = all.filter((x) => x.events.some((e) => e.to) || JSON.stringify(x.before.rng) !== JSON.stringify(x.after.rng) || x.after.result);
    expect(revealing.length).toBeGreaterThan(0);
    for (const x of revealing) expect(whyFinal(x.before, x.after, x.seat, x.events)).not.toBeNull();
    const draws = all.filter((x) => x.before.pending?.kind === "general-draw" && x.after.draw === null);
    expect(draws.length).toBeGreaterThan(0);
    for (const x of draws) expect(whyFinal(x.before, x.after, x.seat, x.events)).not.toBeNull();
    // and a main offer that opened the counteroffers, with nothing else, is not
    const offers = all.filter((x) => x.command.type === "offer" && x.after.pending?.kind === "counteroffer" && x.events.every((e) => !e.to));
    expect(offers.length).toBeGreaterThan(0);
    for (const x of offers) expect(whyFinal(x.before, x.after, x.seat, x.events)).toBeNull();
  });
});
