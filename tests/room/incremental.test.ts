// The room recomputes only what a command can have changed (secretsTouched, the projection's skipped
// parts). Over many random games (random legal moves and trades), after every command the state built
// incrementally must equal one projected from scratch: the public state, and every seat's secrets and
// legal list. This keeps secrets and correctness safe whatever the incremental rules skip.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { publicViewSince, secretsTouched, secretViewFor, viewFor, type GameState as Game, type GameView } from "../../server/engine/index.ts";
import type { Publisher } from "../../server/table/publisher.ts";
import { TableState } from "../../server/rooms/schema.ts";
import { statePublisher } from "../../server/rooms/table-state.ts";
import { publicTouched } from "../../server/engine/touched.ts";
import { playRandomGame } from "../engine/driver.ts";

/** A publisher into a fresh table state, with no sockets behind it. */
function tableWith(seats: number): { state: TableState; publisher: Publisher } {
  const state = new TableState();
  const nothing = () => {};
  const publisher = statePublisher(state, {
    toSeat: nothing, broadcast: nothing, toSpectators: nothing, setPrivate: nothing,
    batch: (fn) => fn(), flush: nothing, listingChanged: nothing, close: nothing,
  });
  publisher.opened({ code: "ABCDE", seats, stepSeconds: 0, private: false });
  for (let n = 0; n < seats; n++) publisher.seatAdded(n, `P${n}`, false);
  return { state, publisher };
}

/** How often a random seat tries a trade instead of the decision the game waits for. */
const tradeRate = fc.integer({ min: 0, max: 40 }).map((percent) => percent / 100);

/** Everything the table state holds (secrets included), as plain JSON. */
const plain = (state: TableState): unknown => JSON.parse(JSON.stringify(state.toJSON()));

/** The table state a publisher writes for this game when it has never projected one before. */
function fromScratch(game: Game, publicMoves: number, privateMoves: number[]): unknown {
  const { state, publisher } = tableWith(game.players);
  publisher.gameChanged(game, publicMoves, privateMoves);
  return plain(state);
}

describe("incremental views", () => {
  it("a deal that only gains a field (an asset's mark) is touched; an equal copy of it is not", () => {
    let inDeal: Game | null = null;
    playRandomGame(4, 7, { maxSteps: 300, onStep: (s) => { if (!inDeal && s.deal?.main) inDeal = s; } });
    const before = inDeal as Game | null;
    if (!before?.deal) throw new Error("no offer made in 300 steps");
    expect(publicTouched(before, { ...before, deal: { ...before.deal, tied: true } }).deal).toBe(true);
    expect(publicTouched(before, { ...before, deal: { ...before.deal, noTrade: [1] } }).deal).toBe(true);
    expect(publicTouched(before, { ...before, deal: structuredClone(before.deal) }).deal).toBe(false);
  });

  it("a seat secretsTouched leaves out has the same secret view (hand, rival, investment, trades, legal), and publicViewSince equals viewFor", () => {
    let checked = 0;
    let skipped = 0;
    let trades = 0;
    fc.assert(fc.property(fc.constantFrom(4, 5, 6), fc.integer({ min: 1, max: 1_000_000 }), tradeRate, (players, seed, tradeRate) => {
      let before: Game | null = null;
      let last: GameView | null = null;
      playRandomGame(players as 4 | 5 | 6, seed, {
        tradeRate,
        maxSteps: 600,
        onStep: (after) => {
          if (before) {
            if (after.trades.length > 0) trades++;
            const touched = secretsTouched(before, after);
            for (let seat = 0; seat < players; seat++) {
              if (touched.includes(seat)) continue;
              skipped++;
              expect(secretViewFor(after, seat), `seat ${seat} was left out but its view changed`).toEqual(secretViewFor(before, seat));
            }
            // The spectator's view, its untouched parts reused from the last one, equals one built whole.
            last = publicViewSince(before, last!, after);
            expect(last).toEqual(viewFor(after, "spectator"));
            checked++;
          } else {
            last = viewFor(after, "spectator");
          }
          before = after;
        },
      });
    }), { numRuns: 25, seed: 19 });
    expect(checked).toBeGreaterThan(2000);
    expect(skipped).toBeGreaterThan(checked); // it does skip: on average more than one seat a command
    expect(trades).toBeGreaterThan(200);
  }, 120_000);

  it("after every command the incremental table state equals one projected from scratch, every seat's secrets included", () => {
    let commands = 0;
    let trades = 0;
    fc.assert(fc.property(fc.constantFrom(4, 5, 6), fc.integer({ min: 1, max: 1_000_000 }), tradeRate, (players, seed, tradeRate) => {
      const { state, publisher } = tableWith(players);
      const privateMoves = new Array<number>(players).fill(0);
      let moves = 0;
      playRandomGame(players as 4 | 5 | 6, seed, {
        tradeRate,
        maxSteps: 400,
        onStep: (game) => {
          moves++;
          if (game.trades.length > 0) trades++;
          publisher.gameChanged(game, moves, privateMoves);
          expect(plain(state)).toEqual(fromScratch(game, moves, privateMoves));
          commands++;
        },
      });
    }), { numRuns: 15, seed: 23 });
    expect(commands).toBeGreaterThan(1500);
    expect(trades).toBeGreaterThan(200);
  }, 120_000);

  it("a table that goes on to another game shows that game whole, even where both look alike", () => {
    // A state with an open trade, and one of another game alike in all but that trade's terms (trade ids
    // count within a game, so the same id may be another trade).
    let first: Game | null = null;
    playRandomGame(4, 71, { tradeRate: 0.4, maxSteps: 300, onStep: (s) => { if (!first && s.trades.length > 0 && !s.result) first = s; } });
    expect(first).not.toBeNull();
    const second: Game = { ...structuredClone(first!), variant: first!.variant, seed: 72 };
    second.trades[0]!.give.capital += 1;
    const { state, publisher } = tableWith(4);
    publisher.gameChanged(first!, 1, [0, 0, 0, 0]);
    publisher.gameChanged(second, 1, [0, 0, 0, 0]);
    expect(plain(state)).toEqual(fromScratch(second, 1, [0, 0, 0, 0]));
  });
});
