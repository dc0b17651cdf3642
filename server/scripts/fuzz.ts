// Bad and random input against a server this script starts itself (in this process, on a free loopback
// port, with its store in a temporary directory).
//   npm run fuzz -- --seconds S [--seed N]
// It runs bursts until S seconds have passed. In each burst, attackers seated at live tables (and
// attacking spectators) send random and malformed messages of every type, wrong types and sizes, payloads
// over the size limit, raw protocol frames, floods, commands out of turn and host actions from non-hosts;
// strangers join with bad codes, bad options and bad seat tokens; random requests with random bodies go
// to every HTTP route. Meanwhile honest players and spectators play at the same tables.
// After each burst: the server answers /healthz, every room's game passes checkInvariants() (and a
// finished game replays to the same state), honest tables keep moving, and no honest client has ever
// decoded another seat's secret or received another pair's whisper.
// The LAST line is JSON:
//   {messages, httpRequests, crashes, invariantViolations, leaks, honestGamesFinished, stalls}
// crashes: uncaught errors, error-level server logs, 5xx answers, /healthz failures. stalls: honest tables
// that did not move through two bursts, reported with what the table waits for and what its honest client
// last sent and heard (they need a look, but are not among the failures below). Exits 1 on any crash,
// violation or leak, or when no honest game finished.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Writable } from "node:stream";
import pino from "pino";
import { Client } from "@colyseus/sdk";
import { matchMaker } from "@colyseus/core";
import { createServer } from "../app.ts";
import { openStore } from "../store/index.ts";
import { clearWrongCodes } from "../lobby/throttle.ts";
import { checkInvariants, legal, replay, type GameState } from "../engine/index.ts";
import { makeRandom, randomCommand, type Random } from "../bots/random.ts";
import { createTable, freePort, joinRoom, myLegal, mySecret, myTrades, round, sleep, usage, type SdkRoom } from "./lib/clients.ts";
import { DEFAULT_ROOM_LIMITS } from "../rooms/limits.ts";

const SHOWN_PROBLEMS = 30;
const BURST_MS = 1500;
const ATTACKS_PER_BURST = 400;
const HTTP_PER_BURST = 120;
const HONEST_TABLES = 3;

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" }, seed: { type: "string", default: "1" } } });
const seconds = Number(values.seconds);
const seed = Number(values.seed);
if (!(seconds > 0 && seconds <= 86_400)) usage("--seconds must be more than 0");
if (!Number.isInteger(seed)) usage("--seed must be a whole number");

const out = { messages: 0, httpRequests: 0, crashes: 0, invariantViolations: 0, leaks: 0, honestGamesFinished: 0, stalls: 0 };
let shown = 0;
function problem(kind: keyof typeof out, text: string): void {
  out[kind]++;
  if (shown++ < SHOWN_PROBLEMS) console.log(`PROBLEM ${kind}: ${text.slice(0, 2000)}`);
}

// Anything thrown and not caught anywhere in this process (server or clients) is a crash.
process.on("uncaughtException", (e) => problem("crashes", `uncaught: ${e?.stack ?? e}`));
process.on("unhandledRejection", (e: any) => problem("crashes", `unhandled rejection: ${e?.stack ?? e}`));
// The SDK reports connection trouble on the console; attackers cause plenty of it on purpose.
console.error = () => {};
console.warn = () => {};
console.info = () => {};

/**
 * Colyseus logs at error level every frame it cannot decode: those are refusals working as they should
 * (the room's own refusals of a join or a table are info lines). Any other error-level line means
 * something broke inside the server.
 */
const EXPECTED_ERROR_LOGS = [
  /msgpackr|MessagePack|Unknown extension type|Data read, but end of buffer|couldn't decode message/, // a garbled frame, dropped
  /^Max payload size exceeded/, // a frame over 4 KB: ws closes that connection
];
let refusalsLogged = 0;
const logSink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split("\n")) {
      if (!line) continue;
      try {
        const entry = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string; stack?: string } };
        if (entry.level < 50) continue;
        const text = `${entry.msg ?? ""} ${entry.err?.stack ?? entry.err?.message ?? ""}`;
        if (EXPECTED_ERROR_LOGS.some((re) => re.test(text))) refusalsLogged++;
        else problem("crashes", `server error log: ${line}`);
      } catch { /* not JSON */ }
    }
    done();
  },
});

