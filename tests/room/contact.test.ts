// A verified address ties one person's games across devices, over real sockets and HTTP, with the mail
// going through a real SMTP server on 127.0.0.1 (read back with mailparser): the first device signs in
// and ties its seat; a second device signs in with the same address (other case), lists the game and
// takes the seat with a key of its own. Spent, expired and unknown links, bad keys and bodies are refused
// with sentences; mails are limited per address and per IP; signing the tying key out unties the seat;
// forgetting the address ends its keys. The address, the links and the keys reach nobody else: not the
// other seat, the spectator, the game log, the stored game or any log line.
import { describe, expect, it } from "vitest";
import { hashSeatToken } from "../../server/store/index.ts";
import { SIGN_IN_MAILS_PER_ADDRESS_PER_HOUR, SIGN_IN_MAILS_PER_IP_PER_HOUR } from "../../server/lobby/mail.ts";
import { mailRoom, post } from "./mail-room.ts";
import { BASE, join, tableOf, until, annBenAndAWatcher } from "./helpers.ts";

const at = mailRoom();


/** Asks for a sign-in mail and returns its link's secret, read back from the SMTP server. */
async function signIn(address: string): Promise<string> {
  const before = at.mails.length;
  const asked = await post("/api/contact/sign-in", { email: address });
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ mailed: true, expiresAt: expect.any(Number) });
  await until(() => at.mails.length > before, 10_000, "the sign-in mail");
  const mail = at.mails.at(-1)!;
  expect(mail.to.toLowerCase()).toBe(address.toLowerCase());
  const link = mail.text.match(/http:\/\/\S+#sign-in=([A-Za-z0-9_-]+)/);
  expect(link).not.toBeNull();
  return link![1]!;
}

