// Bringing unfinished games back after a restart. At start, and then every LEASE_MS/4, a process
// renews its claim on the games it runs and claims the games no live process holds (its own after
// a restart, or those of a process that died); each claimed game without a live room gets a new
// room on this process, which replays its commands. Restoring belongs to the rooms: the store only
// says which games are this process's (claims and leases), the matchmaker makes their rooms.
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { ROOM_NAME as ROOM } from "../../shared/room-protocol.ts";
import type { GameStore } from "../store/index.ts";
import { TABLE_IDLE_MS } from "../table/limits.ts";

export { TABLE_IDLE_MS };

/** One-use tickets: only this module can ask a room to restore a game (clients cannot, by create options). */
const tickets = new Set<string>();

export function redeemRestoreTicket(ticket: unknown): boolean {
  return typeof ticket === "string" && tickets.delete(ticket);
}

/**
 * Claims the games this process should run (`since`: when this run started) and restores each one
 * that has no live room.
 */
export async function restoreGames(store: GameStore, logger: Logger, since: number): Promise<string[]> {
  // Tables nobody ever joined, older than the idle limit, would have closed by now: they are not restored.
  const expired = await store.expireLobbies(TABLE_IDLE_MS, since);
  if (expired.length > 0) logger.info({ count: expired.length, codes: expired.slice(0, 20) }, "tables nobody joined expired: not restored");
  // A game whose room is still here (this process stalled past its lease) needs nothing more.
  const claimed = (await store.claimGames(since)).filter((g) => !matchMaker.getLocalRoomById(g.roomId));
  if (claimed.length === 0) return [];
  // Rooms of a dead process stay listed until a health check removes them: run one first.
  await matchMaker.healthCheckAllProcesses();
  const live = new Set((await matchMaker.query({ name: ROOM })).map((r) => (r.metadata as { code?: string } | undefined)?.code));
  const restored: string[] = [];
  for (const { code } of claimed) {
    if (live.has(code)) continue;
    const ticket = randomBytes(16).toString("hex");
    tickets.add(ticket);
    try {
      // Created here, not through the load balancer: this process holds the claim.
      const room = await matchMaker.handleCreateRoom(ROOM, { code, restoreTicket: ticket });
      restored.push(code);
      logger.info({ code, roomId: room.roomId }, "game restored");
    } catch (err) {
      // A game that cannot be rebuilt stays in the store (for inspection), marked broken: never retried.
      logger.error({ err, code }, "game could not be restored: marked broken, it will not be tried again");
      try {
        await store.markBroken(code, (err as Error)?.message ?? String(err));
      } catch (markErr) {
        logger.error({ err: markErr, code }, "could not mark the game broken");
      }
    } finally {
      tickets.delete(ticket);
    }
  }
  return restored;
}

/** Renews this process's claims and picks up games of processes that died; stop() on shutdown. */
export function keepClaims(store: GameStore, logger: Logger, since: number): { stop(): void } {
  let running = false;
  const timer = setInterval(async () => {
    if (running || matchMaker.state !== matchMaker.MatchMakerState.READY) return;
    running = true;
    try {
      await store.renewLeases();
      await restoreGames(store, logger, since);
    } catch (err) {
      logger.warn({ err }, "renewing game claims failed");
    } finally {
      running = false;
    }
  }, Math.max(1_000, store.leaseMs / 4));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
