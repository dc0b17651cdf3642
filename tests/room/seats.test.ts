// Around the table: reconnection, reloads, leavers taken over by bots, trades and table talk.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { Protocol } from "@colyseus/core";
import { autoplay, bootServer, chatOf, createTable, join, recordWire, stateOf, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { randomCommand } from "../../server/bots/random.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogLine } from "../../shared/wire/log-codec.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

const secretOf = (client: SDKRoom, seat: number) => stateOf(client).seats[String(seat)]?.secret;
const pending = (room: any) => room.game?.pending as { kind: string; seat: number } | null;
const random = () => 0.42;

/** Sends one legal command that moves the game on, from the client's own legal list (false: none). */
function actOnce(client: SDKRoom, seat: number): boolean {
  const legal = tableOf(client).mySeat === seat ? tableOf(client).legal : [];
  const command = randomCommand(legal, random);
  if (!command) return false;
  client.send("command", command);
  return true;
}

describe("joining", () => {
  it("lets the player whose join starts the game hear its private start events, with handlers set after the join", async () => {
    // Like the browser client: handlers are registered once joinById has resolved.
    const { code, roomId } = await createTable({ seats: 4, bots: 3, botDelayMs: 60_000, seed: 4 });
    const alice = await colyseus.sdk.joinById(roomId, { code, name: "Alice" });
    const heard: string[] = [];
    alice.onMessage("event", (e: ServerMessages["event"]) => heard.push(decodeLogLine(e.text)));
    await until(() => heard.some((t) => t.startsWith("Your rival card is")), 5_000, "Alice's rival event");
    expect((alice.state as any).status).toBe("playing");
    await alice.leave();
  });
});

describe("reconnection", () => {
  it("brings a dropped player back to the same seat mid-deal, with nothing lost", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 9 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    // Play Alice's decisions until the game waits for her inside a deal.
    await until(() => {
      const p = pending(room);
      if (p?.seat === 0 && ["main-offer", "counteroffer", "support"].includes(p.kind)) return true;
      if (p?.seat === 0 && tableOf(alice).legal.length > 0) actOnce(alice, 0);
      return false;
    }, 30_000, "a deal decision of Alice's");
    await until(() => tableOf(alice).legal.some((l) => l.type === (pending(room)!.kind === "main-offer" ? "offer" : pending(room)!.kind)));
    const before = stateOf(alice);
    const sessionId = alice.sessionId;

    alice.reconnection.minUptime = 0;
    room.clients.getById(alice.sessionId)!.leave(4010); // a dropped connection, not a consented leave
    await until(() => (room as any).seatsBySeat.get(0).connected === false, 5000, "the drop");
    await until(() => (room as any).seatsBySeat.get(0).connected === true, 20_000, "the reconnection");
    await until(() => stateOf(alice).seats["0"].connected === true);

    expect(alice.sessionId).toBe(sessionId);
    const after = stateOf(alice);
    expect(after.seats["0"].secret).toEqual({ ...before.seats["0"].secret, log: after.seats["0"].secret.log });
    expect(after.game).toEqual({ ...before.game, deadline: after.game.deadline });
    // And Alice can still play her decision.
    const commands = room.commandCount();
    expect(actOnce(alice, 0)).toBe(true);
    await until(() => room.commandCount() > commands, 5000, "Alice's move");
    await alice.leave();
  });

  it("lets a player who reloads take the seat back with the seat token", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 4 });
    const first = await join(colyseus, roomId, { code, name: "Alice" });
    await until(() => stateOf(first).status === "playing" && secretOf(first, 0)?.seatToken);
    const token = secretOf(first, 0).seatToken;
    const hand = secretOf(first, 0).hand;
    await first.leave();
    await until(() => (room as any).seatsBySeat.get(0).connected === false);
    const again = await join(colyseus, roomId, { code, seatToken: token });
    expect(stateOf(again).seats["0"].secret.hand).toEqual(hand);
    expect(stateOf(again).seats["0"].connected).toBe(true);
    await expect(join(colyseus, roomId, { code, seatToken: "not-a-token" })).rejects.toThrow(/seat token/i);
    await again.leave();
  });

  it("gives a leaver's seat to a bot after the grace period while someone remains, and the seat back when they return", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 2, graceSeconds: 0.3 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    // Bob stays and plays: with nobody left at all, the table would adjourn itself instead (adjourn tests).
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    const bobPlays = autoplay(bob, 9);
    await until(() => stateOf(alice).status === "playing" && secretOf(alice, 0)?.seatToken);
    const token = secretOf(alice, 0).seatToken;
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await alice.leave();
    // (grace 0.3 s; the deadline is for a busy 2-core machine)
    await until(() => stateOf(watcher).seats["0"].botControlled === true, 15_000, "the bot takeover");
    expect(stateOf(watcher).seats["0"].connected).toBe(false);
    // The bot plays Alice's seat: the game moves past decisions she owed.
    await until(async () => (await room.replayLog()).commands.some((c) => c.seat === 0), 20_000, "a move in Alice's seat");
    const back = await join(colyseus, roomId, { code, seatToken: token });
    await until(() => stateOf(watcher).seats["0"].botControlled === false && stateOf(watcher).seats["0"].connected === true);
    // From now on the game waits for Alice again (or it is over).
    await until(() => pending(room)?.seat === 0 || room.state.status === "finished", 30_000, "Alice's turn");
    if (room.state.status !== "finished") {
      const count = room.commandCount();
      await new Promise((r) => setTimeout(r, 300));
      expect(room.commandCount()).toBe(count);
    }
    bobPlays.stop();
    await back.leave();
    await bob.leave();
    await watcher.leave();
  });
});

