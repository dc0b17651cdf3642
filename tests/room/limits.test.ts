// The room's limits, each a server setting (server/config.ts, createServer's `limits`): trade proposals
// per seat per minute, open proposals per seat, and a floor under the bots' pace. Over real sockets.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { bootServer, createTable, join, stateOf, tableOf, until } from "./helpers.ts";
import { readConfig } from "../../server/config.ts";
import { DEFAULT_ROOM_LIMITS, MAX_OPEN_TRADES } from "../../server/table/limits.ts";
import { BASE } from "./helpers.ts";
import { STEP_SECONDS_FLOOR } from "../../shared/deadlines.ts";

const LIMITS = { tradeProposalsPerMinute: 5, openTradesPerSeat: 2, botDelayMinMs: 100, stepSecondsMin: STEP_SECONDS_FLOOR };

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(LIMITS); });
afterAll(async () => colyseus.shutdown());

const tradesOf = (client: SDKRoom, seat: number) => (tableOf(client).mySeat === seat ? tableOf(client).trades : []);
const propose = (to: number) => ({ type: "trade-propose", to, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } });

/** Sends a command and waits for its answer: a patch, or the refusal (returned). */
async function send(client: SDKRoom, command: unknown): Promise<{ code: string; message: string } | null> {
  let answer: { code: string; message: string } | null | undefined;
  const onPatch = () => { answer ??= null; };
  client.onStateChange(onPatch);
  const off = client.onMessage("error", (e: { code: string; message: string }) => { answer = e; });
  client.send("command", command);
  try {
    await until(() => answer !== undefined, 5000, `an answer to ${JSON.stringify(command)}`);
  } finally {
    client.onStateChange.remove(onPatch);
    off();
  }
  return answer ?? null;
}

describe("trade limits", () => {
  it("refuses a seat's proposals over the open limit and over the limit per minute, with a clear error, storing nothing", async () => {
    // The bot waits a minute: nothing moves at this table but the trades.
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, botDelayMs: 60_000 });
    const alice = await join(colyseus, roomId, { code, name: "Alice" });
    const bob = await join(colyseus, roomId, { code, name: "Bob" });
    await until(() => tableOf(alice).legal.some((l) => l.type === "trade-propose"), 5000, "trades allowed");
    const stored = () => room.commandCount();

    // Open proposals: two at once, not a third.
    expect(await send(alice, propose(1))).toBeNull();
    expect(await send(alice, propose(1))).toBeNull();
    const before = stored();
    const open = await send(alice, propose(1));
    expect(open?.code).toBe("too-many-trades");
    expect(open?.message).toContain(`${LIMITS.openTradesPerSeat} open trade proposals`);
    expect(stored()).toBe(before);
    expect(tradesOf(bob, 1)).toHaveLength(2);

    // Per minute: withdrawing makes room for more, up to five proposals, then a refusal that says when.
    for (let made = 2; made < LIMITS.tradeProposalsPerMinute; made++) {
      expect(await send(alice, { type: "trade-cancel", id: tradesOf(alice, 0)[0]!.id })).toBeNull();
      expect(await send(alice, propose(1))).toBeNull();
    }
    expect(await send(alice, { type: "trade-cancel", id: tradesOf(alice, 0)[0]!.id })).toBeNull();
    const flood = stored();
    const rate = await send(alice, propose(1));
    expect(rate?.code).toBe("trade-rate");
    expect(rate?.message).toMatch(new RegExp(`at most ${LIMITS.tradeProposalsPerMinute} trades a minute: try again in \\d+ s`));
    for (let i = 0; i < 20; i++) alice.send("command", propose(1));
    await new Promise((r) => setTimeout(r, 300));
    expect(stored()).toBe(flood);
    expect(alice.connection.isOpen).toBe(true);

    // The limits are per seat: Bob still proposes.
    expect(await send(bob, propose(0))).toBeNull();
    expect(stored()).toBe(flood + 1);
    await alice.leave();
    await bob.leave();
  });
});