describe("a verified address ties a player's games across devices", () => {
  it("signs in by mail, ties the seat, and brings it to a second device; refusals say why; nothing leaks", async () => {
    const { code, roomId, room, wire, ann, ben, watcher, token } = await annBenAndAWatcher(at.colyseus, 21);
    const address = "ann.contact@example.net";
    const secrets: string[] = [token];
    try {
      // Device 1: the mailed link, once spent, gives a contact key; spent again, it is refused.
      const link1 = await signIn(address);
      secrets.push(link1);
      await fetch(`${BASE}/?sign-in=${link1}`); // a GET (a link scanner) spends nothing
      const redeemed = await post("/api/contact/redeem", { secret: link1 });
      expect(redeemed.status).toBe(200);
      const key1: string = redeemed.body.contactKey;
      secrets.push(key1);
      const again = await post("/api/contact/redeem", { secret: link1 });
      expect([again.status, again.body.error.message]).toEqual([410, expect.stringMatching(/already been used/)]);

      // Device 1 ties its seat: the game is listed, held here; the address comes back masked only.
      const tied = await post("/api/contact/games", { contactKey: key1, seats: [{ code, seatToken: token }] });
      expect(tied.status).toBe(200);
      expect(tied.body).toEqual({ address: "a…@example.net", games: [{ code, seat: 0, name: "Ann", status: "playing", yourMove: false, here: true }] });

      // Device 2 signs in with the same address (other case): the same person, the game listed, not held here.
      const link2 = await signIn("Ann.Contact@Example.NET");
      secrets.push(link2);
      const key2: string = (await post("/api/contact/redeem", { secret: link2 })).body.contactKey;
      secrets.push(key2);
      expect(key2).not.toBe(key1);
      const listed = await post("/api/contact/games", { contactKey: key2 });
      expect(listed.body.games).toEqual([{ code, seat: 0, name: "Ann", status: "playing", yourMove: false, here: false }]);
      // Take the seat here: a key of this device's own, which takes the seat.
      const taken = await post("/api/contact/take", { contactKey: key2, code });
      expect(taken.status).toBe(200);
      expect(taken.body).toMatchObject({ code, seat: 0, name: "Ann" });
      const phoneKey: string = taken.body.seatToken;
      secrets.push(phoneKey);
      const phone = await join(at.colyseus, roomId, { code, seatToken: phoneKey });
      expect(tableOf(phone).secret!.seatToken).toBe(phoneKey);

      // Refusals, each with a sentence.
      expect((await post("/api/contact/games", { contactKey: "k".repeat(24) })).status).toBe(403);
      expect((await post("/api/contact/take", { contactKey: key2, code: "NOPE" })).status).toBe(404);
      expect((await post("/api/contact/sign-in", { email: "not an address" })).status).toBe(400);
      expect((await post("/api/contact/sign-in", { email: address, extra: 1 })).status).toBe(400);
      expect((await post("/api/contact/redeem", { secret: "u".repeat(24) })).status).toBe(404);
      const old = "e".repeat(24);
      await at.store.addContactLink(hashSeatToken(old), address, Date.now() - 1000);
      const expired = await post("/api/contact/redeem", { secret: old });
      expect([expired.status, expired.body.error.message]).toEqual([410, expect.stringMatching(/expired/)]);
      expect((await post("/api/contact/games", { contactKey: key1, seats: new Array(21).fill({ code, seatToken: token }) })).status).toBe(400);

      // The phone signs the other devices out: the key that tied the seat no longer opens it, so the tie goes.
      const out = await post(`/api/games/${code}/devices/sign-out`, { seatToken: phoneKey });
      expect(out.body).toEqual({ signedOut: 1 });
      expect((await post("/api/contact/games", { contactKey: key1 })).body.games).toEqual([]);
      expect((await post("/api/contact/take", { contactKey: key1, code })).status).toBe(404);
      // Tied again from the phone's key; then the phone forgets the address: both devices' contact keys end.
      expect((await post("/api/contact/games", { contactKey: key2, seats: [{ code, seatToken: phoneKey }] })).body.games).toHaveLength(1);
      expect((await post("/api/contact/forget", { contactKey: key2 })).body).toEqual({ forgotten: true });
      expect((await post("/api/contact/games", { contactKey: key1 })).status).toBe(403);
      expect(await at.store.contactsOfSeat(code, 0)).toEqual([]);

      // The address, links and keys reached nobody else, no log line, no game log, no stored game.
      const others = new Set([ben.sessionId, watcher.sessionId]);
      const leaked = wire.messages.filter((m) => others.has(m.sessionId) && [address, ...secrets].some((s) => m.bytes.includes(Buffer.from(s))));
      expect(leaked).toEqual([]);
      expect(wire.messages.some((m) => m.sessionId === phone.sessionId && m.bytes.includes(Buffer.from(phoneKey)))).toBe(true); // the search works
      expect(wire.messages.some((m) => m.bytes.includes(Buffer.from("example.net")))).toBe(false);
      expect(JSON.stringify(room.gameLog)).not.toMatch(/example\.net/i);
      const logs = at.logText.join("");
      expect(logs).not.toMatch(/example\.net/i);
      for (const s of secrets) expect(logs).not.toContain(s);
      expect(JSON.stringify(await at.store.getGame(code))).not.toMatch(/example\.net/i);
      phone.leave();
    } finally {
      wire.stop();
    }
  });

  it("limits sign-in mails per address and per IP, with clear refusals", async () => {
    const address = "limits@example.com";
    for (let i = 0; i < SIGN_IN_MAILS_PER_ADDRESS_PER_HOUR; i++) expect((await post("/api/contact/sign-in", { email: address })).status).toBe(200);
    const over = await post("/api/contact/sign-in", { email: address.toUpperCase() });
    expect(over.status).toBe(429);
    expect(over.body.error).toEqual({ code: "too-many-mails", message: expect.stringMatching(/That address has had \d+ sign-in mails this hour/) });
    expect(JSON.stringify(over.body)).not.toContain(address);
    // Other addresses from the same IP: the IP's own limit (the first test and the refused one counted too).
    let refused: any = null;
    for (let i = 0; i < SIGN_IN_MAILS_PER_IP_PER_HOUR && !refused; i++) {
      const r = await post("/api/contact/sign-in", { email: `other${i}@example.com` });
      if (r.status !== 200) refused = r;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error.message).toMatch(/Your address has asked for \d+ sign-in mails this hour/);
    expect(at.logText.join("")).not.toContain("example.com");
  });
});
