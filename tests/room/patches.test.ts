// The patches themselves: the projection writes only what changed (items kept in place, moved, reused),
// and Colyseus encodes those writes as patches. Over random games with trades, a client per seat and a
// spectator decode every patch (a full state first, as a joiner gets, one more joiner midway and a seat
// joining again every 40 commands, as after a reload), and
// after every command each holds exactly the server's state as its view allows: every public field, and
// its own seat's secret and no other. (wire.test.ts checks the encode/decode pairs on the server's state;
// this checks what the sockets carry, without sockets.)
import { Decoder, Encoder, StateView } from "@colyseus/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TableState } from "../../server/rooms/schema.ts";
import { fullStateSent } from "../../server/rooms/sockets.ts";
import { noSockets, statePublisher } from "../../server/rooms/table-state.ts";
import { playRandomGame } from "../engine/driver.ts";

/** The server's state as a client with this view should hold it: other seats' secrets removed. */
function visibleTo(state: TableState, seat: number | null): unknown {
  const json = JSON.parse(JSON.stringify(state.toJSON())) as { seats: Record<string, { secret?: unknown }> };
  for (const s of Object.values(json.seats)) if ((s as { seat?: number }).seat !== seat) delete s.secret;
  return json;
}

interface Client { seat: number | null; view?: StateView; decoder: Decoder<TableState> }

describe("patches", () => {
  it("decode, for every seat and a spectator, into the server's state as each may see it, after every command", () => {
    let commands = 0;
    // `every`: commands per patch (the room sends one per command; several in one patch must decode too,
    // as when a schema item one command let go is used again by the next).
    fc.assert(fc.property(fc.constantFrom(4, 5, 6), fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 40 }), fc.constantFrom(1, 1, 3), (players, seed, tradePercent, every) => {
      const state = new TableState();
      const publisher = statePublisher(state, noSockets());
      publisher.opened({ code: "ABCDE", seats: players, stepSeconds: 0, private: false });
      for (let n = 0; n < players; n++) publisher.seatAdded(n, `P${n}`, false);
      const encoder = new Encoder(state);
      const clients: Client[] = [];
      /** A client joining now: its full state, as Colyseus sends it. */
      const join = (seat: number | null) => {
        const view = seat === null ? undefined : new StateView();
        if (view) view.add(state.seats.get(String(seat))!);
        const decoder = new Decoder(new TableState());
        const shared = { offset: 1 };
        const buffer = new Uint8Array(Encoder.BUFFER_SIZE);
        const full = encoder.encodeAll(shared, buffer);
        const bytes = view ? encoder.encodeAllView(view, shared.offset, { ...shared }, buffer) : full;
        decoder.decode(bytes, { offset: 1 });
        fullStateSent(view); // as the room does (NewAngelesRoom.sendFullState)
        clients.push({ seat, view, decoder });
      };
      const check = () => {
        for (const c of clients) expect(JSON.parse(JSON.stringify(c.decoder.state.toJSON())), `seat ${c.seat}`).toEqual(visibleTo(state, c.seat));
      };
      for (let n = 0; n < players; n++) join(n);
      join(null);
      let moves = 0;
      playRandomGame(players as 4 | 5 | 6, seed, {
        tradeRate: tradePercent / 100,
        maxSteps: 300,
        onStep: (game) => {
          publisher.gameChanged(game, ++moves, new Array<number>(players).fill(0));
          if (moves % every !== 0) return;
          const it = { offset: 1 };
          const shared = encoder.encode(it);
          const sharedOffset = it.offset;
          for (const c of clients) {
            const bytes = c.view ? encoder.encodeView(c.view, sharedOffset, it) : shared.slice(0, sharedOffset);
            c.decoder.decode(bytes, { offset: 1 });
          }
          encoder.discardChanges();
          check();
          if (moves === 150) {
            join(null);
            check();
          }
          // A player joining again (a reload) gets a new view of its seat: its hand must stay right after.
          if (moves % 40 === 0) {
            join((moves / 40) % players);
            check();
          }
          commands += every;
        },
      });
      // The example: a hand that lost cards from its middle before its seat joined again.
    }), { numRuns: 10, seed: 31, examples: [[6, 369743, 1, 1]] });
    expect(commands).toBeGreaterThan(1500);
  }, 120_000);
});
