// Answers in advance keep their place among a seat's commands: while a store write is pending (with
// PostgreSQL every write is a promise), a change of answers waits behind the commands sent before it,
// as commands do, and a timed pass whose countdown ends meanwhile looks at the answers once more
// before the table passes for anyone; an adjournment stops a countdown, and the resume starts it afresh.
// And they are a person's: a newcomer in a seat does not inherit them.
import { afterEach, describe, expect, it, vi } from "vitest";
import { legal } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { memoryStore, type GameStore } from "../../server/store/index.ts";
import { DEFAULT_ANSWERS } from "../../server/table/standing-answers.ts";
import type { Refusal, Table } from "../../server/table/table.ts";
import { heldStore, openTable, seat, tables } from "./helpers.ts";

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

const NAMES = ["Ann", "Bo", "Cy", "Di"];
const TIMED_PASS_SECONDS = 2;

/** Four people, played at random up to a counteroffer chance of one of them: that seat. */
async function atCounterofferChance(store: GameStore): Promise<{ table: Table; chance: number; of: (name: "answersChanged") => unknown[][] }> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const { table, of } = await openTable({ seats: 4, bots: 0, stepSeconds: 3600, botDelayMs: 0 }, { limits: { botDelayMinMs: 0, timedPassSeconds: TIMED_PASS_SECONDS } }, store);
  await seat(table, NAMES);
  const random = makeRandom(7);
  let chances = 0;
  for (let i = 0; i < 2000 && table.game && !table.game.result; i++) {
    const pending = table.game.pending!.seat;
    const owed = legal(table.game, pending);
    if (owed.some((l) => l.type === "counteroffer") && owed.some((l) => l.type === "pass")) return { table, chance: pending, of };
    const command = randomCommand(owed, random);
    if (!command) throw new Error(`seat ${pending} owes nothing it can send`);
    table.command(pending, command, 0, (r) => { throw new Error(r.message); });
    chances++;
  }
  throw new Error(`no counteroffer chance in ${chances} commands`);
}

describe("answers in advance, in order with commands", () => {
  it("a change of answers sent after a command waits for it: the person's own pass is theirs, not refused", async () => {
    const held = heldStore();
    const { table, chance } = await atCounterofferChance(held.store);
    const before = table.commandCount();
    held.hold();
    table.chat(NAMES[0]!, table.seats.get(0), { text: "one moment" }); // a write now pending
    const refusals: Refusal[] = [];
    table.command(chance, { type: "pass" }, 0, (r) => refusals.push(r));
    expect(table.setAnswers(chance, { counteroffers: "round" })).toBeNull();
    held.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(refusals).toEqual([]);
    const after = (await table.replayLog()).commands.slice(before);
    expect(after[0]).toEqual({ seat: chance, command: { type: "pass" } });
    expect(table.answersOf(chance).counteroffers).toEqual({ round: table.game!.round });
  });

  it("a countdown that ends while a write is pending passes only if the answers still say so", async () => {
    const held = heldStore();
    const { table, chance } = await atCounterofferChance(held.store);
    const before = table.commandCount();
    held.hold();
    table.chat(NAMES[0]!, table.seats.get(0), { text: "one moment" }); // a write now pending
    // "Wait for me" before the countdown ends, queued behind the write; the countdown ends meanwhile.
    expect(table.setAnswers(chance, { timedPass: false })).toBeNull();
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 1000 + 100);
    held.release();
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 4000);
    expect((await table.replayLog()).commands.slice(before)).toEqual([]);
    expect(legal(table.game!, chance).some((l) => l.type === "counteroffer")).toBe(true);

    // The control: left alone, the same countdown passes for the seat.
    expect(table.setAnswers(chance, { timedPass: true })).toBeNull();
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 1000 + 100);
    expect((await table.replayLog()).commands.slice(before)[0]).toEqual({ seat: chance, command: { type: "pass" } });
  });

  it("an adjournment stops the countdown (the seat is told), and the resume starts it afresh", async () => {
    const { table, chance, of } = await atCounterofferChance(memoryStore());
    const before = table.commandCount();
    const passAt = () => (JSON.parse(of("answersChanged").filter(([seat]) => seat === chance).at(-1)![1] as string) as { passAt?: number }).passAt ?? 0;
    expect(passAt()).toBe(Date.now() + TIMED_PASS_SECONDS * 1000);
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 500);
    expect(table.askToAdjourn(table.hostSeat, { meetAt: Date.now() + 3600_000 })).toBeNull();
    expect(table.status).toBe("adjourned");
    expect(passAt()).toBe(0);
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 250);
    expect(table.resume("wait")).toBeNull();
    const resumedAt = Date.now();
    expect(passAt()).toBe(resumedAt + TIMED_PASS_SECONDS * 1000);
    // the first countdown's moment goes by: nothing is played for the seat
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 500);
    expect((await table.replayLog()).commands.slice(before)).toEqual([]);
    await vi.advanceTimersByTimeAsync(TIMED_PASS_SECONDS * 500 + 100);
    expect((await table.replayLog()).commands.slice(before)[0]).toEqual({ seat: chance, command: { type: "pass" } });
  });

  it("are a person's, not a seat's: a newcomer in a seat someone left starts with the table's defaults", async () => {
    const { table } = await openTable({ seats: 4, bots: 0 });
    const ann = table.sit("session-Ann", "Ann", null, () => {});
    if ("code" in ann) throw new Error(ann.message);
    expect(table.setAnswers(ann.seat, { generalDraws: ["media"], timedPass: false })).toBeNull();
    expect(table.answersOf(ann.seat)).toMatchObject({ generalDraws: ["media"], timedPass: false });
    table.left("session-Ann");
    const bo = table.sit("session-Bo", "Bo", null, () => {});
    if ("code" in bo) throw new Error(bo.message);
    expect(bo.seat).toBe(ann.seat);
    expect(table.answersOf(bo.seat)).toEqual(DEFAULT_ANSWERS);
  });
});
