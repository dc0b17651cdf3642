// The table's half of issue 17 over real sockets: what the bot chose when a deadline ran out, the away
// deadline in the public state, and the spectators' channel.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { bootServer, chatOf, createTable, join, recordWire, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogLine } from "../../shared/wire/log-codec.ts";
import { BOT_CHOSE } from "../../shared/bot-chose.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

describe("a deadline that runs out", () => {
  it("tells that seat alone, in words, what the bot chose for it, and keeps it for a reload", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 3, stepSeconds: 0.5, seed: 3 });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const watcherEvents: { type: string; text: string }[] = [];
    watcher.onMessage("event", (e: ServerMessages["event"]) => watcherEvents.push({ type: e.type, text: decodeLogLine(e.text) }));
    const idle = await join(colyseus, roomId, { code, name: "Sleepy" });
    const events: { type: string; text: string }[] = [];
    idle.onMessage("event", (e: ServerMessages["event"]) => events.push({ type: e.type, text: decodeLogLine(e.text) }));
    // The seat's draws at setup, then its investment: the event names the one kept, which only this seat knows.
    await until(() => events.some((e) => e.type === "bot-chose" && e.text.includes("investment")), 30_000, "the investment chosen");
    const chose = events.find((e) => e.type === "bot-chose" && e.text.includes("investment"))!;
    for (const e of events.filter((x) => x.type === "bot-chose")) expect(e.text.startsWith(`${BOT_CHOSE} `), e.text).toBe(true);
    expect(events.find((e) => e.type === "bot-chose")!.text).toMatch(/answered "General draw: .+" with Draw 1 \w+ card\.$/);
    await until(() => !!tableOf(idle).secret?.investment, 10_000, "the investment kept");
    expect(chose.text).toContain(tableOf(idle).secret!.investment!.name);
    expect(watcherEvents).toEqual([]);
    expect(tableOf(watcher).log.join("\n")).not.toContain(BOT_CHOSE);
    // A reload finds it in the seat's private log.
    const token = tableOf(idle).secret!.seatToken;
    await idle.leave();
    const back = await join(colyseus, roomId, { code, seatToken: token });
    await until(() => tableOf(back).secret !== null, 10_000, "the seat's secrets");
    expect(tableOf(back).secret!.log).toContain(chose.text);
    await back.leave();
    await watcher.leave();
  }, 60_000);
});

describe("the spectators' channel", () => {
  it("keeps spectators' lines from players until the host opens it, on the wire too; players' chat reaches spectators", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 4 });
    const wire = recordWire(() => room);
    try {
      const ann = await join(colyseus, roomId, { code, name: "Ann" });
      const ben = await join(colyseus, roomId, { code, name: "Ben" });
      const sam = await join(colyseus, roomId, { code, spectator: true });
      await until(() => tableOf(ann).status === "playing", 10_000, "the game to start");
      const players = new Set([ann.sessionId, ben.sessionId]);
      const bytesTo = (who: Set<string>) => Buffer.concat(wire.messages.filter((m) => who.has(m.sessionId)).map((m) => m.bytes));
      expect(tableOf(ann).watchersOpen).toBe(false);

      const hush = `hush-${Math.random().toString(36).slice(2)}`;
      sam.send("chat", { text: `${hush} play the red card` });
      ann.send("chat", { text: "hello table" });
      await until(() => chatOf(sam).some((l) => l.text === "hello table") && chatOf(sam).some((l) => l.text.startsWith(hush)), 5_000, "both lines at the spectator");
      await until(() => chatOf(ben).some((l) => l.text === "hello table"), 5_000, "Ann's line at Ben");
      expect(chatOf(sam).find((l) => l.text.startsWith(hush))).toMatchObject({ seat: -1, watchers: true });
      // Not in the players' chat, not in any byte sent to a player, not after a rejoin either.
      for (const p of [ann, ben]) expect(chatOf(p).map((l) => l.text).join()).not.toContain(hush);
      expect(bytesTo(players).includes(hush)).toBe(false);
      const token = tableOf(ben).secret!.seatToken;
      await ben.leave();
      const ben2 = await join(colyseus, roomId, { code, seatToken: token });
      players.add(ben2.sessionId);
      await until(() => chatOf(ben2).some((l) => l.text === "hello table"), 5_000, "Ben's chat history");
      expect(chatOf(ben2).map((l) => l.text).join()).not.toContain(hush);
      expect(bytesTo(players).includes(hush)).toBe(false);

      // Only the host changes it; the game is under way.
      const refusals: ServerMessages["error"][] = [];
      ben2.onMessage("error", (e: ServerMessages["error"]) => refusals.push(e));
      ben2.send("host", { action: "watchers", open: true });
      await until(() => refusals.length > 0, 5_000, "a refusal");
      expect(refusals[0]!.code).toBe("not-host");
      expect(tableOf(ann).watchersOpen).toBe(false);

      ann.send("host", { action: "watchers", open: true });
      await until(() => tableOf(ben2).watchersOpen && chatOf(ben2).some((l) => l.text.startsWith(hush)), 5_000, "the channel open to Ben, with its history");
      sam.send("chat", { text: "now you hear us" });
      await until(() => chatOf(ann).some((l) => l.text === "now you hear us"), 5_000, "a spectator's line at Ann");

      ann.send("host", { action: "watchers", open: false });
      await until(() => !tableOf(ben2).watchersOpen, 5_000, "the channel closed");
      // Closed again: the players' history no longer holds it, and a new line stays with the spectators.
      expect(chatOf(ben2).map((l) => l.text).join()).not.toContain(hush);
      const later = `later-${Math.random().toString(36).slice(2)}`;
      sam.send("chat", { text: later });
      ann.send("chat", { text: "anyone?" });
      await until(() => chatOf(ben2).some((l) => l.text === "anyone?") && chatOf(sam).some((l) => l.text === later), 5_000, "both lines");
      expect(bytesTo(players).includes(later)).toBe(false);
      // Kept with the table's options, as the chat lines are kept by the store.
      expect((room as unknown as { table: { options: { watchersOpen: boolean } } }).table.options.watchersOpen).toBe(false);
      for (const c of [ann, ben2, sam]) await c.leave();
    } finally {
      wire.stop();
    }
  }, 60_000);
});

describe("a player who drops", () => {
  it("shows everyone when a bot takes over the seat, then hands it to the bot", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 2, seed: 6, graceSeconds: 1 });
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    const ben = await join(colyseus, roomId, { code, name: "Ben" });
    await until(() => tableOf(ann).status === "playing", 10_000, "the game to start");
    expect(tableOf(ann).seats.every((s) => s.awayUntil === 0)).toBe(true);
    const seat = tableOf(ben).mySeat!;
    const before = Date.now();
    await ben.leave();
    await until(() => (tableOf(ann).seats.find((s) => s.seat === seat)?.awayUntil ?? 0) > 0, 15_000, "the away deadline");
    const at = tableOf(ann).seats.find((s) => s.seat === seat)!.awayUntil;
    expect(at).toBeGreaterThanOrEqual(before + 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    await until(() => tableOf(ann).seats.find((s) => s.seat === seat)!.botControlled, 15_000, "the bot taking over");
    expect(tableOf(ann).seats.find((s) => s.seat === seat)!.awayUntil).toBe(0);
    await ann.leave();
  }, 60_000);
});
