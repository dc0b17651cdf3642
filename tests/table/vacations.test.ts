// Vacations at a turn-based table (server/table/vacations.ts): the 14 days a year counted per seat, one
// vacation at a time, ended early or withdrawn; then the table carrying them out with the clock in the
// test's hands: a bot plays the seat (no bank runs, no nudge), or the game pauses for at most 72 hours,
// the log and everyone's view say who is away until when, and a restart or a parked game keeps it all.
import { afterEach, describe, expect, it, vi } from "vitest";
import { waitingFor } from "../../server/engine/index.ts";
import { storedTable } from "../../server/table/start.ts";
import { Table } from "../../server/table/table.ts";
import { VACATIONS_PER_YEAR, Vacations } from "../../server/table/vacations.ts";
import { VACATION_ALLOWANCE_MS, VACATION_PAUSE_MAX_MS, VacationMessage, type VacationsShown } from "../../shared/vote-protocol.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { openTable, quiet, recorder, seat, tables } from "./helpers.ts";

const T0 = Date.UTC(2026, 0, 5, 12);
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const mark = (from: number, until: number) => ({ act: "mark" as const, from, until });

describe("vacations, counted", () => {
  it("allows 14 days a year per seat: the days marked count, a refusal says what is left", () => {
    const v = new Vacations("bot");
    expect(v.mark(0, mark(T0, T0 + 10 * DAY), T0)).toMatchObject({ seat: 0, from: T0, until: T0 + 10 * DAY });
    expect(v.leftMs(0, T0 + 20 * DAY)).toBe(VACATION_ALLOWANCE_MS - 10 * DAY);
    const later = T0 + 30 * DAY;
    expect(v.mark(0, mark(later, later + 5 * DAY), T0 + 20 * DAY)).toMatchObject({ code: "vacation-allowance", message: expect.stringContaining("4 days left") });
    expect(v.mark(0, mark(later, later + 4 * DAY), T0 + 20 * DAY)).toMatchObject({ seat: 0 });
    // Another seat has its own 14 days.
    expect(v.mark(1, mark(T0, T0 + 14 * DAY), T0)).toMatchObject({ seat: 1 });
    // A year after the first one started, its days count no more.
    const nextYear = T0 + 366 * DAY;
    expect(v.leftMs(0, nextYear)).toBe(VACATION_ALLOWANCE_MS - 4 * DAY);
  });

  it("ending early counts the time used; withdrawing one not begun counts nothing", () => {
    const v = new Vacations("bot");
    v.mark(0, mark(T0, T0 + 14 * DAY), T0);
    expect(v.end(0, T0 + 2 * DAY)).toMatchObject({ started: true });
    expect(v.leftMs(0, T0 + 3 * DAY)).toBe(12 * DAY);
    v.mark(0, mark(T0 + 10 * DAY, T0 + 20 * DAY), T0 + 3 * DAY);
    expect(v.end(0, T0 + 4 * DAY)).toMatchObject({ started: false });
    expect(v.leftMs(0, T0 + 4 * DAY)).toBe(12 * DAY);
    expect(v.end(0, T0 + 4 * DAY)).toMatchObject({ code: "no-vacation" });
  });

  it("one vacation at a time, a bounded number a year, and sensible times only", () => {
    const v = new Vacations("bot");
    v.mark(0, mark(T0 + DAY, T0 + 2 * DAY), T0);
    expect(v.mark(0, mark(T0 + 3 * DAY, T0 + 4 * DAY), T0)).toMatchObject({ code: "vacation-open" });
    expect(v.mark(1, mark(T0, T0 + 30 * 60_000), T0)).toMatchObject({ code: "bad-time" });
    expect(v.mark(1, mark(T0 + 2 * DAY, T0 + DAY), T0)).toMatchObject({ code: "bad-time" });
    expect(v.mark(1, mark(T0 + 400 * DAY, T0 + 401 * DAY), T0)).toMatchObject({ code: "bad-time" });
    // A start in the past is now.
    expect(v.mark(1, mark(0, T0 + 2 * HOUR), T0)).toMatchObject({ from: T0 });
    let now = T0 + 3 * DAY;
    for (let i = 1; i < VACATIONS_PER_YEAR; i++) {
      expect(v.mark(0, mark(now, now + HOUR), now)).toMatchObject({ seat: 0 });
      now += 2 * HOUR;
    }
    expect(v.mark(0, mark(now, now + HOUR), now)).toMatchObject({ code: "vacation-limit" });
  });

  it("the message is checked whole", () => {
    expect(VacationMessage.safeParse({ act: "mark", from: T0, until: T0 + DAY }).success).toBe(true);
    expect(VacationMessage.safeParse({ act: "end" }).success).toBe(true);
    for (const bad of [{ act: "mark", from: T0 }, { act: "mark", from: "now", until: T0 }, { act: "mark", from: 1.5, until: T0 }, { act: "end", why: "beach" }, { act: "mark", from: -1, until: T0 }, null]) {
      expect(VacationMessage.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(TableOptions.parse({ pace: "turn-based", turn: {} }).turn!.vacation).toBe("bot");
    expect(TableOptions.safeParse({ pace: "turn-based", turn: { vacation: "nap" } }).success).toBe(false);
  });
});

describe("a table carrying out vacations", () => {
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(tables.splice(0).map((t) => t.close()));
  });

  /** A turn-based table of three people and a bot, time in the test's hands (timers and Date). */
  async function turnTable(vacation: "bot" | "pause") {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: T0 });
    const t = await openTable({ seats: 4, bots: 1, pace: "turn-based", botDelayMs: 0, turn: { vacation } }, { clock: () => Date.now(), limits: { botDelayMinMs: 0, nudgeAfterMs: 10 * 60_000 } });
    await seat(t.table, ["Ann", "Bo", "Cy"]);
    await vi.advanceTimersByTimeAsync(0);
    const owing = waitingFor(t.table.game!).find((n) => n < 3)!;
    const shown = () => JSON.parse(t.of("vacationsChanged").at(-1)![0] as string) as VacationsShown;
    return { ...t, owing, shown, log: () => t.table.talk.gameLog.join("\n") };
  }

  it("bot: the seat is the bot's while away (no bank runs, no nudge), everyone sees until when, and it is theirs again after", async () => {
    const { table, owing, shown, log, store, code } = await turnTable("bot");
    const name = table.seats.get(owing)!.name;
    const until = Date.now() + 3 * DAY;
    expect(table.banks!.get(owing)!.owedSince).not.toBeNull();
    expect(table.vacation(owing, mark(Date.now(), until))).toBeNull();
    expect(table.seats.get(owing)!.botControlled).toBe(true);
    expect(table.banks!.get(owing)!.owedSince).toBeNull(); // the bank stopped
    expect(table.nudgeState(owing)!.owes).toBe(false);
    expect(shown()).toEqual({ mode: "bot", away: [{ seat: owing, from: T0, until }], pausedUntil: 0 });
    expect(log()).toContain(`${name} is away on vacation until 2026-01-08 12:00 UTC: a bot plays their seat.`);
    // Away by leave: not a seat the others may vote to give to a newcomer.
    expect(table.vote(owing === 0 ? 1 : 0, { act: "open", kind: "replace", seat: owing })).toMatchObject({ code: "not-away" });
    await vi.waitFor(async () => expect((await store.getGame(code))!.vacations!.list).toEqual([{ seat: owing, from: T0, until }]));
    // The bot decides for them meanwhile.
    await vi.advanceTimersByTimeAsync(HOUR);
    expect((await store.commands(code)).some((c) => c.seat === owing)).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * DAY);
    expect(table.seats.get(owing)!.botControlled).toBe(false);
    expect(shown().away).toEqual([]);
    expect(log()).toContain(`${name}'s vacation is over: they play their seat again.`);
  });

  it("pause: the game pauses at most 72 hours, visible with its resume time; then the bot plays until the vacation ends", async () => {
    const { table, owing, shown, log, store, code } = await turnTable("pause");
    const until = T0 + 5 * DAY;
    expect(table.vacation(owing, mark(T0, until))).toBeNull();
    await vi.waitFor(() => expect(table.status).toBe("adjourned"));
    expect(table.adjournment).toMatchObject({ by: "vacation", meetAt: T0 + VACATION_PAUSE_MAX_MS });
    expect(shown()).toMatchObject({ mode: "pause", pausedUntil: T0 + VACATION_PAUSE_MAX_MS });
    expect(log()).toContain("A player's vacation pauses the game until 2026-01-08 12:00 UTC.");
    expect(table.resume("wait")).toMatchObject({ code: "paused", message: expect.stringContaining("vacation") });
    // A parked game wakes for it: the store knows the pause's end.
    expect(await store.duePauses(T0 + VACATION_PAUSE_MAX_MS, 10)).toContain(code);
    const played = (await store.commands(code)).length;
    await vi.advanceTimersByTimeAsync(VACATION_PAUSE_MAX_MS - HOUR);
    expect(table.status).toBe("adjourned");
    expect(await store.commands(code)).toHaveLength(played);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(table.status).toBe("playing");
    expect(shown().pausedUntil).toBe(0);
    expect(table.seats.get(owing)!.botControlled).toBe(true);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect((await store.commands(code)).length).toBeGreaterThan(played);
    await vi.advanceTimersByTimeAsync(until - Date.now() + 1000);
    expect(table.seats.get(owing)!.botControlled).toBe(false);
  });

  it("ended early: a shorter pause ends at once, and the person plays their seat", async () => {
    const { table, owing, log } = await turnTable("pause");
    table.vacation(owing, mark(T0, T0 + 2 * DAY));
    await vi.waitFor(() => expect(table.status).toBe("adjourned"));
    expect(table.adjournment.meetAt).toBe(T0 + 2 * DAY);
    await vi.advanceTimersByTimeAsync(10 * HOUR);
    const endedAt = Date.now();
    expect(table.vacation(owing, { act: "end" })).toBeNull();
    await vi.waitFor(() => expect(table.status).toBe("playing"));
    expect(table.seats.get(owing)!.botControlled).toBe(false);
    expect(log()).toContain(`${table.seats.get(owing)!.name} is back from vacation early.`);
    expect(table.vacations!.book.leftMs(owing, Date.now())).toBe(VACATION_ALLOWANCE_MS - (endedAt - T0));
    expect(table.vacation(owing, { act: "end" })).toMatchObject({ code: "no-vacation" });
  });

  it("refuses at a live table, before the game, and to a bot's seat", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"], now: T0 });
    const live = await openTable({ seats: 4, bots: 1 });
    await seat(live.table, ["Ann", "Bo", "Cy"]);
    expect(live.table.vacation(0, mark(T0, T0 + DAY))).toMatchObject({ code: "not-turn-based" });
    const early = await openTable({ seats: 4, bots: 1, pace: "turn-based" });
    await seat(early.table, ["Ann"]);
    expect(early.table.vacation(0, mark(T0, T0 + DAY))).toMatchObject({ code: "not-playing" });
    const { table } = await turnTable("bot");
    expect(table.vacation(3, mark(T0, T0 + DAY))).toMatchObject({ code: "not-a-player" });
  });

  it("pause: a vacation that begins while the game is parked pauses it as it wakes, banks stopped", async () => {
    const { table, owing, store, code } = await turnTable("pause");
    table.vacation(owing, mark(T0 + HOUR, T0 + 2 * DAY));
    expect(table.status).toBe("playing");
    await vi.advanceTimersByTimeAsync(0);
    await table.close();
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(await store.dueVacations(Date.now(), 10)).toContain(code);
    const rec = recorder();
    const again = new Table(await storedTable(store, code, true), { store, publisher: rec.publisher, log: quiet, limits: { botDelayMinMs: 0 }, clock: () => Date.now() });
    tables.push(again);
    again.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(again.status).toBe("adjourned");
    expect(again.adjournment).toMatchObject({ by: "vacation", meetAt: T0 + 2 * DAY }); // its end, before the 72 hours
    expect(again.banks!.all().every((c) => c.owedSince === null)).toBe(true);
    await vi.waitFor(async () => expect((await store.getGame(code))!.status).toBe("adjourned"));
    expect(await store.dueVacations(Date.now(), 10)).not.toContain(code);
  });

  it("survives a restart: the seat is still the bot's, everyone sees it again, and it ends on time", async () => {
    const { table, owing, store, code } = await turnTable("bot");
    const until = T0 + 2 * DAY;
    table.vacation(owing, mark(T0, until));
    await vi.advanceTimersByTimeAsync(HOUR);
    await table.close();
    const rec = recorder();
    const again = new Table(await storedTable(store, code, true), { store, publisher: rec.publisher, log: quiet, limits: { botDelayMinMs: 0 }, clock: () => Date.now() });
    tables.push(again);
    again.open();
    expect(again.seats.get(owing)!.botControlled).toBe(true);
    expect(again.nudgeState(owing)!.owes).toBe(false);
    expect(JSON.parse(rec.of("vacationsChanged").at(-1)![0] as string)).toMatchObject({ away: [{ seat: owing, until }] });
    expect(again.talk.gameLog.join("\n")).toContain("is away on vacation until 2026-01-07 12:00 UTC");
    // Its end is in the store: a parked game is woken for it.
    expect(await store.dueVacations(until, 10)).toContain(code);
    expect(await store.dueVacations(until - 1, 10)).not.toContain(code);
    await vi.advanceTimersByTimeAsync(2 * DAY);
    expect(again.seats.get(owing)!.botControlled).toBe(false);
  });
});
