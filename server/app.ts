// Wires the server together: Colyseus rooms, the express routes and the static client, on one port.
import path from "node:path";
import type { IncomingMessage, Server as HttpServer } from "node:http";
import { defineServer, defineRoom, matchMaker, ServerError } from "@colyseus/core";
import { WebSocketTransport } from "@colyseus/ws-transport";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import type { Logger } from "pino";
import { ROOM_NAME } from "../shared/room-protocol.ts";
import { checkColyseusInternals } from "./rooms/colyseus-internals.ts";
import { NewAngelesRoom, type SeedSource } from "./rooms/NewAngelesRoom.ts";
import { wakeGame } from "./rooms/restore.ts";
import { publicTableOf } from "./rooms/projection.ts";
import { lobbyRoutes } from "./lobby/routes.ts";
import { redisRoundTrip, registry, storeRoundTrip } from "./metrics.ts";
import { memoryStore, timeStatements, type GameStore } from "./store/index.ts";
import { DEFAULT_ROOM_LIMITS, type RoomLimits } from "./table/limits.ts";
import type { TurnEvents } from "./table/table.ts";
import { RateLimiterMemory } from "rate-limiter-flexible";
import { Access, LimitRefusal, addressKey, type Limits } from "./access/throttle.ts";
import { SharedCounts } from "./access/shared-counts.ts";
import { normalizeCode } from "./access/codes.ts";
import { capUnfinishedConnections, guardRequests, guardedHttpServer, pinAddress, requestAddress } from "./http-guard.ts";
import { fairTurns } from "./fair-turns.ts";
import { staticClient } from "./static.ts";
import { NUDGE_AFTER_MS, Notifier, type SeatNow } from "./notify/notify.ts";
import { vapidFrom } from "./notify/channels.ts";
import { mailerFrom } from "./lobby/mail.ts";
import { botThread } from "./bots/thinker.ts";

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
  roomLimits?: Partial<RoomLimits>;
  /** Tests and tools only: fixes each new table's seed (see docs/seeds.md); a client never reaches it. */
  seeds?: SeedSource;
  /** What one address and everyone together may do (server/config.ts reads them); the defaults otherwise. */
  limits?: Partial<Limits>;
  /** Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY); 0 when absent. */
  trustProxy?: number;
  /** Origins besides the page's own that may call the API from a browser (CORS_ORIGINS). */
  corsOrigins?: string[];
  /** The built client to serve; dist/client when absent (tests build one elsewhere). */
  clientDir?: string;
  /**
   * The time for turn-based tables' banks and deadlines (epoch ms): Date.now when absent; index.ts
   * passes CLOCK_OFFSET_MS ahead of it, tests a clock they move.
   */
  clock?: () => number;
  /** Told of turn-based tables' excused delays and bot decisions (a reminder may hook in here). */
  turnEvents?: TurnEvents;
  /**
   * Nudges (server/notify): the page's address for the links in them (PAGE_URL; by default
   * http://PUBLIC_ADDRESS or http://localhost), the clock (tests), how often due nudges are looked for;
   * false: no nudges (NUDGES=off).
   */
  nudges?: false | { pageUrl?: string; now?: () => number; everyMs?: number; pushAgent?: import("node:https").Agent };
  /** The bots think on a thread of their own (server/bots/thinker.ts; BOT_THREADS, 1 when absent); 0: in the tables' thread. */
  botThreads?: number;
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
 * Every client matchmaking request, HTTP or SDK, goes through the controller's invokeMethod; there:
 * - only the lobby makes tables (POST /api/games checks the options, draws the invite code and calls
 *   the matchmaker from the server): a create or joinOrCreate of the game room is refused with a 403;
 * - a seat reservation (joinById) at a game table needs the table's invite code, checked and throttled
 *   as the room's own join check does, and counts against the address's reservations. Colyseus runs
 *   the room's (instance) onAuth only when the websocket arrives, after the seat is reserved, so
 *   without this 64 code-less reservations would fill a table.
 * Other rooms (the bench's) are untouched.
 */
function guardMatchmaking(logger: Logger, access: Access): void {
  matchMaker.controller.invokeMethod = async function (method, roomName, ...rest) {
    if (roomName === ROOM_NAME && MAKES_A_TABLE.has(method)) {
      logger.info({ method }, "client table creation refused");
      throw new ServerError(403, "Tables are created through the lobby: POST /api/games.");
    }
    if (method === "joinById") {
      const [clientOptions, context] = rest;
      const [room] = await matchMaker.query({ roomId: roomName });
      if (room?.name === ROOM_NAME) {
        const ip = context?.ip;
        // The room counts a spectator's reservation under this address (never the client's word for it).
        const options: Record<string, unknown> = { ...(clientOptions as Record<string, unknown> | undefined), address: ip };
        try {
          await access.checkCode(ip, normalizeCode(options.code), (room.metadata as { code?: string } | undefined)?.code ?? "");
          // Spectators over their limits, a seat token that is no seat's, a seat at a started or full table.
          const refused = await matchMaker.remoteRoomCall(roomName, "admission", [clientOptions, ip]) as { status: number; message: string } | null;
          if (refused) throw new ServerError(refused.status, refused.message);
          return await access.reserveSeat(ip, () => invokeMatchmaking.call(this, method, roomName, options, ...rest.slice(1)));
        } catch (e) {
          if (!(e instanceof LimitRefusal)) throw e;
          logger.info({ ip, roomId: roomName, reason: e.message }, "join refused");
          throw new ServerError(e.code === "wrong-code" ? 403 : 429, e.message);
        }
      }
    }
    return invokeMatchmaking.call(this, method, roomName, ...rest);
  };
}

/** Each ping round is spread over this many slices of the ping interval. */
const PING_SLICES = 20;

/** Marks an upgrade request whose address was admitted (the count may be asked of Redis: a promise). */
const ADMITTED = Symbol("admitted");

/**
 * The websocket transport, with three changes:
 * - an upgrade from an address that already holds its websockets is refused (429) before the handshake
 *   (counted with the other processes' when they share Redis: the request is held until the answer);
 * - once Colyseus has bound its routes (after listen), the HTTP guard goes in front of them (http-guard.ts),
 *   and between the two, fair turns (fair-turns.ts): one address's burst of requests is spread over turns
 *   of the event loop instead of holding the server for tens of milliseconds;
 * - Colyseus pings every client at once each interval (3 s): with 3,000 clients that is 3,000 socket
 *   writes in one go, a 100 ms stall every 3 s. Here each client is still pinged once per interval, and
 *   dropped after the same number of unanswered pings, but a twentieth of them at a time.
 */
class GuardedTransport extends WebSocketTransport {
  /** Set by createServer right after construction (the upgrade listener only reads them later). */
  access!: Access;
  trustProxy = 0;
  afterListen: (() => void) | null = null;

  /** Upgrades from an address already holding its websockets are refused with 429 before the handshake. */
  protected listenForUpgrade(server: HttpServer, filter?: (req: IncomingMessage) => boolean): void {
    // Colyseus's listener goes first and passes only admitted requests; the one below admits the others
    // and hands each back to it by emitting its upgrade again.
    super.listenForUpgrade(server, (req) => (req as { [ADMITTED]?: boolean })[ADMITTED] === true);
    server.on("upgrade", (req: IncomingMessage, socket: import("node:stream").Duplex, head: Buffer) => {
      if ((req as { [ADMITTED]?: boolean })[ADMITTED] || (filter && !filter(req))) return;
      const ip = pinAddress(req, this.trustProxy);
      this.access.admitSocket(ip).then((release) => {
        if (!release) {
          const body = "Too many connections from your address.";
          socket.end(`HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
          (socket as { destroySoon?: () => void }).destroySoon?.();
          return;
        }
        if (socket.destroyed) return release();
        socket.once("close", release);
        (req as { [ADMITTED]?: boolean })[ADMITTED] = true;
        server.emit("upgrade", req, socket, head);
      }, () => socket.destroy());
    });
  }

  /**
   * A port that cannot be had (taken: EADDRINUSE) fails the listen, and the server's listen() rejects
   * with it; Colyseus's own transport only logs that error, and the process stayed up, not listening.
   */
  public listen(port: number, hostname?: string, backlog?: number, listeningListener?: (err?: unknown) => void) {
    const failed = (err: Error) => listeningListener?.(err);
    this.server?.once("error", failed);
    return super.listen(port, hostname, backlog, (err?: unknown) => {
      this.server?.off("error", failed);
      listeningListener?.(err); // Colyseus binds its routes here
      this.afterListen?.();
    });
  }

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

/** How long the store, and Redis when configured, may take to answer GET /readyz before it says 503. */
export const READY_TIMEOUT_MS = 2000;
/** A code no game has (codes are 5 + 5 characters without O, I, L or U): /readyz's store query looks it up. */
const READY_PROBE_CODE = "READYZ-PROBE";
/**
 * GET /readyz: whether this process can serve players now. /healthz says the process lives (an
 * orchestrator restarts it when that fails); /readyz says its store answers a query, and Redis when
 * configured, each within READY_TIMEOUT_MS: 200 `{ status: "ready", store: "ok", redis }`, else 503
 * `{ status: "unavailable", reason, store, redis }`. Requests that arrive while a probe runs share it, so
 * a flood of /readyz costs the store one query at a time.
 */
function readiness(store: GameStore, presence: RedisPresence | undefined) {
  const within = async (what: string, query: () => Promise<unknown>): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        query(),
        new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS); }),
      ]);
      return "ok";
    } catch (e) {
      return `${what}: ${e instanceof Error ? e.message : String(e)}`.slice(0, 300);
    } finally {
      clearTimeout(timer);
    }
  };
  let running: Promise<{ store: string; redis: string }> | null = null;
  const probe = async () => {
    const [storeAnswer, redisAnswer] = await Promise.all([
      within(`the store (${store.kind})`, () => store.getGame(READY_PROBE_CODE)),
      presence ? within("Redis", () => presence.exists("newangeles:readyz")) : Promise.resolve("not configured"),
    ]);
    return { store: storeAnswer, redis: redisAnswer };
  };
  return async (_req: unknown, res: { status(code: number): { json(body: unknown): void } }) => {
    running ??= probe().finally(() => { running = null; });
    const { store: storeAnswer, redis } = await running;
    const problems = [storeAnswer, redis].filter((a) => a !== "ok" && a !== "not configured");
    if (problems.length === 0) res.status(200).json({ status: "ready", store: storeAnswer, redis });
    else res.status(503).json({ status: "unavailable", reason: problems.join("; "), store: storeAnswer === "ok" ? "ok" : "down", redis: redis === "ok" || redis === "not configured" ? redis : "down" });
  };
}

/** Renderings of /metrics one address may ask for in 10 s (Prometheus scrapes every 15 s or so). */
const METRICS_PER_10S = 10;
export function createServer(options: ServerOptions) {
  checkColyseusInternals();
  // With Redis, the per-address limits count every process's clients together (access/shared-counts.ts).
  const shared = options.redisUrl ? new SharedCounts(options.redisUrl, redisRoundTrip) : null;
  timeStatements(storeRoundTrip);
  let warned = 0;
  const access = new Access(options.limits, shared, (err) => {
    if (Date.now() - warned < 60_000) return; // once a minute at most while Redis is away
    warned = Date.now();
    options.logger.warn({ err }, "shared limits unreachable in Redis: counting this process's own meanwhile");
  });
  guardMatchmaking(options.logger, access);
  const transport = new GuardedTransport({ server: guardedHttpServer() });
  transport.access = access;
  transport.trustProxy = options.trustProxy ?? 0;
  capUnfinishedConnections(transport.server as HttpServer, access.limits.unfinishedConnectionsPerAddress, transport.trustProxy);
  transport.afterListen = () => {
    // The guard first (address, body size, headers), then fair turns, then Colyseus's routes and express.
    fairTurns(transport.server as HttpServer, requestAddress);
    guardRequests(transport.server as HttpServer, { trustProxy: transport.trustProxy, corsOrigins: options.corsOrigins ?? [] });
  };
  const store = options.store ?? memoryStore();
  const scaleOut = options.redisUrl
    ? { presence: new RedisPresence(options.redisUrl), driver: new RedisDriver(options.redisUrl) }
    : {};
  const notifier = options.nudges === false ? null : new Notifier({
    store, logger: options.logger, mailer: mailerFrom(process.env), vapid: vapidFrom(process.env), now: options.nudges?.now ?? options.clock, pushAgent: options.nudges?.pushAgent,
    baseUrl: (options.nudges?.pageUrl ?? process.env.PAGE_URL ?? `http://${options.publicAddress ?? "localhost"}`).replace(/\/+$/, ""),
    seatNow: async (code, seat) => {
      const [room] = await matchMaker.query({ name: ROOM_NAME, code } as never) as { roomId: string }[];
      return room ? (await matchMaker.remoteRoomCall(room.roomId, "nudgeState", [seat])) as SeatNow | null : null;
    },
  });
  notifier?.start(options.nudges ? options.nudges.everyMs : undefined);
  const botThinker = (options.botThreads ?? 1) > 0 ? botThread((err) => options.logger.error({ err }, "the bots' thread failed: its decisions are made in the tables' thread")) : undefined;
  const roomLimits = { ...DEFAULT_ROOM_LIMITS, ...(notifier ? { nudgeAfterMs: NUDGE_AFTER_MS } : {}), ...options.roomLimits };
  const server = defineServer({
    rooms: { [ROOM_NAME]: defineRoom(NewAngelesRoom, { store, access, seeds: options.seeds, limits: roomLimits, clock: options.clock, turnEvents: options.turnEvents, botThinker }) },
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
      app.get("/readyz", readiness(store, scaleOut.presence));
      // Anyone may ask for /metrics, and a rendering costs milliseconds: a few per address at a time.
      const scrapes = new RateLimiterMemory({ points: METRICS_PER_10S, duration: 10 });
      app.get("/metrics", async (req, res) => {
        try {
          await scrapes.consume(addressKey(requestAddress(req)));
        } catch {
          res.set("Retry-After", "10").status(429).type("text/plain").send("Too many requests for /metrics: try again in 10 s.\n");
          return;
        }
        res.type(registry.contentType).send(await registry.metrics());
      });
      app.use(lobbyRoutes(options.logger, store, access, (code) => wakeGame(store, options.logger, code), publicTableOf, options.clock));
      app.use(staticClient(options.clientDir ?? clientDir));
    },
  });
  // The limits' counts, for the process to leave the shared ones on shutdown (Access.close).
  return Object.assign(server, { access, notifier, botThinker });
}
