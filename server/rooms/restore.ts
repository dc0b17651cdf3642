// Bringing unfinished games back after a restart, and waking parked ones. At start, and then every
// LEASE_MS/4, a process renews its claim on the games it runs and claims the games no live process
// holds (its own after a restart, or those of a process that died), parked and adjourned ones aside;
// each claimed game without a live room gets a new room on this process, which replays its commands.
// A parked game is woken by its link (wakeGame), through the same path. Restoring belongs to the rooms: the store only
// says which games are this process's (claims and leases), the matchmaker makes their rooms.
//
// A process stopped with SIGTERM hands its games over at once: as each room is disposed (its writes
// flushed) its claim is released and the other processes are told (through the presence: Redis), so
// one of them claims and restores it within moments; a player's look-up of the code meanwhile wakes it
// (wakeGame), whichever comes first.
import { randomBytes } from "node:crypto";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { ROOM_NAME as ROOM } from "../../shared/room-protocol.ts";
import type { GameStore } from "../store/index.ts";
import { gamesClaimedBy, leaseRenewed } from "../metrics.ts";
import { TABLE_IDLE_MS } from "../table/limits.ts";

export { TABLE_IDLE_MS };

/** One-use tickets: only this module can ask a room to restore a game (clients cannot, by create options). */
const tickets = new Set<string>();

/**
 * When this process started (module load; by the store's clock once index.ts says so): a wake-up takes
 * back this instance's games of an earlier run.
 */
let processStartedAt = Date.now();
/** This run's start by the store's clock (CLOCK_OFFSET_MS ahead of Date.now), as the store compares it with its leases. */
export function runStartedAt(ms: number): void {
  processStartedAt = ms;
}

/** Games one process restores at once (after a start, or a takeover). */
const RESTORES_AT_ONCE = 4;

/** A parked game untouched this long is closed for good (PARKED_GAME_DAYS, default 30). */
export const PARKED_GAME_MS = 30 * 24 * 3600_000;

export function redeemRestoreTicket(ticket: unknown): boolean {
  return typeof ticket === "string" && tickets.delete(ticket);
}

/**
 * Claims the games this process should run (`since`: when this run started) and restores each one
 * that has no live room.
 */
export async function restoreGames(store: GameStore, logger: Logger, since: number, how: "start" | "takeover" | "handover" = "start"): Promise<string[]> {
  // Tables nobody ever joined, older than the idle limit, would have closed by now: they are not restored.
  const expired = await store.expireLobbies(TABLE_IDLE_MS, since);
  if (expired.length > 0) logger.info({ count: expired.length, codes: expired.slice(0, 20) }, "tables nobody joined expired: not restored");
  // A game whose room is still here (this process stalled past its lease) needs nothing more.
  const claimed = (await store.claimGames(since)).filter((g) => !matchMaker.getLocalRoomById(g.roomId));
  if (claimed.length === 0) return [];
  gamesClaimedBy(how === "handover" ? "takeover" : how, claimed.length);
  // Rooms of a dead process stay listed until a health check removes them: run one first. (A process
  // that hands its games over has removed their rooms itself, and answers no ping any more: a check
  // would only wait for it to time out.)
  if (how !== "handover") await matchMaker.healthCheckAllProcesses();
  const live = new Set((await matchMaker.query({ name: ROOM })).map((r) => (r.metadata as { code?: string } | undefined)?.code));
  const queue = claimed.filter(({ code }) => !live.has(code));
  const restored: string[] = [];
  // A few at a time: one game's store reads overlap another's replay, and players waiting for a game
  // handed over wait for a few rooms, not for all of them in turn.
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (await restoreOne(store, logger, next.code)) restored.push(next.code);
    }
  };
  await Promise.all(Array.from({ length: RESTORES_AT_ONCE }, worker));
  return restored.sort();
}

/** Makes the room of a game this process has just claimed; false (and the game marked broken) if it cannot be rebuilt. */
async function restoreOne(store: GameStore, logger: Logger, code: string, how = "game restored"): Promise<boolean> {
  const ticket = randomBytes(16).toString("hex");
  tickets.add(ticket);
  try {
    // Created here, not through the load balancer: this process holds the claim. A woken game waits
    // for the join its link is about to make.
    const room = await matchMaker.handleCreateRoom(ROOM, { code, restoreTicket: ticket, woken: how === "game woken" });
    logger.info({ code, roomId: room.roomId }, how);
    return true;
  } catch (err) {
    // A game that cannot be rebuilt stays in the store (for inspection), marked broken: never retried.
    logger.error({ err, code }, "game could not be restored: marked broken, it will not be tried again");
    try {
      await store.markBroken(code, (err as Error)?.message ?? String(err));
    } catch (markErr) {
      logger.error({ err: markErr, code }, "could not mark the game broken");
    }
    return false;
  } finally {
    tickets.delete(ticket);
  }
}

/** Wake-ups under way in this process, by code: a second request for the same game waits for the first. */
const waking = new Map<string, Promise<void>>();

