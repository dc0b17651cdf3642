// The ends of a game, over HTTP: the replay viewer's public steps, and the rematch.
//
// GET  /api/games/:code/replay/outline          the public log of the whole game, each line with its step,
//                                                the step where each round begins, and the guide's notes
//                                                (each kind of moment at the step it first came)
// GET  /api/games/:code/replay/steps?from&count  the public table after each of those steps (step 0: the
//                                                setup; step n: after the n-th command), in the wire's shape
// GET  /api/games/:code/summary                  the game in figures for the end screen (summary.ts)
// POST /api/games/:code/rematch  { token }        a new table with the same options, made once per game
// GET  /api/games/:code/rematch                  that table, if made, and who asked for it
//
// Only finished games have a replay (403 before, as the JSON replay): then the seed and the commands are
// no secret any more, but the views served are still the spectator's (no hand, rival, investment or trade
// of any seat until the engine's result reveals the rivals). Views are rebuilt by replaying the stored
// commands with the engine, from checkpoints kept for a few games at a time.
import { HttpError, answerErrors } from "./errors.ts";
import express, { type Router } from "express";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { z } from "zod";
import { apply, createGameWithEvents, endByVote, viewFor, type GameState, type GameView } from "../engine/index.ts";
import { ROOM_NAME as ROOM, TableOptions } from "../../shared/room-protocol.ts";
import type { TableFacts, WireTable } from "../../shared/wire/index.ts";
import { Moves } from "../table/turns.ts";
import { gameCommands, hashSeatToken, type GameStore, type StoredGame } from "../store/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { requestAddress } from "../http-guard.ts";
import { normalizeCode } from "../access/codes.ts";
import { newTable } from "./new-table.ts";
import { STEPS_PER_REQUEST, type GameFigures, type GameSummary, type Rematch, type RematchSeen, type ReplayOutline, type ReplaySteps } from "../../shared/ends-api.ts";
import { SummaryBuilder } from "./summary.ts";
import type { Access } from "../access/throttle.ts";
import { GuideNotes, type GuideNote } from "../table/guide.ts";

/** A checkpoint (a whole engine state) is kept every this many commands. */
const CHECKPOINT_EVERY = 25;
/** Games whose replays are kept built at once (the least recently used goes first). */
const CACHED_GAMES = 8;

interface Built {
  game: StoredGame;
  commands: { seat: number; command: Command }[];
  /** checkpoints[i]: the state after i * CHECKPOINT_EVERY commands. */
  checkpoints: GameState[];
  log: { step: number; text: string }[];
  rounds: { round: number; step: number }[];
  summary: GameFigures;
  guide: GuideNote[];
}

/**
 * The public table of a spectator's view, as live play projects it (server/rooms/projection.ts's
 * publicTableOf, handed over by app.ts: the lobby and the rooms stay apart).
 */
export type PublicTableOf = (facts: TableFacts, view: GameView, moves: number) => WireTable;

/** Who sat in each seat of a stored game (its names as the game ended). */
function factsOf(game: StoredGame, finished: boolean): TableFacts {
  const seats = Array.from({ length: game.options.seats }, (_, seat) => {
    const who = game.seats.find((x) => x.seat === seat) ?? game.players.find((x) => x.seat === seat);
    return { seat, name: who?.name ?? `Seat ${seat + 1}`, bot: who?.bot ?? false };
  });
  return { code: game.code, status: finished ? "finished" : "playing", seatCount: game.options.seats, seats };
}

const RematchBody = z.strictObject({ token: z.string().min(1).max(100) });
const StepsQuery = z.object({
  from: z.coerce.number().int().min(0).max(1_000_000).default(0),
  count: z.coerce.number().int().min(1).max(STEPS_PER_REQUEST).default(1),
});

