// Private commands stay private: a trade proposed, withdrawn or declined between two seats changes nothing
// public, so a spectator and a third seat receive not one byte for it (no `moves` bump, no deadline moved,
// no log line), while its sender still gets an answer (a patch of its own secret). A trade carried out is
// public: its capital shows. Trade ids count within their pair of seats, never table-wide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { legalOf } from "../../shared/wire/index.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());

const secretOf = (client: SDKRoom, seat: number) => stateOf(client).seats[String(seat)]?.secret;
const tradesOf = (client: SDKRoom, seat: number) => (tableOf(client).mySeat === seat ? tableOf(client).trades : []);
const capital = (client: SDKRoom, seat: number): number => stateOf(client).seats[String(seat)].capital;

/**
 * Alice (0), Bob (1) and Carol (2), a bot that waits a minute before it acts (seat 3) and a spectator: a
 * table where nothing moves unless a test makes it.
 */
async function stillTable() {
  const { code, roomId, room } = await createTable({ seats: 4, bots: 1, botDelayMs: 60_000 });
  const alice = await join(colyseus, roomId, { code, name: "Alice" });
  const bob = await join(colyseus, roomId, { code, name: "Bob" });
  const carol = await join(colyseus, roomId, { code, name: "Carol" });
  const watcher = await join(colyseus, roomId, { code, spectator: true });
  const all = [alice, bob, carol, watcher];
  await until(() => all.every((c) => stateOf(c).status === "playing"), 5000, "the start");
  await until(() => !!legalOf(tableOf(alice), "trade-propose") && !!legalOf(tableOf(carol), "trade-propose"), 5000, "trades allowed");
  await new Promise((r) => setTimeout(r, 200)); // the start's last frames
  return { room, alice, bob, carol, watcher, all };
}

/** Sends a command and waits for its answer: a patch (or refusal) to its sender. */
async function send(client: SDKRoom, command: unknown): Promise<void> {
  let answered = false;
  const onPatch = () => { answered = true; };
  client.onStateChange(onPatch);
  const off = client.onMessage("error", (e: { message: string }) => { throw new Error(`refused: ${e.message}`); });
  client.send("command", command);
  try {
    await until(() => answered, 5000, `an answer to ${JSON.stringify(command)}`);
  } finally {
    client.onStateChange.remove(onPatch);
    off();
  }
}

const propose = (to: number, capital = 1) => ({ type: "trade-propose", to, give: { capital, assets: [] }, get: { capital: 0, assets: [] } });

