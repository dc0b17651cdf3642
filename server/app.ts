// Wires the server together: Colyseus rooms, the express routes and the static client, on one port.
import path from "node:path";
import type { Server as HttpServer } from "node:http";
import express from "express";
import { defineServer, defineRoom, matchMaker, ServerError } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import type { Logger } from "pino";
import { NewAngelesRoom, type SeedSource } from "./rooms/NewAngelesRoom.ts";
import { lobbyRoutes } from "./lobby/routes.ts";
import { registry } from "./metrics.ts";
import { memoryStore, type GameStore } from "./store/index.ts";
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from "./rooms/limits.ts";

const clientDir = path.resolve(import.meta.dirname, "../dist/client");
const startedAt = Date.now();

export interface ServerOptions {
  logger: Logger;
  /** Where games are kept (server/store); in memory when absent (tests). */
  store?: GameStore;
  /** Several processes share matchmaking through this Redis (REDIS_URL). */
  redisUrl?: string;
  /** This process's address as clients reach it, when there are several (PUBLIC_ADDRESS). */
  publicAddress?: string;
  /**
   * What a table lets its players do (config.ts reads them from the environment); the defaults when
   * absent. Tests and tools that need bots at full speed pass `botDelayMinMs: 0` here.
   */
  limits?: Partial<RoomLimits>;
  /** Tests and tools only: fixes each new table's seed (see docs/seeds.md); a client never reaches it. */
  seeds?: SeedSource;
}

/**
 * Colyseus answers a matchmaking request it refuses (unknown room, bad options, a table that will not
 * be created) with its own 52x codes, and a body it cannot parse (multipart, say) with a 500. Those are
 * the client's mistakes: answer them as 4xx.
 */
const MATCHMAKE_REFUSALS: Record<number, number> = { 520: 404, 521: 404, 522: 404, 523: 400, 524: 410, 525: 401 };
function refusalsAs4xx(server: HttpServer): void {
  server.prependListener("request", (req, res) => {
    if (!req.url?.startsWith("/matchmake/")) return;
    const json = (req.headers["content-type"] ?? "application/json").includes("application/json");
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, status: number, ...rest: any[]) {
      const mapped = status === 500 && !json ? 415 : (MATCHMAKE_REFUSALS[status] ?? status);
      res.statusCode = mapped;
      return (writeHead as any).call(this, mapped, ...rest);
    } as typeof res.writeHead;
  });
}

/** The matchmaking methods that make a table; clients may only join an existing one (joinById). */
const MAKES_A_TABLE = new Set(["create", "joinOrCreate"]);
const invokeMatchmaking = matchMaker.controller.invokeMethod;

/**
 * Only the lobby makes tables (POST /api/games checks the options, draws the invite code and calls the
 * matchmaker from the server). Every client matchmaking request, HTTP or SDK, goes through the
 * controller's invokeMethod: there a create or joinOrCreate of the game room is refused with a 403.
 * Other rooms (the bench's) are untouched.
 */
function lobbyMakesTables(logger: Logger): void {
  matchMaker.controller.invokeMethod = function (method, roomName, ...rest) {
    if (roomName === "new_angeles" && MAKES_A_TABLE.has(method)) {
      logger.info({ method }, "client table creation refused");
      return Promise.reject(new ServerError(403, "Tables are created through the lobby: POST /api/games."));
    }
    return invokeMatchmaking.call(this, method, roomName, ...rest);
  };
}

/** Each ping round is spread over this many slices of the ping interval. */
const PING_SLICES = 20;

/**
 * Colyseus pings every client at once each interval (3 s): with 3,000 clients that is 3,000 socket writes
 * in one go, a 100 ms stall every 3 s. Here each client is still pinged once per interval, and dropped
 * after the same number of unanswered pings, but a twentieth of them at a time.
 */
class SpreadPingTransport extends WebSocketTransport {
  protected autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    let slice = 0;
    this.pingInterval = setInterval(() => {
      let i = 0;
      for (const client of this.wss.clients as Set<any>) {
        if (i++ % PING_SLICES !== slice) continue;
        if (client.pingCount >= pingMaxRetries) {
          client.terminate();
          continue;
        }
        client.pingCount++;
        client.ping(() => {});
      }
      slice = (slice + 1) % PING_SLICES;
    }, pingInterval / PING_SLICES);
  }
}

export function createServer(options: ServerOptions) {
  lobbyMakesTables(options.logger);
  const transport = new SpreadPingTransport();
  const store = options.store ?? memoryStore();
  const scaleOut = options.redisUrl
    ? { presence: new RedisPresence(options.redisUrl), driver: new RedisDriver(options.redisUrl) }
    : {};
  return defineServer({
    rooms: { new_angeles: defineRoom(NewAngelesRoom, { store, seeds: options.seeds, limits: { ...DEFAULT_ROOM_LIMITS, ...options.limits } }) },
    ...scaleOut,
    publicAddress: options.publicAddress,
    transport,
    logger: options.logger,
    greet: false,
    express: (app) => {
      if (transport.server) refusalsAs4xx(transport.server as HttpServer);
      app.disable("x-powered-by");
      app.get("/healthz", (_req, res) => {
        res.json({ status: "ok", uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
      });
      app.get("/metrics", async (_req, res) => {
        res.type(registry.contentType).send(await registry.metrics());
      });
      app.use(lobbyRoutes(options.logger, store));
      app.use(express.static(clientDir));
    },
  });
}