describe("trades and table talk", () => {
  it("keeps a trade proposal private to its two parties until it is carried out, then logs it publicly", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 1, seed: 12 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    const carol = await join(colyseus, roomId, { code, name: "Carol" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(alice).status === "playing");
    const capital = (c: SDKRoom, seat: number) => stateOf(c).seats[String(seat)].capital;
    const aliceBefore = capital(watcher, 0);
    const bobBefore = capital(watcher, 1);
    const logBefore = stateOf(watcher).log.length;

    alice.send("command", { type: "trade-propose", to: 1, give: { capital: 2, assets: [] }, get: { capital: 0, assets: [] } });
    await until(() => tableOf(bob).trades.length === 1, 5000, "the proposal");
    const trade = tableOf(bob).trades[0]!;
    expect(tableOf(alice).trades).toHaveLength(1);
    expect(tableOf(carol).trades).toHaveLength(0);
    expect(stateOf(watcher).log.slice(logBefore).join("\n")).not.toMatch(/trade/i);

    bob.send("command", { type: "trade-accept", id: trade.id });
    await until(() => capital(watcher, 1) === bobBefore + 2, 5000, "the trade");
    expect(capital(watcher, 0)).toBe(aliceBefore - 2);
    expect(stateOf(watcher).log.slice(logBefore).join("\n")).toMatch(/trade/i);
    expect(tableOf(bob).trades).toHaveLength(0);
    void room;
    for (const c of [alice, bob, carol, watcher]) await c.leave();
  });

  it("sends public chat to everyone and private messages to their two players only, with limits", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 1, seed: 1 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    const carol = await join(colyseus, roomId, { code, name: "Carol" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const got = new Map<string, any[]>();
    const errors = new Map<string, any[]>();
    for (const [name, c] of [["alice", alice], ["bob", bob], ["carol", carol], ["watcher", watcher]] as const) {
      got.set(name, []);
      errors.set(name, []);
      c.onMessage("whisper", (m) => got.get(name)!.push(m));
      c.onMessage("error", (e) => errors.get(name)!.push(e));
    }
    alice.send("chat", { text: "  good luck all  " });
    alice.send("chat", { text: "between us", to: 1 });
    watcher.send("chat", { text: "go Bob!" });
    watcher.send("chat", { text: "psst", to: 0 });
    alice.send("chat", { text: "x".repeat(501) });
    alice.send("chat", { text: "to a bot", to: 3 });
    await until(() => chatOf(watcher).length === 2 && chatOf(carol).length === 1 && got.get("bob")!.length === 1 && errors.get("watcher")!.length === 1 && errors.get("alice")!.length === 2);
    // A spectator's line is in the spectators' channel, which players do not see unless the host opens it.
    expect(chatOf(watcher).map((l) => [l.seq, l.from, l.seat, l.text])).toEqual([[0, "Alice", 0, "good luck all"], [1, "Spectator", -1, "go Bob!"]]);
    for (const c of [alice, bob, carol]) expect(chatOf(c).map((l) => [l.seq, l.from, l.seat, l.text])).toEqual([[0, "Alice", 0, "good luck all"]]);
    expect(got.get("alice")!.map((m) => m.text)).toEqual(["between us"]);
    expect(got.get("bob")!.map((m) => m.text)).toEqual(["between us"]);
    expect(got.get("carol")).toEqual([]);
    expect(got.get("watcher")).toEqual([]);
    expect(errors.get("watcher")![0].code).toBe("not-a-player");
    expect(errors.get("alice")!.map((e) => e.code)).toEqual(["bad-chat", "bad-recipient"]);
    // Too many messages too fast are refused, not kicked.
    for (let i = 0; i < 12; i++) carol.send("chat", { text: `spam ${i}` });
    await until(() => errors.get("carol")!.some((e) => e.code === "chat-rate"));
    expect(carol.connection.isOpen).toBe(true);
    for (const c of [alice, bob, carol, watcher]) await c.leave();
  });

  it("gives the chat history to a late spectator, a reloading player and a reconnection, and keeps it out of the state", async () => {
    // The spectators' channel is open to players here: every line reaches everyone.
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 3, graceSeconds: 600, watchersOpen: true });
    const wire = recordWire(() => room);
    try {
      const alice = await join(colyseus, roomId, { code, name: "Alice" });
      const bob = await join(colyseus, roomId, { code, name: "Bob" });
      const early = await join(colyseus, roomId, { code, spectator: true });
      const aliceToken: string = secretOf(alice, 0).seatToken;
      const fullStateTo = (c: SDKRoom) => wire.messages.find((m) => m.sessionId === c.sessionId && (m.bytes[0]! & 0x1f) === Protocol.ROOM_STATE)!.bytes;
      const historiesTo = (c: SDKRoom) => wire.messages.filter((m) => m.sessionId === c.sessionId && m.bytes.includes(Buffer.from("chat-history"))).length;

      // A chatty table: 18 long lines (each sender stays within the rate limit).
      const texts: string[] = [];
      for (let i = 0; i < 6; i++) {
        for (const [who, c] of [["alice", alice], ["bob", bob], ["early", early]] as const) {
          const text = `${who} line ${i} ` + "z".repeat(300);
          texts.push(text);
          c.send("chat", { text });
        }
      }
      await until(() => [alice, bob, early].every((c) => chatOf(c).length === texts.length), 5000, "every line everywhere");
      // Three connections: the server's order is the order of arrival, the same for everyone.
      expect(chatOf(early).map((l) => l.text).sort()).toEqual([...texts].sort());
      expect(chatOf(early).map((l) => l.seq)).toEqual(texts.map((_, i) => i));
      expect(chatOf(alice)).toEqual(chatOf(early));
      expect(chatOf(bob)).toEqual(chatOf(early));
      const all = chatOf(early).map((l) => l.text);

      // A late spectator gets every line in one history message, and a full state no bigger than before the talk.
      const late = await join(colyseus, roomId, { code, spectator: true });
      await until(() => chatOf(late).length === texts.length, 5000, "the late spectator's history");
      expect(chatOf(late)).toEqual(chatOf(early));
      expect(historiesTo(late)).toBe(1);
      expect((late.state as any).toJSON().chat).toBeUndefined();
      expect(fullStateTo(late).length).toBe(fullStateTo(early).length);
      expect(fullStateTo(late).includes(Buffer.from("line 0"))).toBe(false);

      // Alice reloads: her connection drops and a new one takes her seat back with the seat token.
      alice.reconnection.enabled = false;
      room.clients.getById(alice.sessionId)!.leave(4010);
      await until(() => (room as any).seatsBySeat.get(0).connected === false, 5000, "the drop");
      const reloaded = await join(colyseus, roomId, { code, seatToken: aliceToken });
      await until(() => chatOf(reloaded).length === texts.length, 5000, "the reloaded player's history");
      expect(chatOf(reloaded)).toEqual(chatOf(early));

      // Bob's connection drops and the SDK brings him back: the history again, and no line twice.
      bob.reconnection.minUptime = 0;
      const bobHistories = historiesTo(bob);
      room.clients.getById(bob.sessionId)!.leave(4010);
      await until(() => historiesTo(bob) > bobHistories && (room as any).seatsBySeat.get(1).connected === true, 20_000, "Bob's reconnection");
      reloaded.send("chat", { text: "welcome back" });
      await until(() => [reloaded, bob, early, late].every((c) => chatOf(c).length === texts.length + 1), 5000, "the new line");
      for (const c of [reloaded, bob, early, late]) {
        expect(chatOf(c).map((l) => l.text)).toEqual([...all, "welcome back"]);
        expect(chatOf(c).at(-1)).toMatchObject({ seq: texts.length, from: "Alice", seat: 0 });
      }
      for (const c of [reloaded, bob, early, late]) await c.leave();
    } finally {
      wire.stop();
    }
  });
});
