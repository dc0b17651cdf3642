// The nudge settings' routes over the wire (server/lobby/nudge-routes.ts): push subscriptions, the
// host's webhook and the one-click unsubscribe. Secrecy: a push endpoint is its seat's alone (no answer,
// socket message, lobby answer or log line shows it, and another seat cannot remove it), the webhook
// URL is shown back only as its scheme and host, and only the host sets it. Bad input is refused with a
// 400 and a sentence; each seat keeps at most PUSH_SUBSCRIPTIONS_PER_SEAT subscriptions; one address
// meets 429 (with Retry-After) past NUDGE_CALLS_PER_MINUTE.
import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import webpush from "web-push";
import { memoryStore } from "../../server/store/index.ts";
import { NUDGE_CALLS_PER_MINUTE, PUSH_SUBSCRIPTIONS_PER_SEAT } from "../../server/lobby/nudge-routes.ts";
import { BASE, createTable, join, recordWire, startServer, stateOf, tableOf, until } from "../room/helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";

const logText: string[] = [];
const logSink = new Writable({ write(chunk, _enc, done) { logText.push(String(chunk)); done(); } });
const store = memoryStore();
let colyseus: ColyseusTestServer;

beforeAll(async () => {
  colyseus = (await startServer(
    { logger: pino({ level: "debug" }, logSink), store, trustProxy: 1, nudges: { everyMs: 3600_000, pageUrl: BASE } },
    { VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey },
  )).colyseus;
});
afterAll(async () => colyseus.shutdown());

