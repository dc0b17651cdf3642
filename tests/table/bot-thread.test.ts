// A table whose bots think on their own thread (server/bots/thinker.ts, a real worker here): each bot
// is asked with its own seat's view of the game as it stands, and its answer is played only while it
// still fits. The thread's answers are held back here where a test needs the game to move meanwhile:
// a trade offered to the bot while it thinks makes it think again; a person back in their seat before
// the bot's answer keeps their decision. A person's hint is worked out there too, and refused while
// the thread has HINTS_WAITING_MAX questions waiting; without a thread it is worked out at once.
import { afterEach, describe, expect, it } from "vitest";
import { botViewFor, legal, waitingFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { botThread, type BotThinker, type ThinkJob, type Thought } from "../../server/bots/thinker.ts";
import type { Table } from "../../server/table/table.ts";
import { HINTS_WAITING_MAX } from "../../server/table/guide.ts";
import { openTable, seat, tables } from "./helpers.ts";

const threads: BotThinker[] = [];
afterEach(async () => {
  await Promise.all(tables.splice(0).map((t) => t.close()));
  await Promise.all(threads.splice(0).map((t) => t.stop()));
});

interface Asked { seat: number; job: ThinkJob; release(): void; answered: boolean }

/** The real thread, each answer held until released (all go through after `flow()`, until `hold()`). */
function heldThread() {
  const real = botThread((err) => { throw err; });
  threads.push(real);
  const asked: Asked[] = [];
  let flowing = false;
  const thinker: BotThinker = {
    think(job) {
      const answer = real.think(job);
      if (flowing) return answer;
      return new Promise<Thought>((resolve) => {
        const a: Asked = { seat: job.view.seat!, job, answered: false, release: () => { a.answered = true; void answer.then(resolve); } };
        asked.push(a);
      });
    },
    stop: () => real.stop(),
    get open() { return real.open + asked.filter((a) => !a.answered).length; },
  };
  return {
    thinker, asked,
    flow() { flowing = true; for (const a of asked) if (!a.answered) a.release(); },
    hold() { flowing = false; },
  };
}

/** Waits (real time) until `ok`, at most `ms`. */
async function until(ok: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error("waited in vain");
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Ann (seat 0) plays at random until a bot seat's question is held; that question. */
async function heldQuestion(table: Table, asked: Asked[], bot: (n: number) => boolean = (n) => n !== 0): Promise<Asked> {
  const random = makeRandom(3);
  for (let i = 0; i < 500; i++) {
    await new Promise((r) => setTimeout(r, 5));
    const open = asked.find((a) => !a.answered && bot(a.seat));
    if (open) return open;
    const game = table.game!;
    if (waitingFor(game).includes(0) && !table.seats.botDriven(0)) {
      const c = randomCommand(legal(game, 0).filter((l) => !l.type.startsWith("trade-")), random);
      if (c) table.command(0, c, 0, (r) => { throw new Error(r.message); });
    }
  }
  throw new Error("no bot was asked");
}

describe("bots on their own thread", () => {
  it("play a whole game of bots, each asked with its own seat's view of the game as it stood (less the forecast)", async () => {
    const held = heldThread();
    held.flow();
    const views: { seat: number; sent: ThinkJob["view"]; own: ThinkJob["view"] }[] = [];
    let table: Table | null = null;
    const thinker: BotThinker = {
      think(job) {
        if (table?.game) views.push({ seat: job.view.seat!, sent: job.view, own: botViewFor(table.game, job.view.seat!) });
        return held.thinker.think(job);
      },
      stop: () => held.thinker.stop(),
      get open() { return held.thinker.open; },
    };
    ({ table } = await openTable({ seats: 4, bots: 4, botDelayMs: 0 }, { botThinker: thinker }));
    await until(() => table!.status === "finished", 60_000);
    expect(table.game!.result).toBeTruthy();
    expect(views.length).toBeGreaterThanOrEqual(table.commandCount() - 4);
    for (const v of views) expect(v.sent).toEqual(v.own);
    expect(new Set(views.map((v) => v.seat))).toEqual(new Set([0, 1, 2, 3]));
  }, 90_000);

  it("a trade offered to a bot while it thinks: its answer is dropped, and it thinks again with the trade in view", async () => {
    const held = heldThread();
    const { table } = await openTable({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 3600 }, { botThinker: held.thinker });
    await seat(table, ["Ann"]);
    const first = await heldQuestion(table, held.asked);
    const before = table.commandCount();
    const refusals: string[] = [];
    table.command(0, { type: "trade-propose", to: first.seat, give: { capital: 1, assets: [] } }, 0, (r) => refusals.push(r.message));
    expect(refusals).toEqual([]);
    expect(table.commandCount()).toBe(before + 1);
    first.release();
    await until(() => held.asked.filter((a) => a.seat === first.seat).length === 2);
    // nothing played for the bot meanwhile: its first answer did not know of the trade
    expect(table.commandCount()).toBe(before + 1);
    const again = held.asked.filter((a) => a.seat === first.seat)[1]!;
    expect(first.job.legal.some((l) => l.type === "trade-accept")).toBe(false);
    expect(again.job.legal.some((l) => l.type === "trade-accept")).toBe(true);
    held.flow();
    await until(() => table.commandCount() > before + 1);
  });

  it("a person back in their seat before the bot's answer keeps their decision", async () => {
    const held = heldThread();
    held.flow();
    const { table } = await openTable({ seats: 4, bots: 2, botDelayMs: 0, stepSeconds: 3600, graceSeconds: 0 }, { botThinker: held.thinker });
    await seat(table, ["Ann", "Bo"]);
    // Bo plays at random (the bots on their own) until Ann owes a decision
    const random = makeRandom(5);
    await until(() => {
      const game = table.game!;
      if (waitingFor(game).includes(0)) return true;
      if (waitingFor(game).includes(1)) {
        const c = randomCommand(legal(game, 1).filter((l) => !l.type.startsWith("trade-")), random);
        if (c) table.command(1, c, 0, (r) => { throw new Error(r.message); });
      }
      return false;
    });
    held.hold();
    table.left("session-Ann");
    await until(() => held.asked.some((a) => !a.answered && a.seat === 0));
    expect(table.seats.get(0)!.botControlled).toBe(true);
    const before = table.commandCount();
    const back = table.sit("session-Ann-again", "Ann", 0, () => {});
    if ("code" in back) throw new Error(back.message);
    await table.seated(back, true);
    expect(table.seats.get(0)!.botControlled).toBe(false);
    held.asked.find((a) => !a.answered && a.seat === 0)!.release();
    await new Promise((r) => setTimeout(r, 300));
    const after = (await table.replayLog()).commands.slice(before);
    expect(after.filter((c) => c.seat === 0)).toEqual([]);
    expect(waitingFor(table.game!)).toContain(0);
  });

  it("a hint comes from the thread; with HINTS_WAITING_MAX questions waiting there, one is refused as busy", async () => {
    const held = heldThread();
    const { table, of } = await openTable({ seats: 4, bots: 3, botDelayMs: 0, stepSeconds: 3600 }, { botThinker: held.thinker });
    await seat(table, ["Ann"]);
    const person = table.seats.get(0)!;
    // the bots' questions are held: fill the thread's queue with as many as the bound
    await heldQuestion(table, held.asked);
    expect(held.thinker.open).toBeGreaterThan(0);
    const filler: Promise<unknown>[] = [];
    while (held.thinker.open < HINTS_WAITING_MAX) filler.push(held.thinker.think(held.asked[0]!.job));
    expect(table.hint(person)?.code).toBe("busy");
    expect(of("hint")).toEqual([]);
    // answered, the queue has room again: the hint is asked of the thread (the refusal did not count
    // against her one a second), and Ann has it once answered
    held.flow();
    await Promise.all(filler);
    await until(() => held.thinker.open === 0);
    held.hold();
    expect(table.hint(person)).toBeNull();
    const q = held.asked.find((a) => a.job.hint)!;
    expect(q.seat).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(of("hint")).toEqual([]);
    q.release();
    await until(() => of("hint").length === 1);
    const [to, hint] = of("hint")[0] as [number, { action: string }];
    expect(to).toBe(0);
    expect(hint.action.length).toBeGreaterThan(3);
  });
});

describe("hints without a bots' thread", () => {
  it("are worked out at once in the table's thread, as the bot's choice for the seat", async () => {
    const { table, of } = await openTable({ seats: 4, bots: 3, botDelayMs: 60_000, stepSeconds: 3600 });
    await seat(table, ["Ann"]);
    await until(() => waitingFor(table.game!).includes(0));
    expect(table.hint(table.seats.get(0)!)).toBeNull();
    // answered before hint() returned: no thread to wait on
    const [to, hint] = of("hint")[0] as [number, { command: unknown; action: string }];
    expect(to).toBe(0);
    expect(hint.command).toBeTruthy();
    expect(hint.action.length).toBeGreaterThan(3);
  });
});
