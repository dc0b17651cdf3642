// Honest players and spectators: a few tables where they play random legal moves beside the attackers,
// watching that they never decode another seat's secret nor hear another pair's whispers; after each
// burst, checkAfterBurst asks the server thread how far each table has come (and about every game).
import { joinRoom, myLegal, createTable, sleep, type SdkRoom } from "../lib/clients.ts";
import { answerTrade, makeRandom, randomCommand } from "../../bots/random.ts";
import { int, out, pick, problem, random, seed } from "./common.ts";
import { from, httpUrl, serverCall, wsUrl } from "./server.ts";
import type { TableReport } from "./server-thread.ts";
import { Attacker } from "./attackers.ts";


let tablesOpened = 0;

/** Leaves every room of a table; a connection the server already closed may never answer, so wait 2 s at most. */
export async function leaveTable(t: HonestTable): Promise<void> {
  const rooms = [...t.honest.map((h) => h.room), ...t.attackers.map((a) => a.room)].filter((r): r is SdkRoom => r !== null);
  await Promise.race([Promise.all(rooms.map((r) => r.leave().catch(() => 0))), sleep(2000)]);
}

/** The seat whose secret this client decoded (a player decodes its own only). */
export function decodedSeat(room: SdkRoom): number | null {
  for (const s of ((room.state as any)?.seats?.values() ?? [])) if (s.secret) return s.seat;
  return null;
}

// ---- honest players ------------------------------------------------------------------------------

export interface Honest { room: SdkRoom; spectator: boolean; seat: number | null; refusals: number; inFlight?: boolean; last?: { command: unknown; at: number; answer?: string } }
export interface HonestTable { code: string; roomId: string; stepSeconds: number; honest: Honest[]; attackers: Attacker[]; lastCommands: number; idleBursts: number; movedAt: number; stalled?: boolean; done: boolean; n: number }
/**
 * An honest table that has not moved through two bursts and this long is stalled: with one-second
 * deadlines and a one-second grace every decision is made within seconds, however busy the machine.
 * At a table without deadlines a connected person holds the decision they owe for as long as they like,
 * as at any such table: an attacker's seat holding it there is waiting, not a stall.
 */
export const STALL_MS = 10_000;
/** Each honest table's people share an address (a home), and its attackers another (attackers.ts). */
export const honestAddress = (t: { n: number }) => `10.1.${t.n >> 8 & 255}.${t.n & 255}`;
export const honestTables: HonestTable[] = [];
export let honestRefusals = 0;

export function watchHonest(h: Honest, table: HonestTable): void {
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
    // An honest player answers a trade offered to it, as people do (a bot that proposed one waits on it).
    const legal = myLegal(h.room);
    const command = answerTrade(legal, r) ?? randomCommand(legal, r);
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
export async function joinHonest(table: HonestTable, options: Record<string, unknown>, spectator: boolean): Promise<Honest> {
  let h: Honest | undefined;
  await joinRoom(wsUrl, table.roomId, options, { headers: from(honestAddress(table)), listen: (room) => { h = { room, spectator, seat: null, refusals: 0 }; watchHonest(h, table); } });
  return h!;
}

export async function openHonestTable(): Promise<HonestTable | null> {
  const seats = pick([5, 6] as const);
  const stepSeconds = random() < 0.3 ? 1 : 0;
  let created: { code: string; roomId: string };
  const n = ++tablesOpened;
  try {
    created = await createTable(httpUrl, { seats, bots: seats - 4, botDelayMs: int(20), stepSeconds, graceSeconds: 1, private: random() < 0.5 }, from(honestAddress({ n })));
  } catch (e) {
    problem("crashes", `an honest table could not be created: ${String(e)}`);
    return null;
  }
  const table: HonestTable = { ...created, stepSeconds, honest: [], attackers: [], lastCommands: 0, idleBursts: 0, movedAt: Date.now(), done: false, n };
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

// ---- checks after a burst ------------------------------------------------------------------------

export async function checkAfterBurst(): Promise<void> {
  const health = await fetch(`${httpUrl}/healthz`).then((r) => r.status, () => 0);
  if (health !== 200) problem("crashes", `/healthz answered ${health}`);
  // The server thread checks every game's invariants and replays, and says how far the honest tables are.
  const reports = await serverCall<Record<string, TableReport>>("inspect", honestTables.filter((t) => !t.done).map((t) => t.roomId));
  for (const t of honestTables) {
    if (t.done) continue;
    const report = reports[t.roomId];
    if (!report || report.gone) { problem("stalls", `honest table ${t.code} is gone`); t.done = true; continue; }
    if (report.status === "finished") {
      t.done = true;
      out.honestGamesFinished++;
      await leaveTable(t);
      continue;
    }
    const commands = report.commands;
    const heldByAttacker = t.stepSeconds === 0 && report.pendingAttacker;
    if (report.status === "playing" && commands === t.lastCommands && !heldByAttacker) {
      // Deadlines of one second and a one-second grace keep every table moving: still through two bursts
      // and STALL_MS is a stall (a failure of the run, reported once per table and stall).
      if (++t.idleBursts >= 2 && Date.now() - t.movedAt >= STALL_MS && !t.stalled) {
        t.stalled = true;
        problem("stalls", `honest table ${t.code} has not moved for ${t.idleBursts} bursts, ${Math.round((Date.now() - t.movedAt) / 1000)} s (${report.pending}; `
          + `the honest players: ${JSON.stringify(t.honest.filter((h) => !h.spectator).map((h) => ({ seat: h.seat, decodedSeat: decodedSeat(h.room), open: h.room.connection.isOpen, inFlight: h.inFlight, status: (h.room.state as any)?.status, pendingSeat: (h.room.state as any)?.game?.pendingSeat, decodedLegal: myLegal(h.room).filter((l) => !l.type.startsWith("trade-")), last: h.last, ago: h.last ? Date.now() - h.last.at : null })))})`);
      }
    } else {
      t.idleBursts = 0;
      t.movedAt = Date.now();
      t.stalled = false;
    }
    t.lastCommands = commands;
  }
}