let address = 0;
/** A request from an address of its own (the limits count per address). */
async function post(p: string, body: unknown, from = `10.20.0.${++address % 250}`): Promise<{ status: number; body: any; text: string; retryAfter: string | null }> {
  const res = await fetch(`${BASE}${p}`, { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": from }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text.startsWith("{") ? JSON.parse(text) : null, text, retryAfter: res.headers.get("retry-after") };
}
const endpoint = (who: string) => `https://push.example.net/send/secret-${who}-${randomBytes(8).toString("hex")}`;
const keys = () => ({ p256dh: randomBytes(65).toString("base64url"), auth: randomBytes(16).toString("base64url") });
/** A refusal that says what was wrong, in a sentence. */
function refused(r: { status: number; body: any }, status: number, code: string): void {
  expect(r.status).toBe(status);
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.message).toMatch(/\w+ \w+/);
}

describe("the nudge settings' routes", () => {
  it("keep each seat's push endpoint and the table's webhook secret, refuse bad input, and keep their limits", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 2, seed: 5, graceSeconds: 600 });
    const wire = recordWire(() => room as NewAngelesRoom);
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    const ben = await join(colyseus, roomId, { code, name: "Ben" });
    const watcher = await join(colyseus, roomId, { code, spectator: true });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const people = [ann, ben].map((c) => ({ c, token: tableOf(c).secret!.seatToken as string, seat: Number(Object.entries(stateOf(c).seats).find(([, s]: [string, any]) => s.secret)![0]) }));
    const host = people.find((p) => p.seat === (room as any).table.hostSeat)!;
    const guest = people.find((p) => p !== host)!;
    const hostEndpoint = endpoint("host");
    const guestEndpoint = endpoint("guest");
    const hookUrl = `https://discord.com/api/webhooks/987654/secret-hook-${randomBytes(8).toString("hex")}`;
    try {
      // Each subscribes its own browser; the answer says only "on".
      for (const [p, e] of [[host, hostEndpoint], [guest, guestEndpoint]] as const) {
        const r = await post(`/api/games/${code}/push`, { seatToken: p.token, subscription: { endpoint: e, keys: keys() } });
        expect(r.body).toEqual({ push: true });
      }
      // The guest cannot turn the host's push off: `off` names an endpoint of the guest's own seat only.
      expect((await post(`/api/games/${code}/push`, { seatToken: guest.token, off: hostEndpoint })).body).toEqual({ push: false });
      expect((await store.pushSubscriptions(code, host.seat)).map((s) => s.endpoint)).toEqual([hostEndpoint]);
      refused(await post(`/api/games/${code}/push`, { seatToken: "A".repeat(24), off: hostEndpoint }), 403, "bad-seat-key");
      expect((await store.pushSubscriptions(code, host.seat))).toHaveLength(1);

      // Bad input: refused with a sentence, nothing stored.
      const badPush = [
        { seatToken: guest.token, subscription: { endpoint: "javascript:alert(1)", keys: keys() } },
        { seatToken: guest.token, subscription: { endpoint: `https://push.example.net/${"x".repeat(1000)}`, keys: keys() } },
        { seatToken: guest.token, subscription: { endpoint: endpoint("bad"), keys: { p256dh: "short", auth: "short" } } },
        { seatToken: guest.token, subscription: { endpoint: endpoint("bad"), keys: keys(), extra: 1 } },
        { seatToken: guest.token, subscription: { endpoint: endpoint("bad") } },
        { seatToken: guest.token, off: "not a url" },
        { seatToken: 7 },
        "{\"seatToken\":",
      ];
      for (const body of badPush) refused(await post(`/api/games/${code}/push`, body), 400, "bad-request");
      expect((await store.pushSubscriptions(code, guest.seat)).map((s) => s.endpoint)).toEqual([guestEndpoint]);

      // At most PUSH_SUBSCRIPTIONS_PER_SEAT browsers per seat: the oldest go.
      const more = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_SEAT + 2 }, (_, i) => endpoint(`guest${i}`));
      for (const e of more) expect((await post(`/api/games/${code}/push`, { seatToken: guest.token, subscription: { endpoint: e, keys: keys() } })).status).toBe(200);
      expect((await store.pushSubscriptions(code, guest.seat)).map((s) => s.endpoint).sort()).toEqual(more.slice(-PUSH_SUBSCRIPTIONS_PER_SEAT).sort());

      // The webhook: the host's alone; bad addresses refused with a sentence; shown back masked.
      refused(await post(`/api/games/${code}/webhook`, { seatToken: guest.token, url: hookUrl }), 403, "not-host");
      for (const url of ["http://discord.com/api/webhooks/1/x", "https://evil.example.com/api/webhooks/1/x", "https://127.0.0.1/hook"]) {
        refused(await post(`/api/games/${code}/webhook`, { seatToken: host.token, url }), 400, "webhook-host");
      }
      for (const body of [{ url: "ftp://discord.com/x" }, { url: `https://discord.com/${"x".repeat(500)}` }, { url: hookUrl, format: "teams" }, { url: 5 }, {}]) {
        refused(await post(`/api/games/${code}/webhook`, { seatToken: host.token, ...body }), 400, "bad-request");
      }
      expect(await store.webhook(code)).toBeNull();
      const set = await post(`/api/games/${code}/webhook`, { seatToken: host.token, url: hookUrl });
      expect(set.body).toEqual({ webhook: "https://discord.com/…", format: "discord" });
      expect(await store.webhook(code)).toEqual({ url: hookUrl, format: "discord" });

      // Unsubscribe: a link not whole, or not known, is refused in words; a GET changes nothing.
      const badGet = await fetch(`${BASE}/api/nudges/unsubscribe?token=${encodeURIComponent("<script>")}`);
      expect(badGet.status).toBe(400);
      expect(await badGet.text()).toContain("This unsubscribe link is not whole");
      for (const token of ["A".repeat(32), "%3Cscript%3E", ""]) {
        const r = await fetch(`${BASE}/api/nudges/unsubscribe?token=${token}`, { method: "POST", headers: { "x-forwarded-for": "10.21.0.1" } });
        expect(r.status).toBe(404);
        expect(await r.text()).toContain("This unsubscribe link is not known.");
      }

      // A seat key reads, stops and restarts its own seat's nudges at this table, and no one else's.
      refused(await post(`/api/games/${code}/nudges`, { seatToken: "A".repeat(24), on: false }), 403, "bad-seat-key");
      refused(await post(`/api/games/${code}/nudges`, { seatToken: guest.token, seat: host.seat, on: false }), 400, "bad-request");
      refused(await post(`/api/games/${code}/nudges`, { seatToken: guest.token, on: "no" }), 400, "bad-request");
      expect((await post(`/api/games/${code}/nudges`, { seatToken: guest.token })).body).toEqual({ nudges: true });
      expect((await post(`/api/games/${code}/nudges`, { seatToken: guest.token, on: false })).body).toEqual({ nudges: false });
      expect((await post(`/api/games/${code}/nudges`, { seatToken: guest.token })).body).toEqual({ nudges: false });
      expect((await store.nudgeSeat(code, guest.seat, "unused-token-000")).optedOut).toBe(true);
      expect((await store.nudgeSeat(code, host.seat, "unused-token-001")).optedOut).toBe(false);
      expect((await post(`/api/games/${code}/nudges`, { seatToken: guest.token, on: true })).body).toEqual({ nudges: true });
      expect((await store.nudgeSeat(code, guest.seat, "unused-token-000")).optedOut).toBe(false);
      expect((await post(`/api/games/${code}/nudges`, { seatToken: host.token })).body).toEqual({ nudges: true });

      // Nothing of it anywhere else: no socket message, no lobby or "my games" answer, no log line.
      const secrets = [hostEndpoint, guestEndpoint, ...more, hookUrl].map((s) => s.split("/").at(-1)!);
      const lobby = await fetch(`${BASE}/api/games/${code}`).then((r) => r.text());
      const mine = (await post("/api/my-games", { seats: people.map((p) => ({ code, seatToken: p.token })) })).text;
      expect(mine).toContain(code);
      for (const s of secrets) {
        expect(lobby).not.toContain(s);
        expect(mine).not.toContain(s);
        expect(logText.join("")).not.toContain(s);
        expect(wire.messages.filter((m) => m.bytes.includes(Buffer.from(s))).map((m) => m.sessionId)).toEqual([]);
      }
      expect(wire.messages.some((m) => m.sessionId === watcher.sessionId)).toBe(true);
      expect(logText.join("")).toContain("table webhook set");

      // One address, past its requests a minute: 429 with Retry-After and a sentence.
      const flood = await Promise.all(Array.from({ length: NUDGE_CALLS_PER_MINUTE + 5 }, () => post(`/api/games/${code}/push`, { seatToken: guest.token, off: more[0] }, "10.22.0.1")));
      const limited = flood.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(5);
      expect(flood.filter((r) => r.status === 200)).toHaveLength(NUDGE_CALLS_PER_MINUTE);
      refused(limited[0]!, 429, "too-many-nudge-calls");
      expect(Number(limited[0]!.retryAfter)).toBeGreaterThan(0);
    } finally {
      wire.stop();
    }
  }, 60_000);
});