/** How long a process that lost the race to wake a game waits for the winner's room to be listed. */
const WAKE_WAIT_MS = 10_000;

/** The live room of a game, on any process (with Redis, the listing is shared). */
async function liveRoom(code: string): Promise<{ roomId: string } | undefined> {
  return (await matchMaker.query({ name: ROOM, code } as never))[0] as { roomId: string } | undefined;
}

/**
 * Wakes a parked (or adjourned, or abandoned) game: claims it in the store and restores its room here,
 * through the same path as a restart. Whoever takes the claim makes the room, so two wake-ups at once
 * (on one process or several) give one room: the other waits until that room is listed. Resolves
 * once the room is live (or the game could not be woken: the caller looks again and finds none).
 */
export function wakeGame(store: GameStore, logger: Logger, code: string): Promise<void> {
  let wake = waking.get(code);
  if (!wake) {
    wake = (async () => {
      // Another process (or an earlier run's lease) may hold it: its room shows up in the listing, or
      // its claim is released (a process stopping hands its games over) and this one takes it.
      // A process that is stopping itself claims nothing: it only waits for another's room.
      const started = Date.now();
      for (let n = 0; Date.now() - started < WAKE_WAIT_MS; n++) {
        if (n > 0) await new Promise((r) => setTimeout(r, 50));
        if (await liveRoom(code)) return;
        if (matchMaker.state !== matchMaker.MatchMakerState.READY || n % 4 !== 0) continue;
        if (await store.wakeGame(code, processStartedAt)) {
          gamesClaimedBy("wake");
          await restoreOne(store, logger, code, "game woken");
          return;
        }
      }
    })().finally(() => waking.delete(code));
    waking.set(code, wake);
  }
  return wake;
}

/** Closes for good the parked games untouched for `maxAgeMs` (by the store's clock). */
export async function closeStaleGames(store: GameStore, logger: Logger, maxAgeMs: number): Promise<string[]> {
  const closed = await store.closeParkedOlderThan(maxAgeMs);
  if (closed.length > 0) logger.info({ count: closed.length, codes: closed.slice(0, 20) }, "parked games untouched too long: closed for good");
  return closed;
}

/** How often the parked games are looked over for ones untouched too long. */
const STALE_SWEEP_MS = 3600_000;

/** The presence channel on which a stopping process says it released a game's claim. */
export const HANDOVER_CHANNEL = "newangeles:handover";

/**
 * After a room's disposal on shutdown (its writes flushed): releases the game's claim and tells the other
 * processes, so that one of them restores it at once. The release of every claim when the store closes
 * (index.ts) is the backstop.
 */
export async function handOver(store: GameStore, code: string, logger?: { info(fields: object, message: string): void }): Promise<void> {
  if (matchMaker.state !== matchMaker.MatchMakerState.SHUTTING_DOWN) return;
  try {
    if (await store.releaseGame(code)) {
      await matchMaker.presence.publish(HANDOVER_CHANNEL, code);
      logger?.info({ code }, "game handed over");
    }
  } catch {
    // the release of all claims at the store's close follows
  }
}

/**
 * Renews this process's claims, picks up games of processes that died or stopped (at once when a
 * stopping process says so), and (hourly, and at once) closes for good the parked games untouched for
 * `parkedGameMs`; stop() on shutdown.
 */
export function keepClaims(store: GameStore, logger: Logger, since: number, parkedGameMs = PARKED_GAME_MS): { stop(): void } {
  let running: Promise<void> | null = null;
  let again = false;
  let swept = 0;
  const round = async (renew: boolean) => {
    const how = renew ? "takeover" : "handover";
    if (renew) {
      try {
        leaseRenewed(await store.renewLeases(since));
      } catch (err) {
        leaseRenewed(null);
        throw err;
      }
      if (Date.now() - swept >= STALE_SWEEP_MS) {
        swept = Date.now();
        await closeStaleGames(store, logger, parkedGameMs);
      }
    }
    const taken = await restoreGames(store, logger, since, how);
    // The games held, counted again once some were taken over (the renewal counts them otherwise).
    if (taken.length > 0 || !renew) leaseRenewed(await store.renewLeases(since));
  };
  const run = (renew: boolean) => {
    if (matchMaker.state !== matchMaker.MatchMakerState.READY) return;
    if (running) {
      again ||= !renew;
      return;
    }
    running = round(renew)
      .catch((err) => logger.warn({ err }, "renewing game claims failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run(false);
        }
      });
  };
  const timer = setInterval(() => run(true), Math.max(1_000, store.leaseMs / 4));
  timer.unref();
  // A handed-over game: claimed at once (several released together are taken in one round).
  const heard = () => run(false);
  void Promise.resolve(matchMaker.presence.subscribe(HANDOVER_CHANNEL, heard)).catch(() => {});
  run(true);
  return {
    stop: () => {
      clearInterval(timer);
      void Promise.resolve(matchMaker.presence.unsubscribe(HANDOVER_CHANNEL, heard)).catch(() => {});
    },
  };
}
