// `npm run bench -- --views`: the room's views and encoding alone, without sockets (see viewsOnly).
import { performance } from "node:perf_hooks";
import { round } from "./clients.ts";
import { makeRandom, randomCommand } from "../../bots/random.ts";

/**
 * The room's views and encoding alone, without sockets or a store: the same games as the bench (the
 * seat owing a decision plays a random command) are played first, then replayed through the room's
 * publisher into a table state with a Colyseus encoder and a view per seat, twenty times over. Prints the
 * time per command of the publisher's gameChanged (views and projection) and of encoding the patch for
 * every client; the fastest pass is the least disturbed by other work on the machine. Each pass also
 * times the engine's part of gameChanged alone (publicViewSince, secretsTouched and secretViewFor of the
 * seats it lists, as the publisher calls them): the rest is the projection into the schema state.
 */
const PASSES = 20;
export async function viewsOnly(tables: number, commands: number, seed: number): Promise<void> {
  const { Encoder, StateView } = await import("@colyseus/schema");
  const { engine, publicViewSince, secretsTouched, secretViewFor, viewFor } = await import("../../engine/index.ts");
  const { TableState } = await import("../../rooms/schema.ts");
  const { noSockets, statePublisher } = await import("../../rooms/table-state.ts");
  type Game = ReturnType<typeof engine.createGame>;
  const games: Game[][] = [];
  for (let i = 0; i < tables; i++) {
    const random = makeRandom(seed * 7919 + i);
    let game = engine.createGame({ players: 6, seed: seed + i });
    const states = [game];
    while (states.length <= commands && !game.result) {
      const seat = engine.waitingFor(game)[0];
      const command = seat === undefined ? null : randomCommand(engine.legal(game, seat), random);
      const r = command ? engine.apply(game, seat!, command) : null;
      if (!r?.ok) break;
      states.push((game = r.state));
    }
    games.push(states);
  }
  const count = games.reduce((n, g) => n + g.length - 1, 0);
  const passes: { views: number; encode: number; engine: number }[] = [];
  for (let pass = 0; pass < PASSES; pass++) {
    let views = 0;
    let encode = 0;
    let engineViews = 0;
    for (const states of games) {
      let last = viewFor(states[0]!, "spectator");
      for (let i = 1; i < states.length; i++) {
        const t0 = performance.now();
        last = publicViewSince(states[i - 1]!, last, states[i]!);
        for (const seat of secretsTouched(states[i - 1]!, states[i]!)) secretViewFor(states[i]!, seat);
        engineViews += performance.now() - t0;
      }
    }
    for (const states of games) {
      const state = new TableState();
      const publisher = statePublisher(state, noSockets());
      publisher.opened({ code: "BENCH", seats: 6, stepSeconds: 0, private: false });
      for (let k = 0; k < 6; k++) publisher.seatAdded(k, `Player ${k + 1}`, false);
      const encoder = new Encoder(state);
      const seatViews = [...state.seats.values()].map((seat) => { const v = new StateView(); v.add(seat); return v; });
      const moves = new Array<number>(6).fill(0);
      publisher.gameChanged(states[0]!, 0, moves);
      encoder.discardChanges();
      for (let i = 1; i < states.length; i++) {
        const t0 = performance.now();
        publisher.gameChanged(states[i]!, i, moves);
        const t1 = performance.now();
        const it = { offset: 1 };
        encoder.encode(it); // the spectator's patch
        const shared = it.offset;
        for (const v of seatViews) encoder.encodeView(v, shared, it); // each seat's
        encoder.discardChanges();
        views += t1 - t0;
        encode += performance.now() - t1;
      }
    }
    passes.push({ views: (views * 1000) / count, encode: (encode * 1000) / count, engine: (engineViews * 1000) / count });
  }
  const best = passes.reduce((a, b) => (a.views + a.encode <= b.views + b.encode ? a : b));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`views only: ${tables} games, ${count} commands, ${PASSES} passes, no sockets`);
  console.log(`  views (publisher.gameChanged), us per command: fastest pass ${best.views.toFixed(1)}, median ${median(passes.map((p) => p.views)).toFixed(1)}`);
  console.log(`    of it, the engine's views alone, us per command: fastest pass ${Math.min(...passes.map((p) => p.engine)).toFixed(1)}, median ${median(passes.map((p) => p.engine)).toFixed(1)}`);
  console.log(`  encoding the patch for 7 clients, us per command: fastest pass ${best.encode.toFixed(1)}, median ${median(passes.map((p) => p.encode)).toFixed(1)}`);
  console.log(JSON.stringify({ commands: count, viewsUs: round(best.views, 1), engineViewsUs: round(Math.min(...passes.map((p) => p.engine)), 1), encodeUs: round(best.encode, 1) }));
}
