// Turn-based deadlines (docs/turn-based.md): they are rows in the store (each seat's clock, written with
// the command that set it), never timers. Every few seconds each process asks the store for the ones
// that have come among the games it holds, and hands each to its room, which runs it once; a due
// deadline of a parked game wakes it (through restore.ts, as its link would), and the woken room runs
// it. A game held by another process is that process's: its own sweep runs it. A pause (by vote) whose
// resume time has come is found the same way among the games nobody holds (parked, or left by a process
// that stopped): the sweep wakes it, and the woken room resumes it (Table.openAdjourned); of two
// processes waking it, the one that takes the claim does. A paused room in memory resumes on its timer.
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { ROOM_NAME as ROOM } from "../../shared/room-protocol.ts";
import type { GameStore } from "../store/index.ts";
import { wakeGame } from "./restore.ts";

/** How often a process looks for deadlines that have come (TURN_SWEEP_SECONDS). */
export const SWEEP_MS = 10_000;
/** Deadlines looked at in one sweep (the rest in the next ones, earliest first). */
export const SWEEP_BATCH = 1000;
/** Parked games woken at once by one sweep. */
const WAKES_AT_ONCE = 4;

/** A room that runs its table's deadlines (NewAngelesRoom). */
interface DeadlineRoom { runDeadlines?(): void }

/** The game's room, on any process (with Redis, the listing is shared). */
async function listedRoom(code: string): Promise<{ roomId: string } | undefined> {
  return (await matchMaker.query({ name: ROOM, code } as never) as { roomId: string }[])[0];
}

/**
 * One look: each game with a deadline due is run by its room here, or woken here when parked; each
 * pause that is over in a game without a room is woken (and so resumed). Returns the codes seen.
 */
export async function sweepDeadlines(store: GameStore, logger: Logger, now: number): Promise<string[]> {
  const due = await store.dueDeadlines(now, SWEEP_BATCH);
  const codes = [...new Set(due.map((d) => d.code))];
  const parked: string[] = [];
  for (const code of codes) {
    const listed = await listedRoom(code);
    const room = listed ? matchMaker.getLocalRoomById(listed.roomId) as unknown as DeadlineRoom | undefined : undefined;
    if (room?.runDeadlines) room.runDeadlines();
    else if (!listed || due.some((d) => d.code === code && d.parked)) parked.push(code);
  }
  // A vacation that starts or ends in a game nobody holds wakes it too (its room applies it as it opens).
  for (const code of [...await store.duePauses(now, SWEEP_BATCH), ...await store.dueVacations(now, SWEEP_BATCH)]) {
    if (codes.includes(code)) continue;
    codes.push(code);
    if (!(await listedRoom(code))) parked.push(code);
  }
  // A woken game runs its deadlines as it opens (Table.open).
  const worker = async () => {
    for (let code = parked.shift(); code; code = parked.shift()) {
      await wakeGame(store, logger, code).catch((err) => logger.warn({ err, code }, "could not wake a game for its deadline"));
    }
  };
  await Promise.all(Array.from({ length: WAKES_AT_ONCE }, worker));
  return codes;
}

/** Sweeps every `everyMs` until stop() (one sweep at a time; a failed one is logged and the next tries again). */
export function keepSweeping(store: GameStore, logger: Logger, clock: () => number, everyMs = SWEEP_MS): { stop(): void } {
  let running = false;
  const timer = setInterval(() => {
    if (running || matchMaker.state !== matchMaker.MatchMakerState.READY) return;
    running = true;
    sweepDeadlines(store, logger, clock())
      .catch((err) => logger.warn({ err }, "deadline sweep failed"))
      .finally(() => { running = false; });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
