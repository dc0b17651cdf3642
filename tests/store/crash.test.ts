// A real server process (`node server/index.ts`, its own DATA_DIR and PORT) is killed with SIGKILL in
// the middle of a game and started again: the game comes back in the same state, players take their
// seats back with their seat tokens, and the game plays on to the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { createGameWithEvents, apply, replay, type GameState, type Seed } from "../../server/engine/index.ts";
import { gameCommands, hashSeatToken, openStore, SQLITE_FILE, type GameStore, type StoredCommand } from "../../server/store/index.ts";
import { autoplay, chatOf, stateOf, tableOf, until } from "../room/helpers.ts";
import { startServer, storedGameDatabases, stopAll, waitFor, type ServerProcess } from "./services.ts";
import { createTable, join, lookUp, seen } from "./players.ts";

afterAll(stopAll);

const { dataDir, databases } = await storedGameDatabases("na-crash-", "a server killed with SIGKILL, games");

const readers = new Map<string, GameStore>();
afterAll(async () => { for (const r of readers.values()) await r.close(); });
/** The test reads the server's database itself (SQLite's WAL lets it read while the server writes). */
async function readerFor(databaseUrl?: string): Promise<GameStore> {
  const key = databaseUrl ?? "sqlite";
  if (!readers.has(key)) readers.set(key, await openStore({ dataDir, databaseUrl, instance: "test-reader" }));
  return readers.get(key)!;
}
async function storedCommandsIn(code: string, databaseUrl?: string): Promise<StoredCommand[]> {
  return (await readerFor(databaseUrl)).commands(code);
}

/** The public game lines every accepted command produced, in order (what the room logs from the engine). */
function publicLines(commands: StoredCommand[], options: { seats: 4 | 5 | 6; seed: Seed }): string[] {
  const created = createGameWithEvents({ players: options.seats, seed: options.seed });
  let game: GameState = created.state;
  const lines = created.events.filter((e) => !e.to).map((e) => e.text);
  for (const { seat, command } of gameCommands(commands)) {
    const r = apply(game, seat, command);
    if (!r.ok) throw new Error(`stored command refused on replay: ${r.message}`);
    game = r.state;
    lines.push(...r.events.filter((e) => !e.to).map((e) => e.text));
  }
  return lines;
}

function kill(server: ServerProcess, ...rooms: SDKRoom[]): Promise<unknown> {
  for (const r of rooms) r.reconnection.enabled = false; // the old room is gone: no automatic retries
  server.child.kill("SIGKILL");
  return server.exited;
}


