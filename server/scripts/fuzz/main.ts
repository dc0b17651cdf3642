// Bad and random input against a server this script starts itself (in a worker thread, server-thread.ts,
// on a free loopback port, with its store in a temporary directory).
//   npm run fuzz -- --seconds S [--seed N]
// It runs bursts until S seconds have passed. In each burst, attackers seated at live tables (and
// attacking spectators) send random and malformed messages of every type, wrong types and sizes, payloads
// over the size limit, raw protocol frames, floods, commands out of turn and host actions from non-hosts;
// strangers join with bad codes, bad options and bad seat tokens; random requests with random bodies go
// to every HTTP route. Meanwhile honest players and spectators play at the same tables.
// The front door is attacked too (front-door.ts): bodies of megabytes, declared and
// chunked; table floods, websocket floods, request floods and seat reservations from one address; seat
// reservations without the code; wrong-code floods; names and chat lines with text-direction characters.
// Identity and storage (identity.ts): names that pass for a seated player's or a bot's, a spectator
// flood from many addresses (a seat's holder still gets back in), one address's talk growing burst after
// burst until its day's bytes are spent, and the talk the store keeps, printed in bytes per table and
// per address.
// The room's limits (room-limits.ts): trade propose/cancel floods, a seat taken back with its
// seat token while the replaced connection tries to come back, bots-only tables asking for no bot delay.
// Variants and seeds (variants.ts, seeds.ts): unplayable variants (next-district loops, numbers out
// of range, unknown keys at every level, City Setups that do not fit) and seeds, through POST /api/games
// and the host's `settings`; every frame and HTTP answer a client receives is searched for the seed of
// a game not yet over. Every actor speaks from its own address (the server believes one proxy:
// X-Forwarded-For), as on the Internet.
// The server is judged by its own work, measured in its thread (server-thread.ts): the longest turn of
// its event loop (CPU time, which a busy machine does not lengthen) and the p99 of its event loop's
// delay (perf_hooks.monitorEventLoopDelay; wall-clock, bounded generously), the fuzzer's own checks left
// out. Throughout, /healthz is asked every 50 ms (from an address of its own): its latency is printed
// (p99, slowest); only an answer slower than 3 s, or none, is a hang.
// After each burst: the server answers /healthz, every room's game passes checkInvariants() (and a
// finished game replays to the same state), honest tables keep moving, no honest client has ever
// decoded another seat's secret or received another pair's whisper, and the room limits held.
// The LAST line is JSON:
//   {messages, httpRequests, crashes, invariantViolations, leaks, honestGamesFinished, stalls, hangs,
//    limitBreaches, healthzMaxMs, healthzP99Ms, serverTurnMaxMs, serverLoopDelayP99Ms, serverLoopDelayMaxMs,
//    seedLookupsUnanswered, seconds}
// crashes: uncaught errors, error-level server logs (but the known refusal of a garbled frame:
// refusals.ts), 5xx answers, /healthz failures. hangs: a server turn over TURN_LIMIT_MS, a loop delay p99
// over DELAY_P99_LIMIT_MS, /healthz over 3 s or silent, or a server thread that stops answering. leaks: a
// secret, a whisper or a seed where it must not be, a replaced connection that lives on. limitBreaches:
// a limit that let more through than it should, or a bad variant, option or seed that was not refused.
// stalls: an honest table that stopped (still through two bursts and 10 s, reported with what the
// table waits for and what its honest client last sent and heard) or vanished, or a table that did not
// start. seedLookupsUnanswered: frames searched for seeds whose lookup never came back (unchecked).
// Exits 1 on any crash, violation, leak, stall, hang, limit breach or unanswered lookup, or when no
// honest game finished (past the window the honest tables play on, unattacked, for up to FINISH_WAIT_MS
// until one does). The line before it gives the load average.
// This file is the run (bursts, checks, the restart at the end); beside it: common.ts (options, figures,
// the seeded random stream), server.ts and server-thread.ts (the server and its thread), honest.ts (the
// honest tables and the checks after a burst), attackers.ts and random-input.ts (random and garbled
// messages), strangers.ts (bad joins, random HTTP), front-door.ts, room-limits.ts, variants.ts, seeds.ts,
// seat-links.ts (seat keys and links: random keys and secrets, a link spent twice at once, the limits),
// healthz.ts (the /healthz probe).
import "../lib/node-websocket.ts"; // before the SDK: its clients then use `ws` (see there): whose frames are searched for seeds
import os from "node:os";
import { sleep } from "../lib/clients.ts";
import { ATTACKS_PER_BURST, BURST_MS, HONEST_TABLES, finish, out, problem, random, seconds, startClock, started } from "./common.ts";
import { restart, serverCall, serverThread } from "./server.ts";
import { checkAfterBurst, honestRefusals, honestTables, leaveTable, openHonestTable } from "./honest.ts";
import { badJoins, httpBurst } from "./strangers.ts";
import { frontDoor } from "./front-door.ts";
import { botsOnlyFastTable, checkFastTables, checkTradeFloods, staleReconnections, tradeFlood } from "./room-limits.ts";
import { variantsByPost, variantsBySettings } from "./variants.ts";
import { settleSeedLookups } from "./seeds.ts"; // every frame and HTTP answer searched for the seed of a game not yet over
import { probeHealth } from "./healthz.ts";
import { checkStoredTalk, nameTricks, spectatorFlood, storageGrowth } from "./identity.ts";
import { linksTried, seatLinkAttacks } from "./seat-links.ts";
import type { LoopReport } from "./server-thread.ts";

