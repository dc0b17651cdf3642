// One address's day of talk, over real sockets: past its bytes a line is refused with a clear error,
// at every table, and nothing of it is stored. A line refused for another reason costs nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { memoryStore } from "../../server/store/index.ts";
import { TALK_ROW_BYTES } from "../../server/access/throttle.ts";
import { PORT, createTable, join, until } from "./helpers.ts";

const store = memoryStore();
/** A day's talk of one address in this test: five lines of 400 characters, not six. */
const LINE = "z".repeat(400);
const DAY_BYTES = 5 * (LINE.length + "Quinn".length + TALK_ROW_BYTES) + 10;

let colyseus: ColyseusTestServer;
beforeAll(async () => {
  const server = createServer({ logger: pino({ level: "silent" }), store, roomLimits: { botDelayMinMs: 0 }, limits: { talkBytesPerAddressPerDay: DAY_BYTES } });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => colyseus.shutdown());

describe("one address's day of talk", () => {
  it("is bounded: past its bytes a line is refused with talk-quota, and nothing of it is stored", async () => {
    const { code, roomId } = await createTable({ seats: 4 });
    const quinn = await join(colyseus, roomId, { code, name: "Quinn" });
    const errors: { code: string; message: string }[] = [];
    quinn.onMessage("error", (e) => errors.push(e));
    // two private lines to an empty seat: refused, and they do not spend the day
    for (let i = 0; i < 2; i++) quinn.send("chat", { text: LINE, to: 3 });
    await until(() => errors.length === 2, 5_000, "the refused private lines");
    expect(errors.map((e) => e.code)).toEqual(["bad-recipient", "bad-recipient"]);
    errors.length = 0;
    for (let i = 0; i < 6; i++) quinn.send("chat", { text: LINE });
    await until(() => errors.length === 1, 5_000, "the refusal");
    expect(errors[0]!.code).toBe("talk-quota");
    expect(errors[0]!.message).toMatch(/in a day/);
    await new Promise((r) => setTimeout(r, 200)); // the last writes
    expect((await store.chat(code, 1000)).lines.filter((l) => l.from === "Quinn")).toHaveLength(5);
    // Another table, the same address: the day is the address's, not the table's.
    const other = await createTable({ seats: 4 });
    const again = await join(colyseus, other.roomId, { code: other.code, name: "Quinn" });
    const more: { code: string }[] = [];
    again.onMessage("error", (e) => more.push(e));
    again.send("chat", { text: "hello" });
    await until(() => more.length === 1, 5_000, "the refusal at the other table");
    expect(more[0]!.code).toBe("talk-quota");
  });
});