describe.each(databases)("a server killed with SIGKILL, games in %s", (db, dbEnv) => {
  const env = { DATA_DIR: dataDir, LOG_LEVEL: "warn", ...dbEnv };
  const storedCommands = (code: string) => storedCommandsIn(code, dbEnv.DATABASE_URL);

  it("comes back with every unfinished game in the same state, and players take their seats back by token", async () => {
    let server = await startServer(env);
    const port = server.port;
    const { code, roomId } = await createTable(server, { seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600 });
    const ann = await join(server, roomId, { code, name: "Ann" });
    const ben = await join(server, roomId, { code, name: "Ben" });
    await until(() => stateOf(ann.room).status === "playing", 10_000, "the game to start");

    // Play part of the game, then stop at a decision a human owes (bots have nothing left to do).
    let players = [autoplay(ann.room, 1), autoplay(ben.room, 2)];
    await waitFor(async () => (await storedCommands(code)).length >= 40, 60_000, "40 commands in the store");
    for (const p of players) p.stop();
    let quietCount = -1;
    await waitFor(async () => {
      const n = (await storedCommands(code)).length;
      const quiet = n === quietCount && [0, 1].includes(stateOf(ann.room).game.pendingSeat);
      quietCount = n;
      return quiet;
    }, 20_000, "a human's decision with nothing else going on");
    const before = { ann: seen(ann.room), ben: seen(ben.room) };
    const commandsBefore = await storedCommands(code);
    expect(commandsBefore.length).toBeGreaterThanOrEqual(40);

    await kill(server, ann.room, ben.room);
    server = await startServer(env, port);

    // The table is back under its code, in a new room, with both humans away until they return.
    await waitFor(async () => (await lookUp(server, code))?.status === "playing", 20_000, "the game to be restored");
    const table = await lookUp(server, code);
    expect(table.roomId).not.toBe(roomId);
    expect(table.players.filter((p: any) => !p.bot).map((p: any) => [p.name, p.connected])).toEqual([["Ann", false], ["Ben", false]]);
    expect(await storedCommands(code)).toEqual(commandsBefore);

    // A stale or made-up token opens nothing; the real ones give each player their own seat back.
    await expect(join(server, table.roomId, { code, seatToken: "not-a-real-token" })).rejects.toThrow();
    const ann2 = await join(server, table.roomId, { code, seatToken: ann.seat.seatToken });
    const ben2 = await join(server, table.roomId, { code, seatToken: ben.seat.seatToken });
    expect([ann2.seat.seat, ben2.seat.seat]).toEqual([ann.seat.seat, ben.seat.seat]);
    expect(seen(ann2.room)).toEqual(before.ann);
    expect(seen(ben2.room)).toEqual(before.ben);

    // The store keeps hashes of seat tokens, never the tokens.
    const saved = await readerFor(dbEnv.DATABASE_URL).then((r) => r.getGame(code));
    expect(saved!.seats.find((s) => s.seat === ann.seat.seat)!.tokenHash).toBe(hashSeatToken(ann.seat.seatToken));
    if (db === "SQLite") {
      const files = [SQLITE_FILE, `${SQLITE_FILE}-wal`].map((f) => path.join(dataDir, f)).filter((f) => fs.existsSync(f));
      const bytes = files.map((f) => fs.readFileSync(f).toString("latin1")).join("");
      expect(bytes).toContain(code);
      expect(bytes).not.toContain(ann.seat.seatToken);
    }

    // And the game plays on to its end; the whole log, across the crash, replays to the result.
    players = [autoplay(ann2.room, 3), autoplay(ben2.room, 4)];
    await until(() => stateOf(ann2.room).status === "finished", 150_000, "the game to finish");
    for (const p of players) p.stop();
    const res = await fetch(`http://127.0.0.1:${port}/api/games/${code}/replay`);
    expect(res.status).toBe(200);
    const log = await res.json();
    expect(log.commands.slice(0, commandsBefore.length)).toEqual(commandsBefore);
    const final = replay({ players: 4, seed: log.seed, variant: log.variant, commands: log.commands });
    expect(final.result).toBeTruthy();
    expect(tableOf(ann2.room).game!.result!.reason).toBe(final.result!.reason);
    await ann2.room.leave();
    await ben2.room.leave();

    // Finished games stay in the store: after one more restart the code and its replay still answer.
    await kill(server);
    server = await startServer(env, port);
    const after = await lookUp(server, code);
    expect(after).toMatchObject({ code, status: "finished" });
    expect(after.players.map((p: any) => p.name)).toEqual(["Ann", "Ben", "Bot Cyd", "Bot Dex"]);
    expect(after.players.every((p: any) => p.corp !== "")).toBe(true);
    const again = await (await fetch(`http://127.0.0.1:${port}/api/games/${code}/replay`)).json();
    expect(again).toEqual(log);
    await kill(server);
  }, 300_000);

  it("loses nothing a player saw when it is killed in the middle of play", async () => {
    let server = await startServer(env);
    const port = server.port;
    const { code, roomId } = await createTable(server, { seats: 4, bots: 2, botDelayMs: 0, graceSeconds: 600 });
    const ann = await join(server, roomId, { code, name: "Ann" });
    const ben = await join(server, roomId, { code, name: "Ben" });
    const players = [autoplay(ann.room, 5), autoplay(ben.room, 6)];
    await waitFor(async () => (await storedCommands(code)).length >= 60, 60_000, "60 commands in the store");
    // Killed while both players and the bots are still sending commands.
    const lastSeen = ann.log();
    await kill(server, ann.room, ben.room);
    for (const p of players) p.stop();

    server = await startServer(env, port);
    await waitFor(async () => (await lookUp(server, code))?.status === "playing", 20_000, "the game to be restored");
    const commands = await storedCommands(code);
    // Every game line Ann had been shown comes from a command that is in the store.
    // The server drew the seed; the test reads it where the server keeps it.
    const seed = (await (await readerFor(dbEnv.DATABASE_URL)).getGame(code))!.options.seed;
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    const restored = publicLines(commands, { seats: 4, seed });
    const shownGameLines = lastSeen.filter((line) => !/sits down|is back|is away|The game begins/.test(line)).slice(-25);
    expect(shownGameLines.length).toBeGreaterThan(0);
    const at = restored.join("\n").indexOf(shownGameLines.join("\n"));
    expect(at, "the last lines Ann saw are in the restored game").toBeGreaterThanOrEqual(0);
    await kill(server);
  }, 120_000);
});

describe("a server stopped with SIGTERM", () => {
  it("closes its SQLite store before it exits, even with no table open", async () => {
    const server = await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "na-sigterm-")), LOG_LEVEL: "info" });
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("game store closed");
  }, 30_000);

  it("closes cleanly, and a table still in its lobby comes back with its seats and chat", async () => {
    const env = { DATA_DIR: dataDir, LOG_LEVEL: "info" };
    let server = await startServer(env);
    const port = server.port;
    const { code, roomId } = await createTable(server, { seats: 4, graceSeconds: 600 });
    const ann = await join(server, roomId, { code, name: "Ann" });
    ann.room.send("chat", { text: "back in five" });
    await until(() => chatOf(ann.room).length === 1, 5_000, "the chat line");

    ann.room.reconnection.enabled = false;
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("game store closed");

    server = await startServer(env, port);
    await waitFor(async () => (await lookUp(server, code))?.status === "lobby", 20_000, "the table to be restored");
    const table = await lookUp(server, code);
    expect(table.players).toEqual([{ seat: 0, name: "Ann", corp: "", bot: false, connected: false }]);
    const ann2 = await join(server, table.roomId, { code, seatToken: ann.seat.seatToken });
    expect(ann2.seat.seat).toBe(0);
    // The chat comes back as the history message (it is not in the state), numbered on from the store.
    await until(() => chatOf(ann2.room).length === 1, 5_000, "the restored chat");
    expect(chatOf(ann2.room).map((c) => [c.seq, c.from, c.seat, c.text])).toEqual([[0, "Ann", 0, "back in five"]]);
    expect((ann2.room.state as any).toJSON().chat).toBeUndefined();
    // Ann's seat is hers again, so a newcomer sits beside her, with the same history; new lines follow on.
    const ben = await join(server, table.roomId, { code, name: "Ben" });
    expect(ben.seat.seat).toBe(1);
    ann2.room.send("chat", { text: "I'm back" });
    await until(() => chatOf(ben.room).length === 2 && chatOf(ann2.room).length === 2, 5_000, "the new line");
    expect(chatOf(ben.room).map((c) => [c.seq, c.from, c.text])).toEqual([[0, "Ann", "back in five"], [1, "Ann", "I'm back"]]);
    await ann2.room.leave();
    await ben.room.leave();
    server.child.kill("SIGKILL");
  }, 60_000);
});
