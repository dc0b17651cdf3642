// Verified addresses in the store, on SQLite and PostgreSQL: a sign-in link is spent once even when two
// spends race, and says why otherwise; two spellings of one address are one contact; a contact keeps its
// newest device keys and at most CONTACT_SEATS_MAX ties; forgetting it removes its address, keys and ties.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { hashSeatToken, openStore, type GameStore } from "../../server/store/index.ts";
import { CONTACT_KEYS_KEPT, CONTACT_SEATS_MAX } from "../../server/store/sql-store.ts";
import { startPostgres, stopAll } from "./services.ts";

afterAll(stopAll);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "na-contacts-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const postgres = await startPostgres();
const backends: [string, () => Promise<GameStore>][] = [["SQLite", () => openStore({ dataDir, instance: "contacts" })]];
if (postgres) backends.push(["PostgreSQL", () => openStore({ dataDir, databaseUrl: postgres.url, instance: "contacts" })]);
else it.skip("PostgreSQL contacts (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

const secret = () => randomBytes(18).toString("base64url");

describe.each(backends)("contacts on %s", (_name, open) => {
  let store: GameStore;
  afterAll(async () => store?.close());

  it("spends a sign-in link once, keeps one contact per address, bounds keys and ties, and forgets", async () => {
    store = await open();
    const address = `ann.${randomBytes(4).toString("hex")}@example.net`;
    const link = secret();
    await store.addContactLink(hashSeatToken(link), address, Date.now() + 60_000);
    const spends = await Promise.all([store.spendContactLink(hashSeatToken(link)), store.spendContactLink(hashSeatToken(link))]);
    expect(spends.filter((s) => "refused" in s)).toEqual([{ refused: "spent" }]);
    const contact = (spends.find((s) => !("refused" in s)) as { contact: string }).contact;
    const old = secret();
    await store.addContactLink(hashSeatToken(old), address, Date.now() - 1);
    expect(await store.spendContactLink(hashSeatToken(old))).toEqual({ refused: "expired" });
    expect(await store.spendContactLink(hashSeatToken(secret()))).toEqual({ refused: "unknown" });
    // The same address in other letters is the same contact.
    const other = secret();
    await store.addContactLink(hashSeatToken(other), ` ${address.toUpperCase()}`, Date.now() + 60_000);
    expect(await store.spendContactLink(hashSeatToken(other))).toEqual({ contact });
    expect(await store.contactAddress(contact)).toBe(address);

    const keys = Array.from({ length: CONTACT_KEYS_KEPT + 3 }, secret);
    for (const k of keys) await store.addContactKey(hashSeatToken(k), contact);
    expect(await store.contactOfKey(hashSeatToken(keys.at(-1)!))).toBe(contact);
    const kept = await Promise.all(keys.map((k) => store.contactOfKey(hashSeatToken(k))));
    expect(kept.filter((c) => c === contact)).toHaveLength(CONTACT_KEYS_KEPT);

    for (let i = 0; i < CONTACT_SEATS_MAX; i++) expect(await store.tieSeat(contact, { code: `G${i}`, seat: i % 5, by: "h" })).toBe(true);
    expect(await store.tieSeat(contact, { code: "ONEMORE", seat: 0, by: "h" })).toBe(false);
    expect(await store.tieSeat(contact, { code: "G3", seat: 1, by: "h2" })).toBe(true); // a tie already there is replaced
    expect((await store.contactSeats(contact)).find((t) => t.code === "G3")).toEqual({ code: "G3", seat: 1, by: "h2" });
    expect(await store.contactsOfSeat("G3", 1)).toEqual([{ contact, by: "h2" }]);
    await store.untieSeat(contact, "G3");
    expect(await store.contactsOfSeat("G3", 1)).toEqual([]);

    await store.forgetContact(contact);
    expect(await store.contactAddress(contact)).toBeNull();
    expect(await store.contactOfKey(hashSeatToken(keys.at(-1)!))).toBeNull();
    expect(await store.contactSeats(contact)).toEqual([]);
  });
});

// A contact's newest keys are kept even when several are made in one millisecond (the store's clock stands
// still here): the newest is the last added, not the one whose random hash sorts first.
const stillAt = Date.now();
const still = () => stillAt - Date.now();
const standingStill: [string, () => Promise<GameStore>][] = [["SQLite", () => openStore({ dataDir: fs.mkdtempSync(path.join(dataDir, "still-")), instance: "contacts-still", clockOffsetMs: still })]];
if (postgres) standingStill.push(["PostgreSQL", () => openStore({ dataDir, databaseUrl: postgres.url, instance: "contacts-still", clockOffsetMs: still })]);

describe.each(standingStill)("contact keys on %s, the clock standing still", (_name, open) => {
  it("keeps the newest keys, in the order they were added", async () => {
    const store = await open();
    try {
      const link = secret();
      await store.addContactLink(hashSeatToken(link), `bea.${randomBytes(4).toString("hex")}@example.net`, stillAt + 60_000);
      const { contact } = (await store.spendContactLink(hashSeatToken(link))) as { contact: string };
      const keys = Array.from({ length: CONTACT_KEYS_KEPT + 3 }, secret);
      for (const k of keys) await store.addContactKey(hashSeatToken(k), contact);
      const kept = await Promise.all(keys.map((k) => store.contactOfKey(hashSeatToken(k))));
      expect(kept).toEqual([null, null, null, ...Array<string>(CONTACT_KEYS_KEPT).fill(contact)]);
    } finally {
      await store.close();
    }
  });
});
