// Attacks on the front door: bodies of megabytes, declared and chunked; table floods, websocket floods,
// request floods and seat reservations from one address; seat reservations without the code; wrong-code
// floods; names and chat lines with text-direction characters.
import { Client } from "@colyseus/sdk";
import http from "node:http";
import WebSocket from "ws";
import { DEFAULT_LIMITS } from "../../access/throttle.ts";
import { BODY_LIMIT } from "../../http-guard.ts";
import { joinRoom, sleep, type SdkRoom } from "../lib/clients.ts";
import { breach, int, out, pick, problem, REFUSAL_MS } from "./common.ts";
import { from, httpUrl, wsUrl } from "./server.ts";
import type { HonestTable } from "./honest.ts";


const LIMITS = DEFAULT_LIMITS;
const HIDDEN = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c", "\u0000", "\ufeff"];
const WRONG_CODE = "AAAAA-AAAAA";
/** An address of this burst's front-door attacks (fresh each burst, so each burst meets the limits anew). */
export const doorAddress = (burst: number, k: number) => `10.66.${burst % 250}.${k}`;


/** Sends `total` bytes (declared, or chunked without a length); resolves with the status and the time taken. */
export function bigBody(path: string, total: number, chunked: boolean, ip: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const headers: Record<string, string | number> = { "content-type": "application/json", ...from(ip) };
    if (!chunked) headers["content-length"] = total;
    const req = http.request(`${httpUrl}${path}`, { method: "POST", headers });
    const piece = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const pump = () => {
      while (!answered && sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve({ status: res.statusCode!, ms: Date.now() - started });
      req.destroy();
    });
    req.on("error", () => { if (!answered) resolve({ status: 0, ms: Date.now() - started }); });
    req.setTimeout(5000, () => req.destroy());
    pump();
  });
}

export async function hugeBodies(burst: number): Promise<void> {
  const path = pick(["/matchmake/joinById/x", "/matchmake/joinOrCreate/new_angeles", "/api/games", "/healthz", "/"]);
  for (const chunked of [false, true]) {
    out.httpRequests++;
    const r = await bigBody(path, (8 + int(8)) * 1024 * 1024, chunked, doorAddress(burst, 1));
    if (r.status !== 413) breach(`${chunked ? "a chunked" : "an"} 8 MB+ body to ${path} answered ${r.status}, not 413`);
    // (tests/server/http-limits.test.ts counts the bytes read; here only an answer that waits for the
    // whole body, or for ever, is caught: on a loaded machine a prompt refusal can still take a second or two)
    else if (r.ms > REFUSAL_MS) breach(`an 8 MB+ body to ${path} took ${r.ms} ms to be refused`);
  }
  const small = await bigBody("/api/games", BODY_LIMIT + 1, true, doorAddress(burst, 1));
  if (small.status !== 413) breach(`a chunked body of ${BODY_LIMIT + 1} bytes answered ${small.status}, not 413`);
}

