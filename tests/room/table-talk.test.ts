// The table's half of issue 17 over real sockets: what the bot chose when a deadline ran out, the away
// deadline in the public state, and the spectators' channel.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { bootServer, createTable, join, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/lobby/throttle.ts";
import { BOT_CHOSE, type ServerMessages } from "../../shared/room-protocol.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

describe("a deadline that runs out", () => {
  it("tells that seat alone, in words, what the bot chose for it, and keeps it for a reload", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 3, stepSeconds: 0.5, seed: 3 });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    const watcherEvents: ServerMessages["event"][] = [];
    watcher.onMessage("event", (e: ServerMessages["event"]) => watcherEvents.push(e));
    const idle = await join(colyseus, roomId, { code, name: "Sleepy" });
    const events: ServerMessages["event"][] = [];
    idle.onMessage("event", (e: ServerMessages["event"]) => events.push(e));
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
