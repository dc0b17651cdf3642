// Acceptance of turn-based tables (issue 29, docs/turn-based.md), on PostgreSQL started by the test.
//
// Three days of a five-person game: two real server processes (`node server/index.ts`) behind one
// PostgreSQL and one Redis, e-mail to a real SMTP server (smtp-server, read with mailparser), 8-hour
// banks. The processes' clock is moved by the test (CLOCK_FILE: an offset they read again every 20 ms),
// from one event to the next (a person coming back, a deadline, a nudge falling due), each time once
// both processes have done all that was due. Each person comes back to a decision they owe after a
// seeded delay (median 40 minutes, one in ten never), answers what they owe, and leaves; the process
// holding the game is killed with SIGKILL twice (on the first and the second day) and started again.
// Then: the game ended; its commands are numbered without gap or repeat; each spent bank gave exactly
// one bot decision; and of the e-mail: every decision owed 10 minutes with its person away was
// announced exactly once (unless the hourly limit held it and it was answered first), none reached a
// connected person, no message id repeats, and no person got two messages within an hour but
// deadline warnings and near deadlines. A few late answerers come back early instead and think at the
// table (a real socket, not answering) while their "your move" falls due: none of them gets a message
// then (red with the notifier's connected-seat check taken out). The clock moves on only once the people
// at the table have answered (on a busy machine their answers can come after two looks at the store).
// On the night of the first day everyone leaves, the watcher too: the table parks, and the next deadline
// wakes the game from the store (red with the sweep not waking parked games). Every person has push on
// (a push service of the test's own, each browser's keys apart) and the host has set the table's webhook
// (its first post answered 429 with Retry-After): each person's pushes say what their mail said, message
// for message; the webhook got each message once, by its id (red with push left out, and with the
// webhook's id changed on a retry).
//
// 1,000 deadlines falling due together: a real turn-based game is played up to a person's decision
// and parked; the store then holds 999 copies of it (every row of the game under a new code), every
// bank due at the same instant. The server's clock is set a minute past it, and the deadline sweep
// (server/rooms/deadlines.ts, two sweepers looking again and again, a moment apart) wakes each parked game,
// whose room runs its deadline: each is handled exactly once (one excused delay each, told once,
// written once, no command), all of them within 60 seconds.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type Room as SDKRoom } from "@colyseus/sdk";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import pg from "pg";
import pino from "pino";
import webpush from "web-push";
import { createServer } from "../../server/app.ts";
import { hashSeatToken, openStore, type GameStore } from "../../server/store/index.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { startMailServer, type ReceivedMail } from "../mail-server.ts";
import { browserKeys, startPushService } from "../push-service.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { CODE_ALPHABET } from "../../server/access/codes.ts";
import { autoplay, createTable, join, stateOf, until } from "../room/helpers.ts";
import { freePort, startPostgres, startRedis, startServer, stopAll, waitFor, type ServerProcess } from "./services.ts";
import { createTable as createTableAt, join as joinAt, lookUp } from "./players.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogMessage } from "../../shared/wire/log-codec.ts";

afterAll(stopAll);

const H = 3600_000;
const BANK_MS = 8 * H;
const GAMES = 1000;
const WITHIN_MS = 60_000;

