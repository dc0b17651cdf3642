// Adjourning and resuming a live game in the table core (no sockets): who may adjourn, clocks that
// stop and pick up where they were, no bot and no store write while it waits, a table whose people
// all left adjourning itself, and the host's choice for the seats of people not back.
import { afterEach, describe, expect, it, vi } from "vitest";
import { legal, waitingFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { storedTable } from "../../server/table/start.ts";
import { Table } from "../../server/table/table.ts";
import type { Refusal } from "../../server/table/table.ts";
import { openTable, quiet, recorder, seat, tables } from "./helpers.ts";

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

const NAMES = ["Ann", "Bo", "Cy", "Di"];
const HOUR = 3600_000;

/** A live table of four people with a deadline on every decision; the first decision is pending. */
async function liveTable(options: Record<string, unknown> = {}) {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const t = await openTable({ seats: 4, bots: 0, stepSeconds: 60, botDelayMs: 0, graceSeconds: 5, ...options });
  await seat(t.table, NAMES);
  expect(t.table.status).toBe("playing");
  return t;
}

const send = (table: Table, seat: number, command: unknown) => {
  const refusals: Refusal[] = [];
  table.command(seat, command as never, 0, (r) => refusals.push(r));
  return refusals;
};

describe("adjourning a live game", () => {
  it("stops every clock: the deadline keeps its remaining time, no bot plays, nothing is stored while it waits", async () => {
    const { table, store, code, of } = await liveTable();
    const pending = table.game!.pending!.seat;
    await vi.advanceTimersByTimeAsync(20_000);
    const meetAt = Date.now() + 24 * HOUR;
    expect(table.askToAdjourn(table.hostSeat, { meetAt })).toBeNull();
    expect(table.status).toBe("adjourned");
    expect(table.deadlineAt.size).toBe(0);
    expect(of("adjournmentChanged").at(-1)).toEqual([meetAt, []]);
    const saved = await store.getGame(code);
    expect(saved!.status).toBe("adjourned");
    expect(saved!.adjourned).toMatchObject({ meetAt, by: "host", deadlines: { [String(pending)]: 40_000 } });
    expect(table.talk.gameLog.at(-1)).toMatch(/^The host adjourns the game until \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);

    // A whole day passes: the deadline does not run out, no bot decides, and a person's command is refused.
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(await store.commands(code)).toHaveLength(0);
    const legal = waitingFor(table.game!).includes(pending) ? { type: "pass" } : { type: "abstain" };
    expect(send(table, pending, legal).map((r) => r.code)).toEqual(["adjourned"]);
    expect(await store.commands(code)).toHaveLength(0);

    // Resumed: the pending decision has exactly what was left of its time.
    expect(table.resume("wait")).toBeNull();
    expect(table.status).toBe("playing");
    expect(table.deadlineAt.get(pending)).toBe(Date.now() + 40_000);
    expect((await store.getGame(code))!.status).toBe("playing");
    expect((await store.getGame(code))!.adjourned).toBeNull();
    await vi.advanceTimersByTimeAsync(39_999);
    expect(table.commandCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(table.commandCount()).toBeGreaterThan(0);
  });

  it("is adjourned by a majority of the people seated, at the latest time asked for; requests can be withdrawn", async () => {
    const { table, of } = await liveTable();
    const others = [0, 1, 2, 3].filter((n) => n !== table.hostSeat);
    const soon = Date.now() + HOUR;
    const later = Date.now() + 2 * HOUR;
    expect(table.askToAdjourn(others[0]!, { meetAt: soon })).toBeNull();
    expect(table.status).toBe("playing");
    expect(of("adjournmentChanged").at(-1)).toEqual([0, [others[0]]]);
    expect(table.talk.gameLog.at(-1)).toBe(`${NAMES[others[0]!]} asks to adjourn the game (1 of 3 needed).`);
    expect(table.askToAdjourn(others[0]!, { withdraw: true })).toBeNull();
    expect(of("adjournmentChanged").at(-1)).toEqual([0, []]);
    table.askToAdjourn(others[0]!, { meetAt: soon });
    table.askToAdjourn(others[1]!, { meetAt: later });
    expect(table.status).toBe("playing");
    table.askToAdjourn(others[2]!, {});
    expect(table.status).toBe("adjourned");
    expect(table.adjournment.meetAt).toBe(later);
    expect(table.talk.gameLog.at(-1)).toMatch(/^The players adjourn the game until/);
  });

  it("refuses a meeting time in the past or more than a year ahead, and adjourning a game not under way", async () => {
    const { table } = await liveTable();
    expect(table.askToAdjourn(table.hostSeat, { meetAt: Date.now() - HOUR })?.code).toBe("bad-time");
    expect(table.askToAdjourn(table.hostSeat, { meetAt: Date.now() + 400 * 24 * HOUR })?.code).toBe("bad-time");
    expect(table.status).toBe("playing");
    table.askToAdjourn(table.hostSeat, {});
    expect(table.askToAdjourn(table.hostSeat, {})?.code).toBe("adjourned");
    expect(table.resume("wait")).toBeNull();
    expect(table.resume("wait")?.code).toBe("not-adjourned");
  });
});

describe("resuming", () => {
  it("needs more than half the people back, and gives the absent seats the host's choice", async () => {
    const { table } = await liveTable({ private: false });
    table.askToAdjourn(table.hostSeat, {});
    const host = table.hostSeat;
    const others = [0, 1, 2, 3].filter((n) => n !== host);
    for (const n of others) table.left(`session-${NAMES[n]}`);
    expect(table.resume("bot")?.code).toBe("not-enough-back");
    // Two of four back is not more than half; three is.
    table.sit("again-1", NAMES[others[0]!]!, others[0]!, () => {});
    expect(table.resume("bot")?.code).toBe("not-enough-back");
    table.sit("again-2", NAMES[others[1]!]!, others[1]!, () => {});
    expect(table.resume("open")).toBeNull();
    const absent = table.seats.get(others[2]!)!;
    expect(absent.open).toBe(true);
    expect(absent.botControlled).toBe(true);
    expect(table.talk.gameLog.at(-1)).toBe(`The host resumes the game. Not back yet: ${absent.name}; a newcomer may take the seat of them.`);
    // A newcomer takes the open seat: a new token, the old one no longer opens it.
    const oldHash = absent.tokenHash;
    const taken = table.sit("newcomer", "Eve", null, () => {});
    expect("code" in taken).toBe(false);
    expect((taken as { seat: number }).seat).toBe(absent.seat);
    expect(absent.name).toBe("Eve");
    expect(absent.tokenHash).not.toBe(oldHash);
    expect(absent.open).toBe(false);
    expect(absent.botControlled).toBe(false);
  });

  it("opens a seat to a newcomer on a public table only; waiting means no bot and no deadline for the absent", async () => {
    const { table } = await liveTable();
    // Play on until someone other than the host owes the pending decision.
    const random = makeRandom(5);
    for (let i = 0; i < 50 && table.game!.pending!.seat === table.hostSeat; i++) {
      const n = table.game!.pending!.seat;
      send(table, n, randomCommand(legal(table.game!, n).filter((l) => !l.type.startsWith("trade")), random));
    }
    const pending = table.game!.pending!.seat;
    expect(pending).not.toBe(table.hostSeat);
    const played = table.commandCount();
    table.askToAdjourn(table.hostSeat, {});
    // The person who owes the pending decision stays away; everyone else is back.
    table.left(`session-${NAMES[pending]}`);
    expect(table.resume("open")?.code).toBe("private-table");
    expect(table.resume("wait")).toBeNull();
    expect(table.seats.get(pending)!.botControlled).toBe(false);
    expect(table.deadlineAt.has(pending)).toBe(false);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(table.commandCount()).toBe(played);
    // Back: their deadline runs, with what was left of it.
    table.sit("back", NAMES[pending]!, pending, () => {});
    expect(table.deadlineAt.get(pending)).toBe(Date.now() + 60_000);
  });
});

describe("the host's choice after a restart", () => {
  /** A public table adjourned and resumed with the person who owes the pending decision absent, then rebuilt from the store. */
  async function resumedThenRestarted(choice: "wait" | "open") {
    const { table, store, code } = await liveTable({ private: false });
    const random = makeRandom(7);
    for (let i = 0; i < 50 && table.game!.pending!.seat === table.hostSeat; i++) {
      const n = table.game!.pending!.seat;
      send(table, n, randomCommand(legal(table.game!, n).filter((l) => !l.type.startsWith("trade")), random));
    }
    const absent = table.game!.pending!.seat;
    table.askToAdjourn(table.hostSeat, {});
    table.left(`session-${NAMES[absent]}`);
    expect(table.resume(choice)).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    // The process restarts: a new table from the store, nobody connected yet; the others come back.
    const again = new Table(await storedTable(store, code), { store, publisher: recorder().publisher, log: quiet, limits: { botDelayMinMs: 0 } });
    tables.push(again);
    again.open();
    for (const n of [0, 1, 2, 3].filter((n) => n !== absent)) again.sit(`back-${n}`, NAMES[n]!, n, () => {});
    return { again, store, code, absent };
  }

  it("keeps waiting for an absent person: no bot, no deadline, nothing played, until they are back", async () => {
    const { again, store, code, absent } = await resumedThenRestarted("wait");
    const played = (await store.commands(code)).length;
    expect(again.seats.get(absent)!.waitedFor).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(again.seats.get(absent)!.botControlled).toBe(false);
    expect(again.deadlineAt.has(absent)).toBe(false);
    expect(await store.commands(code)).toHaveLength(played);
    // Back: no longer waited for, in the store too.
    again.sit("back-absent", NAMES[absent]!, absent, () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(again.deadlineAt.has(absent)).toBe(true);
    expect((await store.getGame(code))!.seats.map((s) => s.absent ?? null)).toEqual([null, null, null, null]);
  });

  it("keeps a seat open to a newcomer, played by a bot until one takes it", async () => {
    const { again, store, code, absent } = await resumedThenRestarted("open");
    expect(again.seats.get(absent)!.open).toBe(true);
    expect(again.seats.get(absent)!.botControlled).toBe(true);
    const taken = again.sit("newcomer", "Eve", null, () => {});
    expect((taken as { seat: number }).seat).toBe(absent);
    expect(again.seats.get(absent)!.botControlled).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect((await store.getGame(code))!.seats.map((s) => s.absent ?? null)).toEqual([null, null, null, null]);
  });
});

describe("nobody left, nothing lost", () => {
  it("adjourns a table whose people all left after the grace time, with no bot command stored", async () => {
    const { table, store, code, of } = await liveTable({ stepSeconds: 0 });
    for (const name of NAMES) table.left(`session-${name}`);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(table.status).toBe("playing");
    await vi.advanceTimersByTimeAsync(1);
    expect(table.status).toBe("adjourned");
    expect((await store.getGame(code))!.adjourned?.by).toBe("everyone-left");
    expect(of("parkIfEmpty")).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(await store.commands(code)).toHaveLength(0);
    expect(of("seatBotControlled").some(([, on]) => on === true)).toBe(false);
    expect(table.talk.gameLog.at(-1)).toMatch(/^Everyone has left: the game is adjourned\./);
  });

  it("keeps today's behaviour while someone remains: a bot plays for the one who left", async () => {
    const { table } = await liveTable({ stepSeconds: 0 });
    table.left("session-Di");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(table.status).toBe("playing");
    expect(table.seats.get(3)!.botControlled).toBe(true);
  });
});

describe("an adjourned game in the store", () => {
  it("comes back adjourned, with its meeting time and stopped clocks, and resumes with them", async () => {
    const { table, store, code } = await liveTable();
    const pending = table.game!.pending!.seat;
    await vi.advanceTimersByTimeAsync(15_000);
    const meetAt = Date.now() + 3 * HOUR;
    table.askToAdjourn(table.hostSeat, { meetAt });
    await table.close();
    expect((await store.getGame(code))!.parked).toBe(true);
    await vi.advanceTimersByTimeAsync(24 * HOUR);

    const rec = recorder();
    const again = new Table(await storedTable(store, code), { store, publisher: rec.publisher, log: quiet, limits: { botDelayMinMs: 0 } });
    tables.push(again);
    again.open();
    expect(again.status).toBe("adjourned");
    expect(again.game).toEqual(table.game);
    expect(rec.of("adjournmentChanged").at(-1)).toEqual([meetAt, []]);
    expect(rec.of("seatAwayUntil").every(([, at]) => at === 0)).toBe(true);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(await store.commands(code)).toHaveLength(0);
    for (const [n, name] of NAMES.entries()) again.sit(`back-${name}`, name, n, () => {});
    expect(again.resume("wait")).toBeNull();
    expect(again.deadlineAt.get(pending)).toBe(Date.now() + 45_000);
  });
});
