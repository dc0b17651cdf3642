// The HTTP lobby: create a table, look one up by invite code, list public tables, fetch a replay.
// Every refusal is a 4xx with { error: { code, message } }; nothing a client sends becomes a 5xx.
import { HttpError, answerErrors } from "./errors.ts";
import express, { type Request, type Router } from "express";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { ROOM_NAME as ROOM, TableOptions } from "../../shared/room-protocol.ts";
import { variantProblem } from "../engine/variant-schema.ts";
import { normalizeCode } from "../access/codes.ts";
import { LimitRefusal, addressKey, type Access } from "../access/throttle.ts";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { calendarFile } from "./calendar.ts";
import { requestAddress } from "../http-guard.ts";
import type { TableMetadata } from "../access/metadata.ts";
import { gameCommands, type GameStore, type StoredGame } from "../store/index.ts";
import { endsRoutes, type PublicTableOf } from "./ends.ts";
import { newTable } from "./new-table.ts";
import { seatLinkRoutes } from "./seat-links.ts";
import { secondsLeft, turnSettings, type BankShown } from "../table/time-bank.ts";


/** While a turn-based seat owes its decision: how long it has waited (seconds, by the clock, hours off included). */
function waited(bank: BankShown, now: number): { waited?: number } {
  return bank.owedSince === undefined ? {} : { waited: Math.max(0, Math.floor((now - bank.owedSince) / 1000)) };
}

/**
 * A table as the lobby shows it; at a turn-based table each person's `bank` is the seconds left of
 * their time bank at `now` (it runs only while they owe a decision, within the table's playing hours),
 * and while they owe one, `waited`: the seconds since it was owed.
 */
function publicTable(room: { roomId: string; metadata?: TableMetadata }, now = Date.now()) {
  const m = room.metadata!;
  const settings = m.turn ? turnSettings(m.turn) : null;
  const players = m.players.map(({ bank, ...p }) => (settings && bank ? { ...p, bank: secondsLeft(settings, bank, now), ...waited(bank, now) } : p));
  return {
    code: m.code, roomId: room.roomId, status: m.status, pace: m.pace ?? "live", seats: m.seats, players, spectators: m.spectators,
    ...(m.status === "adjourned" && m.meetAt ? { meetAt: m.meetAt } : {}),
  };
}

/** Wake-ups one address may ask for in a minute (each replays a game from the store). */
export const WAKES_PER_ADDRESS_PER_MINUTE = 20;
/** Wake-ups under way at once on this process; more wait for a moment (429, Retry-After 1). */
export const WAKES_AT_ONCE = 8;

/** The limits on waking parked games: per address, at once, and the process's live tables (MAX_TABLES). */
export class WakeLimits {
  private perAddress: RateLimiterMemory;
  private running = 0;
  private readonly maxTables: number;
  private readonly atOnce: number;
  private readonly perMinute: number;
  constructor(maxTables: number, perMinute = WAKES_PER_ADDRESS_PER_MINUTE, atOnce = WAKES_AT_ONCE) {
    this.maxTables = maxTables;
    this.perMinute = perMinute;
    this.atOnce = atOnce;
    this.perAddress = new RateLimiterMemory({ points: perMinute, duration: 60 });
  }