const postgres = await startPostgres();
if (!postgres) it.skip("turn-based acceptance on PostgreSQL (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});
const redis = postgres ? await startRedis() : null;
if (postgres && !redis) it.skip("three days of a turn-based game on two processes (no redis-server here: set REDIS_URL or install redis-server)", () => {});

const MIN = 60_000;
const DAY = 24 * H;
const NAMES = ["Ann", "Ben", "Cyd", "Dot", "Eve"];
/** How long a person who came back stays (answering at once) before leaving again. */
const SESSION_MS = 2 * H;
/**
 * A few late answerers come back early instead (THINK_FROM_MS after the decision fell to them) and think
 * at the table, connected, until THINK_UNTIL_MS: their "your move" falls due meanwhile (at 10 minutes) and
 * must not reach them. Then they answer and leave.
 */
const THINKERS = 4;
const THINK_FROM_MS = 2 * MIN;
const THINK_UNTIL_MS = 15 * MIN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The person at this connection owes a decision. */
const owes = (room: SDKRoom): boolean => Object.values<any>(stateOf(room).seats).find((s) => s.secret)?.owedSince > 0;

/** A person answers what they owe (random legal plays), then stops playing. */
async function answer(room: SDKRoom, seed: number): Promise<void> {
  const player = autoplay(room, seed);
  try {
    await until(() => !owes(room), 20_000, "the thinker's answers");
  } finally {
    player.stop();
  }
}

/** A seeded answer delay: log-normal, median 40 minutes; one in ten never (Infinity). */
function answerDelays(seed: number): { (): number; drawn: number[] } {
  const random = makeRandom(seed);
  const drawn: number[] = [];
  return Object.assign(() => drawn[drawn.push(draw()) - 1]!, { drawn });
  function draw(): number {
    if (random() < 0.1) return Infinity;
    const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    return Math.max(MIN, Math.round(40 * MIN * Math.exp(z)));
  }
}

describe.skipIf(!postgres || !redis)("three days of a five-person turn-based game (PostgreSQL, Redis, two processes, SMTP)", () => {
  it("ends; every command once; one bot decision per spent bank; every nudge once, never to a connected person, at most one an hour", async () => {
    const smtp = await startMailServer();
    // Web Push to a push service of the test's own (HTTPS), and the table's webhook (Slack's format) to a
    // receiver that answers its first post 429 with Retry-After, and 204 after.
    const push = await startPushService();
    const hooks: { id: string; body: string; status: number }[] = [];
    const hookServer = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => { body += c; });
      req.on("end", () => {
        const status = hooks.length === 0 ? 429 : 204;
        hooks.push({ id: String(req.headers["idempotency-key"] ?? ""), body, status });
        res.writeHead(status, status === 429 ? { "Retry-After": "60" } : {}).end();
      });
    });
    await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
    const hookHost = `127.0.0.1:${(hookServer.address() as { port: number }).port}`;
    const vapid = webpush.generateVAPIDKeys();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "na-accept-"));
    const db = new pg.Pool({ connectionString: postgres!.url, max: 2 });
    const reader = await openStore({ dataDir: dir, databaseUrl: postgres!.url, instance: "test-reader" });
    const servers: ServerProcess[] = [];
    try {
      // The processes' clock: the test's own, moved by writing the offset (both read it every 20 ms).
      const clockFile = path.join(dir, "clock");
      let offset = 0;
      const now = () => Date.now() + offset;
      const setNow = async (t: number) => {
        offset = Math.max(offset, t - Date.now());
        fs.writeFileSync(`${clockFile}.new`, String(offset));
        fs.renameSync(`${clockFile}.new`, clockFile);
        await sleep(80); // both processes have read it (every 20 ms)
      };
      fs.writeFileSync(clockFile, "0");
      const ports = [await freePort(), await freePort()];
      const env = (port: number) => ({
        REDIS_URL: redis!.url, DATABASE_URL: postgres!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, DATA_DIR: dir, LOG_LEVEL: "info",
        SMTP_URL: smtp.url, MAIL_FROM: "tables@example.org", CLOCK_FILE: clockFile, TURN_SWEEP_MS: "100", NUDGE_PASS_MS: "100",
        VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, NUDGE_WEBHOOK_HOSTS: hookHost, NODE_EXTRA_CA_CERTS: push.certFile,
        // Leases outlast the simulated days (a restarted process takes its own games back at once).
        GAME_LEASE_SECONDS: String(30 * 24 * 3600),
      });
      servers.push(...await Promise.all(ports.map((p) => startServer(env(p), p))));

      // Five people sit down; each ties an e-mail address to their seat; then all leave.
      const bankSeconds = 8 * 3600;
      // (grace 2 s: the empty table parks 2 s after its last connection, real time)
      const { code, roomId } = await createTableAt(servers[0]!, { seats: 5, bots: 0, botDelayMs: 0, graceSeconds: 2, watchersOpen: true, pace: "turn-based", turn: { bankSeconds, capSeconds: bankSeconds } });
      const tokens: string[] = [];
      const addressOf = new Map<string, number>();
      const first: Awaited<ReturnType<typeof joinAt>>[] = [];
      for (const [i, name] of NAMES.entries()) first.push(await joinAt(servers[i % 2]!, roomId, { code, name }));
      await until(() => stateOf(first[0]!.room).status === "playing", 20_000, "the start");
      for (const j of first) {
        tokens[j.seat.seat] = j.seat.seatToken;
        const address = `${NAMES[j.seat.seat]!.toLowerCase()}@example.net`;
        addressOf.set(address, j.seat.seat);
        const link = randomBytes(18).toString("base64url");
        await reader.addContactLink(hashSeatToken(link), address, Date.now() + 60_000);
        const spent = await reader.spendContactLink(hashSeatToken(link));
        await reader.tieSeat((spent as { contact: string }).contact, { code, seat: j.seat.seat, by: hashSeatToken(j.seat.seatToken) });
      }
      // Each person turns on push in their browser; the host sets the table's webhook.
      const browsers = NAMES.map(() => browserKeys());
      const post = async (server: ServerProcess, route: string, body: unknown) =>
        (await fetch(`http://127.0.0.1:${server.port}/api/games/${code}/${route}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json();
      for (const seat of NAMES.keys()) {
        const subscription = { endpoint: `${push.url}/push/seat-${seat}-${randomBytes(6).toString("hex")}`, keys: browsers[seat]!.keys };
        expect(await post(servers[seat % 2]!, "push", { seatToken: tokens[seat], subscription })).toEqual({ push: true });
      }
      expect(await post(servers[1]!, "webhook", { seatToken: tokens[first[0]!.seat.seat], url: `http://${hookHost}/services/T0/B0/secret-hook`, format: "slack" }))
        .toEqual({ webhook: `http://${hookHost}/…`, format: "slack" });
      // Who is connected, and when (real time: an e-mail's arrival is compared with it).
      const online: { seat: number; from: number; to: number }[] = [];
      const connectedAt = new Map<number, number>();
      const leave = async (seat: number, room: SDKRoom) => {
        room.reconnection.enabled = false;
        await room.leave(true).catch(() => {});
        online.push({ seat, from: connectedAt.get(seat)!, to: Date.now() });
        connectedAt.delete(seat);
      };
      for (const j of first) connectedAt.set(j.seat.seat, Date.now());
      for (const j of first) await leave(j.seat.seat, j.room);

      // A watcher reads the game's public log all along (joined again after each restart): its new lines.
      const logged: string[] = [];
      const watch = async () => {
        const table = await lookUp(servers[0]!, code);
        const room = await new Client(`http://127.0.0.1:${ports[0]}`).joinById(table.roomId, { code, spectator: true });
        room.onMessage("log", (wire: ServerMessages["log"]) => { const m = decodeLogMessage(wire); if (!m.history) logged.push(...m.lines); });
        room.onMessage("*", () => {});
        room.reconnection.enabled = false;
        return room;
      };
      let watcher = await watch();

      // Each e-mail with the simulated time it came at.
      const mails: (ReceivedMail & { seat: number; at: number; real: number })[] = [];
      let read = 0;
      const readMail = () => {
        for (; read < smtp.mails.length; read++) {
          const m = smtp.mails[read]!;
          mails.push({ ...m, seat: addressOf.get(m.to) ?? -1, at: now(), real: Date.now() });
        }
      };

      const holder = async () => (await db.query(`SELECT owner FROM games WHERE code = $1`, [code])).rows[0]?.owner as string | null;
      const status = async () => (await db.query(`SELECT status FROM games WHERE code = $1`, [code])).rows[0]?.status as string;
      // Everything due has been done: no due nudge or deadline left, the commands still.
      let lastCommands = -1;
      const quiet = async () => {
        const t = now();
        const { rows: [r] } = await db.query(
          `SELECT (SELECT count(*) FROM nudges WHERE state = 'pending' AND next_at <= $1)::int AS nudges,
                  (SELECT count(*) FROM turn_clocks c JOIN games g ON g.code = c.code WHERE c.code = $2 AND c.due_at <= $1 AND g.status = 'playing')::int AS deadlines,
                  (SELECT count(*) FROM commands WHERE code = $2)::int AS commands`, [t, code]);
        const still = r.commands === lastCommands;
        lastCommands = r.commands;
        // The people at the table (not thinking) have answered what they owe: under load their answers
        // can take longer than two looks at the store, and moving the clock on before them (to the end
        // of their session, say) would send them away owing.
        const answered = [...sessions.values()].every((s) => s.player === null || !owes(s.room));
        return r.nudges === 0 && r.deadlines === 0 && still && answered;
      };
      const settle = () => waitFor(quiet, 30_000, "both processes to do what is due").catch(async (e) => {
        throw new Error(`${(e as Error).message}\n${servers.map((s) => s.output().split("\n").slice(-15).join("\n")).join("\n---\n")}`);
      });

      const delay = answerDelays(3);
      const start = now();
      const back = new Map<string, number>(); // "seat:owedSince" -> when its person comes back
      // A session's player is null while its person thinks (connected, not answering).
      const sessions = new Map<number, { room: SDKRoom; from: number; until: number; player: { stop(): void } | null }>();
      const thinkRandom = makeRandom(5);
      const thinks = new Set<string>(); // the decisions ("seat:owedSince" keys) whose people come back to think
      const thought: { seat: number; since: number; from: number; until: number }[] = [];
      const owedFrom = new Map<number, { key: string; since: number; offline: boolean }>();
      const owedSpans: { seat: number; since: number; end: number; offline10: boolean }[] = [];
      let exhausted = 0;
      let steps = 0;
      const kills = [start + 10 * H, start + 25 * H]; // (a game has ended after 29 hours)
      let killed = 0;
      // The night of the first day: everyone leaves (the watcher too), the table parks, and nobody comes
      // back until the next deadline has woken the game from the store and its room has run it.
      const PARK_FROM = start + 16 * H;
      /** The parked game's deadlines run so far (excused delays and bot decisions), while it waits. */
      let parking: { turns: number; from: number } | null = null;
      const deadlinesRun = (cs: { delays: number; botDecisions: number }[]) => cs.reduce((n, c) => n + c.delays + c.botDecisions, 0);
      let wokeFor: { hours: number; turns: number } | null = null;

      for (;;) {
        await settle();
        readMail();
        if ((await status()) === "finished" || now() - start > 12 * DAY) break;
        steps++;
        const clocks = await reader.clocks(code);
        const t = now();
        // The parked game woke (nobody came back, nobody watched): by its deadline, which has run.
        if (parking && !(await reader.getGame(code))!.parked) {
          wokeFor = { hours: (t - parking.from) / H, turns: deadlinesRun(clocks) - parking.turns };
          parking = null;
          watcher = await watch();
        }
        // A seat's owed decision is known by the commands of the seat before it (an excused delay starts
        // its bank again, not a new decision).
        const { rows: bySeat } = await db.query(`SELECT seat, count(*)::int AS n FROM commands WHERE code = $1 GROUP BY seat`, [code]);
        const decisionOf = (seat: number) => `${seat}:${bySeat.find((r) => r.seat === seat)?.n ?? 0}`;
        // Spans of owed decisions, and whether each was owed 10 minutes with its person away.
        for (const c of clocks) {
          const key = c.owedSince !== null ? decisionOf(c.seat) : null;
          const cur = owedFrom.get(c.seat);
          if (cur && cur.key !== key) {
            owedSpans.push({ seat: c.seat, since: cur.since, end: t, offline10: cur.offline && cur.since + 10 * MIN <= t });
            owedFrom.delete(c.seat);
          }
          if (key === null) continue;
          if (!owedFrom.has(c.seat)) owedFrom.set(c.seat, { key, since: c.owedSince!, offline: !sessions.has(c.seat) });
          // (owed while connected: the span does not count as owed with its person away)
          if (sessions.has(c.seat) && (sessions.get(c.seat)!.from <= owedFrom.get(c.seat)!.since + 10 * MIN)) owedFrom.get(c.seat)!.offline = false;
          if (!sessions.has(c.seat) && !back.has(key)) {
            const at = c.owedSince! + delay();
            // (only a decision seen before its thinker is due back: one seen later is past its nudge)
            const think = thinks.size < THINKERS && t < c.owedSince! + THINK_FROM_MS && at > c.owedSince! + THINK_UNTIL_MS && thinkRandom() < 0.5;
            if (think) thinks.add(key);
            back.set(key, think ? c.owedSince! + THINK_FROM_MS : at);
          }
        }
        // Sessions over: the person leaves.
        for (const [seat, s] of sessions) {
          if (s.until > t) continue;
          if (s.player === null) await answer(s.room, 200 + seat); // done thinking: answers, then leaves
          s.player?.stop();
          await leave(seat, s.room);
          sessions.delete(seat);
        }
        // People coming back now: they answer what they owe at once, and stay a while (not while parked).
        for (const c of clocks) {
          if (parking) break;
          const at = c.owedSince !== null ? back.get(decisionOf(c.seat)) : undefined;
          if (at === undefined || at > t || sessions.has(c.seat)) continue;
          const table = await lookUp(servers.find((s) => s.child.exitCode === null && s.child.signalCode === null)!, code);
          const j = await joinAt(servers[c.seat % 2]!, table.roomId, { code, seatToken: tokens[c.seat] });
          connectedAt.set(c.seat, Date.now());
          // Back within 10 minutes: not a decision owed 10 minutes with its person away (marked here, as the
          // clock may next move on to the nudge's time, past the 10 minutes, before the span is looked at).
          const span = owedFrom.get(c.seat);
          if (span && t < span.since + 10 * MIN) span.offline = false;
          if (thinks.has(decisionOf(c.seat))) {
            sessions.set(c.seat, { room: j.room, from: t, until: c.owedSince! + THINK_UNTIL_MS, player: null });
            // (back after a SIGKILL sent them away: the same thought goes on)
            if (!thought.some((th) => th.seat === c.seat && th.since === c.owedSince)) thought.push({ seat: c.seat, since: c.owedSince!, from: t, until: c.owedSince! + THINK_UNTIL_MS });
            continue;
          }
          sessions.set(c.seat, { room: j.room, from: t, until: t + SESSION_MS, player: autoplay(j.room, 100 + c.seat) });
          await until(() => !owes(j.room), 20_000, "the person's answers");
        }
        // Two SIGKILLs of the process holding the game, with nobody connected to it.
        if (!parking && killed < kills.length && t >= kills[killed]!) {
          const owner = await holder();
          const i = ports.findIndex((p) => owner === `127.0.0.1:${p}`);
          for (const [seat, s] of sessions) { s.player?.stop(); await leave(seat, s.room); sessions.delete(seat); }
          const victim = servers[i]!;
          watcher.reconnection.enabled = false;
          victim.child.kill("SIGKILL");
          await victim.exited;
          servers[i] = await startServer(env(ports[i]!), ports[i]!);
          await waitFor(async () => (await lookUp(servers[i]!, code))?.status === "playing", 20_000, "the game restored");
          void watcher.leave(true).catch(() => {}); // its process is gone: nothing to wait for
          watcher = await watch();
          killed++;
        }
        // Everyone leaves, and the table parks.
        if (!parking && !wokeFor && t >= PARK_FROM) {
          for (const [seat, s] of sessions) { s.player?.stop(); await leave(seat, s.room); sessions.delete(seat); }
          watcher.reconnection.enabled = false;
          await watcher.leave(true).catch(() => {});
          await waitFor(async () => (await reader.getGame(code))?.parked === true, 30_000, "the empty table to park");
          parking = { turns: deadlinesRun(await reader.clocks(code)), from: t };
        }
        // The next event: someone comes back, a session ends, a deadline, a nudge falls due.
        const { rows: [n] } = await db.query(`SELECT min(next_at)::bigint AS at FROM nudges WHERE state = 'pending'`);
        const times = [
          ...clocks.map((c) => c.dueAt ?? Infinity),
          // (a thinker's return time has passed while they think: their session's end is the next event)
          ...clocks.map((c) => (!parking && c.owedSince !== null && sessions.get(c.seat)?.player !== null ? back.get(decisionOf(c.seat)) ?? Infinity : Infinity)),
          ...[...sessions.values()].map((s) => s.until),
          n.at !== null ? Number(n.at) : Infinity,
          !parking && killed < kills.length ? kills[killed]! : Infinity,
        ];
        const next = Math.min(...times);
        expect(next, JSON.stringify({ status: await status(), clocks, sessions: [...sessions.keys()], back: [...back], keys: clocks.map((c) => decisionOf(c.seat)), t })).toBeLessThan(Infinity);
        // A bank due with its three delays used: the bot's one decision is next.
        for (const c of clocks) if (c.dueAt !== null && c.dueAt <= next && c.delays >= 3) exhausted++;
        readMail();
        await setNow(Math.max(next, now()) + 1000);
      }
      for (const [seat, s] of sessions) { s.player?.stop(); await leave(seat, s.room); }
      const days = (now() - start) / DAY;
      const commands = await reader.commands(code);
      const clocks = await reader.clocks(code);
      const botDecisions = clocks.reduce((n, c) => n + c.botDecisions, 0);
      const botLogged = logged.filter((l) => l.includes("ran out with no excused delay left: the bot decides for them this once")).length;
      void watcher.leave(true).catch(() => {});
      const warnings = mails.filter((m) => m.subject.startsWith("Most of your time"));
      const answered = delay.drawn.filter((d) => d < Infinity).sort((a, b) => a - b);
      console.log(`[acceptance] ${delay.drawn.length} answer delays drawn: median ${(answered[answered.length >> 1]! / MIN).toFixed(0)} min, `
        + `${delay.drawn.length - answered.length} never`);
      console.log(`[acceptance] ${days.toFixed(2)} simulated days in ${steps} steps, ${killed} SIGKILLs: ${commands.length} commands, `
        + `${exhausted} spent banks, ${botDecisions} bot decisions (${botLogged} logged), ${mails.length} e-mails (${warnings.length} deadline warnings), `
        + `${owedSpans.filter((o) => o.offline10).length} decisions owed 10 minutes with their person away, `
        + `${thought.length} thought at the table while their "your move" fell due; parked at ${((PARK_FROM - start) / H).toFixed(0)} h, `
        + (wokeFor ? `woken by a deadline ${wokeFor.hours.toFixed(1)} h later (${wokeFor.turns} run)` : "never woken")
        + `; ${push.pushes.length} pushes, ${hooks.length} webhook posts (${hooks.filter((h) => h.status !== 204).length} refused)`);

      // The game ended, its commands numbered without gap or repeat.
      expect(await status()).toBe("finished");
      expect(days).toBeLessThanOrEqual(3);
      expect(killed).toBe(2);
      // The parked game woke for its deadline (nobody came back meanwhile), and ran it.
      expect(wokeFor).not.toBeNull();
      expect(wokeFor!.turns).toBeGreaterThan(0);
      const { rows: seqs } = await db.query(`SELECT seq FROM commands WHERE code = $1 ORDER BY seq`, [code]);
      expect(seqs.map((r) => r.seq)).toEqual(commands.map((_, i) => i));
      // Each spent bank: exactly one bot decision.
      expect(exhausted).toBeGreaterThan(0);
      expect(botDecisions).toBe(exhausted);
      expect(botLogged).toBe(exhausted);
      // E-mail: every message id once, none to a connected person (by the time it arrived).
      expect(mails.length).toBeGreaterThan(0);
      expect(mails.every((m) => m.seat >= 0)).toBe(true);
      expect(new Set(mails.map((m) => m.messageId)).size).toBe(mails.length);
      const toConnected = mails.filter((m) => online.some((o) => o.seat === m.seat && o.from <= m.real && m.real <= o.to)
        || (connectedAt.has(m.seat) && connectedAt.get(m.seat)! <= m.real));
      expect(toConnected).toEqual([]);
      // Some people thought at the table while their "your move" fell due: none of them got a message then.
      expect(thought.length).toBeGreaterThan(0);
      expect(mails.filter((m) => thought.some((th) => th.seat === m.seat && th.from <= m.at && m.at <= th.until))).toEqual([]);
      // At most one message an hour per person, deadline warnings and near deadlines aside.
      const deadlineOf = (m: ReceivedMail) => Date.parse(/Deadline: ([^.]+)\./.exec(m.text)?.[1] ?? "");
      const hourly = mails.filter((m) => !m.subject.startsWith("Most of your time") && !(deadlineOf(m) - m.at < H));
      for (const seat of NAMES.keys()) {
        const times = hourly.filter((m) => m.seat === seat).map((m) => m.at);
        for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, `${NAMES[seat]}'s messages ${i - 1} and ${i}`).toBeGreaterThanOrEqual(H - 2000);
      }
      // Every decision owed 10 minutes with its person away: announced exactly once ("your move"), unless
      // the hourly limit held it (a message less than an hour before) and it was answered first.
      const moves = mails.filter((m) => m.subject.startsWith("Your move"));
      const unannounced: unknown[] = [];
      for (const o of owedSpans.filter((s) => s.offline10)) {
        const told = moves.filter((m) => m.seat === o.seat && m.at >= o.since + 10 * MIN - 2000 && m.at <= o.end + 2000).length;
        const held = moves.some((m) => m.seat === o.seat && m.at < o.since + 10 * MIN && m.at + H > o.end);
        if (told !== 1 && !(told === 0 && held)) {
          unannounced.push({ ...o, told, held, mails: mails.filter((m) => m.seat === o.seat && m.at >= o.since - H && m.at <= o.end + H).map((m) => `${((m.at - o.since) / MIN).toFixed(1)} min: ${m.subject} ${m.messageId}`),
            kills: kills.map((k) => ((k - o.since) / MIN).toFixed(1)),
            yourMoveRows: (await db.query(`SELECT seq, state, next_at FROM nudges WHERE code = $1 AND seat = $2 AND kind = 'your-move' ORDER BY seq`, [code, o.seat])).rows.map((r) => `${r.seq}:${r.state}@${((Number(r.next_at) - o.since) / MIN).toFixed(0)}`).join(" ") });
        }
      }
      expect(unannounced).toEqual([]);

      // Push: each person's browser was sent what their mail said, message for message (decrypted with
      // that browser's keys), none twice.
      for (const seat of NAMES.keys()) {
        const pushed = push.pushes.filter((p) => p.path.startsWith(`/push/seat-${seat}-`)).map((p) => JSON.parse(browsers[seat]!.decrypt(p.body)));
        expect(pushed.map((p) => p.title).sort(), `${NAMES[seat]}'s pushes`).toEqual(mails.filter((m) => m.seat === seat).map((m) => m.subject).sort());
        expect(pushed.every((p) => p.tag === code && p.body.startsWith(`${NAMES[seat]}: `))).toBe(true);
      }
      expect(push.pushes.every((p) => p.topic === `na-${code.replace(/[^A-Za-z0-9]/g, "")}`)).toBe(true);
      // The webhook: every message once, by the message's id (the refused first one again after its
      // Retry-After, unless its decision was made first: then it was rightly dropped); public words only.
      const idOf = (m: ReceivedMail) => /nudge-([^@]+)@/.exec(m.messageId)![1]!;
      const accepted = hooks.filter((h) => h.status === 204).map((h) => h.id);
      expect(new Set(accepted).size).toBe(accepted.length);
      const refused = hooks[0]!;
      expect(refused.status).toBe(429);
      const { rows: [refusedRow] } = await db.query(`SELECT state FROM nudges WHERE id = $1`, [refused.id]);
      expect(accepted.includes(refused.id) || refusedRow?.state === "cancelled", `the refused webhook post ${refused.id}: ${refusedRow?.state}`).toBe(true);
      expect(new Set([...accepted, refused.id])).toEqual(new Set(mails.map(idOf)));
      for (const h of hooks) expect(h.body).not.toMatch(/example\.net|seat-link|token=|secret-hook/);
    } finally {
      // Stopped here: their sweeps, on a clock days ahead, would take the next test's games.
      for (const server of servers) server.child.kill("SIGKILL");
      await Promise.all(servers.map((server) => server.exited));
      await db.end();
      await reader.close();
      await smtp.close();
      await push.close();
      hookServer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 600_000);
});