export function endsRoutes(logger: Logger, store: GameStore, access: Access, publicTable: PublicTableOf): Router {
  const router = express.Router();
  const cache = new Map<string, Promise<Built>>();

  /**
   * The stored game with this code; a code that names no game counts as a wrong code (over the address's
   * or everyone's count, 429), and one whose game is not finished is refused with 403.
   */
  async function finishedGame(rawCode: unknown, ip: string | undefined): Promise<StoredGame> {
    const code = normalizeCode(rawCode);
    // Looked up before it is counted: a right code is never refused (README, Security model).
    const game = await access.lookUpCode(ip, async () => (code ? store.getGame(code) : null));
    if (!game) throw new HttpError(404, "unknown-code", "No table has that invite code.");
    if (game.status !== "finished") throw new HttpError(403, "not-finished", "The replay is available once the game is finished.");
    return game;
  }

  function build(game: StoredGame): Promise<Built> {
    let built = cache.get(game.code);
    if (built) {
      cache.delete(game.code); // most recently used goes last
      cache.set(game.code, built);
      return built;
    }
    built = store.commands(game.code).then(gameCommands).then((commands) => rebuild(game, commands));
    cache.set(game.code, built);
    built.catch((err) => {
      cache.delete(game.code);
      logger.error({ err, code: game.code }, "replay could not be rebuilt");
    });
    while (cache.size > CACHED_GAMES) cache.delete(cache.keys().next().value!);
    return built;
  }

  router.get("/api/games/:code/replay/outline", async (req, res) => {
    const b = await build(await finishedGame(req.params.code, requestAddress(req)));
    res.json({ code: b.game.code, total: b.commands.length, rounds: b.rounds, log: b.log, guide: b.guide, tutorial: !!b.game.options.tutorial } satisfies ReplayOutline);
  });

  router.get("/api/games/:code/summary", async (req, res) => {
    const b = await build(await finishedGame(req.params.code, requestAddress(req)));
    const names = b.summary.corps.map((_, seat) => (b.game.players.find((x) => x.seat === seat) ?? b.game.seats.find((x) => x.seat === seat))?.name ?? `Seat ${seat + 1}`);
    res.json({ code: b.game.code, names, ...b.summary } satisfies GameSummary);
  });

  router.get("/api/games/:code/replay/steps", async (req, res) => {
    const q = StepsQuery.safeParse(req.query);
    if (!q.success) {
      throw new HttpError(400, "bad-query", `from and count are whole numbers; count is at most ${STEPS_PER_REQUEST}.`);
    }
    const b = await build(await finishedGame(req.params.code, requestAddress(req)));
    res.json({ code: b.game.code, total: b.commands.length, steps: stepsOf(b, q.data.from, q.data.count, publicTable) } satisfies ReplaySteps);
  });

  rematchRoutes(router, logger, store, access, finishedGame);

  // Errors, answered as the lobby answers them (routes.ts): nothing a client sends becomes a 5xx.
  router.use(answerErrors(logger, "ends route"));
  return router;
}

/** A finished game rebuilt from its commands: checkpoints, public log, rounds, summary and guide notes. */
function rebuild(game: StoredGame, commands: Built["commands"]): Built {
  const created = createGameWithEvents({ players: game.options.seats as 4 | 5 | 6, seed: game.options.seed, variant: game.options.variant });
  let state = created.state;
  const checkpoints = [state];
  const log: Built["log"] = created.events.filter((e) => !e.to).map((e) => ({ step: 0, text: e.text }));
  const rounds: Built["rounds"] = [{ round: state.round, step: 0 }];
  const summary = new SummaryBuilder(state);
  const guide = new GuideNotes();
  guide.step(0, state, created.events);
  commands.forEach(({ seat, command }, i) => {
    const r = apply(state, seat, command);
    if (!r.ok) throw new Error(`Command ${i} of game ${game.code} no longer applies: ${r.message}`);
    summary.step(i + 1, state, r.state, seat, command, r.events);
    guide.step(i + 1, r.state, r.events);
    state = r.state;
    for (const e of r.events) if (!e.to) log.push({ step: i + 1, text: e.text });
    if (state.round !== rounds.at(-1)!.round) rounds.push({ round: state.round, step: i + 1 });
    if ((i + 1) % CHECKPOINT_EVERY === 0) checkpoints.push(state);
  });
  // A game the players ended (or cancelled) by vote: its result comes after its last command, as it did at the table.
  const how = (game.result as { reason?: string } | null)?.reason;
  if (!state.result && (how === "vote" || how === "cancelled")) {
    const ended = endByVote(state, how);
    state = ended.state;
    for (const e of ended.events) if (!e.to) log.push({ step: commands.length, text: e.text });
  }
  return { game, commands, checkpoints, log, rounds, summary: summary.result(state, commands.length), guide: guide.notes };
}

