import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { autoplay, BASE, bootServer, createTable, join, stateOf, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { replay } from "../../server/engine/index.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

function mySecret(client: any) {
  return [...client.state.seats.values()].find((s: any) => s.secret)?.secret;
}

describe("the game room", () => {
  it("plays a whole 4-player game with SDK clients that answer with legal moves", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, seed: 7 });
    const clients: Awaited<ReturnType<typeof join>>[] = [];
    for (const name of ["Ann", "Ben", "Cat", "Dan"]) clients.push(await join(colyseus, roomId, { code, name }));
    const players = clients.map((c, i) => autoplay(c, 100 + i));
    await until(() => stateOf(clients[0]!).status === "finished", 150_000, "the game to finish").catch((e) => {
      const g = (room as any).game;
      throw new Error(`${e.message}: stage ${g?.stage}, pending ${JSON.stringify(g?.pending)}, commands ${room.commandCount()}, errors ${JSON.stringify(players.map((p) => p.errors.slice(-2)))} open ${clients.map((c: any) => c.connection.isOpen)} sent ${players.map((p) => p.sent)}`);
    });
    for (const p of players) p.stop();
    const final = stateOf(clients[0]!);
    const result = tableOf(clients[0]!).game!.result!;
    expect(["end", "threat"]).toContain(result.reason);
    expect(result.seats).toHaveLength(4);
    // Every seat decoded the same public outcome.
    for (const c of clients) expect(tableOf(c).game!.result).toEqual(result);
    // The log of accepted commands replays to the same final state.
    const log = await room.replayLog();
    expect(replay({ players: 4, seed: log.seed, variant: log.variant, commands: log.commands })).toEqual((room as any).game);
    // The replay route now answers.
    const res = await fetch(`${BASE}/api/games/${code}/replay`);
    expect(res.status).toBe(200);
    expect((await res.json()).commands.length).toBe(log.commands.length);
    for (const c of clients) await c.leave();
  }, 180_000);

  it("answers malformed and illegal commands with an error to the sender alone, changing nothing", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 3 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    await until(() => stateOf(alice).status === "playing");
    const aliceErrors: any[] = [];
    const bobErrors: any[] = [];
    alice.onMessage("error", (e) => aliceErrors.push(e));
    bob.onMessage("error", (e) => bobErrors.push(e));
    // Whoever does not owe a decision now sends a command out of turn.
    const waiting = (room as any).game.pending?.seat;
    const idle = waiting === 0 ? bob : alice;
    const idleErrors = idle === alice ? aliceErrors : bobErrors;
    const before = JSON.stringify((room as any).game);
    const bad: unknown[] = [
      null, 42, "offer", { type: "nope" }, { type: "offer", card: 5 }, { type: "support", offer: "main" },
      { type: "choose" }, { type: "offer", card: "a0", extra: true }, { type: "trade-propose", to: 9 },
    ];
    for (const payload of bad) idle.send("command", payload);
    idle.send("command", { type: "abstain" });
    idle.send("command", { type: "offer", card: "a999" });
    idle.send("no-such-message", {});
    idle.send("chat", { text: "" });
    await until(() => idleErrors.length === bad.length + 4, 5000, "all errors");
    expect(idleErrors.slice(0, bad.length).every((e) => e.code === "bad-command")).toBe(true);
    for (const e of idleErrors) expect(e.message).toBeTypeOf("string");
    expect(JSON.stringify((room as any).game)).toBe(before);
    expect(idle === alice ? bobErrors : aliceErrors).toHaveLength(0);
    // The room is still alive and answers a legal move.
    expect(stateOf(alice).status).toBe("playing");
    await alice.leave();
    await bob.leave();
  });

  it("sends each seat its own secrets: hand, rival, investment and legal commands", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 3, seed: 11 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    await until(() => stateOf(alice).status === "playing" && mySecret(alice)?.rival);
    const secret = mySecret(alice).toJSON();
    expect(secret.rival).toMatch(/^(jinteki|haas-bioroid|nbn|weyland|globalsec|melange|federalist)$/);
    expect(Array.isArray(secret.hand)).toBe(true);
    expect(Object.values(stateOf(alice).seats).filter((s: any) => s.secret)).toHaveLength(1);
    await alice.leave();
  });
  // (A 6-seat table of 5 bots whose one human never acts, carried to its end by 1 s deadlines, is played
  // on a fake clock in tests/table/table.test.ts: here it took some 107 s of real deadlines.)
});