/** The n-th code of the copies: ten characters of the invite alphabet, shown as two groups of five. */
function codeOf(n: number): string {
  let raw = "";
  for (let i = 0, v = n; i < 7; i++, v = Math.floor(v / CODE_ALPHABET.length)) raw += CODE_ALPHABET[v % CODE_ALPHABET.length];
  raw = "ZZZ" + raw;
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

describe.skipIf(!postgres)("1,000 turn-based deadlines falling due together (PostgreSQL)", () => {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  let store: GameStore;
  let db: pg.Pool;
  let colyseus: ColyseusTestServer;
  let offset = 0;
  const clock = () => Date.now() + offset;
  /** Each excused delay the tables told of, by "code:seat". */
  const excused = new Map<string, number>();
  const botDecided = new Map<string, number>();
  const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

  beforeAll(async () => {
    store = await openStore({ dataDir: "/nonexistent", databaseUrl: postgres!.url, instance: "acceptance" });
    db = new pg.Pool({ connectionString: postgres!.url, max: 2 });
    const server = createServer({
      logger, store, clock, nudges: false, roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 },
      turnEvents: {
        excusedDelay: (e) => count(excused, `${e.code}:${e.seat}`),
        botDecided: (e) => count(botDecided, `${e.code}:${e.seat}`),
      },
    });
    await server.listen(Number(process.env.TEST_PORT ?? 2568), "127.0.0.1");
    colyseus = new ColyseusTestServer(server);
  });
  afterAll(async () => {
    await colyseus?.shutdown();
    await db?.end();
    await store?.close();
  });

  it("each is handled once, all within 60 seconds", async () => {
    // A real game up to Ann's first decision (three bots play at once), then parked.
    const { code, roomId } = await createTable({ seats: 4, bots: 3, seed: 29, graceSeconds: 1, pace: "turn-based", turn: { bankSeconds: BANK_MS / 1000 } });
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const player = autoplay(ann, 7);
    await waitFor(async () => (await store.commands(code)).length >= 8, 30_000, "8 commands");
    player.stop();
    // Ann owes a decision, her bank runs, and the store has its deadline.
    const annSeat = () => Object.values<any>(stateOf(ann).seats).find((s) => s.name === "Ann");
    // (and the game still there: a command Ann's player sent just before it stopped has landed)
    let seen = -1;
    await waitFor(async () => {
      const n = (await store.commands(code)).length;
      const still = n === seen;
      seen = n;
      const due = annSeat()?.bankDueAt;
      return still && due > 0 && (await store.clocks(code)).some((c) => c.dueAt === due);
    }, 20_000, "Ann's decision, its deadline stored");
    ann.reconnection.enabled = false;
    ann.connection.close(1000);
    await waitFor(async () => (await store.getGame(code))?.parked === true && matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the game to park");
    const commands = (await store.commands(code)).length;
    expect(commands).toBeGreaterThanOrEqual(8);
    const owing = (await store.clocks(code)).find((c) => c.dueAt !== null);
    expect(owing).toBeDefined();

    // 999 copies of every row of the game; every bank (the original's too) due at the same instant.
    const codes = [code, ...Array.from({ length: GAMES - 1 }, (_, n) => codeOf(n))];
    expect(new Set(codes).size).toBe(GAMES);
    const copies = codes.slice(1);
    const dueAt = Date.now() + 30 * 24 * H;
    for (const table of ["games", "seats", "commands", "turn_clocks"]) {
      const renamed = table === "games" ? `jsonb_build_object('code', c.code, 'room_id', c.code)` : `jsonb_build_object('code', c.code)`;
      await db.query(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || ${renamed})).*
         FROM ${table} t, unnest($2::text[]) AS c(code) WHERE t.code = $1`,
        [code, copies],
      );
    }
    await db.query(`UPDATE turn_clocks SET owed_since = $1, bank_ms = $2, due_at = $3 WHERE code = ANY($4) AND seat = $5`,
      [dueAt - BANK_MS, BANK_MS, dueAt, codes, owing!.seat]);
    const { rows: [due] } = await db.query(`SELECT count(*)::int AS n FROM turn_clocks WHERE due_at = $1`, [dueAt]);
    expect(due.n).toBe(GAMES);
    const { rows: [parked] } = await db.query(`SELECT count(*)::int AS n FROM games WHERE parked_at IS NOT NULL AND code = ANY($1)`, [codes]);
    expect(parked.n).toBe(GAMES);

    // A minute past it: two sweeps at a time, again and again, until every deadline has run.
    offset = dueAt + 60_000 - Date.now();
    const started = performance.now();
    const handled = async () => {
      const { rows: [r] } = await db.query(`SELECT count(*)::int AS n FROM turn_clocks WHERE code = ANY($1) AND seat = $2 AND delays > 0`, [codes, owing!.seat]);
      return r.n === GAMES && excused.size === GAMES;
    };
    let done = false;
    // Two sweepers, each looking again as soon as its last look is over, the second a moment behind:
    // a look finds games woken by the other whose deadline is running but not yet written.
    const sweeper = async (lagMs: number) => {
      await new Promise((r) => setTimeout(r, lagMs));
      while (!done && performance.now() - started < 3 * WITHIN_MS) {
        await sweepDeadlines(store, logger, clock());
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const sweepers = [sweeper(0), sweeper(150)];
    await waitFor(handled, 3 * WITHIN_MS, "every deadline handled");
    const tookMs = performance.now() - started;
    done = true;
    await Promise.all(sweepers);
    // A few more sweeps, which must find nothing due.
    for (let i = 0; i < 3; i++) await sweepDeadlines(store, logger, clock());
    await new Promise((r) => setTimeout(r, 0));
    console.log(`[acceptance] ${GAMES} deadlines due together: all handled in ${(tookMs / 1000).toFixed(1)} s (${Math.round(GAMES / (tookMs / 1000))} deadlines per second)`);

    // Each exactly once: one excused delay told per game, one written, no command, none due any more.
    expect(excused.size).toBe(GAMES);
    expect([...excused].filter(([, n]) => n !== 1)).toEqual([]);
    expect(botDecided.size).toBe(0);
    const { rows } = await db.query(`SELECT code, seat, delays, due_at FROM turn_clocks WHERE code = ANY($1) AND seat = $2`, [codes, owing!.seat]);
    expect(rows).toHaveLength(GAMES);
    for (const r of rows) {
      expect(r.delays).toBe(1);
      expect(excused.get(`${r.code}:${r.seat}`)).toBe(1);
      // the excused delay: a quarter of the starting bank from when it ran
      expect(Number(r.due_at)).toBeGreaterThan(dueAt + BANK_MS / 4 - 1);
      expect(Number(r.due_at)).toBeLessThanOrEqual(clock() + BANK_MS / 4);
    }
    const { rows: [cmds] } = await db.query(`SELECT count(*)::int AS n FROM commands WHERE code = ANY($1)`, [codes]);
    expect(cmds.n).toBe(GAMES * commands);
    expect(await store.dueDeadlines(clock(), GAMES)).toEqual([]);
    expect(tookMs).toBeLessThan(WITHIN_MS);
  }, 240_000);
});
