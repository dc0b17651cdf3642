import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, bootServer, createTable, join, stateOf, tableOf, until } from "./helpers.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

async function scrape(): Promise<string> {
  const res = await fetch(`${BASE}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  return res.text();
}

/** The value of one sample line, e.g. value(text, 'newangeles_rejections_total{code="bad-command"}'). */
function value(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("counts rooms, clients, messages, commands, refusals and command latency", async () => {
    const before = await scrape();
    const { code, roomId } = await createTable({ seats: 4, bots: 3, seed: 11 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(alice).status === "playing");

    // One refusal of each kind the test can cause, and one accepted command from Alice.
    alice.send("nonsense", {});
    alice.send("command", { type: "nope" });
    watcher.send("command", { type: "pass" });
    await until(() => tableOf(alice).legal.length > 0, 20_000, "Alice to owe a decision");
    const { randomCommand } = await import("../../server/bots/random.ts");
    let accepted = false;
    alice.onStateChange(() => { accepted = true; });
    alice.send("command", randomCommand(tableOf(alice).legal, Math.random));
    await until(() => accepted);
    await new Promise((r) => setTimeout(r, 100));

    const after = await scrape();
    expect(value(after, "newangeles_rooms")).toBe(1);
    expect(value(after, "newangeles_clients")).toBe(2);
    expect(value(after, 'newangeles_messages_total{type="other"}') - value(before, 'newangeles_messages_total{type="other"}')).toBe(1);
    expect(value(after, 'newangeles_messages_total{type="command"}') - value(before, 'newangeles_messages_total{type="command"}')).toBe(3);
    expect(value(after, 'newangeles_rejections_total{code="unknown-message"}') - value(before, 'newangeles_rejections_total{code="unknown-message"}')).toBe(1);
    expect(value(after, 'newangeles_rejections_total{code="bad-command"}') - value(before, 'newangeles_rejections_total{code="bad-command"}')).toBe(1);
    expect(value(after, 'newangeles_rejections_total{code="not-a-player"}') - value(before, 'newangeles_rejections_total{code="not-a-player"}')).toBe(1);
    // Bots play too, so at least Alice's command and the bots' were applied.
    expect(value(after, "newangeles_commands_total") - value(before, "newangeles_commands_total")).toBeGreaterThanOrEqual(1);
    // The latency histogram counts players' commands only: Alice's one accepted command.
    const latencyCount = value(after, "newangeles_command_latency_seconds_count") - value(before, "newangeles_command_latency_seconds_count");
    expect(latencyCount).toBeGreaterThanOrEqual(1);
    expect(value(after, "newangeles_command_latency_seconds_sum")).toBeGreaterThan(0);
    // Each accepted command (players' and bots') is timed through the room's four stages.
    for (const stage of ["engine", "store", "views", "send"]) {
      const sample = `newangeles_command_stage_seconds_total{stage="${stage}"}`;
      expect(value(after, sample) - value(before, sample), stage).toBeGreaterThan(0);
    }
    // The patches reached the clients' sockets through timed writes (part of the send stage).
    expect(value(after, "newangeles_socket_write_seconds_total") - value(before, "newangeles_socket_write_seconds_total")).toBeGreaterThan(0);
    expect(after).toContain("newangeles_process_resident_memory_bytes");
    await alice.leave();
    await watcher.leave();
  }, 40_000);
});
