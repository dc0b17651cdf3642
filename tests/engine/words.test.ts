// What players read: the state's turn count agrees with the log's, prompts name their card once, and
// status lines use no internal words. Checked over whole games with random legal moves.
import { describe, expect, it } from "vitest";
import { apply, createGame, legal, viewFor, waitingFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { titledPrompt } from "../../server/engine/effects.ts";
import { randomMove, testRng } from "./driver.ts";

const OUTSIDE_ACTION = /^(setup-|production$|event$|next-round$|demand-|finished$)/;

function play(players: 4 | 5 | 6, seed: number, each: (s: GameState, log: string[]) => void): void {
  const rnd = testRng(seed);
  let s = createGame({ players, seed });
  const log: string[] = [];
  for (let step = 0; step < 20_000 && waitingFor(s).length > 0; step++) {
    const m = randomMove(rnd, s, 0.03)!;
    const r = apply(s, m.seat, m.command);
    if (!r.ok) continue;
    s = r.state;
    for (const e of r.events) if (!e.to) log.push(e.text);
    each(s, log);
  }
}

describe("Words players read", () => {
  it("the state counts the turns left as the log does, all through the Action Phase", () => {
    let checked = 0;
    for (const seed of [3, 11]) {
      play(4, seed, (s, log) => {
        if (OUTSIDE_ACTION.test(s.stage) || (s.stage === "effect" && !s.deal && s.effectsThen && OUTSIDE_ACTION.test(s.effectsThen))) return;
        const said = [...log].reverse().map((l) => /'s turn begins \((\d+) turns? left this round\)\.$/.exec(l)).find((m) => m);
        if (!said) return;
        expect(viewFor(s, "spectator").turnsLeft, `stage ${s.stage}`).toBe(Number(said[1]));
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("no prompt names its card twice and no status line says 'a card'", () => {
    const prompts = new Set<string>();
    const statuses = new Set<string>();
    for (const seed of [1, 2, 5, 8]) {
      play(5, seed, (s) => {
        const pending = viewFor(s, "spectator").pending;
        if (pending) statuses.add(pending.text);
        for (const seat of waitingFor(s)) for (const l of legal(s, seat)) if (l.type === "choose") prompts.add(l.prompt);
      });
    }
    expect(prompts.size).toBeGreaterThan(3);
    for (const p of prompts) {
      const [name, rest] = [p.slice(0, p.indexOf(": ")), p.slice(p.indexOf(": ") + 2)];
      expect(rest.startsWith(`${name}:`) || rest.includes(`${name}: `), p).toBe(false);
    }
    for (const t of statuses) expect(t, t).not.toMatch(/making a choice|for a card/);
    expect([...statuses].some((t) => / is choosing (how .+ resolves|what .+ does)\.$/.test(t))).toBe(true);
  });

  it("a prompt that opens with the card's short name gets the full title once", () => {
    expect(titledPrompt("Eiko Jahn", "Eiko: support the main offer with 1 card, or lose 1 capital")).toBe("Eiko Jahn: support the main offer with 1 card, or lose 1 capital");
    expect(titledPrompt("Chief Gorman", "Chief Gorman: pay NBN 2 capital")).toBe("Chief Gorman: pay NBN 2 capital");
    expect(titledPrompt("Rolling Brownout", "Choose a district")).toBe("Rolling Brownout: Choose a district");
  });
});