  async run<T>(ip: string | undefined, wake: () => Promise<T>): Promise<T> {
    try {
      await this.perAddress.consume(addressKey(ip));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new LimitRefusal("too-many-wakes", `Your address has woken ${this.perMinute} games this minute: try again in a minute.`, Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
    }
    if (this.running >= this.atOnce) throw new LimitRefusal("busy", "The server is waking other games: try again in a moment.", 1);
    this.running++;
    try {
      if ((await matchMaker.query({ name: ROOM } as never)).length >= this.maxTables) {
        throw new LimitRefusal("server-full", `The server is full (${this.maxTables} tables): try again later.`, 60);
      }
      return await wake();
    } finally {
      this.running--;
    }
  }
}

/** A live room, or a finished game whose room is gone (then `stored` is set). */
type Found = { roomId: string; metadata?: TableMetadata; stored?: StoredGame };

function storedMetadata(g: StoredGame): TableMetadata {
  return {
    code: g.code,
    status: g.status,
    pace: g.options.pace ?? "live",
    private: g.options.private,
    seats: g.options.seats,
    players: g.players.map((p) => ({ ...p, connected: p.bot })),
    spectators: 0,
    createdAt: g.createdAt,
  };
}

/**
 * The table with this invite code. A live table is found in memory, a finished game in the store (a
 * primary-key read), and either is answered whatever the address's count of wrong codes: a right code
 * is never refused. Only a code that names neither is counted as wrong (Access.lookUpCode).
 */
async function findByCode(req: Request, store: GameStore, access: Access, wake?: (code: string) => Promise<void>): Promise<Found> {
  const code = normalizeCode(req.params.code);
  const [room] = code ? await matchMaker.query({ name: ROOM, code } as any) : [];
  if (room) return room as { roomId: string; metadata?: TableMetadata };
  // A finished game stays in the store after its room has gone (idle, or a server restart).
  // A parked (or adjourned) game is woken: its room comes back on whichever process takes the claim.
  const stored = await access.lookUpCode(requestAddress(req), async () => {
    const game = code ? await store.getGame(code) : null;
    if (game?.status === "finished") return game;
    return game && wake && !game.closed && !game.broken ? game : null;
  });
  if (stored?.status === "finished") return { roomId: stored.roomId, metadata: storedMetadata(stored), stored };
  if (stored && wake) {
    await wake(stored.code);
    const [woken] = await matchMaker.query({ name: ROOM, code: stored.code } as any);
    if (woken) return woken as { roomId: string; metadata?: TableMetadata };
  }
  throw new HttpError(404, "unknown-code", "No table has that invite code.");
}

/** A live table's meeting time, or a parked one's from the store (nothing is woken for it). */
async function meetingOf(req: Request, store: GameStore, access: Access): Promise<{ code: string; meetAt: number | null }> {
  const code = normalizeCode(req.params.code);
  const [room] = code ? await matchMaker.query({ name: ROOM, code } as any) : [];
  const m = (room as { metadata?: TableMetadata } | undefined)?.metadata;
  if (m) return { code: m.code, meetAt: m.status === "adjourned" ? (m.meetAt ?? null) : null };
  const giveBack = await access.spendCodeAttempt(requestAddress(req));
  const stored = code ? await store.getGame(code) : null;
  if (!stored || stored.closed || stored.broken) throw new HttpError(404, "unknown-code", "No table has that invite code.");
  await giveBack();
  return { code: stored.code, meetAt: stored.status === "adjourned" ? (stored.adjourned?.meetAt ?? null) : null };
}

/**
 * `wake` brings a parked game's room back (server/rooms/restore.ts's wakeGame, given by app.ts: the
 * lobby and the rooms stay apart); without it a parked game is not found. `tableOf` projects a
 * replay's step as live play does (server/rooms/projection.ts's publicTableOf, also given by app.ts).
 */
export function lobbyRoutes(
  logger: Logger, store: GameStore, access: Access, wake: ((code: string) => Promise<void>) | undefined, tableOf: PublicTableOf,
  clock: () => number = Date.now,
): Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));
  const wakes = new WakeLimits(access.limits.maxTables);

  router.post("/api/games", async (req, res) => {
    const parsed = TableOptions.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, "bad-options", `${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
    }
    // The whole variant is checked before any table exists (a table the engine cannot play must not start).
    const problem = variantProblem(parsed.data.variant);
    if (problem) throw new HttpError(400, "bad-options", problem);
    const ip = requestAddress(req);
    const table = await newTable(access, store, ip, parsed.data);
    logger.info({ roomId: table.roomId, seats: parsed.data.seats, bots: parsed.data.bots, ip }, "table created");
    res.status(201).json(table);
  });

  router.get("/api/games", async (_req, res) => {
    const rooms = await matchMaker.query({ name: ROOM, private: false } as any);
    res.json(rooms.map((r: any) => publicTable(r, clock())).filter((t) => t.status === "lobby"));
  });

  router.get("/api/games/:code", async (req, res) => {
    const waking = wake && ((code: string) => wakes.run(requestAddress(req), () => wake(code)));
    res.json(publicTable(await findByCode(req, store, access, waking), clock()));
  });

  // An adjourned game's meeting time as a calendar file (the link in it is the table's invite link).
  router.get("/api/games/:code/calendar.ics", async (req, res) => {
    const { code, meetAt } = await meetingOf(req, store, access);
    if (meetAt === null) throw new HttpError(404, "no-meeting", "This game has no time set to meet again.");
    const link = `${req.protocol}://${req.get("host") ?? "localhost"}/?join=${encodeURIComponent(code)}`;
    res.set("Content-Disposition", `attachment; filename="new-angeles-${code}.ics"`);
    res.type("text/calendar").send(calendarFile(code, meetAt, link, Date.now()));
  });

  router.get("/api/games/:code/replay", async (req, res) => {
    const room = await findByCode(req, store, access);
    if (room.metadata?.status !== "finished") throw new HttpError(403, "not-finished", "The replay is available once the game is finished.");
    const replay = room.stored
      ? { players: room.stored.options.seats, seed: room.stored.options.seed, variant: room.stored.options.variant, commands: gameCommands(await store.commands(room.stored.code)) }
      : await matchMaker.remoteRoomCall(room.roomId, "replayLog");
    res.json({ code: room.metadata.code, ...replay });
  });

  router.use(endsRoutes(logger, store, access, tableOf)); // the replay viewer's steps, the rematch
  router.use(seatLinkRoutes(logger, store, wake && ((code, ip) => wakes.run(ip, () => wake(code))))); // seat keys and links

  router.use("/api", (_req, _res) => {
    throw new HttpError(404, "not-found", "There is no such API route.");
  });

  // Errors: our own become their status; malformed JSON bodies become 400; anything else is logged.
  router.use(answerErrors(logger, "lobby route"));
  return router;
}