describe("the bots' pace", () => {
  it("keeps bots at a table asking for botDelayMs 0 to the server's floor", async () => {
    const { room } = await createTable({ seats: 4, bots: 4, botDelayMs: 0 });
    expect(room.botDelayMs()).toBe(LIMITS.botDelayMinMs);
    const started = Date.now();
    await until(() => room.commandCount() > 0, 5000, "a first bot move");
    await new Promise((r) => setTimeout(r, 1000));
    const elapsed = Date.now() - started;
    // Each bot waits the floor before each move; several may wait at once (every seat chooses its investment).
    const most = (Math.floor(elapsed / LIMITS.botDelayMinMs) + 1) * 4;
    expect(room.commandCount()).toBeLessThanOrEqual(most);
    expect(room.state.status).toBe("playing");
  });
});

describe("the deadline floor", () => {
  const create = (body: unknown) => fetch(`${BASE}/api/games`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("refuses a table whose deadline per decision is under the floor, and takes none or the floor", async () => {
    for (const stepSeconds of [0.01, 1, STEP_SECONDS_FLOOR - 1]) {
      const res = await create({ stepSeconds });
      expect(res.status, String(stepSeconds)).toBe(400);
      expect((await res.json()).error.message).toContain(`at least ${STEP_SECONDS_FLOOR} seconds`);
    }
    for (const stepSeconds of [0, STEP_SECONDS_FLOOR]) expect((await create({ stepSeconds })).status, String(stepSeconds)).toBe(201);
  });

  it("refuses the host a deadline under the floor before the start", async () => {
    const { roomId, code, room } = await createTable({ seats: 4, stepSeconds: 60 });
    const host = await join(colyseus, roomId, { code, name: "Hana" });
    const errors: { code: string; message: string }[] = [];
    host.onMessage("error", (e) => errors.push(e));
    host.send("host", { action: "settings", stepSeconds: 0.01 });
    await until(() => errors.length === 1, 5000, "the refusal");
    expect(errors[0]).toMatchObject({ code: "bad-settings" });
    expect(room.options.stepSeconds).toBe(60);
    host.send("host", { action: "settings", stepSeconds: STEP_SECONDS_FLOOR });
    await until(() => room.options.stepSeconds === STEP_SECONDS_FLOOR, 5000, "the floor itself");
    host.send("host", { action: "start" });
    await until(() => stateOf(host).status === "playing", 5000, "the start");
    expect(room.deadlineAt).toBeDefined();
  });
});

describe("settings", () => {
  it("reads the limits from the environment, with defaults, and refuses bad values", () => {
    expect(readConfig({}).roomLimits).toEqual(DEFAULT_ROOM_LIMITS);
    expect(readConfig({ TRADE_PROPOSALS_PER_MINUTE: "7", TRADE_OPEN_PER_SEAT: "1", BOT_DELAY_MIN_MS: "0" }).roomLimits)
      .toEqual({ ...DEFAULT_ROOM_LIMITS, tradeProposalsPerMinute: 7, openTradesPerSeat: 1, botDelayMinMs: 0 });
    expect(readConfig({ STEP_SECONDS_MIN: "45" }).roomLimits.stepSecondsMin).toBe(45);
    expect(() => readConfig({ STEP_SECONDS_MIN: "-1" })).toThrow(/STEP_SECONDS_MIN/);
    expect(() => readConfig({ TRADE_OPEN_PER_SEAT: String(MAX_OPEN_TRADES + 1) })).toThrow(/TRADE_OPEN_PER_SEAT/);
    expect(() => readConfig({ TRADE_PROPOSALS_PER_MINUTE: "0" })).toThrow(/TRADE_PROPOSALS_PER_MINUTE/);
    expect(() => readConfig({ BOT_DELAY_MIN_MS: "fast" })).toThrow(/BOT_DELAY_MIN_MS/);
  });
});
