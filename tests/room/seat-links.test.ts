// A seat that follows its player, over real sockets and HTTP: a seat link (shown, or mailed through a
// real SMTP server on 127.0.0.1 and read back with mailparser) gives a second device its own key; a
// GET of the link spends nothing; a spent, expired or withdrawn link is refused with a sentence; the
// owner lists the devices and signs the others out, which closes the signed-out device's connection;
// "My games" answers each key's game. No key, link secret or address reaches another seat, a
// spectator, the game log or any server log line.
import { describe, expect, it } from "vitest";
import type { Room as SDKRoom } from "@colyseus/sdk";
import { hashSeatToken } from "../../server/store/index.ts";
import { MAILS_PER_ADDRESS_PER_HOUR } from "../../server/lobby/mail.ts";
import { SEAT_PLAYED_ELSEWHERE } from "../../shared/seat-elsewhere.ts";
import { mailRoom, post } from "./mail-room.ts";
import { BASE, createTable, join, recordWire, stateOf, tableOf, until, annBenAndAWatcher } from "./helpers.ts";

const at = mailRoom();

const secretOf = (link: string) => new URL(link).hash.replace(/^#seat-link=/, "");
const closed = (room: SDKRoom) => new Promise<number>((resolve) => room.onLeave((code) => resolve(code)));
const closedWith = (room: SDKRoom) => new Promise<{ code: number; reason: string }>((resolve) => room.onLeave((code, reason) => resolve({ code, reason: reason ?? "" })));

describe("seat keys and seat links", () => {
  it("a link gives another device its own key; spent, expired and withdrawn links are refused; signing out closes the other device", async () => {
    const { code, roomId, room, wire, ann, ben, watcher, token } = await annBenAndAWatcher(at.colyseus, 11);
    const secrets: string[] = [];
    try {
      // The link: text, a QR code as an image data URL, 72 hours.
      const asked = await post(`/api/games/${code}/seat-link`, { seatToken: token });
      expect(asked.status).toBe(200);
      expect(asked.body.link).toMatch(new RegExp(`^${BASE}/#seat-link=[A-Za-z0-9_-]{24}$`));
      expect(asked.body.qr).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(asked.body.qr.split(",")[1], "base64").toString()).toContain("<svg");
      expect(asked.body.expiresAt).toBeGreaterThan(Date.now() + 71 * 3600_000);
      expect(asked.body.mail).toBe(true);
      const secret = secretOf(asked.body.link);
      secrets.push(secret);
      // Bad keys and bodies are refused.
      expect((await post(`/api/games/${code}/seat-link`, { seatToken: "x".repeat(24) })).status).toBe(403);
      expect((await post(`/api/games/${code}/seat-link`, { seatToken: token, extra: 1 })).status).toBe(400);
      expect((await post(`/api/games/${code}/seat-link`, { seatToken: token, email: "not an address" })).status).toBe(400);

      // Opening the link (a GET, as a link scanner would: the secret is in the fragment) spends nothing:
      // the Continue POST below still works.
      await fetch(asked.body.link);
      await fetch(asked.body.link.replace("#", "?"));

      // Continue: the POST gives this device a key of its own, and it takes the seat.
      const redeemed = await post("/api/seat-links/redeem", { secret });
      expect(redeemed.status).toBe(200);
      expect(redeemed.body).toMatchObject({ code, seat: 0, name: "Ann" });
      const key2: string = redeemed.body.seatToken;
      secrets.push(key2);
      expect(key2).not.toBe(token);
      const annGone = closed(ann);
      const phone = await join(at.colyseus, roomId, { code, seatToken: key2 });
      await annGone;
      expect(tableOf(phone).secret!.seatToken).toBe(key2);
      await until(() => room.gameLog.some((l: any) => JSON.stringify(l).includes("Ann signed in on another device.")), 5_000, "the log line");

      // Spent once: refused with a sentence.
      const again = await post("/api/seat-links/redeem", { secret });
      expect(again.status).toBe(410);
      expect(again.body.error.message).toMatch(/already been used/);
      // Expired: refused with a sentence.
      const old = "e".repeat(24);
      await at.store.addSeatLink(hashSeatToken(old), { code, seat: 0, expiresAt: Date.now() - 1000, by: hashSeatToken(token) });
      const expired = await post("/api/seat-links/redeem", { secret: old });
      expect(expired.status).toBe(410);
      expect(expired.body.error.message).toMatch(/expired/);
      expect((await post("/api/seat-links/redeem", { secret: "u".repeat(24) })).status).toBe(404);

      // The owner's devices: two, the asker's marked.
      const devices = await post(`/api/games/${code}/devices`, { seatToken: token });
      expect(devices.body.devices).toHaveLength(2);
      expect(devices.body.devices.filter((d: any) => d.current)).toEqual([{ id: "first", at: null, current: true }]);
      expect(JSON.stringify(devices.body)).not.toContain(key2);

      // A link asked for before signing out is withdrawn with the devices.
      const pending = secretOf((await post(`/api/games/${code}/seat-link`, { seatToken: key2 })).body.link);
      secrets.push(pending);
      // From the first device (not connected), the owner signs the other out: the phone's connection closes.
      const phoneGone = closed(phone);
      const out = await post(`/api/games/${code}/devices/sign-out`, { seatToken: token });
      expect(out).toEqual({ status: 200, body: { signedOut: 1 } });
      expect(await phoneGone).toBeGreaterThan(0);
      await expect(join(at.colyseus, roomId, { code, seatToken: key2 })).rejects.toThrow(/not valid/);
      const withdrawn = await post("/api/seat-links/redeem", { secret: pending });
      expect(withdrawn.status).toBe(410);
      expect(withdrawn.body.error.message).toMatch(/withdrawn/);
      expect((await post(`/api/games/${code}/devices`, { seatToken: key2 })).status).toBe(403);
      await until(() => room.gameLog.some((l: any) => JSON.stringify(l).includes("Ann signed a device out.")), 5_000, "the sign-out line");
      // The stored seat keeps hashes only.
      const stored = await at.store.getGame(code);
      expect(JSON.stringify(stored)).not.toContain(key2);
      expect(JSON.stringify(stored)).not.toContain(token);

      // The first device is still Ann's; "My games" answers it, and nothing for a stranger's key.
      const annBack = await join(at.colyseus, roomId, { code, seatToken: token });
      const mine = await post("/api/my-games", { seats: [{ code, seatToken: token }, { code, seatToken: key2 }, { code: "NOPE", seatToken: token }] });
      expect(mine.body.games).toEqual([{ code, seat: 0, name: "Ann", status: "playing", yourMove: expect.any(Boolean) }]);
      expect((await post("/api/my-games", { seats: new Array(21).fill({ code, seatToken: token }) })).status).toBe(400);

      // No key, no secret ever reached Ben, the spectator, the game log or a log line.
      const others = new Set([ben.sessionId, watcher.sessionId]);
      const leaked = wire.messages.filter((m) => others.has(m.sessionId) && secrets.some((s) => m.bytes.includes(Buffer.from(s))));
      expect(leaked).toEqual([]);
      // The byte search works: the phone's own frames carried its key.
      expect(wire.messages.some((m) => m.sessionId === phone.sessionId && m.bytes.includes(Buffer.from(key2)))).toBe(true);
      expect(JSON.stringify(room.gameLog)).not.toMatch(new RegExp(secrets.concat(token).join("|")));
      expect(at.logText.join("")).not.toMatch(new RegExp(secrets.concat(token).join("|")));
      annBack.leave();
    } finally {
      wire.stop();
    }
  });

  it("a spent link leaves both browsers holding the seat: the one it left is told it is played elsewhere and takes it back", async () => {
    const { code, roomId, room, wire, ann, ben, watcher, token } = await annBenAndAWatcher(at.colyseus, 13);
    try {
      const secret = secretOf((await post(`/api/games/${code}/seat-link`, { seatToken: token })).body.link);
      const key2: string = (await post("/api/seat-links/redeem", { secret })).body.seatToken;
      const annGone = closedWith(ann);
      const phone = await join(at.colyseus, roomId, { code, seatToken: key2 });
      // The first browser hears, in plain words, that the seat is played elsewhere: nothing of whom or how.
      expect(await annGone).toEqual({ code: 4000, reason: SEAT_PLAYED_ELSEWHERE });
      expect(SEAT_PLAYED_ELSEWHERE).toBe("Your seat is now being played from another device or browser tab.");
      // "Play here again": its own key still opens the seat, and the phone is told the same.
      const phoneGone = closedWith(phone);
      const annBack = await join(at.colyseus, roomId, { code, seatToken: token });
      expect(tableOf(annBack).secret!.seatToken).toBe(token);
      expect(stateOf(annBack).seats["0"].connected).toBe(true);
      expect(await phoneGone).toEqual({ code: 4000, reason: SEAT_PLAYED_ELSEWHERE });
      // and the phone may take it back in turn: both hold the seat, one plays it at a time.
      const annAgainGone = closedWith(annBack);
      const phoneBack = await join(at.colyseus, roomId, { code, seatToken: key2 });
      expect(tableOf(phoneBack).secret!.seatToken).toBe(key2);
      expect(await annAgainGone).toEqual({ code: 4000, reason: SEAT_PLAYED_ELSEWHERE });
      // Neither key reached Ben or the spectator.
      const others = new Set([ben.sessionId, watcher.sessionId]);
      expect(wire.messages.filter((m) => others.has(m.sessionId) && [token, key2, secret].some((k) => m.bytes.includes(Buffer.from(k))))).toEqual([]);
      phoneBack.leave();
    } finally {
      wire.stop();
    }
  });

  it("mails the link through SMTP at most a few times per address an hour; the mailed link opens the seat", async () => {
    const { code, roomId } = await createTable({ seats: 4, bots: 3, seed: 12, graceSeconds: 600 });
    const ann = await join(at.colyseus, roomId, { code, name: "Ann" });
    const watcher = await join(at.colyseus, roomId, { code, spectator: true });
    const wire = recordWire(() => undefined);
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const token: string = tableOf(ann).secret!.seatToken;
    const address = "ann.player@example.net";
    try {
      const sent = await post(`/api/games/${code}/seat-link`, { seatToken: token, email: address });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ mailed: true, expiresAt: expect.any(Number) });
      await until(() => at.mails.length === 1, 10_000, "the mail");
      expect(at.mails[0]!.to).toBe(address);
      const link = at.mails[0]!.text.match(/http:\/\/\S+#seat-link=[A-Za-z0-9_-]+/)?.[0];
      expect(link).toBeDefined();
      const redeemed = await post("/api/seat-links/redeem", { secret: secretOf(link!) });
      expect(redeemed.status).toBe(200);
      const phone = await join(at.colyseus, roomId, { code, seatToken: redeemed.body.seatToken });
      expect(tableOf(phone).secret!.seatToken).toBe(redeemed.body.seatToken);

      // A few per address an hour (the seat's own limit is the same size: another seat asks too).
      for (let i = 1; i < MAILS_PER_ADDRESS_PER_HOUR; i++) expect((await post(`/api/games/${code}/seat-link`, { seatToken: token, email: address })).status).toBe(200);
      const over = await post(`/api/games/${code}/seat-link`, { seatToken: token, email: address });
      expect(over.status).toBe(429);
      expect(over.body.error.code).toBe("too-many-mails");
      await until(() => at.mails.length === MAILS_PER_ADDRESS_PER_HOUR, 10_000, "the at.mails");

      // The address is nowhere but in the mail: not on the spectator's wire, not in any log line.
      expect(wire.messages.filter((m) => m.sessionId === watcher.sessionId && m.bytes.includes(Buffer.from(address)))).toEqual([]);
      expect(at.logText.join("")).not.toContain(address);
      expect(JSON.stringify(await at.store.getGame(code))).not.toContain(address);
    } finally {
      wire.stop();
    }
  });
});
