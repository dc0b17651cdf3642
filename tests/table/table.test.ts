// The table core without sockets: a Table driven directly, publishing to a recording fake and storing
// in an in-memory store. What a room would send is what the fake recorded.
import { afterEach, describe, expect, it, vi } from "vitest";
import { replay, waitingFor } from "../../server/engine/index.ts";
import type { Refusal } from "../../server/table/table.ts";
import { openTable, seat, tables } from "./helpers.ts";
import { hostAction } from "../../server/table/host.ts";

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

describe("the start of a full table", () => {
  it("without a countdown, starts the moment the last seat is taken", async () => {
    const { table } = await openTable({ seats: 4, bots: 2, botDelayMs: 60_000 });
    await seat(table, ["Alice", "Bob"]);
    expect(table.status).toBe("playing");
  });

  it("with one, shows when it starts, stops when a seat frees, and starts when it runs out or the host says", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { table, of } = await openTable({ seats: 4, bots: 2, botDelayMs: 60_000, startCountdown: 10 });
    await seat(table, ["Alice", "Bob"]);
    expect(table.status).toBe("lobby");
    const at = of("startsAtChanged").at(-1)![0] as number;
    expect(at).toBe(Date.now() + 10_000);
    // Bob leaves before the start: the countdown stops, and the game does not start when it would have
    table.left("session-Bob");
    expect(of("startsAtChanged").at(-1)).toEqual([0]);
    await vi.advanceTimersByTimeAsync(11_000);
    expect(table.status).toBe("lobby");
    // Cal takes the seat: a new countdown, and the game starts when it runs out, not a moment before
    await seat(table, ["Cal"]);
    expect(of("startsAtChanged").at(-1)![0]).toBe(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(9_900);
    expect(table.status).toBe("lobby");
    await vi.advanceTimersByTimeAsync(200);
    expect(table.status).toBe("playing");
    expect(of("startsAtChanged").at(-1)).toEqual([0]);
  });

  it("the host may start during the countdown", async () => {
    const { table, of } = await openTable({ seats: 4, bots: 2, botDelayMs: 60_000, startCountdown: 30 });
    await seat(table, ["Alice", "Bob"]);
    expect(table.status).toBe("lobby");
    expect(hostAction(table, { action: "start" })).toBeNull();
    expect(table.status).toBe("playing");
    expect(of("startsAtChanged").at(-1)).toEqual([0]);
  });
});

