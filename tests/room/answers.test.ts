// Every command a player sends is answered: by a patch when it is accepted, by an `error` when it is
// refused. Clients (the load test, the bench, the fuzzer's honest players) wait for that answer, so a
// command whose result looks exactly like the state before (passing on the first of two identical
// asset windows in a row) must still produce a patch: the state's `moves` counter sees to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { bootServer, createTable, join, until } from "./helpers.ts";
import { apply, createGame, legal, secretViewFor, viewFor, type GameState } from "../../server/engine/index.ts";
import { makeRandom, randomCommand, type Random } from "../../server/bots/random.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

const PLAYERS = 4;
const MAX_STEPS = 600;

/** Everything any client can see of a game: the public view and every seat's own part. */
function everyView(s: GameState): string {
  return JSON.stringify([viewFor(s, "spectator"), ...Array.from({ length: s.players }, (_, seat) => secretViewFor(s, seat))]);
}

/** The next move of the test's random players: the pending seat's, else the first seat with something legal. */
function nextMove(s: GameState, random: Random) {
  for (const seat of [s.pending?.seat ?? 0, ...Array.from({ length: s.players }, (_, n) => n)]) {
    const command = randomCommand(legal(s, seat), random);
    if (command) return { seat, command };
  }
  return null;
}

/** A seed whose game, played by nextMove(), reaches an accepted command that changes no view at all. */
function seedWithAQuietCommand(): number {
  for (let seed = 1; seed <= 200; seed++) {
    const random = makeRandom(seed);
    let s = createGame({ players: PLAYERS, seed });
    for (let step = 0; step < MAX_STEPS && !s.result; step++) {
      const move = nextMove(s, random);
      if (!move) break;
      const r = apply(s, move.seat, move.command);
      if (!r.ok) continue;
      if (everyView(r.state) === everyView(s)) return seed;
      s = r.state;
    }
  }
  throw new Error("no seed from 1 to 200 reaches a command that changes no view: pick another situation for this test");
}

describe("answers", () => {
  it("a command whose result looks like the state before is still answered by a patch, with moves counting it", async () => {
    const seed = seedWithAQuietCommand();
    const { code, roomId, room } = await createTable({ seats: PLAYERS, seed });
    const clients = [];
    for (let n = 0; n < PLAYERS; n++) clients.push(await join(colyseus, roomId, { code, name: `P${n}` }));
    // the test's players answer every decision themselves: no answers in advance
    for (const c of clients) c.send("answers", { abilities: "ask", forced: false, timedPass: false });
    const answers = clients.map((c) => {
      const seen = { patches: 0, errors: 0 };
      c.onStateChange(() => { seen.patches++; });
      c.onMessage("error", () => { seen.errors++; });
      return seen;
    });
    const game = () => (room as unknown as { game: GameState | null }).game;
    await until(() => game() !== null);

    const random = makeRandom(seed);
    let quiet = 0;
    for (let step = 0; step < MAX_STEPS && !game()!.result && quiet === 0; step++) {
      const before = game()!;
      const move = nextMove(before, random)!;
      const accepted = apply(before, move.seat, move.command);
      const looksTheSame = accepted.ok && everyView(accepted.state) === everyView(before);
      const seen = answers[move.seat]!;
      const was = { ...seen };
      clients[move.seat]!.send("command", move.command);
      await until(() => seen.patches > was.patches || seen.errors > was.errors, 3000, `an answer to step ${step} (${JSON.stringify(move.command)})`);
      if (accepted.ok) expect(seen.patches).toBeGreaterThan(was.patches);
      if (looksTheSame) quiet++;
    }
    expect(quiet).toBe(1); // the situation this test is about did happen
    const commands = room.commandCount();
    for (const c of clients) expect((c.state as any).game.moves).toBe(commands);
    for (const c of clients) await c.leave();
  }, 60_000);
});
