// The room's limits: trade floods, stale reconnection tokens, bots-only fast tables.
import { Client } from "@colyseus/sdk";
import { createTable, mySecret, sleep } from "../lib/clients.ts";
import { breach, BURST_MS, out, pick, problem, random } from "./common.ts";
import { from, httpUrl, ROOM_LIMITS, serverCall, wsUrl } from "./server.ts";
import type { PaceReport, TradeReport } from "./server-thread.ts";
import { attackerAddress } from "./attackers.ts";
import { decodedSeat, type HonestTable } from "./honest.ts";
import { doorAddress } from "./front-door.ts";


// During each burst seated attackers flood trade proposals and withdrawals, and now and then a table of
// bots only asks for no bot delay; after it an attacker's seat is taken back with its seat token, and
// the replaced connection tries to come back. The server thread says what was stored (calls `trades`,
// `pace`). A limit let through is a limit breach; a replaced connection that comes back is a leak.

/** When the first trade flood met each table. */
const firstFlood = new Map<string, number>();

/**
 * Through the burst, each seated attacker proposes a trade and withdraws its open ones every 50 ms (under
 * the room's message rate, so it is not dropped for that). Checked after the burst (checkTradeFloods): no
 * seat got more proposals stored than its limit per minute allows, nor more open at once.
 */
export async function tradeFlood(tables: HonestTable[]): Promise<void> {
  for (const t of tables) if (!firstFlood.has(t.roomId)) firstFlood.set(t.roomId, Date.now());
  const end = Date.now() + BURST_MS;
  while (Date.now() < end) {
    for (const a of tables.flatMap((t) => t.attackers)) {
      const room = a.room;
      const seat = room ? decodedSeat(room) : null;
      if (!room || seat === null) continue;
      room.send("command", { type: "trade-propose", to: seat === 0 ? 1 : 0, give: { capital: 1, assets: [] }, get: { capital: 0, assets: [] } });
      out.messages++;
      for (const trade of JSON.parse(mySecret(room)?.trades || "[]") as { id: string; from: number }[]) {
        if (trade.from !== seat) continue;
        room.send("command", { type: "trade-cancel", id: trade.id });
        out.messages++;
      }
    }
    await sleep(50);
  }
}

export async function checkTradeFloods(tables: HonestTable[]): Promise<void> {
  const reports = await serverCall<Record<string, TradeReport>>("trades", tables.map((t) => t.roomId));
  for (const t of tables) {
    const since = firstFlood.get(t.roomId);
    const report = reports[t.roomId];
    if (!report || since === undefined) continue;
    // In any minute at most the limit: at most the limit times the minutes begun since the first flood.
    const most = ROOM_LIMITS.tradeProposalsPerMinute * (Math.floor((Date.now() - since) / 60_000) + 1);
    for (const s of report) {
      if (s.proposals > most) breach(`seat ${s.seat} at table ${t.code} had ${s.proposals} trade proposals stored (at most ${most} allowed)`);
      if (s.open > ROOM_LIMITS.openTradesPerSeat) breach(`seat ${s.seat} at table ${t.code} has ${s.open} open trades (at most ${ROOM_LIMITS.openTradesPerSeat})`);
    }
  }
}

/**
 * An attacker's seat is taken back with its seat token, from a new connection, while the old one has
 * dropped (closed without a word) or is still open. The old connection is closed by the server, and
 * its reconnection token is refused: it would receive the seat's secrets.
 */
export async function staleReconnections(tables: HonestTable[]): Promise<void> {
  const attackers = tables.flatMap((t) => t.attackers).filter((a) => a.room);
  // The `seat` message comes before Attacker.join returns: the token is read from the decoded secret.
  for (const a of attackers) a.token ??= mySecret(a.room!)?.seatToken || null;
  const candidates = attackers.filter((a) => a.token);
  if (candidates.length === 0) return;
  const a = pick(candidates);
  const old = a.room!;
  const staleToken = old.reconnectionToken;
  const dropFirst = random() < 0.5;
  old.reconnection.enabled = false; // the SDK would otherwise come back on its own
  if (dropFirst) {
    old.connection.close(); // no leave message: a dropped connection the server waits for
    await sleep(100);
  }
  let oldClosed = !old.connection.isOpen;
  old.onLeave(() => { oldClosed = true; });
  await a.rejoin();
  out.messages += 2;
  if (!a.room || a.room === old) return; // the seat-token join was refused (the table is over, say)
  const deadline = Date.now() + 2000;
  while (!oldClosed && Date.now() < deadline) await sleep(20);
  if (!oldClosed) problem("leaks", `a connection replaced by a seat-token join at table ${a.table.code} is still open 2 s later`);
  try {
    const back = await new Client(wsUrl, { headers: from(attackerAddress(a.table)) }).reconnect(staleToken);
    problem("leaks", `a connection replaced by a seat-token join at table ${a.table.code} came back with its reconnection token`);
    await back.leave().catch(() => 0);
  } catch { /* refused, as it must be */ }
}

export interface FastTable { roomId: string; code: string; checked: number }
export const fastTables: FastTable[] = [];

/** Now and then a table of bots only that asks for no delay at all: the server's floor must pace it. */
export async function botsOnlyFastTable(burst: number): Promise<void> {
  if (burst % 3 !== 0) return;
  const seats = pick([4, 5, 6] as const);
  try {
    const t = await createTable(httpUrl, { seats, bots: seats, botDelayMs: 0, stepSeconds: 0 }, from(doorAddress(burst, 7)));
    out.httpRequests++;
    fastTables.push({ ...t, checked: 0 });
  } catch (e) {
    problem("crashes", `a bots-only table could not be created: ${String(e)}`);
  }
}

/**
 * Every seat may wait out the floor at once (the investments), so a table of n bots makes at most n
 * moves per floor: over the span from its first stored command to its last, no more than that.
 */
export async function checkFastTables(): Promise<void> {
  const live = fastTables.filter((t) => t.checked < 3);
  if (live.length === 0) return;
  const reports = await serverCall<Record<string, PaceReport>>("pace", live.map((t) => t.roomId));
  for (const t of live) {
    t.checked++;
    const r = reports[t.roomId];
    if (!r) continue;
    const span = r.last - r.first;
    const most = (Math.floor(span / ROOM_LIMITS.botDelayMinMs) + 1) * 6;
    if (r.commands > most) breach(`bots-only table ${t.code} stored ${r.commands} commands in ${span} ms (a ${ROOM_LIMITS.botDelayMinMs} ms floor allows ${most})`);
  }
}
