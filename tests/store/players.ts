// Scripted people at a real server process (tests/store): a table made over HTTP, a person joining
// it over a real socket (with their seat and the log they were shown), and what a person sees.
import { expect } from "vitest";
import { Client, type Room as SDKRoom } from "@colyseus/sdk";
import { stateOf, until } from "../room/helpers.ts";
import type { ServerProcess } from "./services.ts";
import type { ServerMessages } from "../../shared/room-protocol.ts";
import { decodeLogMessage } from "../../shared/wire/log-codec.ts";

export async function createTable(server: ServerProcess, options: Record<string, unknown>): Promise<{ code: string; roomId: string }> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(options),
  });
  expect(res.status).toBe(201);
  return res.json();
}

export async function lookUp(server: ServerProcess, code: string): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/games/${code}`);
  return res.status === 200 ? res.json() : null;
}

export interface Joined {
  room: SDKRoom;
  seat: { seat: number; seatToken: string };
  /** The public game log as this player was shown it (from "log" messages, or the state's log). */
  log: () => string[];
}

export async function join(server: ServerProcess, roomId: string, options: Record<string, unknown>): Promise<Joined> {
  const client = new Client(`http://127.0.0.1:${server.port}`);
  const room = await client.joinById(roomId, options);
  let seat: { seat: number; seatToken: string } | null = null;
  let lines: string[] = [];
  room.onMessage("seat", (m) => { seat = m; });
  room.onMessage("log", (wire: ServerMessages["log"]) => { const m = decodeLogMessage(wire); lines = m.history ? [...m.lines] : [...lines, ...m.lines]; });
  room.onMessage("*", () => {});
  await until(() => seat !== null && room.state !== undefined && (room.state as any).status !== undefined, 10_000, "the seat message");
  const log = () => (lines.length > 0 ? lines : [...(stateOf(room).log ?? [])]);
  return { room, seat: seat!, log };
}

/** What a player sees of the game: the public game and their own secrets (not logs or connection flags). */
export function seen(room: SDKRoom): unknown {
  const s = stateOf(room);
  const mine = Object.values<any>(s.seats).find((seat) => seat.secret);
  const seats = Object.values<any>(s.seats).map(({ connected, botControlled, secret, ...rest }) => rest);
  return { status: s.status, game: s.game, seats, hand: mine.secret.hand, rival: mine.secret.rival, investment: mine.secret.investment, legal: mine.secret.legal };
}

