// What talk can make the server store, over real sockets: a table keeps the last lines of each
// channel (the store cuts the rest), and nothing once the game is over. (One address's day of talk:
// talk-quota.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { memoryStore, TALK_LINES_KEPT, TALK_PRUNE_EVERY } from "../../server/store/index.ts";
import { TALK_ROW_BYTES } from "../../server/access/throttle.ts";
import { PORT, autoplay, createTable, join, stateOf, until } from "./helpers.ts";

const store = memoryStore();
const SPECTATORS = 40;

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({
    logger: pino({ level: "silent" }), store,
    roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 },
    limits: { spectatorsPerAddress: SPECTATORS, spectatorsPerTable: SPECTATORS, reservationsPerAddress: 100, websocketsPerAddress: 100 },
  });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => colyseus.shutdown());

/** Bytes of talk the store holds for a table: each line's text and sender, and the row around them. */
async function storedTalk(code: string) {
  const chat = (await store.chat(code, 1_000_000)).lines;
  const whispers = await store.whispers(code);
  const bytes = [...chat.map((l) => l.text + l.from), ...whispers.map((w) => w.text + w.fromName)]
    .reduce((n, s) => n + Buffer.byteLength(s) + TALK_ROW_BYTES, 0);
  return { chat, whispers, bytes };
}

describe("the talk a table keeps", () => {
  it("is the last lines of each channel while the game goes on, and nothing once it is over", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, graceSeconds: 600 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    await until(() => stateOf(alice).status === "playing", 10_000, "the start");
    const watchers = await Promise.all(Array.from({ length: SPECTATORS }, () => join(colyseus, roomId, { code, spectator: true })));
    // 40 spectators × 4 lines: 160 lines in the spectators' channel, within each one's pace (8 in 10 s).
    for (let i = 0; i < 4; i++) for (const w of watchers) w.send("chat", { text: `watching ${i} ${"w".repeat(300)}` });
    for (let i = 0; i < 4; i++) alice.send("chat", { text: `playing ${i}` });
    await until(() => (room as any).table.talk.chatCount === 4 * SPECTATORS + 4, 20_000, "every line");
    await new Promise((r) => setTimeout(r, 100)); // the last writes
    const during = await storedTalk(code);
    const spectators = during.chat.filter((l) => l.seat < 0);
    expect(spectators.length).toBeGreaterThanOrEqual(TALK_LINES_KEPT);
    expect(spectators.length).toBeLessThanOrEqual(TALK_LINES_KEPT + TALK_PRUNE_EVERY - 1);
    expect(during.chat.filter((l) => l.seat >= 0)).toHaveLength(4); // the players' lines are not pushed out
    console.log(`table ${code}: ${during.bytes} bytes of talk stored while playing (${during.chat.length} lines)`);

    const play = autoplay(alice, 7);
    await until(() => stateOf(alice).status === "finished", 120_000, "the end");
    play.stop();
    await new Promise((r) => setTimeout(r, 100)); // the last writes
    const after = await storedTalk(code);
    expect(after.chat).toEqual([]);
    expect(after.whispers).toEqual([]);
    for (const w of watchers) await w.leave();
    await alice.leave();
  }, 150_000);
});
