// A turn-based table's banks while it is adjourned (docs/turn-based.md), in the table core with its
// clock injected: adjourning stops every running bank with what is left of it (stored: the sweep finds
// no deadline), the hours adjourned are no one's, and resuming runs the bank on from what it kept.
import { afterEach, describe, expect, it } from "vitest";
import { waitingFor } from "../../server/engine/index.ts";
import { openTable, seat, tables } from "./helpers.ts";

afterEach(async () => {
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

const MIN = 60_000;
const H = 60 * MIN;

describe("an adjourned turn-based table", () => {
  it("gives the time adjourned back: each bank stops with what is left, and runs on from it when resumed", async () => {
    let now = Date.now();
    const { table, store, code, of } = await openTable(
      { seats: 4, bots: 0, botDelayMs: 0, graceSeconds: 5, pace: "turn-based", turn: { bankSeconds: 3600 } },
      { clock: () => now },
    );
    await seat(table, ["Ann", "Bo", "Cy", "Di"]);
    expect(table.status).toBe("playing");
    const owes = waitingFor(table.game!)[0]!;
    const bank = table.banks!.get(owes)!.bankMs;
    expect(table.bankOf(owes)).toEqual({ leftMs: bank, dueAt: now + bank, owedSince: now });

    // Twenty minutes of the bank run; then the host adjourns.
    now += 20 * MIN;
    expect(table.askToAdjourn(table.hostSeat, { meetAt: now + 24 * H })).toBeNull();
    await expect.poll(() => table.status).toBe("adjourned");
    expect(table.bankOf(owes)).toEqual({ leftMs: bank - 20 * MIN });
    await expect.poll(async () => (await store.clocks(code)).find((c) => c.seat === owes)?.dueAt).toBeNull();
    expect(await store.dueDeadlines(now + 7 * 24 * H, 10)).toEqual([]);

    // Ten hours later (long past the bank's old run-out), resumed: the bank runs on from its 40 minutes.
    now += 10 * H;
    table.runDeadlines();
    expect(table.banks!.get(owes)!.delays).toBe(0);
    expect(table.resume("wait")).toBeNull();
    expect(table.bankOf(owes)).toEqual({ leftMs: bank - 20 * MIN, dueAt: now + bank - 20 * MIN, owedSince: now });
    await expect.poll(async () => (await store.clocks(code)).find((c) => c.seat === owes)?.dueAt).toBe(now + bank - 20 * MIN);
    // And it runs out then, not before.
    now += bank - 20 * MIN - 1;
    table.runDeadlines();
    expect(table.banks!.get(owes)!.delays).toBe(0);
    now += 1;
    table.runDeadlines();
    expect(table.banks!.get(owes)!.delays).toBe(1);
  });
});
