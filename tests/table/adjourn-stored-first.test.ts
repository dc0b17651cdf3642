// An adjournment, and its end, reach the players once the store has them: while the write is pending
// (with PostgreSQL every write is a promise), nothing is sent, so a server that dies meanwhile comes
// back to the game the players last saw, and a player who saw "adjourned" (or the game going on) finds
// it so in the store.
import { afterEach, describe, expect, it } from "vitest";
import { heldStore, openTable, seat, tables } from "./helpers.ts";

afterEach(async () => {
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

describe("an adjournment, stored before it is sent", () => {
  it("sends nothing while the store's write is pending, and the adjourned table once it is done", async () => {
    const held = heldStore();
    const { table, calls, code } = await openTable({ seats: 4, bots: 0, stepSeconds: 3600, botDelayMs: 0 }, {}, held.store);
    await seat(table, ["Ann", "Bo", "Cy", "Di"]);
    expect(table.status).toBe("playing");
    await new Promise((r) => setTimeout(r, 20));
    held.hold();
    const from = calls.length;
    expect(table.askToAdjourn(table.hostSeat, { meetAt: Date.now() + 3600_000 })).toBeNull();
    expect(table.status).toBe("adjourned");
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.slice(from).filter((c) => c.name === "flush"), "sent while the write is pending").toEqual([]);
    held.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.slice(from).filter((c) => c.name === "flush").map((c) => c.args), "sent once stored").toEqual([[true]]);
    expect((await held.store.getGame(code))!.status).toBe("adjourned");
  });

  it("sends nothing of a resume while the store's write is pending, and the game going on once it is done", async () => {
    const held = heldStore();
    const { table, calls, code } = await openTable({ seats: 4, bots: 0, stepSeconds: 3600, botDelayMs: 0 }, {}, held.store);
    await seat(table, ["Ann", "Bo", "Cy", "Di"]);
    expect(table.askToAdjourn(table.hostSeat, {})).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect((await held.store.getGame(code))!.status).toBe("adjourned");
    held.hold();
    const from = calls.length;
    expect(table.resume("wait")).toBeNull();
    expect(table.status).toBe("playing");
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.slice(from).filter((c) => c.name === "flush"), "sent while the write is pending").toEqual([]);
    held.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.slice(from).filter((c) => c.name === "flush").map((c) => c.args), "sent once stored").toEqual([[true]]);
    expect((await held.store.getGame(code))!.status).toBe("playing");
  });
});
