// A command the table answers at once for the next seat (an answer in advance) leaves in one patch with
// that answer, so the game between the two never reaches a client: it is not projected either, and the
// state shows the answer's game. While the answer's store write is in flight (PostgreSQL), the state
// shows the command's game meanwhile, and the answer's once it is written.
import { afterEach, describe, expect, it } from "vitest";
import { legal, type GameState } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { memoryStore, type GameStore } from "../../server/store/index.ts";
import type { Table } from "../../server/table/table.ts";
import { openTable, seat, tables } from "./helpers.ts";

afterEach(async () => {
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

const NAMES = ["Ann", "Bo", "Cy", "Di"];

/**
 * A memory store in which, once armed, the `nth` command written from then on stays pending until
 * released: those before it are done at once, as SQLite's are.
 */
function nthWriteHeld(nth: number): { store: GameStore; arm(): void; disarm(): void; release(): void } {
  const inner = memoryStore();
  let armed = false;
  let seen = 0;
  let open: (() => void) | null = null;
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (name !== "appendCommand" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (!armed || ++seen < nth) return result;
        armed = false;
        return new Promise<void>((resolve) => { open = resolve; }).then(() => result);
      };
    },
  });
  return {
    store,
    arm() { armed = true; seen = 0; },
    disarm() { armed = false; },
    release() { open?.(); open = null; },
  };
}

/** Four people who pass on every counteroffer chance in advance: the table answers often. */
async function passingTable(store: GameStore) {
  const opened = await openTable({ seats: 4, bots: 0, stepSeconds: 3600, botDelayMs: 0 }, {}, store);
  await seat(opened.table, NAMES);
  for (let n = 0; n < NAMES.length; n++) expect(opened.table.setAnswers(n, { counteroffers: "pass" })).toBeNull();
  return opened;
}

/** The pending seat's next random command (the seat that owes the decision). */
function nextCommand(table: Table, random: () => number) {
  const pending = table.game!.pending!.seat;
  const command = randomCommand(legal(table.game!, pending), random);
  if (!command) throw new Error(`seat ${pending} owes nothing it can send`);
  return { pending, command };
}

const answeredForYou = (args: unknown[]) => (args[1] as { type: string }).type === "answered-for-you";

type Call = { name: string; args: unknown[] };

/**
 * The pending seat plays its next random command (with `held`, armed around it): what the publisher was
 * called with meanwhile, the games projected and the seats answered for (in the order of their events).
 */
function playNext(table: Table, calls: Call[], random: () => number, held?: { arm(): void; disarm(): void }) {
  const { pending, command } = nextCommand(table, random);
  const from = calls.length;
  held?.arm();
  table.command(pending, command, 0, (r) => { throw new Error(r.message); });
  held?.disarm();
  const made = calls.slice(from);
  return {
    projected: made.filter((c) => c.name === "gameChanged").map((c) => c.args[0] as GameState),
    answeredSeats: made.filter((c) => c.name === "event" && answeredForYou(c.args)).map((c) => c.args[0] as number),
  };
}

const projectedSince = (calls: Call[], from: number) => calls.slice(from).filter((c) => c.name === "gameChanged").map((c) => c.args[0] as GameState);

describe("a command answered at once for the next seat", () => {
  it("is projected once, as the answer's game", async () => {
    const { table, calls } = await passingTable(memoryStore());
    const random = makeRandom(3);
    let answered = 0;
    for (let i = 0; i < 400 && table.game && !table.game.result; i++) {
      const { projected, answeredSeats } = playNext(table, calls, random);
      if (answeredSeats.length > 0) answered++;
      expect(projected).toEqual([table.game]);
      expect(projected[0]).toBe(table.game);
    }
    expect(answered).toBeGreaterThan(5);
  });

  it("shows the command's game while the answer's write is in flight, then the answer's", async () => {
    const held = nthWriteHeld(2);
    const { table, calls } = await passingTable(held.store);
    const random = makeRandom(3);
    for (let i = 0; i < 400 && table.game && !table.game.result; i++) {
      const { projected, answeredSeats } = playNext(table, calls, random, held);
      if (answeredSeats.length === 0) continue;
      // The answer is played (the table's game is past it) and its write waits: the command's game is shown.
      const answeringSeat = answeredSeats[0]!;
      expect(projected).toHaveLength(1);
      expect(projected[0]).not.toBe(table.game);
      expect(projected[0]!.pending?.seat).toBe(answeringSeat);
      expect(legal(projected[0]!, answeringSeat).some((l) => l.type === "counteroffer")).toBe(true);
      const written = calls.length;
      held.release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(projectedSince(calls, written).at(-1)).toBe(table.game);
      return;
    }
    throw new Error("no command was answered at once for the next seat");
  });

  it("shows the first answer's game, never the command's, while a second answer's write is in flight", async () => {
    const held = nthWriteHeld(3);
    const { table, calls } = await passingTable(held.store);
    const random = makeRandom(5);
    for (let i = 0; i < 600 && table.game && !table.game.result; i++) {
      const { projected, answeredSeats } = playNext(table, calls, random, held);
      if (answeredSeats.length < 2) {
        held.release(); // a write held by a shorter chain (if any) goes on
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      // Command and first answer written at once, the second answer's write waiting: the first answer's
      // game is shown (the second answer's seat owes its decision there), and nothing older after it.
      // (each answer's event is sent once its play has returned: the last one played comes first)
      const secondSeat = answeredSeats[0]!;
      expect(projected).toHaveLength(1);
      expect(projected[0]!.pending?.seat).toBe(secondSeat);
      const written = calls.length;
      held.release();
      await new Promise((resolve) => setImmediate(resolve));
      expect(projectedSince(calls, written).at(-1)).toBe(table.game);
      return;
    }
    throw new Error("no command was answered at once twice over");
  });
});