const random: Random = makeRandom(seed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
const int = (n: number) => Math.floor(random() * n);

// ---- random values -------------------------------------------------------------------------------

const CARD_IDS = Array.from({ length: 110 }, (_, i) => `a${i}`);
const WORDS = ["main", "counter", "done", "pass", "construction", "labor", "media", "security", "biotech", "emergency", "the-fall-guy", "mandatory-quarantine", "__proto__", "constructor", "toString", "", " ", "\u0000", "😀", "‮", "a".repeat(70)];

function randomString(max = 40): string {
  const kind = int(5);
  if (kind === 0) return pick(WORDS);
  if (kind === 1) return pick(CARD_IDS);
  if (kind === 2) return String.fromCharCode(...Array.from({ length: int(max) }, () => int(0x3000)));
  if (kind === 3) return "x".repeat(int(max * 100));
  return Math.random().toString(36).slice(2, 2 + int(max));
}

function randomValue(depth = 0): unknown {
  switch (int(depth > 3 ? 6 : 9)) {
    case 0: return null;
    case 1: return pick([0, -1, 1, 2 ** 31, -(2 ** 53), 1e308, 0.5, NaN, Infinity, 5, 6, 255, 256]);
    case 2: return random() < 0.5;
    case 3: return randomString();
    case 4: return undefined;
    case 5: return pick(CARD_IDS);
    case 6: return Array.from({ length: int(random() < 0.1 ? 300 : 5) }, () => randomValue(depth + 1));
    case 7: {
      const o: Record<string, unknown> = {};
      for (let i = int(6); i > 0; i--) o[pick(["type", "card", "cards", "offer", "option", "id", "to", "give", "get", "discard", "keep", "emergency", "support", "supportCards", "text", "action", "seat", "variant", "stepSeconds", randomString(8)])] = randomValue(depth + 1);
      return o;
    }
    default: return plausibleCommand();
  }
}

/** Commands that look right but are out of turn, for the wrong seat, or subtly malformed. */
function plausibleCommand(): unknown {
  const cards = () => Array.from({ length: int(4) }, () => pick(CARD_IDS));
  const bundle = () => ({ capital: pick([0, 1, 5, -3, 1e6, 0.5]), assets: random() < 0.5 ? [] : [randomString(12)] });
  return pick([
    () => ({ type: "offer", card: pick(CARD_IDS) }),
    () => ({ type: "offer", emergency: pick([true, "mandatory-quarantine", 7]) }),
    () => ({ type: "counteroffer", card: pick(CARD_IDS), discard: cards() }),
    () => ({ type: "pass" }),
    () => ({ type: "abstain" }),
    () => ({ type: "support", offer: pick(["main", "counter", "x"]), cards: cards() }),
    () => ({ type: "choose", option: pick(["done", 0, 3, 17, -1, "construction", randomString(10)]) }),
    () => ({ type: "discard", cards: cards() }),
    () => ({ type: "investment", keep: randomString(12) }),
    () => ({ type: "trade-propose", to: int(8) - 1, give: bundle(), get: bundle(), ...(random() < 0.3 ? { support: "main", supportCards: cards() } : {}) }),
    () => ({ type: pick(["trade-accept", "trade-decline", "trade-cancel"]), id: randomString(8) }),
  ])();
}

function randomBytes(n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = int(256);
  return b;
}

// ---- the server ----------------------------------------------------------------------------------

/** The server's bot floor here: low, so honest tables with bots finish within a short run. */
const BOT_DELAY_MIN_MS = 20;
const FUZZ_LIMITS = { ...DEFAULT_ROOM_LIMITS, botDelayMinMs: BOT_DELAY_MIN_MS };

const dataDir = mkdtempSync(path.join(os.tmpdir(), "na-fuzz-"));
const store = await openStore({ dataDir, instance: "fuzz" });
// Clients cannot choose a seed: each new table takes the next number of a stream made from --seed.
const gameSeeds = makeRandom(seed ^ 0x5eed_5eed);
const server = createServer({ logger: pino({ level: "warn" }, logSink), store, limits: FUZZ_LIMITS, seeds: () => Math.floor(gameSeeds() * 2 ** 32) });
const port = await freePort();
await server.listen(port, "127.0.0.1");
const httpUrl = `http://127.0.0.1:${port}`;
const wsUrl = `ws://127.0.0.1:${port}`;
console.log(`server on ${httpUrl}, store in ${dataDir}; fuzzing for ${seconds} s, seed ${seed}`);

/** Leaves every room of a table; a connection the server already closed may never answer, so wait 2 s at most. */
async function leaveTable(t: HonestTable): Promise<void> {
  const rooms = [...t.honest.map((h) => h.room), ...t.attackers.map((a) => a.room)].filter((r): r is SdkRoom => r !== null);
  await Promise.race([Promise.all(rooms.map((r) => r.leave().catch(() => 0))), sleep(2000)]);
}

/** The seat whose secret this client decoded (a player decodes its own only). */
function decodedSeat(room: SdkRoom): number | null {
  for (const s of ((room.state as any)?.seats?.values() ?? [])) if (s.secret) return s.seat;
  return null;
}

function liveRoom(roomId: string): { game: GameState | null; replayLog(): any; state: any } | undefined {
  return matchMaker.getLocalRoomById(roomId) as any;
}

// ---- honest players ------------------------------------------------------------------------------

interface Honest { room: SdkRoom; spectator: boolean; seat: number | null; refusals: number; inFlight?: boolean; last?: { command: unknown; at: number; answer?: string } }
interface HonestTable { code: string; roomId: string; honest: Honest[]; attackers: Attacker[]; lastCommands: number; idleBursts: number; done: boolean }
const honestTables: HonestTable[] = [];
let honestRefusals = 0;

function watchHonest(h: Honest, table: HonestTable): void {
  const r = makeRandom(seed ^ int(1e9));
  let scheduled = false;
  const check = () => {
    const state = h.room.state as any;
    if (!state?.seats) return;
    // A player decodes one secret, its own (its seat number may arrive after the first state); a spectator none.
    const secrets = [...state.seats.values()].filter((s: any) => s.secret).map((s: any) => s.seat as number);
    const allowed = h.spectator ? 0 : 1;
    const foreign = h.seat === null ? secrets.slice(allowed) : secrets.filter((n) => n !== h.seat);
    for (const n of foreign) problem("leaks", `${h.spectator ? "a spectator" : `seat ${h.seat}`} decoded seat ${n}'s secret at table ${table.code}`);
  };
  const act = () => {
    scheduled = false;
    if (h.inFlight || h.spectator || table.done) return;
    const state = h.room.state as any;
    if (state?.status !== "playing") return;
    const command = randomCommand(myLegal(h.room), r);
    if (!command) return;
    h.inFlight = true;
    h.last = { command, at: Date.now() };
    h.room.send("command", command);
  };
  // Any patch or refusal answers the last command: look again at what is legal, after a moment.
  const soon = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(act, int(5));
  };
  h.room.onStateChange(() => { if (h.inFlight && h.last) h.last.answer = "patch"; h.inFlight = false; check(); soon(); });
  h.room.onMessage("error", (e: { code: string; message: string }) => {
    h.refusals++;
    honestRefusals++;
    if (h.last) h.last.answer = `refused ${e.code}: ${e.message}`;
    h.inFlight = false;
    soon();
  });
  h.room.onMessage("whisper", (w: { from: number; to: number }) => {
    if (h.spectator || (h.seat !== null && w.from !== h.seat && w.to !== h.seat)) problem("leaks", `a whisper from ${w.from} to ${w.to} reached ${h.seat ?? "a spectator"}`);
  });
  h.room.onMessage("whispers", (m: { messages: { from: number; to: number }[] }) => {
    for (const w of m.messages ?? []) if (h.spectator || (h.seat !== null && w.from !== h.seat && w.to !== h.seat)) problem("leaks", `an old whisper from ${w.from} to ${w.to} reached ${h.seat ?? "a spectator"}`);
  });
  h.room.onMessage("seat", (m: { seat: number }) => { h.seat = m.seat; });
}

