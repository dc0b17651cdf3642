// The game store round trip, on SQLite and on a real PostgreSQL started for this run.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { hashSeatToken, openStore, StoreConflict, TALK_LINES_KEPT, TALK_PRUNE_EVERY, type GameStore } from "../../server/store/index.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { startPostgres, stopAll } from "./services.ts";

afterAll(stopAll);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-store-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const postgres = await startPostgres();

const backends: [string, (instance: string) => Promise<GameStore>][] = [
  ["SQLite", (instance) => openStore({ dataDir, instance })],
];
if (postgres) backends.push(["PostgreSQL", (instance) => openStore({ dataDir, databaseUrl: postgres.url, instance })]);
else it.skip("PostgreSQL round trip (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const newCode = () => randomBytes(6).toString("hex").toUpperCase();
const options = (seed: number) => ({ ...TableOptions.parse({ seats: 5, bots: 1, stepSeconds: 30 }), seed });

describe.each(backends)("the game store on %s", (_name, open) => {
  const stores: GameStore[] = [];
  const openAs = async (instance: string) => {
    const s = await open(instance);
    stores.push(s);
    return s;
  };
  afterAll(async () => { for (const s of stores) await s.close(); });

  it("keeps a game's options, seats, commands, chat and result", async () => {
    const store = await openAs("one");
    const code = newCode();
    const token = randomBytes(18).toString("base64url");
    await store.createGame({ code, roomId: "room1", options: options(77), createdAt: 1_000 });
    await store.setSeat(code, { seat: 0, name: "Ann", bot: false, tokenHash: hashSeatToken(token) });
    await store.setSeat(code, { seat: 1, name: "Ben", bot: false, tokenHash: hashSeatToken("other") });
    await store.setSeat(code, { seat: 4, name: "Bot Eli", bot: true, tokenHash: null });
    await store.removeSeat(code, 1);
    await store.setSeat(code, { seat: 0, name: "Ann", bot: false, tokenHash: hashSeatToken(token) }); // the same seat again: no duplicate
    await store.setOptions(code, { ...options(77), stepSeconds: 10 });
    await store.startGame(code);
    const commands = [
      { seat: 0, command: { type: "offer", card: "c1" } },
      { seat: 4, command: { type: "support", offer: "main" } },
      { seat: 0, command: { type: "pass" } },
    ] as const;
    for (const [i, c] of commands.entries()) await store.appendCommand(code, i, c as any);
    for (let i = 0; i < 5; i++) await store.appendChat(code, i, { seat: i % 2 ? -1 : 0, from: i % 2 ? "Spectator" : "Ann", text: `line ${i}`, at: 2_000 + i });
    const whispers = [
      { from: 0, to: 4, fromName: "Ann", text: "support me?", at: 3_000 },
      { from: 4, to: 0, fromName: "Eli", text: "for 2 capital", at: 3_001 },
    ];
    for (const [i, w] of whispers.entries()) await store.appendWhisper(code, i, w);

    const game = await store.getGame(code);
    expect(game).toMatchObject({ code, roomId: "room1", status: "playing", result: null, closed: false, createdAt: 1_000 });
    expect(game!.options).toEqual({ ...options(77), stepSeconds: 10 });
    expect(game!.seats).toEqual([
      { seat: 0, name: "Ann", bot: false, tokenHash: hashSeatToken(token) },
      { seat: 4, name: "Bot Eli", bot: true, tokenHash: null },
    ]);
    expect(game!.seats[0]!.tokenHash).not.toContain(token);
    expect(await store.commands(code)).toEqual(commands);
    // The last two lines of each channel, with their numbers: the spectators' lines (seat -1) do not
    // push the players' out, nor the other way round.
    for (let i = 5; i < 9; i++) await store.appendChat(code, i, { seat: -1, from: "Spectator", text: `line ${i}`, at: 2_000 + i });
    const chat = await store.chat(code, 2);
    expect(chat.total).toBe(9);
    expect(chat.lines).toEqual([
      { seq: 2, seat: 0, from: "Ann", text: "line 2", at: 2_002 },
      { seq: 4, seat: 0, from: "Ann", text: "line 4", at: 2_004 },
      { seq: 7, seat: -1, from: "Spectator", text: "line 7", at: 2_007 },
      { seq: 8, seat: -1, from: "Spectator", text: "line 8", at: 2_008 },
    ]);

    expect(await store.whispers(code)).toEqual(whispers);
    expect(await store.chat(code, 10)).toMatchObject({ total: 9 }); // private messages are not public chat
    expect(await store.chat(newCode(), 10)).toEqual({ lines: [], total: 0 });

    await store.finishGame(code, { reason: "end", winners: [0] }, [{ seat: 0, name: "Ann", corp: "Jinteki", bot: false }]);
    const finished = await store.getGame(code);
    expect(finished).toMatchObject({ status: "finished", result: { reason: "end", winners: [0] } });
    expect(finished!.players).toEqual([{ seat: 0, name: "Ann", corp: "Jinteki", bot: false }]);
    expect(await store.getGame("NOSUCHCODE")).toBeNull();
  });

  it("keeps the last lines of each chat channel and each pair's private messages, and no talk once the game is over", async () => {
    const store = await openAs("talk");
    const code = newCode();
    await store.createGame({ code, roomId: "room-talk", options: options(5), createdAt: 1_000 });
    await store.startGame(code);
    const LINES = 3 * TALK_LINES_KEPT;
    // The players' and the spectators' channels interleaved; private messages of two pairs.
    for (let i = 0; i < LINES; i++) await store.appendChat(code, i, { seat: i % 3 === 0 ? -1 : 1, from: "Ann", text: "x".repeat(200), at: i });
    for (let i = 0; i < LINES; i++) await store.appendWhisper(code, i, { from: i % 2, to: 2 + (i % 2), fromName: "Ann", text: "y".repeat(200), at: i });
    const chat = await store.chat(code, 100 * LINES);
    const most = TALK_LINES_KEPT + TALK_PRUNE_EVERY - 1;
    for (const side of [(l: { seat: number }) => l.seat < 0, (l: { seat: number }) => l.seat >= 0]) {
      const kept = chat.lines.filter(side);
      expect(kept.length).toBeGreaterThanOrEqual(TALK_LINES_KEPT);
      expect(kept.length).toBeLessThanOrEqual(most);
    }
    expect(chat.lines.at(-1)!.seq).toBe(LINES - 1); // the newest stay
    expect(chat.total).toBe(LINES);
    const whispers = await store.whispers(code);
    for (const from of [0, 1]) expect(whispers.filter((w) => w.from === from).length).toBeLessThanOrEqual(most);
    expect(await store.whisperTotal(code)).toBe(LINES);
    await store.finishGame(code, { reason: "end", winners: [0] }, []);
    expect((await store.chat(code, 100 * LINES)).lines).toEqual([]);
    expect(await store.whispers(code)).toEqual([]);
  });

  it("keeps the first rematch of a game, seen from another process too", async () => {
    const store = await openAs("one");
    const other = await openAs("two");
    const code = newCode();
    await store.createGame({ code, roomId: "r", options: options(1), createdAt: 1 });
    expect(await store.rematch(code)).toBeNull();
    const [first, second] = await Promise.all([
      store.setRematch(code, { code: "NEXT1", by: "Ann" }),
      other.setRematch(code, { code: "NEXT2", by: "Ben" }),
    ]);
    expect(second).toEqual(first);
    expect(["NEXT1", "NEXT2"]).toContain(first.code);
    expect(await other.rematch(code)).toEqual(first);
    expect(await store.rematch(newCode())).toBeNull();
  });

  it("refuses a command number that is already written", async () => {
    const store = await openAs("one");
    const code = newCode();
    await store.createGame({ code, roomId: "r", options: options(1), createdAt: 1 });
    await store.appendCommand(code, 0, { seat: 0, command: { type: "pass" } });
    let error: unknown = null;
    try {
      await store.appendCommand(code, 0, { seat: 1, command: { type: "abstain" } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreConflict);
    expect(await store.commands(code)).toEqual([{ seat: 0, command: { type: "pass" } }]);
  });

  it("gives each unfinished game to exactly one process, and takes it back from one that let go", async () => {
    const a = await openAs("process-a");
    const b = await openAs("process-b");
    const bStart = Date.now();
    const codes = (claimed: { code: string }[]) => claimed.map((g) => g.code);
    const mine = newCode();
    const finished = newCode();
    const closed = newCode();
    for (const code of [mine, finished, closed]) await a.createGame({ code, roomId: `room-${code}`, options: options(2), createdAt: 1 });
    await a.finishGame(finished, {}, []);
    await a.closeGame(closed);

    // The run that created the game does not claim it again (its room is live)...
    const runStart = Date.now() - 1_000;
    expect(codes(await a.claimGames(runStart))).not.toContain(mine);
    // ...a restarted process-a takes it back at once, with its last room id; process-b may not while a's lease runs.
    const restart = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));
    const claimedByA = await a.claimGames(restart);
    expect(claimedByA).toContainEqual({ code: mine, roomId: `room-${mine}` });
    expect(codes(await a.claimGames(restart))).not.toContain(mine); // now held by this run
    expect(codes(await b.claimGames(bStart))).not.toContain(mine);
    for (const s of [a, b]) {
      const claimed = codes(await s.claimGames(s === a ? restart : bStart));
      expect(claimed).not.toContain(finished);
      expect(claimed).not.toContain(closed);
    }
    // After a graceful shutdown of process-a, process-b takes the game, and then it is b's alone.
    await a.releaseLeases();
    expect(codes(await b.claimGames(bStart))).toContain(mine);
    expect(codes(await a.claimGames(restart))).not.toContain(mine);
    expect(codes(await b.claimGames(bStart))).not.toContain(mine);
  });

  it("lets a restarted process wake an adjourned game it held when it died (no lease kept for a room it lost)", async () => {
    const a = await openAs("process-c");
    const code = newCode();
    await a.createGame({ code, roomId: `room-${code}`, options: options(3), createdAt: 1 });
    await a.startGame(code);
    // Adjourned while someone was still connected: its room stayed live on process-c, which then died.
    await a.setAdjourned(code, { at: Date.now(), meetAt: null, by: "host", deadlines: {} });
    const restart = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));
    // The restarted run renews its own leases; the dead run's claim on the adjourned game is not one of them.
    await a.renewLeases(restart);
    expect((await a.claimGames(restart)).map((g) => g.code)).not.toContain(code); // adjourned: waits to be woken
    expect(await a.wakeGame(code, restart)).toBe(true);
    // Woken, it is this run's: renewed, and not woken twice.
    expect(await a.renewLeases(restart)).toBeGreaterThanOrEqual(1);
    expect(await a.wakeGame(code, restart)).toBe(false);
  });

  it("opens an existing database again without migrating twice", async () => {
    const again = await openAs("another");
    const code = newCode();
    await again.createGame({ code, roomId: "r", options: options(3), createdAt: 5 });
    expect((await again.getGame(code))!.createdAt).toBe(5);
  });
});