describe("a table without sockets", () => {
  it("holds no list of the commands played: the replay log is read from the store", async () => {
    const { table, store, code } = await openTable({ seats: 4, bots: 4, botDelayMs: 0 });
    await vi.waitFor(() => expect(table.commandCount()).toBeGreaterThan(20), { timeout: 60_000, interval: 20 });
    // A whole game's commands (~25 KB) would stay in each live room's memory (docs/performance.md, #32).
    const lists = Object.entries(table).filter(([, v]) => Array.isArray(v) && v.some((e) => typeof e === "object" && e !== null && "command" in e));
    expect(lists.map(([k]) => k)).toEqual([]);
    const log = await table.replayLog();
    expect(log.commands).toHaveLength(table.commandCount());
    expect(log.commands).toEqual((await store.commands(code)).filter((r) => r.command.type !== "take-back"));
  }, 60_000);

  it("plays a whole game of bots: every command stored, published, and the replay rebuilds the game", async () => {
    const { table, store, code, of } = await openTable({ seats: 4, bots: 4, botDelayMs: 0 });
    expect(table.status).toBe("playing"); // a table of bots starts at once
    await vi.waitFor(() => expect(table.status).toBe("finished"), { timeout: 60_000, interval: 20 });

    const log = await table.replayLog();
    expect(log.commands.length).toBeGreaterThan(20);
    expect(replay(log)).toEqual(table.game);
    // Stored in order, as played, and the game closed in the store with its result.
    expect(await store.commands(code)).toEqual(log.commands);
    const stored = await store.getGame(code);
    expect(stored?.status).toBe("finished");
    expect(stored?.result).toEqual(table.game!.result);
    // Published: the status changes, and the last game change carries every accepted command.
    expect(of("statusChanged")).toEqual([["playing"], ["finished"]]);
    const [lastGame, publicMoves, privateMoves] = of("gameChanged").at(-1)!;
    expect(lastGame).toBe(table.game);
    expect((publicMoves as number) + (privateMoves as number[]).reduce((a, b) => a + (b ?? 0), 0)).toBe(log.commands.length);
    expect(of("deadlineChanged").at(-1)).toEqual([0]);
  }, 90_000);

  it("refuses a command that does not apply and changes nothing: game, store, publisher", async () => {
    const { table, store, code, calls } = await openTable({ seats: 4, bots: 3, botDelayMs: 60_000 });
    await seat(table, ["Alice"]);
    expect(table.status).toBe("playing");
    const game = JSON.stringify(table.game);
    const published = calls.length;
    // Alice (seat 0) sends a pass when the game does not wait for her, or a choice there is none of.
    const command = waitingFor(table.game!).includes(0) ? { type: "choose", option: "no-such-option" } : { type: "pass" };
    const refusals: Refusal[] = [];
    table.command(0, command as never, 0, (r) => refusals.push(r));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]!.code).toMatch(/\S/);
    expect(JSON.stringify(table.game)).toBe(game);
    expect(table.commandCount()).toBe(0);
    expect(await store.commands(code)).toHaveLength(0);
    expect(calls.length).toBe(published);
  });

  it("lets the bot policy decide for a human whose deadline passes, not a moment before", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const { table, of } = await openTable({ seats: 4, bots: 0, stepSeconds: 5, botDelayMs: 0 });
    await seat(table, ["Ann", "Bo", "Cy", "Di"]);
    expect(table.status).toBe("playing");
    const pending = table.game!.pending!.seat;
    const due = Date.now() + 5000;
    expect(table.deadlineAt.get(pending)).toBe(due);
    expect(of("deadlineChanged").at(-1)).toEqual([due]);

    await vi.advanceTimersByTimeAsync(4999);
    expect(table.commandCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    const commands = (await table.replayLog()).commands;
    expect(commands.length).toBeGreaterThan(0);
    expect(commands[0]!.seat).toBe(pending);
    // The seat stays its player's: only that decision was made for them.
    expect(table.seats.get(pending)!.botControlled).toBe(false);
    expect(of("seatBotControlled").some(([, on]) => on === true)).toBe(false);
  });

  // What the 6-seat, 1 s-deadline game over sockets guarded (it took minutes of real deadlines), on a
  // fake clock: a whole game in which one human never acts is carried to its end by the deadlines alone.
  it("plays a 6-seat table of 5 bots to its end while the one human never acts: every decision owed is made at its deadline", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const { table, of } = await openTable({ seats: 6, bots: 5, stepSeconds: 1, botDelayMs: 0 });
    await seat(table, ["Sleepy"]);
    expect(table.status).toBe("playing");
    const human = [...table.seats.all()].find((s) => !s.bot)!.seat;
    /** When each decision the human owed was made for them, against its deadline. */
    const late: number[] = [];
    let owed = 0;
    for (let step = 0; step < 50_000 && table.status !== "finished"; step++) {
      const due = table.deadlineAt.get(human);
      const before = table.commandCount();
      await vi.advanceTimersByTimeAsync(due ? Math.max(0, due - Date.now()) : 1);
      const made = (await table.replayLog()).commands.slice(before).filter((c) => c.seat === human);
      if (due && made.length > 0) { owed++; late.push(Date.now() - due); }
    }
    expect(table.status).toBe("finished");
    expect(table.game!.result!.seats).toHaveLength(6);
    // The human owed decisions all game long, and each was made at its deadline, not before nor long after.
    expect(owed).toBeGreaterThan(10);
    expect(late.every((ms) => ms >= 0 && ms < 1000), JSON.stringify(late.slice(0, 20))).toBe(true);
    // The bot made the decisions owed and nothing else: no trade in the person's name.
    const theirs = (await table.replayLog()).commands.filter((c) => c.seat === human).map((c) => c.command.type);
    expect(theirs.length).toBeGreaterThanOrEqual(owed);
    expect(theirs.filter((t) => t.startsWith("trade-"))).toEqual([]);
    // The seat stayed its player's (no bot takeover: they never left), and the game replays to itself.
    expect(table.seats.get(human)!.botControlled).toBe(false);
    expect(of("seatBotControlled").some(([, on]) => on === true)).toBe(false);
    expect(replay(await table.replayLog())).toEqual(table.game);
  }, 120_000);
});