/** Replay steps from..from+count-1 (up to the last), each the spectator's table at that step. */
function stepsOf(b: Built, from: number, count: number, publicTable: PublicTableOf): { step: number; table: WireTable }[] {
  const total = b.commands.length;
  if (from > total) throw new HttpError(400, "bad-query", `This game has steps 0 to ${total}.`);
  const last = Math.min(total, from + count - 1);
  const start = Math.floor(from / CHECKPOINT_EVERY);
  let state = b.checkpoints[start]!;
  // The public moves, counted as the live table counts them (a private command is a step, not a move).
  const moves = new Moves();
  for (const { seat, command } of b.commands.slice(0, start * CHECKPOINT_EVERY)) moves.count(seat, command.type);
  const steps: { step: number; table: WireTable }[] = [];
  for (let step = start * CHECKPOINT_EVERY; step <= last; step++) {
    if (step > start * CHECKPOINT_EVERY) {
      const { seat, command } = b.commands[step - 1]!;
      const r = apply(state, seat, command);
      if (!r.ok) throw new Error(`Command ${step - 1} of game ${b.game.code} no longer applies: ${r.message}`);
      state = r.state;
      moves.count(seat, command.type);
    }
    if (step >= from) steps.push({ step, table: publicTable(factsOf(b.game, step === total), viewFor(state, "spectator"), moves.public) });
  }
  return steps;
}

/** The live room of a table, or "" once it has gone. */
async function roomOf(code: string): Promise<string> {
  const [room] = await matchMaker.query({ name: ROOM, code } as any);
  return (room as { roomId?: string } | undefined)?.roomId ?? "";
}

/** The rematch routes: who asked, and the new table's code for those who may learn it. */
function rematchRoutes(router: Router, logger: Logger, store: GameStore, access: Access, finishedGame: (rawCode: unknown, ip: string | undefined) => Promise<StoredGame>): void {
  /** Rematches being made now, by old code: a second click waits for the first. */
  const making = new Map<string, Promise<{ code: string; by: string }>>();

  // Who learns the rematch's code: the finished table's players (POST with their seat token gives it,
  // made or not), and everyone when the table was public (public tables list their codes in the lobby).
  // Anyone else with the finished game's code (its spectators) learns that a rematch exists and who
  // asked, not its code: a private table's code is its key.
  router.get("/api/games/:code/rematch", async (req, res) => {
    const game = await finishedGame(req.params.code, requestAddress(req));
    const rematch = await store.rematch(game.code);
    if (!rematch) return void res.json({ rematch: null });
    if (game.options.private !== false) return void res.json({ rematch: { by: rematch.by, private: true } satisfies RematchSeen });
    res.json({ rematch: { ...rematch, roomId: await roomOf(rematch.code), private: false } satisfies RematchSeen });
  });

  router.post("/api/games/:code/rematch", express.json({ limit: "16kb" }), async (req, res) => {
    const body = RematchBody.safeParse(req.body ?? {});
    if (!body.success) throw new HttpError(400, "bad-request", "Send { token }: your seat token at the finished table.");
    const ip = requestAddress(req);
    const game = await finishedGame(req.params.code, ip);
    const hash = hashSeatToken(body.data.token);
    const asker = game.seats.find((s) => !s.bot && (s.tokenHash === hash || !!s.keys?.some((k) => k.hash === hash))); // any of its devices
    if (!asker) throw new HttpError(403, "not-a-player", "Only a player of this table can ask for a rematch.");
    let pending = making.get(game.code);
    if (!pending) {
      pending = (async () => {
        const known = await store.rematch(game.code);
        if (known) return known;
        const { seed: _seed, ...options } = game.options;
        const parsed = TableOptions.parse({ ...TableOptions.parse({}), ...options });
        const table = await newTable(access, store, ip, parsed);
        logger.info({ from: game.code, roomId: table.roomId, ip }, "rematch table created");
        return store.setRematch(game.code, { code: table.code, by: asker.name });
      })();
      making.set(game.code, pending);
      pending.finally(() => making.delete(game.code)).catch(() => {});
    }
    const rematch = await pending;
    res.status(201).json({ rematch: { ...rematch, roomId: await roomOf(rematch.code), private: game.options.private !== false } satisfies Rematch });
  });
}