/** An honest client, watched from its first message on (its `seat` message comes before the first state). */
async function joinHonest(table: HonestTable, options: Record<string, unknown>, spectator: boolean): Promise<Honest> {
  let h: Honest | undefined;
  await joinRoom(wsUrl, table.roomId, options, { listen: (room) => { h = { room, spectator, seat: null, refusals: 0 }; watchHonest(h, table); } });
  return h!;
}

async function openHonestTable(): Promise<HonestTable | null> {
  const seats = pick([5, 6] as const);
  const stepSeconds = random() < 0.3 ? 1 : 0;
  let created: { code: string; roomId: string };
  try {
    created = await createTable(httpUrl, { seats, bots: seats - 4, botDelayMs: int(20), stepSeconds, graceSeconds: 1, private: random() < 0.5 });
  } catch (e) {
    problem("crashes", `an honest table could not be created: ${String(e)}`);
    return null;
  }
  const table: HonestTable = { ...created, honest: [], attackers: [], lastCommands: 0, idleBursts: 0, done: false };
  try {
    // Two honest players, two attacking players (so the table starts), an honest and an attacking spectator.
    for (let k = 0; k < 2; k++) {
      table.honest.push(await joinHonest(table, { code: created.code, name: `Honest ${k}` }, false));
    }
    table.honest.push(await joinHonest(table, { code: created.code, spectator: true }, true));
    for (let k = 0; k < 2; k++) table.attackers.push(await Attacker.join(table, { code: created.code, name: `Mallory ${k}` }));
    table.attackers.push(await Attacker.join(table, { code: created.code, spectator: true }));
  } catch (e) {
    problem("crashes", `honest join failed: ${String(e)}`);
  }
  return table;
}