export async function post(path: string, ip: string, body: unknown): Promise<{ status: number; text: string }> {
  out.httpRequests++;
  const res = await fetch(`${httpUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...from(ip) }, body: JSON.stringify(body) });
  return { status: res.status, text: await res.text() };
}

/** Many tables at once from one address: no more than its lobby limit may be made. */
export async function tableFlood(burst: number): Promise<void> {
  const ip = doorAddress(burst, 2);
  const answers = await Promise.all(Array.from({ length: LIMITS.lobbyTablesPerAddress + 15 }, () => post("/api/games", ip, { seats: 4 })));
  const made = answers.filter((a) => a.status === 201).length;
  if (made > LIMITS.lobbyTablesPerAddress) breach(`one address made ${made} lobby tables at once (limit ${LIMITS.lobbyTablesPerAddress})`);
  for (const a of answers) if (a.status !== 201 && a.status !== 429) breach(`a table flood answered ${a.status}: ${a.text.slice(0, 100)}`);
}

/** More websockets from one address than it may hold: the rest are refused at the upgrade. */
export async function websocketFlood(burst: number): Promise<void> {
  const ip = doorAddress(burst, 3);
  const sockets: WebSocket[] = [];
  const results = await Promise.all(Array.from({ length: LIMITS.websocketsPerAddress + 10 }, () => new Promise<string>((resolve) => {
    const ws = new WebSocket(`${wsUrl}/`, { headers: from(ip) });
    sockets.push(ws);
    ws.on("open", () => resolve("open"));
    ws.on("unexpected-response", (_req, res) => resolve(String(res.statusCode)));
    ws.on("error", () => resolve("error"));
  })));
  out.messages += results.length;
  const open = results.filter((r) => r === "open").length;
  if (open > LIMITS.websocketsPerAddress) breach(`one address held ${open} websockets (limit ${LIMITS.websocketsPerAddress})`);
  if (!results.includes("429")) breach("a websocket flood was never refused with 429");
  for (const ws of sockets) ws.terminate();
}

/** Seat reservations without the code make none; with the code, one address holds no more than its limit. */
export async function reservationFlood(tables: HonestTable[], burst: number): Promise<void> {
  const t = tables.find((x) => !x.done);
  if (!t) return;
  const without = await Promise.all(Array.from({ length: 10 }, (_, k) => post(`/matchmake/joinById/${t.roomId}`, doorAddress(burst, 10 + k), pick([{}, { spectator: true }, { code: WRONG_CODE, name: "Eve" }]))));
  for (const a of without) if (a.status === 200) breach(`a seat reservation without the code was made: ${a.text.slice(0, 100)}`);
  const ip = doorAddress(burst, 4);
  const withCode = await Promise.all(Array.from({ length: LIMITS.reservationsPerAddress + 5 }, () => post(`/matchmake/joinById/${t.roomId}`, ip, { code: t.code, spectator: true })));
  const made = withCode.filter((a) => a.status === 200).length;
  if (made > LIMITS.reservationsPerAddress) breach(`one address held ${made} seat reservations (limit ${LIMITS.reservationsPerAddress})`);
}

/** Concurrent wrong codes from one address: only its minute's worth get an answer, and a right code still passes. */
export async function wrongCodeFlood(tables: HonestTable[], burst: number): Promise<void> {
  const ip = doorAddress(burst, 5);
  const answers = await Promise.all(Array.from({ length: 40 }, () => {
    out.httpRequests++;
    return fetch(`${httpUrl}/api/games/${WRONG_CODE}`, { headers: from(ip) }).then((r) => r.status, () => 0);
  }));
  const answered = answers.filter((s) => s === 404).length;
  if (answered > LIMITS.wrongCodesPerMinute) breach(`${answered} of 40 concurrent wrong codes from one address got an answer (limit ${LIMITS.wrongCodesPerMinute})`);
  const t = tables.find((x) => !x.done);
  if (t) {
    const right = await fetch(`${httpUrl}/api/games/${t.code}`, { headers: from(ip) }).then((r) => r.status, () => 0);
    if (right !== 200) breach(`a right code was refused (${right}) after wrong ones from the same address`);
  }
}

/** Names and chat lines with text-direction or control characters, and names that pass for bots. */
export async function hiddenCharacters(tables: HonestTable[], burst: number): Promise<void> {
  const t = tables.find((x) => !x.done);
  if (!t) return;
  const ip = doorAddress(burst, 6);
  for (const name of [`Eve${pick(HIDDEN)}x`, pick(["Bot Ada", "B0t", "bot", "Ann Bot"])]) {
    out.messages++;
    const room = await new Client(wsUrl, { headers: from(ip) }).joinById(t.roomId, { code: t.code, name }).catch(() => null);
    if (room) {
      breach(`the name ${JSON.stringify(name)} was accepted`);
      await room.leave().catch(() => 0);
    }
  }
  let watcher: SdkRoom;
  try {
    watcher = await joinRoom(wsUrl, t.roomId, { code: t.code, spectator: true }, { headers: from(ip) });
  } catch {
    return; // the table may be over
  }
  let refused = 0;
  watcher.onMessage("chat", (line: { text: string }) => {
    if (HIDDEN.some((c) => line.text.includes(c))) breach(`a chat line with a hidden character went out: ${JSON.stringify(line.text)}`);
  });
  watcher.onMessage("error", (e: { code: string }) => { if (e.code === "bad-chat") refused++; });
  for (let i = 0; i < 3; i++) watcher.send("chat", { text: `price: 5${pick(HIDDEN)}01 rof` });
  out.messages += 3;
  const deadline = Date.now() + 2000;
  while (refused < 3 && Date.now() < deadline) await sleep(20);
  if (refused < 3) breach(`${3 - refused} chat lines with hidden characters were not refused`);
  await watcher.leave().catch(() => 0);
}

/**
 * A burst of requests from one address, all at once: the server spreads them over turns of its event
 * loop (fair turns), refusing those that would wait too deep with 429; meanwhile /healthz (asked from
 * another address) must stay fast. Every answer is one the route gives, or that 429.
 */
export async function requestFlood(tables: HonestTable[], burst: number): Promise<void> {
  const ip = doorAddress(burst, 11);
  const paths = ["/api/games", "/healthz", "/metrics", "/matchmake/joinById/x", ...tables.map((t) => `/api/games/${t.code}`)];
  const answers = await Promise.all(Array.from({ length: 200 }, () => {
    out.httpRequests++;
    return fetch(`${httpUrl}${pick(paths)}`, { headers: from(ip) }).then(async (r) => ({ status: r.status, text: await r.text() }), (e) => ({ status: 0, text: String(e) }));
  }));
  for (const a of answers) {
    if (a.status === 0 || a.status >= 500) problem("crashes", `a request in a flood from one address got ${a.status}: ${a.text.slice(0, 100)}`);
  }
}

/** One burst's front-door attacks: each kind every few bursts, in turn, so that every run meets them all. */
export async function frontDoor(tables: HonestTable[], burst: number): Promise<void> {
  const attacks: Promise<void>[] = [hiddenCharacters(tables, burst)];
  if (burst % 2 === 0) attacks.push(hugeBodies(burst), wrongCodeFlood(tables, burst));
  else attacks.push(reservationFlood(tables, burst));
  if (burst % 4 === 1) attacks.push(websocketFlood(burst));
  if (burst % 5 === 3) attacks.push(tableFlood(burst));
  if (burst % 3 === 2) attacks.push(requestFlood(tables, burst));
  await Promise.all(attacks.map((a) => a.catch((e) => problem("crashes", `a front-door attack failed: ${String(e)}`))));
}
