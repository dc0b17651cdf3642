// Nudges end to end, with real parts on 127.0.0.1: a real SMTP server (read back with mailparser), an
// HTTPS server standing in for the push service (the test decrypts each payload with the subscription's
// own keys, RFC 8291), and a webhook receiver answering 429 with Retry-After, then 204. The clock is
// injected: minutes and hours pass in a moment, through the same code. Ann, tied to her address, with
// push on and the table's webhook set, leaves while she owes a decision: nothing before 10 minutes; then
// one message to each channel, the webhook retried once (never the mail or the push again); a second
// owed decision waits for the hour; a deadline warning goes at once; a connected seat gets nothing; the
// one-click unsubscribe (a GET changes nothing) stops them. No address, link, endpoint or hook URL in
// any log line, the webhook's words or anyone else's wire.
import { randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import webpush from "web-push";
import { startMailServer, type MailServer, type ReceivedMail } from "../mail-server.ts";
import { browserKeys, startPushService, type Pushed, type PushService } from "../push-service.ts";
import { hashSeatToken, memoryStore } from "../../server/store/index.ts";
import { NUDGE_AFTER_MS, NUDGE_EVERY_MS, type Notifier } from "../../server/notify/notify.ts";
import { BASE, autoplay, createTable, join, startServer, recordWire, stateOf, tableOf, until } from "../room/helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

const logText: string[] = [];
const logSink = new Writable({ write(chunk, _enc, done) { logText.push(String(chunk)); done(); } });
let pushes: Pushed[];
const hooks: { body: string; id: string }[] = [];
const store = memoryStore();
let offset = 0;
const clock = () => Date.now() + offset;
let smtp: MailServer;
let mails: ReceivedMail[];
let pushService: PushService;
let hookServer: http.Server;
let colyseus: ColyseusTestServer;
let notifier: Notifier;
let stop: () => Promise<void>;

// The browser's side of Ann's push subscription.
const browser = browserKeys();

beforeAll(async () => {
  smtp = await startMailServer();
  mails = smtp.mails;
  // The push service: HTTPS with a certificate of this test's own.
  pushService = await startPushService();
  pushes = pushService.pushes;
  // The webhook: 429 with Retry-After the first time, 204 after.
  hookServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => { body += c; });
    req.on("end", () => {
      hooks.push({ body, id: String(req.headers["idempotency-key"] ?? "") });
      if (hooks.length === 1) res.writeHead(429, { "Retry-After": "120" }).end();
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
  const vapid = webpush.generateVAPIDKeys();
  const started = await startServer({
    logger: pino({ level: "debug" }, logSink), store,
    nudges: { now: clock, everyMs: 3600_000, pageUrl: BASE, pushAgent: new https.Agent({ ca: pushService.ca }) },
  }, {
    SMTP_URL: smtp.url, MAIL_FROM: "tables@example.org",
    VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:ops@example.org",
    NUDGE_WEBHOOK_HOSTS: `127.0.0.1:${(hookServer.address() as { port: number }).port}`,
  });
  ({ notifier, colyseus, stop } = { ...started, notifier: started.notifier! });
});
afterAll(async () => {
  await stop();
  await smtp.close();
  await pushService.close();
  hookServer.close();
});

async function post(p: string, body: unknown): Promise<{ status: number; body: any; text: string }> {
  const res = await fetch(`${BASE}${p}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : null, text };
}

describe("nudges", () => {
  it("tells an absent player once per channel, retries the webhook, keeps the hourly limit, and unsubscribes", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, seed: 31, botDelayMs: 0, graceSeconds: 600 });
    const wire = recordWire(() => room as NewAngelesRoom);
    let ann = await join(colyseus, roomId, { code, name: "Ann" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const token: string = tableOf(ann).secret!.seatToken;
    const seat: number = (room as any).table.seats.opening(hashSeatToken(token)).seat;
    const address = "ann.nudged@example.net";
    const hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/api/webhooks/12345/secret-hook-path`;
    const endpoint = `${pushService.url}/push/secret-endpoint-${randomBytes(6).toString("hex")}`;
    try {
      // Ann's address, tied to her seat (as the contact routes do); push on; the host's webhook.
      const link = randomBytes(18).toString("base64url");
      await store.addContactLink(hashSeatToken(link), address, Date.now() + 60_000);
      const spent = await store.spendContactLink(hashSeatToken(link));
      await store.tieSeat((spent as { contact: string }).contact, { code, seat, by: hashSeatToken(token) });
      const sub = { endpoint, keys: browser.keys };
      expect((await post(`/api/games/${code}/push`, { seatToken: token, subscription: sub })).body).toEqual({ push: true });
      expect((await post(`/api/games/${code}/push`, { seatToken: "x".repeat(24), subscription: sub })).status).toBe(403);
      const hook = await post(`/api/games/${code}/webhook`, { seatToken: token, url: hookUrl, format: "discord" });
      expect(hook.body).toEqual({ webhook: `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/…`, format: "discord" });
      expect((await post(`/api/games/${code}/webhook`, { seatToken: token, url: "https://evil.example.com/hook" })).status).toBe(400);

      // Ann owes a decision, and leaves.
      await until(() => (room as any).table.nudgeState(seat)?.owes === true, 20_000, "Ann's decision");
      ann.leave();
      await until(() => (room as any).table.nudgeState(seat)?.connected === false, 10_000, "Ann gone");
      await expect.poll(async () => (await store.pendingNudges(code, seat)).length, { timeout: 10_000 }).toBe(1);

      // Not before 10 minutes.
      offset = NUDGE_AFTER_MS - 60_000;
      await notifier.tick();
      expect([mails.length, pushes.length, hooks.length]).toEqual([0, 0, 0]);
      // After: one mail, one push, the webhook refused once (429).
      offset = NUDGE_AFTER_MS + 1000;
      await notifier.tick();
      expect([mails.length, pushes.length, hooks.length]).toEqual([1, 1, 1]);
      const mail = mails[0]!;
      expect(mail.to).toBe(address);
      expect(mail.subject).toBe(`Your move at New Angeles table ${code}`);
      expect(mail.text).toMatch(/^Ann, the table is waiting for you: /);
      expect(mail.unsubscribe).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const nudgeId = mail.messageId.match(/nudge-([0-9a-f]+)@/)![1]!;
      const seatLink = mail.text.match(/#seat-link=([A-Za-z0-9_-]+)/)![1]!;
      const unsubscribe = mail.text.match(/http:\/\/\S+\/api\/nudges\/unsubscribe\?token=[A-Za-z0-9_-]+/)![0];
      const pushed = JSON.parse(browser.decrypt(pushes[0]!.body));
      expect(pushed).toMatchObject({ title: `Your move at New Angeles table ${code}`, url: `/?join=${code}`, tag: code });
      expect(pushed.body).toMatch(/^Ann: /);
      expect(pushes[0]!.topic).toBe(`na-${code.replace(/[^A-Za-z0-9]/g, "")}`);
      // The mailed seat link opens Ann's seat.
      const redeemed = await post("/api/seat-links/redeem", { secret: seatLink });
      expect(redeemed.body).toMatchObject({ code, seat, name: "Ann" });

      // The webhook's Retry-After (120 s) is kept: not at +60 s, then once, with the same id; mail and push not again.
      offset += 60_000;
      await notifier.tick();
      expect(hooks.length).toBe(1);
      offset += 90_000;
      await notifier.tick();
      expect([mails.length, pushes.length, hooks.length]).toEqual([1, 1, 2]);
      expect(hooks.map((h) => h.id)).toEqual([nudgeId, nudgeId]);
      expect(JSON.parse(hooks[1]!.body).content).toBe(`New Angeles table ${code}: it is Ann's move. ${BASE}/?join=${code}`);

      // Another owed decision within the hour waits for it (then goes); a deadline warning goes at once.
      // (Ann comes back and decides: the decision she was told of is over, and she owes the next one.)
      ann = await join(colyseus, roomId, { code, seatToken: redeemed.body.seatToken });
      const toldAt = (await store.commands(code)).length - 1;
      const player = autoplay(ann, 5);
      await expect.poll(() => store.commandsOfSeatSince(code, seat, toldAt), { timeout: 10_000 }).toBeGreaterThan(0);
      player.stop();
      ann.leave();
      await until(() => (room as any).table.nudgeState(seat)?.connected === false, 10_000, "Ann gone again");
      // The bots move on at once; wait until the game has come back to Ann (on a busy machine it may not
      // have yet, and a row for a decision she does not owe is rightly cancelled, not sent).
      await until(() => (room as any).table.nudgeState(seat)?.owes === true, 20_000, "Ann's next decision");
      const last = (await store.commands(code)).length - 1; // the seat owes a decision since the last command
      await store.addNudges(code, last, [{ seat, kind: "your-move", afterMs: 0 }]);
      offset += 10 * 60_000;
      await notifier.tick();
      expect(mails.length).toBe(1);
      const sentAt = clock();
      await notifier.deadlineWarning(code, seat, last, clock() + 6 * 3600_000);
      await notifier.tick();
      expect(mails.length).toBe(2);
      expect(mails[1]!.subject).toBe(`Most of your time is gone at table ${code}`);
      expect(mails[1]!.text).toMatch(/Deadline: /);
      offset = sentAt - Date.now() + NUDGE_EVERY_MS + 1000;
      await notifier.tick();
      expect(mails.length).toBe(3);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(3);

      // A connected seat gets nothing.
      ann = await join(colyseus, roomId, { code, seatToken: redeemed.body.seatToken });
      await store.addNudges(code, last, [{ seat, kind: "your-move", afterMs: 0 }]);
      offset += 2 * NUDGE_EVERY_MS;
      await notifier.tick();
      expect(mails.length).toBe(3);

      // Unsubscribe: the GET shows a button and changes nothing; the one-click POST stops them.
      const page = await fetch(unsubscribe);
      expect(await page.text()).toContain("<form method=\"post\">");
      const done = await fetch(unsubscribe, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(await done.text()).toContain(`no more "your move" messages for table ${code}`);
      ann.leave();
      await store.addNudges(code, last, [{ seat, kind: "your-move", afterMs: 0 }]);
      offset += 2 * NUDGE_EVERY_MS;
      await notifier.tick();
      expect([mails.length, pushes.length]).toEqual([3, 3]);

      // Secrets: nowhere but where they belong.
      const logs = logText.join("");
      for (const s of [address, "secret-hook-path", "secret-endpoint", seatLink, unsubscribe.split("token=")[1]!]) expect(logs).not.toContain(s);
      expect(logs).toContain("nudge sent");
      for (const h of hooks) expect(h.body).not.toMatch(/example\.net|seat-link|token=/);
      expect(wire.messages.filter((m) => m.sessionId === watcher.sessionId && [address, seatLink, "secret-"].some((s) => m.bytes.includes(Buffer.from(s))))).toEqual([]);
    } finally {
      wire.stop();
    }
  });
});
