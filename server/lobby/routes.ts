// The HTTP lobby: create a table, look one up by invite code, list public tables, fetch a replay.
// Every refusal is a 4xx with { error: { code, message } }; nothing a client sends becomes a 5xx.
import { HttpError, answerErrors } from "./errors.ts";
import express, { type Request, type Router } from "express";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import { ROOM_NAME as ROOM, TableOptions } from "../../shared/room-protocol.ts";
import { variantProblem } from "../engine/variant-schema.ts";
import { newInviteCode, normalizeCode } from "../access/codes.ts";
import type { Access } from "../access/throttle.ts";
import { requestAddress } from "../http-guard.ts";
import type { TableMetadata } from "../access/metadata.ts";
import { gameCommands, type GameStore, type StoredGame } from "../store/index.ts";
import { endsRoutes } from "./ends.ts";


function publicTable(room: { roomId: string; metadata?: TableMetadata }) {
  const m = room.metadata!;
  return { code: m.code, roomId: room.roomId, status: m.status, seats: m.seats, players: m.players, spectators: m.spectators };
}

/** A live room, or a finished game whose room is gone (then `stored` is set). */
type Found = { roomId: string; metadata?: TableMetadata; stored?: StoredGame };

function storedMetadata(g: StoredGame): TableMetadata {
  return {
    code: g.code,
    status: g.status,
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
async function findByCode(req: Request, store: GameStore, access: Access): Promise<Found> {
  const code = normalizeCode(req.params.code);
  const [room] = code ? await matchMaker.query({ name: ROOM, code } as any) : [];
  if (room) return room as { roomId: string; metadata?: TableMetadata };
  // A finished game stays in the store after its room has gone (idle, or a server restart).
  const stored = await access.lookUpCode(requestAddress(req), async () => {
    const game = code ? await store.getGame(code) : null;
    return game?.status === "finished" ? game : null;
  });
  if (stored) return { roomId: stored.roomId, metadata: storedMetadata(stored), stored };
  throw new HttpError(404, "unknown-code", "No table has that invite code.");
}

export function lobbyRoutes(logger: Logger, store: GameStore, access: Access): Router {
  const router = express.Router();
  router.use(express.json({ limit: "16kb" }));

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
    const liveTables = async () => (await matchMaker.query({ name: ROOM } as any)).map((r: any) => ({ roomId: r.roomId, status: r.metadata?.status }));
    const table = await access.createTable(ip, liveTables, async () => {
      let code = newInviteCode();
      // Unique among live tables (a collision at 48 bits is all but impossible, but cheap to rule out).
      while ((await matchMaker.query({ name: ROOM, code } as any)).length > 0) code = newInviteCode();
      try {
        const room = await matchMaker.createRoom(ROOM, { code, options: parsed.data });
        return { code, roomId: room.roomId };
      } catch (e) {
        throw new HttpError(400, "bad-options", (e as Error).message);
      }
    });
    logger.info({ roomId: table.roomId, seats: parsed.data.seats, bots: parsed.data.bots, ip }, "table created");
    res.status(201).json(table);
  });

  router.get("/api/games", async (_req, res) => {
    const rooms = await matchMaker.query({ name: ROOM, private: false } as any);
    res.json(rooms.map((r: any) => publicTable(r)).filter((t) => t.status === "lobby"));
  });

  router.get("/api/games/:code", async (req, res) => {
    res.json(publicTable(await findByCode(req, store, access)));
  });

  router.get("/api/games/:code/replay", async (req, res) => {
    const room = await findByCode(req, store, access);
    if (room.metadata?.status !== "finished") throw new HttpError(403, "not-finished", "The replay is available once the game is finished.");
    const replay = room.stored
      ? { players: room.stored.options.seats, seed: room.stored.options.seed, variant: room.stored.options.variant, commands: gameCommands(await store.commands(room.stored.code)) }
      : await matchMaker.remoteRoomCall(room.roomId, "replayLog");
    res.json({ code: room.metadata.code, ...replay });
  });

  router.use(endsRoutes(logger, store, access)); // the replay viewer's steps, the rematch

  router.use("/api", (_req, _res) => {
    throw new HttpError(404, "not-found", "There is no such API route.");
  });

  // Errors: our own become their status; malformed JSON bodies become 400; anything else is logged.
  router.use(answerErrors(logger, "lobby route"));
  return router;
}