// ---- attackers -----------------------------------------------------------------------------------

class Attacker {
  room: SdkRoom | null;
  table: HonestTable;
  options: Record<string, unknown>;
  token: string | null = null;

  private constructor(room: SdkRoom, table: HonestTable, options: Record<string, unknown>) {
    this.room = room;
    this.table = table;
    this.options = options;
    this.listen(room);
  }

  static async join(table: HonestTable, options: Record<string, unknown>): Promise<Attacker> {
    return new Attacker(await joinRoom(wsUrl, table.roomId, options), table, options);
  }

  private listen(room: SdkRoom): void {
    room.onMessage("seat", (m: { seatToken: string }) => { this.token = m.seatToken; });
    room.onLeave(() => { if (this.room === room) this.room = null; });
  }

  /** Back in after the server dropped us (a flood or a frame over the size limit). */
  async rejoin(): Promise<void> {
    const options = this.token ? { code: this.table.code, seatToken: this.token } : { code: this.table.code, spectator: true };
    try {
      const room = await joinRoom(wsUrl, this.table.roomId, options);
      this.room = room;
      this.listen(room);
    } catch { /* the table may be over */ }
  }

  attack(): void {
    const room = this.room;
    if (!room) return;
    out.messages++;
    try {
      this.send(room);
    } catch {
      // The SDK itself refuses some of these (a body over its buffer): nothing reached the server.
    }
  }

  private send(room: SdkRoom): void {
    switch (int(10)) {
      case 0: // a message type nobody handles, or a weird one
        room.send(pick([randomString(30), int(1000), "", "__proto__", "x".repeat(3000)]) as any, randomValue());
        return;
      case 1:
      case 2:
        room.send("command", randomValue());
        return;
      case 3:
        room.send("command", plausibleCommand());
        return;
      case 4:
        room.send("chat", pick([randomValue(), { text: randomString(700) }, { text: "hi", to: int(8) - 1 }, { text: " " }, { text: "hello there" }]));
        return;
      case 5:
        room.send("host", pick([randomValue(), { action: "start" }, { action: "add-bot" }, { action: "remove-bot", seat: int(7) }, { action: "settings", variant: randomValue(), stepSeconds: randomValue() }]));
        return;
      case 6: // a raw frame: a random protocol code followed by garbage
        room.connection.send(randomBytes(1 + int(200)));
        return;
      case 7: // a ROOM_DATA frame with a valid type and a garbage body
        room.connection.send(new Uint8Array([13, 0xa7, ...Buffer.from("command"), ...randomBytes(int(60))]));
        return;
      case 8: // over the 4 KB frame limit: the server must close this connection, nothing else
        if (random() < 0.2) room.connection.send(new Uint8Array([13, 0xa7, ...Buffer.from("command"), ...randomBytes(5000 + int(20_000))]));
        else room.send("chat", { text: "z".repeat(400) });
        return;
      default: { // a flood: more than the room's 100 messages per second
        if (random() < 0.1) {
          for (let i = 0; i < 150; i++) room.send("command", { type: "pass" });
          out.messages += 149;
        } else {
          const legal = myLegal(room);
          const cmd = randomCommand(legal, random) ?? plausibleCommand();
          room.send("command", cmd); // possibly out of turn by the time it lands
        }
      }
    }
  }
}

