// The compact fields of the table state (the deal and decks as fields, trade-propose partners as seat
// numbers) must read back, through the one table reader (shared/wire), into exactly the engine's view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { autoplay, bootServer, createTable, join, stateOf, tableOf, until } from "./helpers.ts";
import { legal, viewFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

describe("compact state fields", () => {
  it("read back into the engine's deal, decks, reserve, seats, districts, hands and legal commands, for every seat, after every command", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 31 });
    const clients: Awaited<ReturnType<typeof join>>[] = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan"]) clients.push(await join(colyseus, roomId, { code, name }));
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const game = () => (room as any).game;
    const compare = () => {
      const g = game();
      const publicView = viewFor(g, "spectator");
      const spectator = tableOf(watcher);
      expect(spectator.game!.deal).toEqual(publicView.deal);
      expect(spectator.game!.decks).toEqual(publicView.decks);
      expect(spectator.game!.reserve).toEqual(publicView.reserve);
      clients.forEach((c, seat) => expect(tableOf(c).legal).toEqual(legal(g, seat)));
      // The plain fields too (the projection skips parts whose view did not change, and moves single cards).
      const seats = spectator.seats;
      expect(seats.map((x) => ({ seat: x.seat, corp: x.corp, capital: x.capital, handSize: x.handSize, hasInvestment: x.hasInvestment, emergency: x.emergency, assets: x.assets })))
        .toEqual(publicView.seats.map((x) => ({ seat: x.seat, corp: x.corp, capital: x.capital, handSize: x.handSize, hasInvestment: x.hasInvestment, emergency: x.emergency, assets: x.assets })));
      expect(spectator.game!.districts).toEqual(publicView.districts.map((d) => ({
        id: d.id, condition: d.condition, illness: d.illness, development: d.development, android: d.android, humanFirst: d.humanFirst, orgcrime: d.orgcrime, prisec: d.prisec,
      })));
      clients.forEach((c, seat) => expect(tableOf(c).secret!.hand).toEqual(viewFor(g, seat).you!.hand));
    };
    const matches = () => { try { compare(); return true; } catch { return false; } };

    const random = makeRandom(5);
    let deals = 0;
    let trades = 0;
    await until(() => game() !== null);
    for (let step = 0; step < 80 && !game().result; step++) {
      await until(matches, 5000, `the clients to decode step ${step}`).catch(() => compare()); // compare() shows the difference
      if (viewFor(game(), "spectator").deal) deals++;
      if (legal(game(), 0).some((l) => l.type === "trade-propose")) trades++;
      const seat = [0, 1, 2, 3].find((n) => randomCommand(legal(game(), n), random) !== null)!;
      const before = room.commandCount();
      clients[seat]!.send("command", randomCommand(legal(game(), seat), random));
      await until(() => room.commandCount() > before, 5000, `command ${step} to be applied`);
    }
    await until(matches, 5000, "the clients to decode the last step").catch(() => compare());
    expect(deals).toBeGreaterThan(10);
    expect(trades).toBeGreaterThan(10);
    for (const c of [...clients, watcher]) await c.leave();
  }, 90_000);

  it("send the game log as messages: a late joiner gets the history, then each new line once", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 8, botDelayMs: 0 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const player = autoplay(alice, 3);
    await until(() => room.commandCount() > 30, 20_000, "some play");
    const late = await join(colyseus, roomId, { code, spectator: true });
    const gameLog = () => (room as any).gameLog as string[];
    // The log is in no one's state: a late spectator's full state holds none of it, the history message does.
    expect((late.state as any).toJSON().log).toBeUndefined();
    await until(() => stateOf(late).log.length > 0, 5000, "the history");
    const seenAt = stateOf(late).log.length;
    await until(() => gameLog().length > seenAt + 20 || stateOf(late).status === "finished", 20_000, "more lines");
    await until(() => stateOf(late).log.length === Math.min(200, gameLog().length), 5000, "the new lines");
    expect(stateOf(late).log).toEqual(gameLog());
    expect(stateOf(alice).log).toEqual(gameLog());
    player.stop();
    await alice.leave();
    await late.leave();
  }, 60_000);
});
