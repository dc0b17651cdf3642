// What a seat is told the bot chose for it: plain words for every command a game can hold.
import { describe, expect, it } from "vitest";
import { apply, createGame, viewFor, waitingFor } from "../../server/engine/index.ts";
import { describeCommand } from "../../server/table/bot-turn.ts";
import { randomMove, testRng } from "../engine/driver.ts";

describe("describeCommand", () => {
  it("words every accepted command of whole games, without a gap", () => {
    const seen = new Set<string>();
    for (const seed of [1, 7, 12]) {
      const rnd = testRng(seed);
      let s = createGame({ players: 5, seed });
      for (let step = 0; step < 20_000 && waitingFor(s).length > 0; step++) {
        const m = randomMove(rnd, s, 0.05)!;
        const view = viewFor(s, m.seat);
        const r = apply(s, m.seat, m.command);
        if (!r.ok) continue;
        const text = describeCommand(view, m.seat, m.command);
        expect(text.length).toBeGreaterThan(3);
        seen.add(m.command.type);
        s = r.state;
      }
    }
    for (const type of ["offer", "counteroffer", "pass", "support", "abstain", "choose", "investment"]) expect(seen, type).toContain(type);
  });
});
