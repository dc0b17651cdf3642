// What bench, loadtest and fuzz share: making tables over HTTP, SDK clients that join them, reading a
// seat's own legal commands and trades from the decoded state (through shared/wire, the one table reader),
// percentiles, and small command-line helpers.
import "./node-websocket.ts"; // before the SDK: see there
import { Client, type Room } from "@colyseus/sdk";
import type { LegalCommand } from "../../../shared/protocol.ts";
import type { TradeView } from "../../../shared/view.ts";
import { decodeLegal, decodeTrades, readTable, type TableSnapshot, type TableTalk, type WireTable } from "../../../shared/wire/index.ts";
export { freePort } from "./free-port.ts";

export type SdkRoom = Room<any, any>;

/** Options of POST /api/games (see contract.md). */
export interface TableRequest {
  seats?: 4 | 5 | 6;
  private?: boolean;
  bots?: number;
  botDelayMs?: number;
  stepSeconds?: number;
  graceSeconds?: number;
}

export async function createTable(httpUrl: string, options: TableRequest, headers: Record<string, string> = {}): Promise<{ code: string; roomId: string }> {
  const res = await fetch(`${httpUrl}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(options),
  });
  if (res.status !== 201) throw new Error(`POST /api/games answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { code: string; roomId: string };
}

/**
 * Joins a room and waits for its first full state; messages nobody listens to are accepted silently.
 * `rootSchema`: the state's schema class, to decode into it rather than into classes rebuilt from the
 * server's reflection for each connection (thousands of clients in one thread then share one set of
 * classes: a third of the heap, and decoding code that stays fast).
 * `listen`: registers the caller's handlers as soon as the room exists, since `seat` and the other
 * join messages come before the first state.
 */
export async function joinRoom(
  wsUrl: string, roomId: string, options: Record<string, unknown>,
  how: { rootSchema?: new () => any; listen?: (room: SdkRoom) => void; headers?: Record<string, string> } = {},
): Promise<SdkRoom> {
  const room = await new Client(wsUrl, how.headers ? { headers: how.headers } : undefined).joinById(roomId, options, how.rootSchema);
  how.listen?.(room);
  room.onMessage("*", () => { /* messages this client does not read */ });
  // The full state follows the join handshake in a later frame.
  await new Promise<void>((resolve, reject) => {
    room.onStateChange.once(() => resolve());
    room.onLeave.once((code) => reject(new Error(`left before the first state (code ${code})`)));
  });
  return room;
}

/** Tries to come back at most this far apart, as the browser does (client/src/net/reconnect.ts). */
const REJOIN_MAX_DELAY_MS = 2000;

/** Wait before the n-th try (n ≥ 1) to come back: 250 ms doubling up to 2 s, with a little jitter. */
export function rejoinDelay(n: number, random: () => number = Math.random): number {
  return Math.round(Math.min(REJOIN_MAX_DELAY_MS, 250 * 2 ** Math.min(n - 1, 8)) * (0.8 + random() * 0.4));
}

/**
 * Back into a seat after its room went away (a server restart), as the browser's session does: look the
 * invite code up again (GET /api/games/:code, which also wakes a game whose room is gone), then join the
 * room it names with the seat token; tried again with backoff until `giveUpMs`. Null when the game is
 * over or the time ran out.
 */
export async function rejoinBySeat(
  httpUrl: string, wsUrl: string, code: string, seatToken: string,
  how: { rootSchema?: new () => any; listen?: (room: SdkRoom) => void; giveUpMs?: number; stopped?: () => boolean; trail?: string[] } = {},
): Promise<SdkRoom | null> {
  const started = Date.now();
  const note = (what: string) => how.trail?.push(`${Date.now() - started} ms: ${what}`);
  for (let n = 0; Date.now() - started < (how.giveUpMs ?? 60_000); n++) {
    if (n > 0) await sleep(rejoinDelay(n));
    if (how.stopped?.()) return null;
    let table: { roomId: string; status: string };
    try {
      const res = await fetch(`${httpUrl}/api/games/${encodeURIComponent(code)}`);
      note(`look-up ${res.status}`);
      if (res.status !== 200) continue; // not restored yet, or the server is on its way back
      table = (await res.json()) as { roomId: string; status: string };
    } catch (e) {
      note(`look-up failed: ${(e as Error).message}`);
      continue;
    }
    if (table.status === "finished") return null;
    try {
      return await joinRoom(wsUrl, table.roomId, { code, seatToken }, how);
    } catch (e) {
      // the room went away again, or is not ready: look again
      note(`join failed: ${(e as Error).message}`);
    }
  }
  return null;
}

/** The decoded secret of the seat this client holds, or undefined for a spectator. */
export function mySecret(room: SdkRoom): any {
  const seats = (room.state as any)?.seats;
  if (!seats) return undefined;
  for (const s of seats.values()) if (s.secret) return s.secret;
  return undefined;
}

/**
 * What this client's seat may send now; `json`: its secret's `legal` field when the caller already holds
 * it. Read from the decoded state directly (not through readTable()): bench and loadtest call this often.
 */
export function myLegal(room: SdkRoom, json: string | undefined = mySecret(room)?.legal): LegalCommand[] {
  const seats = [...((room.state as any)?.seats?.values() ?? [])] as { seat: number; capital: number; assets?: string; secret?: unknown }[];
  return decodeLegal(json, seats, seats.find((s) => s.secret) ?? null);
}

/** The trades this client's seat is part of. */
export function myTrades(room: SdkRoom): TradeView[] {
  return decodeTrades(mySecret(room)?.trades);
}

/** The whole table as this client holds it (for checks, not for hot loops: it copies the state). */
export function tableOf(room: SdkRoom, talk: TableTalk = {}): TableSnapshot {
  return readTable((room.state as { toJSON(): WireTable }).toJSON(), talk);
}

/** The p-th percentile (0–100) of samples, nearest rank; 0 when there are none. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Loopback hosts only: these tools must never be pointed at someone else's server. */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || h === "::ffff:127.0.0.1";
}

/** Exits with a message and status 2 (a usage error, not a failed check). */
export function usage(message: string): never {
  console.error(message);
  process.exit(2);
}
