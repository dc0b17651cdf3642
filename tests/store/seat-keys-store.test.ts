// Seat keys and seat links in the store, on SQLite and PostgreSQL: a seat's device keys round-trip as
// hashes; a link is spent once even when two spends race (one conditional UPDATE), and a spent, expired,
// withdrawn or unknown one says why; a seat has one live link, and keeps only its latest rows.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { hashSeatToken, openStore, type GameStore } from "../../server/store/index.ts";
import { SEAT_LINKS_KEPT } from "../../server/store/sql-store.ts";
import { TableOptions } from "../../shared/room-protocol.ts";
import { startPostgres, stopAll } from "./services.ts";

afterAll(stopAll);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-keys-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const postgres = await startPostgres();
const backends: [string, () => Promise<GameStore>][] = [["SQLite", () => openStore({ dataDir, instance: "keys" })]];
if (postgres) backends.push(["PostgreSQL", () => openStore({ dataDir, databaseUrl: postgres.url, instance: "keys" })]);
else it.skip("PostgreSQL seat links (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const secret = () => randomBytes(18).toString("base64url");

describe.each(backends)("seat keys and links on %s", (_name, open) => {
  let store: GameStore;
  afterAll(async () => store?.close());

  it("keeps device keys as hashes, spends a link once, and says why a link opens nothing", async () => {
    store = await open();
    const code = randomBytes(6).toString("hex").toUpperCase();
    await store.createGame({ code, roomId: "r", options: { ...TableOptions.parse({ seats: 4 }), seed: 1 }, createdAt: Date.now() });
    const first = secret(), second = secret();
    const keys = [{ id: "a1", hash: hashSeatToken(second), at: 5 }];
    await store.setSeat(code, { seat: 0, name: "Ann", bot: false, tokenHash: hashSeatToken(first), keys });
    await store.setSeat(code, { seat: 1, name: "Ben", bot: false, tokenHash: hashSeatToken(secret()) });
    const seats = (await store.getGame(code))!.seats;
    expect(seats[0]).toEqual({ seat: 0, name: "Ann", bot: false, tokenHash: hashSeatToken(first), keys });
    expect(seats[1]!.keys).toBeUndefined();
    expect(JSON.stringify(seats)).not.toContain(second);

    const by = hashSeatToken(first);
    const link = secret();
    await store.addSeatLink(hashSeatToken(link), { code, seat: 0, expiresAt: Date.now() + 60_000, by });
    const spends = await Promise.all([store.spendSeatLink(hashSeatToken(link)), store.spendSeatLink(hashSeatToken(link))]);
    expect(spends.filter((s) => !("refused" in s))).toEqual([{ code, seat: 0, expiresAt: expect.any(Number), by }]);
    expect(spends.filter((s) => "refused" in s)).toEqual([{ refused: "spent" }]);

    const old = secret();
    await store.addSeatLink(hashSeatToken(old), { code, seat: 0, expiresAt: Date.now() - 1, by });
    expect(await store.spendSeatLink(hashSeatToken(old))).toEqual({ refused: "expired" });
    const withdrawn = secret(), bens = secret();
    await store.addSeatLink(hashSeatToken(withdrawn), { code, seat: 0, expiresAt: Date.now() + 60_000, by });
    await store.addSeatLink(hashSeatToken(bens), { code, seat: 1, expiresAt: Date.now() + 60_000, by: "x" });
    await store.revokeSeatLinks(code, 0);
    expect(await store.spendSeatLink(hashSeatToken(withdrawn))).toEqual({ refused: "revoked" });
    expect(await store.spendSeatLink(hashSeatToken(bens))).toMatchObject({ seat: 1 }); // another seat's link stands
    expect(await store.spendSeatLink(hashSeatToken(secret()))).toEqual({ refused: "unknown" });

    // One live link per seat, and a seat keeps only its latest SEAT_LINKS_KEPT rows however many it asks for.
    const many = Array.from({ length: SEAT_LINKS_KEPT + 6 }, secret);
    for (const s of many) await store.addSeatLink(hashSeatToken(s), { code, seat: 2, expiresAt: Date.now() + 60_000, by });
    const answers = await Promise.all(many.map((s) => store.spendSeatLink(hashSeatToken(s))));
    const why = (a: (typeof answers)[number]) => ("refused" in a ? a.refused : "spent now");
    expect(why(answers.at(-1)!)).toBe("spent now");
    expect(answers.map(why).filter((w) => w === "revoked")).toHaveLength(SEAT_LINKS_KEPT - 1);
    expect(answers.map(why).filter((w) => w === "unknown")).toHaveLength(many.length - SEAT_LINKS_KEPT);
  });
});