/**
 * The server's own work, judged (see above). A turn is CPU time, not waiting for a core; but one turn
 * runs every socket event that is ready, so it is the sum of many handlers, and it grows when events pile
 * up. Its longest on a quiet machine is 206–219 ms (2026-12-03; 276 ms beside a client build): a
 * profile puts it at the spectator flood's chat, 50 spectators' lines arriving together, each sent to
 * the 50 (up to 200 lines × 50 socket writes in one turn). One handler that blocks for half a second
 * still shows. The delay p99 is wall-clock and grows with the machine's load, so its bound is wide
 * (179 ms at load 13 on 2 cores); a server that blocks its loop shows in both.
 */
const TURN_LIMIT_MS = 500;
const DELAY_P99_LIMIT_MS = 1000;
/** How long past its window the run waits for an honest game to finish, when none has (a busy machine). */
const FINISH_WAIT_MS = 180_000;
async function serverWork(): Promise<LoopReport> {
  const loop = await serverCall<LoopReport>("loop");
  out.serverTurnMaxMs = loop.turnMaxMs;
  out.serverLoopDelayP99Ms = loop.delayP99Ms;
  out.serverLoopDelayMaxMs = loop.delayMaxMs;
  return loop;
}

// ---- the run -------------------------------------------------------------------------------------

startClock();
const health = probeHealth();
// The clients here stand for people on other machines: once the server's and the probe's threads exist
// (a new thread takes its parent's priority), this thread, where all the clients run, steps back
// (Linux: the nice value is per thread), so that on a busy machine the clients' work waits, not the server's.
try {
  os.setPriority(10);
} catch { /* not allowed here: the clients keep their priority */ }
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
  const door = frontDoor(targets, bursts);
  const roomLimits = Promise.all([tradeFlood(targets), botsOnlyFastTable(bursts)]);
  const variants = bursts % 2 === 0 ? variantsByPost(bursts) : bursts % 4 === 1 ? variantsBySettings(bursts) : Promise.resolve();
  const identity = Promise.all([nameTricks(bursts), bursts % 3 === 1 ? spectatorFlood(bursts) : null, storageGrowth(bursts)]); // identity.ts
  const seatLinks = bursts % 2 === 1 ? seatLinkAttacks(targets, bursts) : Promise.resolve(); // seat-links.ts
  let sent = 0;
  while (Date.now() < burstEnd && sent < ATTACKS_PER_BURST) {
    for (const a of attackers) {
      if (a.room) a.attack();
      else if (random() < 0.3) await a.rejoin();
      sent++;
    }
    await sleep(5);
  }
  await Promise.all([http, joins, door, roomLimits, variants.catch((e) => problem("crashes", `a variant attack failed: ${String(e)}`)),
    identity.catch((e) => problem("crashes", `an identity attack failed: ${String(e)}`)),
    seatLinks.catch((e) => problem("crashes", `a seat-link attack failed: ${String(e)}`))]);
  await sleep(300); // let the last messages land
  await serverCall("clearWrongCodes"); // the throttle did its job; the random HTTP comes from a few addresses
  await staleReconnections(targets); // its seat-token join must not meet the wrong-code throttle
  health.judge(false);
  await checkAfterBurst();
  await checkTradeFloods(targets);
  await checkFastTables();
  await checkStoredTalk(bursts % 5 === 0);
  health.judge(true);
  await serverWork();
  if (bursts % 5 === 0) console.log(`... ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(out)}`);
}

// An honest game must finish. On a busy machine none may have within the window (the run then had a
// third of the messages): the honest tables play on, without attacks and without their attackers (bots
// take their seats), until one does (the stall check still runs), for at most FINISH_WAIT_MS.
const waitFrom = Date.now();
if (out.honestGamesFinished === 0) {
  // the attackers leave (a bot plays each seat), so that none holds a decision at a table without deadlines
  await Promise.all(honestTables.filter((t) => !t.done).flatMap((t) => t.attackers.map((a) => a.room && Promise.race([a.room.leave().catch(() => 0), sleep(2_000)]))));
}
while (out.honestGamesFinished === 0 && Date.now() - waitFrom < FINISH_WAIT_MS && honestTables.some((t) => !t.done)) {
  await sleep(2_000);
  await checkAfterBurst();
}
if (Date.now() - waitFrom > 1_000) console.log(`waited ${Math.round((Date.now() - waitFrom) / 1000)} s after the window for an honest game to finish (at most ${FINISH_WAIT_MS / 1000} s): ${out.honestGamesFinished} finished`);

await health.stop();
const loop = await serverWork();
console.log(`server's own work: longest event-loop turn ${loop.turnMaxMs} ms of CPU (limit ${TURN_LIMIT_MS}), `
  + `loop delay p99 ${loop.delayP99Ms} ms, max ${loop.delayMaxMs} ms (p99 limit ${DELAY_P99_LIMIT_MS}; ${loop.delaySamples} samples)`);
if (loop.turnMaxMs > TURN_LIMIT_MS) problem("hangs", `the server worked ${loop.turnMaxMs} ms in one turn of its event loop (limit ${TURN_LIMIT_MS} ms)`);
if (loop.delayP99Ms > DELAY_P99_LIMIT_MS) problem("hangs", `the server's event loop delay p99 was ${loop.delayP99Ms} ms (limit ${DELAY_P99_LIMIT_MS} ms)`);
console.log(`${bursts} bursts; undecodable frames logged by Colyseus: ${await serverCall<number>("refusalsLogged")}`);
console.log(`honest refusals (a move overtaken by a bot or a deadline): ${honestRefusals}`);
console.log(`seat links spent twice at once: ${linksTried} (each must give one key)`);
await checkStoredTalk(true);
await Promise.all(honestTables.filter((t) => !t.done).map(leaveTable));
await settleSeedLookups(30_000);
await restart();
await serverCall("shutdown");
await serverThread.terminate();
finish();