/** Strangers: joins with bad codes, bad options, bad tokens, unknown rooms. */
async function badJoins(tables: HonestTable[]): Promise<void> {
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
    attempts.push(new Client(wsUrl).joinById(roomId, options as any).then(
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

// ---- the room's limits: trade floods, stale reconnection tokens, bots-only fast tables ---------------
// During each burst seated attackers flood trade proposals and withdrawals, and now and then a table of
// bots only asks for no bot delay; after it an attacker drops, takes its seat back with its seat token and
// tries the dropped connection's reconnection token. Broken limits count as invariant violations, a
// replaced connection that comes back as a leak.

const firstSeen = new Map<string, number>();

/** The seats of a room whose players are attackers ("Mallory …"). */
function attackerSeats(roomId: string): number[] {
  const seats = (liveRoom(roomId) as any)?.seatsBySeat as Map<number, { seat: number; name: string }> | undefined;
  return [...(seats?.values() ?? [])].filter((s) => s.name.startsWith("Mallory")).map((s) => s.seat);
}

/**
 * Through the burst, each seated attacker proposes a trade and withdraws its open ones every 50 ms (under
 * the room's message rate, so it is not dropped for that). Checked after the burst (checkTradeFloods): no
 * seat got more proposals stored than its limit per minute allows, nor more open at once.
 */
async function tradeFlood(tables: HonestTable[]): Promise<void> {
  for (const t of tables) if (!firstSeen.has(t.roomId)) firstSeen.set(t.roomId, Date.now());
  const end = Date.now() + BURST_MS;
  while (Date.now() < end) {
    for (const a of tables.flatMap((t) => t.attackers)) {
      const room = a.room;
      const seat = room ? decodedSeat(room) : null;
      if (!room || seat === null) continue;
      room.send("command", { type: "trade-propose", to: seat === 0 ? 1 : 0, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } });
      out.messages++;
      for (const trade of myTrades(room)) {
        if (trade.from !== seat) continue;
        room.send("command", { type: "trade-cancel", id: trade.id });
        out.messages++;
      }
    }
    await sleep(50);
  }
}

function checkTradeFloods(tables: HonestTable[]): void {
  for (const t of tables) {
    const room = liveRoom(t.roomId);
    const since = firstSeen.get(t.roomId);
    if (!room?.game || since === undefined) continue;
    // In any minute at most the limit: over T ms, the limit times the minutes begun since the first flood.
    const most = FUZZ_LIMITS.tradeProposalsPerMinute * (Math.floor((Date.now() - since) / 60_000) + 1);
    const commands = room.replayLog().commands as { seat: number; command: { type: string } }[];
    for (const seat of attackerSeats(t.roomId)) {
      const proposals = commands.filter((c) => c.seat === seat && c.command.type === "trade-propose").length;
      if (proposals > most) problem("invariantViolations", `seat ${seat} at table ${t.code} had ${proposals} trade proposals stored (at most ${most} allowed)`);
      const open = room.game.trades.filter((x) => x.from === seat).length;
      if (open > FUZZ_LIMITS.openTradesPerSeat) problem("invariantViolations", `seat ${seat} at table ${t.code} has ${open} open trades`);
    }
  }
}

/**
 * An attacker's connection drops and the attacker takes its seat back with the seat token, then tries
 * the dropped connection's reconnection token: it must be refused (it would receive the seat's secrets).
 */
async function staleReconnections(tables: HonestTable[]): Promise<void> {
  const attackers = tables.flatMap((t) => t.attackers).filter((a) => a.room);
  // The `seat` message comes before Attacker.join returns: the token is read from the decoded secret.
  for (const a of attackers) a.token ??= mySecret(a.room!)?.seatToken || null;
  const candidates = attackers.filter((a) => a.token);
  if (candidates.length === 0) return;
  const a = pick(candidates);
  const old = a.room!;
  const staleToken = old.reconnectionToken;
  old.reconnection.enabled = false;
  old.connection.close(); // no leave message: a dropped connection the server waits for
  await sleep(100);
  await a.rejoin();
  out.messages += 2;
  if (!a.room || a.room === old) return; // the seat-token join was refused (the table is over, say)
  try {
    const back = await new Client(wsUrl).reconnect(staleToken);
    problem("leaks", `a connection replaced by a seat-token join came back with its reconnection token`);
    await back.leave().catch(() => 0);
  } catch { /* refused, as it must be */ }
}

interface FastTable { roomId: string; code: string; createdAt: number; checked: number }
const fastTables: FastTable[] = [];

/** Now and then a table of bots only that asks for no delay at all: the server's floor must pace it. */
async function botsOnlyFastTable(): Promise<void> {
  if (random() > 0.3) return;
  const seats = pick([4, 5, 6] as const);
  try {
    const t = await createTable(httpUrl, { seats, bots: seats, botDelayMs: 0 });
    fastTables.push({ ...t, createdAt: Date.now(), checked: 0 });
  } catch { /* a refused table (a limit on tables) is no failure here */ }
}

function checkFastTables(): void {
  for (const t of fastTables) {
    if (t.checked >= 3) continue;
    t.checked++;
    const room = liveRoom(t.roomId);
    if (!room) continue;
    const elapsed = Date.now() - t.createdAt;
    // Every seat may wait the floor at once (investments): at most one move per seat per floor.
    const most = (Math.floor(elapsed / BOT_DELAY_MIN_MS) + 1) * 6;
    const moves = room.replayLog().commands.length;
    if (moves > most) problem("invariantViolations", `bots-only table ${t.code} made ${moves} moves in ${elapsed} ms (the floor allows ${most})`);
  }
}

// ---- HTTP ----------------------------------------------------------------------------------------

async function httpBurst(tables: HonestTable[]): Promise<void> {
  const code = () => (tables.length && random() < 0.4 ? pick(tables).code : encodeURIComponent(randomString(20)));
  const paths = [
    () => "/api/games",
    () => `/api/games/${code()}`,
    () => `/api/games/${code()}/replay`,
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
      fetch(url, { method, body, headers: { "content-type": contentType } }).then(async (res) => {
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

// ---- checks after a burst ------------------------------------------------------------------------

const replayed = new Set<string>();

async function checkAfterBurst(): Promise<void> {
  const health = await fetch(`${httpUrl}/healthz`).then((r) => r.status, () => 0);
  if (health !== 200) problem("crashes", `/healthz answered ${health}`);
  const rooms = await matchMaker.query({ name: "new_angeles" } as any);
  for (const cache of rooms) {
    const room = liveRoom(cache.roomId);
    if (!room?.game) continue;
    const broken = checkInvariants(room.game);
    if (broken.length) problem("invariantViolations", `room ${cache.roomId}: ${broken.slice(0, 3).join("; ")}`);
    if (room.game.result && !replayed.has(cache.roomId)) {
      replayed.add(cache.roomId);
      const log = room.replayLog();
      try {
        const again = replay({ players: log.players, seed: log.seed, variant: log.variant, commands: log.commands });
        if (JSON.stringify(again) !== JSON.stringify(room.game)) problem("invariantViolations", `room ${cache.roomId}: its replay log does not rebuild its game`);
      } catch (e) {
        problem("invariantViolations", `room ${cache.roomId}: replay failed: ${String(e)}`);
      }
    }
  }
  for (const t of honestTables) {
    if (t.done) continue;
    const room = liveRoom(t.roomId);
    if (!room) { problem("stalls", `honest table ${t.code} is gone`); t.done = true; continue; }
    if (room.state.status === "finished") {
      t.done = true;
      out.honestGamesFinished++;
      await leaveTable(t);
      continue;
    }
    const commands = room.replayLog().commands.length;
    if (room.state.status === "playing" && commands === t.lastCommands) {
      // Deadlines of one second and a one-second grace keep every table moving: two still bursts is a stall.
      if (++t.idleBursts >= 2) {
        const pending = (room.game as any)?.pending;
        const seat = pending ? (room as any).seatsBySeat?.get(pending.seat) : null;
        problem("stalls", `honest table ${t.code} has not moved for ${t.idleBursts} bursts (stage ${(room.game as any)?.stage}, pending ${JSON.stringify(pending)}, `
          + `that seat: ${JSON.stringify(seat && { name: seat.name, bot: seat.bot, connected: seat.connected, botControlled: seat.botControlled })}, `
          + `its legal: ${pending ? JSON.stringify(legal(room.game!, pending.seat).filter((l) => !l.type.startsWith("trade-"))) : "-"}; `
          + `the honest players: ${JSON.stringify(t.honest.filter((h) => !h.spectator).map((h) => ({ seat: h.seat, decodedSeat: decodedSeat(h.room), open: h.room.connection.isOpen, inFlight: h.inFlight, status: (h.room.state as any)?.status, pendingSeat: (h.room.state as any)?.game?.pendingSeat, decodedLegal: myLegal(h.room).filter((l) => !l.type.startsWith("trade-")), last: h.last, ago: h.last ? Date.now() - h.last.at : null })))})`);
      }
    } else {
      t.idleBursts = 0;
    }
    t.lastCommands = commands;
  }
}

// ---- the run -------------------------------------------------------------------------------------

const started = Date.now();
let bursts = 0;
while (Date.now() - started < seconds * 1000) {
  bursts++;
  // Keep a few honest tables going; finished ones make way for new ones.
  const live = honestTables.filter((t) => !t.done);
  for (let i = live.length; i < HONEST_TABLES; i++) {
    const t = await openHonestTable();
    if (t) honestTables.push(t);
  }
  const targets = honestTables.filter((t) => !t.done);

  // The burst: attackers at every live table, strangers, and HTTP, all at once.
  const burstEnd = Date.now() + BURST_MS;
  const attackers = targets.flatMap((t) => t.attackers);
  const http = httpBurst(targets);
  const joins = badJoins(targets);
  const roomLimits = Promise.all([tradeFlood(targets), botsOnlyFastTable()]);
  let sent = 0;
  while (Date.now() < burstEnd && sent < ATTACKS_PER_BURST) {
    for (const a of attackers) {
      if (a.room) a.attack();
      else if (random() < 0.3) await a.rejoin();
      sent++;
    }
    await sleep(5);
  }
  await Promise.all([http, joins, roomLimits]);
  await sleep(300); // let the last messages land
  await clearWrongCodes(); // the throttle did its job; honest joins come from the same address
  await staleReconnections(targets); // its seat-token join must not meet the wrong-code throttle
  await checkAfterBurst();
  checkTradeFloods(targets);
  checkFastTables();
  if (bursts % 5 === 0) console.log(`... ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(out)}`);
}

console.log(`${bursts} bursts; undecodable frames logged by Colyseus: ${refusalsLogged}`);
console.log(`honest refusals (a move overtaken by a bot or a deadline): ${honestRefusals}`);
await Promise.all(honestTables.filter((t) => !t.done).map(leaveTable));
await Promise.race([server.gracefullyShutdown(false).catch((e) => problem("crashes", `shutdown failed: ${String(e)}`)), sleep(10_000)]);
await store.close().catch(() => {});
rmSync(dataDir, { recursive: true, force: true });
const failed = out.crashes + out.invariantViolations + out.leaks > 0 || out.honestGamesFinished === 0;
console.log(JSON.stringify({ ...out, seconds: round((Date.now() - started) / 1000, 1) }));
process.exit(failed ? 1 : 0);
