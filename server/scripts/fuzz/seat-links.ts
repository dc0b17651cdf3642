// Seat keys and seat links under attack (server/lobby/seat-links.ts): random and malformed bodies to
// every seat-key route, random keys and secrets (none may open anything), a link spent twice at once
// (once only), and the limits per address (a flood from one address meets 429 in time). Any 5xx is a
// crash; a random key or secret that opens something, a link spent twice, a key or secret in an
// answer that is not its holder's, or a limit that lets a flood through is a breach.
import { breach, int, out, pick, problem, random } from "./common.ts";
import { randomString, randomValue } from "./random-input.ts";
import { from, httpUrl } from "./server.ts";
import type { HonestTable } from "./honest.ts";
import { SEAT_KEY_CALLS_PER_MINUTE } from "../../lobby/seat-links.ts";
import { mySecret } from "../lib/clients.ts";

async function post(path: string, body: string, ip: string): Promise<{ status: number; text: string }> {
  out.httpRequests++;
  const res = await fetch(httpUrl + path, { method: "POST", body, headers: { "content-type": "application/json", ...from(ip) } });
  const text = await res.text();
  if (res.status >= 500) problem("crashes", `POST ${path.slice(0, 80)} answered ${res.status}: ${text.slice(0, 200)}`);
  return { status: res.status, text };
}

/** Real links asked for and spent twice at once (printed at the end of the run). */
export let linksTried = 0;

/** One round of attacks on the seat-key routes; `burst` picks fresh addresses. */
export async function seatLinkAttacks(tables: HonestTable[], burst: number): Promise<void> {
  const code = () => (tables.length && random() < 0.7 ? pick(tables).code : randomString(12));
  const token = () => pick([randomString(24).replace(/[^A-Za-z0-9_-]/g, "a"), "A".repeat(24), randomString(int(200))]);
  const routes = [
    () => `/api/games/${encodeURIComponent(code())}/devices`,
    () => `/api/games/${encodeURIComponent(code())}/devices/sign-out`,
    () => `/api/games/${encodeURIComponent(code())}/seat-link`,
    () => "/api/seat-links/redeem",
    () => "/api/my-games",
    () => pick(["/api/contact/sign-in", "/api/contact/redeem", "/api/contact/games", "/api/contact/take", "/api/contact/forget"]),
    () => `/api/games/${encodeURIComponent(code())}/${pick(["push", "webhook", "nudges"])}`, // nudge settings (nudge-routes.ts)
    () => `/api/nudges/unsubscribe?token=${encodeURIComponent(pick([token(), randomString(int(100))]))}`,
  ];
  const bodies = [
    () => JSON.stringify(randomValue()),
    () => JSON.stringify({ seatToken: token() }),
    () => JSON.stringify({ seatToken: token(), email: pick(["a@b.c", "x\r\nBcc: y@z.w", randomString(300), "ann@example.org"]) }),
    () => JSON.stringify({ secret: token() }),
    () => JSON.stringify({ seats: Array.from({ length: int(30) }, () => ({ code: code(), seatToken: token() })) }),
    () => "{\"seatToken\":",
    () => JSON.stringify({ contactKey: token(), ...pick([{}, { code: code() }, { seats: [{ code: code(), seatToken: token() }] }]) }),
    () => JSON.stringify({ seatToken: token(), ...pick([{ subscription: { endpoint: pick(["https://push.example/x", randomString(50)]), keys: { p256dh: token(), auth: token() } } }, { off: randomString(40) }, { on: randomValue() }, { url: pick(["https://discord.com/api/webhooks/1/x", randomString(60), null]), format: randomValue() }]) }),
  ];
  // Random requests from a few addresses: refusals, never a 5xx, never a key or a link.
  await Promise.all(Array.from({ length: 40 }, async (_, i) => {
    const path = pick(routes)();
    const r = await post(path, pick(bodies)(), `10.7.${burst & 255}.${i % 4}`);
    if (r.status === 200 && /seatToken|seat-link=|sign-in=|contactKey|"devices"|"games":\[\{|"push":|"webhook":|"nudges":|no more "your move"/.test(r.text)) breach(`a random request to ${path.slice(0, 60)} got a key, a link or a device list: ${r.text.slice(0, 120)}`);
  }));

  // A flood from one address meets its limit.
  const flood = `10.8.${burst & 255}.1`;
  const statuses = await Promise.all(Array.from({ length: SEAT_KEY_CALLS_PER_MINUTE + 5 }, () => post(`/api/games/${encodeURIComponent(code())}/devices`, JSON.stringify({ seatToken: token() }), flood)));
  if (!statuses.some((s) => s.status === 429)) breach(`${statuses.length} seat-key requests from one address in a moment met no 429`);

  // A real link (an attacker's own seat), spent twice at once: once only, and only to the POST.
  for (const a of tables.flatMap((t) => t.attackers)) if (a.room) a.token ??= mySecret(a.room)?.seatToken || null;
  const seated = tables.flatMap((t) => t.attackers.filter((a) => a.token).map((a) => ({ t, token: a.token! })));
  if (seated.length === 0) return;
  const { t, token: key } = pick(seated);
  const ip = `10.9.${burst & 255}.1`;
  // Each spent link adds a device; a seat holds KEYS_PER_SEAT at most, so the owner makes room first
  // (a full seat answers 409 to a spend, which is right but not what this checks).
  await post(`/api/games/${t.code}/devices/sign-out`, JSON.stringify({ seatToken: key }), ip);
  const asked = await post(`/api/games/${t.code}/seat-link`, JSON.stringify({ seatToken: key }), ip);
  if (asked.status !== 200) return; // the table may be over
  linksTried++;
  const secret = (JSON.parse(asked.text) as { link: string }).link.split("#seat-link=")[1]!;
  await fetch(`${httpUrl}/?seat-link=${secret}`, { headers: from(ip) }).then((r) => r.text()); // a link scanner's GET
  const spends = await Promise.all([0, 1].map(() => post("/api/seat-links/redeem", JSON.stringify({ secret }), ip)));
  const ok = spends.filter((s) => s.status === 200).length;
  if (ok !== 1) breach(`a seat link spent at once twice gave ${ok} keys (answers ${spends.map((s) => s.status).join(", ")})`);
}
