// A fault in the room's own code (a bug, here injected into the table's hint handler) is logged,
// counted in /metrics, and answered: the sender gets an `error` it can show instead of waiting for an
// answer that never comes, and the room goes on. A refusal at the door is no fault and is not counted.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { Table } from "../../server/table/table.ts";
import { registry } from "../../server/metrics.ts";
import { bootServer, chatOf, createTable, join, until } from "./helpers.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
afterAll(async () => colyseus.shutdown());
afterEach(() => { vi.restoreAllMocks(); });

async function exceptions(method: string): Promise<number> {
  const metric = await registry.getSingleMetric("newangeles_room_exceptions_total")!.get();
  return metric.values.find((v) => v.labels.method === method)?.value ?? 0;
}

describe("a fault in the room's code", () => {
  it("is counted and answered with an error, and the room goes on", async () => {
    const { roomId, code } = await createTable({ seats: 4 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const errors: { code: string; message: string }[] = [];
    alice.onMessage("error", (e) => errors.push(e));
    const before = await exceptions("onMessage");

    vi.spyOn(Table.prototype, "hint").mockImplementationOnce(() => { throw new Error("a bug in the hint"); });
    alice.send("hint", {});
    await until(() => errors.length > 0, 5000, "an answer to the message");
    expect(errors[0]).toMatchObject({ code: "internal" });
    expect(errors[0]!.message).not.toContain("a bug in the hint"); // the fault's words stay in the log
    expect(await exceptions("onMessage")).toBe(before + 1);

    // the room goes on: a chat line goes through
    alice.send("chat", { text: "still here" });
    await until(() => chatOf(alice).some((l) => l.text === "still here"), 5000, "the chat line");

    // a refusal at the door is no fault
    await expect(join(colyseus, roomId, { code: "WRONG-CODE", name: "Bob" })).rejects.toThrow();
    expect(await exceptions("onAuth")).toBe(0);
    expect(await exceptions("onMessage")).toBe(before + 1);
  });
});
