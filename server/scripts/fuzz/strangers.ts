// Strangers: joins with bad codes, bad options and bad seat tokens, matchmaker calls with junk options,
// and random requests with random bodies to every HTTP route.
import { Client } from "@colyseus/sdk";
import { int, out, pick, problem, random, HTTP_PER_BURST } from "./common.ts";
import { randomString, randomValue } from "./random-input.ts";
import { from, httpUrl, wsUrl } from "./server.ts";
import type { HonestTable } from "./honest.ts";


/** Strangers: joins with bad codes, bad options, bad tokens, unknown rooms. */
export async function badJoins(tables: HonestTable[]): Promise<void> {
  const attempts: Promise<unknown>[] = [];
  for (let i = 0; i < 12; i++) {
    const t = tables.length ? pick(tables) : null;
    const roomId = t && random() < 0.8 ? t.roomId : randomString(12);
    const options = pick([
      () => ({ code: randomString(12), name: "Eve" }),
      () => ({ code: t?.code, name: randomValue() }),
      () => ({ code: t?.code, name: "x".repeat(300) }),
      () => ({ code: t?.code, name: "\u0000\u0007bell" }),
      () => ({ code: t?.code, name: "Honest 0" }),
      () => ({ code: t?.code, seatToken: randomString(40) }),
      () => ({ code: t?.code, spectator: "yes" }),
      () => randomValue(),
      () => ({ code: t?.code?.toUpperCase(), name: `Late ${int(1000)}` }),
    ])();
    out.messages++;
    attempts.push(new Client(wsUrl, { headers: from(`10.3.${int(256)}.${int(256)}`) }).joinById(roomId, options as any).then(
      (room) => room.leave().catch(() => 0),
      () => 0, // refused, as it should usually be
    ));
  }
  // A client asking the matchmaker to create or join rooms directly, with junk options.
  attempts.push(new Client(wsUrl).create("new_angeles", randomValue() as any).then((r) => r.leave().catch(() => 0), () => 0));
  attempts.push(new Client(wsUrl).joinOrCreate("new_angeles", randomValue() as any).then((r) => r.leave().catch(() => 0), () => 0));
  attempts.push(new Client(wsUrl).join(randomString(10), {}).then((r) => r.leave().catch(() => 0), () => 0));
  out.messages += 3;
  await Promise.all(attempts);
}

// ---- HTTP ----------------------------------------------------------------------------------------

export async function httpBurst(tables: HonestTable[]): Promise<void> {
  const code = () => (tables.length && random() < 0.4 ? pick(tables).code : encodeURIComponent(randomString(20)));
  const paths = [
    () => "/api/games",
    () => `/api/games/${code()}`,
    () => `/api/games/${code()}/replay`,
    () => `/api/games/${code()}/calendar.ics`,
    () => `/api/${encodeURIComponent(randomString(10))}`,
    () => "/healthz",
    () => "/metrics",
    () => `/matchmake/${pick(["create", "join", "joinById", "joinOrCreate", "reconnect", randomString(6)])}/${tables.length && random() < 0.5 ? pick(tables).roomId : "new_angeles"}`,
    () => "/api/games/%ZZ",
    () => `/${"a/".repeat(int(200))}`,
    () => `/api/games/${"x".repeat(5000)}`,
  ];
  const bodies = [
    () => JSON.stringify(randomValue()),
    () => JSON.stringify({ seats: pick([4, 5, 6, 7, "6", null]), bots: randomValue(), seed: randomValue(), variant: randomValue(), private: randomValue() }),
    () => "{\"seats\": 4,",
    () => "x".repeat(int(40_000)),
    () => "",
    () => JSON.stringify({ seats: 4, private: true, botDelayMs: 0, bots: 4 }),
  ];
  const requests: Promise<void>[] = [];
  for (let i = 0; i < HTTP_PER_BURST; i++) {
    const method = pick(["GET", "GET", "POST", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]);
    const url = httpUrl + pick(paths)();
    const body = method === "GET" || method === "HEAD" ? undefined : pick(bodies)();
    const contentType = pick(["application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16"]);
    out.httpRequests++;
    requests.push(
      // a few addresses (a household, say): fair turns answer a hundred at once from one address with 429s
      fetch(url, { method, body, headers: { "content-type": contentType, ...from(`10.4.0.${i % 4}`) } }).then(async (res) => {
        const text = await res.text();
        if (res.status >= 500) problem("crashes", `${method} ${url.slice(0, 120)} answered ${res.status}: ${text.slice(0, 200)}`);
        else if (res.status >= 400 && new URL(url).pathname.startsWith("/api/")) {
          // Contract: a 4xx from the lobby carries { error: { code, message } }.
          let ok = false;
          try { const j = JSON.parse(text); ok = typeof j.error?.code === "string" && typeof j.error?.message === "string"; } catch { /* not JSON */ }
          if (!ok && method !== "HEAD") problem("crashes", `${method} ${url.slice(0, 120)} answered ${res.status} without an {error:{code,message}} body: ${text.slice(0, 120)}`);
        }
      }, (e) => problem("crashes", `${method} ${url.slice(0, 120)} failed: ${String(e)}`)),
    );
  }
  await Promise.all(requests);
}