describe("private commands", () => {
  it("send a spectator and a third seat no bytes while two seats propose, withdraw and decline trades; a trade carried out shows", async () => {
    const { room, alice, bob, carol, watcher, all } = await stillTable();
    const wire = recordWire(() => room as NewAngelesRoom);
    try {
      const moves = stateOf(watcher).game.moves;
      const before = { alice: capital(watcher, 0), bob: capital(watcher, 1) };

      await send(alice, propose(1));
      await until(() => tradesOf(bob, 1).length === 1, 5000, "Bob sees the proposal");
      await send(alice, { type: "trade-cancel", id: tradesOf(alice, 0)[0]!.id });
      await until(() => tradesOf(bob, 1).length === 0, 5000, "the withdrawal");
      await send(alice, propose(1));
      await until(() => tradesOf(bob, 1).length === 1, 5000, "the second proposal");
      await send(bob, { type: "trade-decline", id: tradesOf(bob, 1)[0]!.id });
      await until(() => tradesOf(alice, 0).length === 0, 5000, "the decline");
      await send(bob, propose(0, 2));
      await until(() => tradesOf(alice, 0).length === 1, 5000, "Bob's proposal");
      await new Promise((r) => setTimeout(r, 200));

      // Every private command was answered to its sender (send() waited for that), and to nobody else.
      const bytesTo = (c: SDKRoom) => wire.messages.filter((m) => m.sessionId === c.sessionId).reduce((n, m) => n + m.bytes.length, 0);
      expect(bytesTo(carol), "bytes to the third seat").toBe(0);
      expect(bytesTo(watcher), "bytes to the spectator").toBe(0);
      expect(bytesTo(alice)).toBeGreaterThan(0);
      expect(bytesTo(bob)).toBeGreaterThan(0);
      for (const c of all) expect(stateOf(c).game.moves).toBe(moves);
      expect(secretOf(alice, 0).privateMoves).toBe(3);
      expect(secretOf(bob, 1).privateMoves).toBe(2);
      // The decline and the proposals reached the two parties alone, in their private log.
      expect(stateOf(watcher).log.join("\n")).not.toMatch(/trade/i);

      // Alice accepts: capital changes hands, in public.
      await send(alice, { type: "trade-accept", id: tradesOf(alice, 0)[0]!.id });
      await until(() => capital(watcher, 1) === before.bob - 2 && capital(carol, 0) === before.alice + 2, 5000, "the public outcome");
      expect(stateOf(watcher).game.moves).toBe(moves + 1);
      expect(bytesTo(watcher)).toBeGreaterThan(0);
      expect(stateOf(watcher).log.join("\n")).toMatch(/trade/i);
    } finally {
      wire.stop();
      for (const c of all) await c.leave();
    }
  });

  it("leave the deadline of the decision their sender owes as it was", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 0, stepSeconds: 30 });
    const players: SDKRoom[] = [];
    for (const name of ["Alice", "Bob", "Carol", "Dan"]) players.push(await join(colyseus, roomId, { code, name }));
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(watcher).status === "playing" && stateOf(watcher).game.deadline > 0, 5000, "a decision with a deadline");
    await new Promise((r) => setTimeout(r, 200));
    const { pendingSeat, deadline } = stateOf(watcher).game;
    const owes = players[pendingSeat]!;
    const wire = recordWire(() => room as NewAngelesRoom);
    try {
      await new Promise((r) => setTimeout(r, 20)); // a deadline set again now would differ
      await send(owes, propose((pendingSeat + 1) % 4));
      await send(owes, { type: "trade-cancel", id: tradesOf(owes, pendingSeat)[0]!.id });
      await new Promise((r) => setTimeout(r, 200));
      expect(stateOf(owes).game.deadline).toBe(deadline);
      expect((room as any).deadlineAt.get(pendingSeat)).toBe(deadline);
      expect(wire.messages.filter((m) => m.sessionId === watcher.sessionId)).toEqual([]);
    } finally {
      wire.stop();
      for (const c of [...players, watcher]) await c.leave();
    }
  });

  it("numbers trades within their pair of seats: other seats' trades do not show in the ids", async () => {
    /** Alice proposes to Bob, withdraws, and proposes again: the ids she sees. */
    async function aliceIds(t: Awaited<ReturnType<typeof stillTable>>): Promise<string[]> {
      await send(t.alice, propose(1));
      const first = tradesOf(t.alice, 0)[0]!.id;
      await send(t.alice, { type: "trade-cancel", id: first });
      await send(t.alice, propose(1));
      return [first, tradesOf(t.alice, 0)[0]!.id];
    }
    const quiet = await stillTable();
    const idsAtAQuietTable = await aliceIds(quiet);

    const busy = await stillTable();
    for (let i = 0; i < 3; i++) {
      await send(busy.carol, propose(1));
      await send(busy.carol, { type: "trade-cancel", id: tradesOf(busy.carol, 2)[0]!.id });
    }
    await send(busy.bob, propose(3));
    const idsAtABusyTable = await aliceIds(busy);

    expect(idsAtABusyTable).toEqual(idsAtAQuietTable);
    expect(new Set(idsAtAQuietTable).size).toBe(2);
    // Bob holds Alice's second proposal and his own to Carol: two different ids.
    expect(new Set([...tradesOf(busy.bob, 1).map((t) => t.id)]).size).toBe(2);
    for (const c of [...quiet.all, ...busy.all]) await c.leave();
  });
});
