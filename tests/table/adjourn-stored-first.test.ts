// An adjournment, and its end, reach the players once the store has them: while the write is pending
// (with PostgreSQL every write is a promise), nothing is sent, so a server that dies meanwhile comes
// back to the game the players last saw, and a player who saw "adjourned" (or the game going on) finds
// it so in the store.
import { afterEach, describe, expect, it } from "vitest";
import { heldStore, openTable, seat, tables } from "./helpers.ts";

afterEach(async () => {
  await Promise.all(tables.splice(0).map((t) => t.close()));
});

const settle = () => new Promise((r) => setTimeout(r, 20));

/** A playing table of four people whose store's writes can be held. */
async function heldTable() {
  const held = heldStore();
  const opened = await openTable({ seats: 4, bots: 0, stepSeconds: 3600, botDelayMs: 0 }, {}, held.store);
  await seat(opened.table, ["Ann", "Bo", "Cy", "Di"]);
  expect(opened.table.status).toBe("playing");
  await settle();
  return { ...opened, held };
}

/** Does `act` with the store's writes held: nothing is sent until they are released, then the table once. */
async function sentOnceStored({ held, calls }: Awaited<ReturnType<typeof heldTable>>, act: () => void): Promise<void> {
  held.hold();
  const from = calls.length;
  act();
  await settle();
  expect(calls.slice(from).filter((c) => c.name === "flush"), "sent while the write is pending").toEqual([]);
  held.release();
  await settle();
  expect(calls.slice(from).filter((c) => c.name === "flush").map((c) => c.args), "sent once stored").toEqual([[true]]);
}

describe("an adjournment, stored before it is sent", () => {
  it("sends nothing while the store's write is pending, and the adjourned table once it is done", async () => {
    const t = await heldTable();
    await sentOnceStored(t, () => {
      expect(t.table.askToAdjourn(t.table.hostSeat, { meetAt: Date.now() + 3600_000 })).toBeNull();
      expect(t.table.status).toBe("adjourned");
    });
    expect((await t.held.store.getGame(t.code))!.status).toBe("adjourned");
  });

  it("sends nothing of a resume while the store's write is pending, and the game going on once it is done", async () => {
    const t = await heldTable();
    expect(t.table.askToAdjourn(t.table.hostSeat, {})).toBeNull();
    await settle();
    expect((await t.held.store.getGame(t.code))!.status).toBe("adjourned");
    await sentOnceStored(t, () => {
      expect(t.table.resume("wait")).toBeNull();
      expect(t.table.status).toBe("playing");
    });
    expect((await t.held.store.getGame(t.code))!.status).toBe("playing");
  });
});
