// The first thing every HTTP request meets, before Colyseus's routes or express: who sent it, whether
// its body is small enough, and the security headers of the answer.
import http, { type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import helmet from "helmet";
import { matchMaker } from "@colyseus/core";
import { addressKey } from "./access/throttle.ts";

/**
 * How long a connection may take to send its request's headers (a websocket upgrade's too), counted
 * from when it connects: a browser sends them in one packet, a second or two on a bad phone network.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/** How long a whole request may take, its body (16 KB at most) included. */
export const REQUEST_TIMEOUT_MS = 20_000;
/** How long a kept-alive connection may wait for its next request (Node's default). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * The HTTP server, with timeouts a browser needs and no more (Node's own are 60 s for the headers and
 * 300 s for a request, checked every 30 s): a connection that trickles its headers, or never finishes
 * its upgrade, is cut after HEADERS_TIMEOUT_MS, give or take a second.
 */
export function guardedHttpServer(): HttpServer {
  return http.createServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: 1000,
  });
}

/**
 * A connection must send a whole request's headers (or an upgrade's) within HEADERS_TIMEOUT_MS of
 * connecting, or it is closed: Node's own headers timeout starts only with the first byte, so a silent
 * connection would stay. And one address may hold only `perAddress` such unfinished connections: one
 * more is closed at once (a browser opens a handful at a time; a slow-loris client opens hundreds and
 * trickles). The socket's peer is the address: behind proxies (`trustProxy` > 0) every connection is
 * the proxy's, and that cap is left to them (the timeout stays).
 */
export function capUnfinishedConnections(server: HttpServer, perAddress: number, trustProxy: number): void {
  const unfinished = new Map<string, number>();
  const pending = new WeakMap<Socket, { key: string; timer: NodeJS.Timeout }>();
  const finished = (socket: Socket) => {
    const p = pending.get(socket);
    if (p === undefined) return;
    pending.delete(socket);
    clearTimeout(p.timer);
    const left = (unfinished.get(p.key) ?? 1) - 1;
    if (left > 0) unfinished.set(p.key, left);
    else unfinished.delete(p.key);
  };
  server.prependListener("connection", (socket: Socket) => {
    const key = trustProxy > 0 ? "proxy" : addressKey(socket.remoteAddress);
    const n = unfinished.get(key) ?? 0;
    if (trustProxy <= 0 && n >= perAddress) {
      socket.destroy();
      return;
    }
    unfinished.set(key, n + 1);
    const timer = setTimeout(() => socket.destroy(), HEADERS_TIMEOUT_MS);
    timer.unref();
    pending.set(socket, { key, timer });
    socket.once("close", () => finished(socket));
  });
  server.prependListener("request", (req: IncomingMessage) => finished(req.socket));
  server.prependListener("upgrade", (req: IncomingMessage) => finished(req.socket));
}

/** The largest request body any route accepts (contract: 413 over 16 KB). */
export const BODY_LIMIT = 16 * 1024;

/**
 * The client's address: the socket's peer, or with `trustProxy` proxies in front, the address the
 * outermost of them saw (X-Forwarded-For read from the right, so a client cannot choose it).
 */
export function clientAddress(req: IncomingMessage, trustProxy: number): string | undefined {
  const peer = req.socket.remoteAddress;
  if (trustProxy <= 0) return peer;
  const header = req.headers["x-forwarded-for"];
  const hops = (Array.isArray(header) ? header.join(",") : header ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return hops[hops.length - trustProxy] ?? hops[0] ?? peer;
}

/**
 * Colyseus reads a client's address from X-Real-IP or X-Forwarded-For when present, which anyone can
 * send. Every request and websocket upgrade gets X-Real-IP set to the address worked out here, so that
 * Colyseus, the lobby and the limits all count the same, unforgeable address.
 */
export function pinAddress(req: IncomingMessage, trustProxy: number): string | undefined {
  const ip = clientAddress(req, trustProxy);
  delete req.headers["x-forwarded-for"];
  delete req.headers["x-client-ip"];
  if (ip) req.headers["x-real-ip"] = ip;
  else delete req.headers["x-real-ip"];
  return ip;
}

/** The address pinned on a request by the guard. */
export function requestAddress(req: IncomingMessage): string | undefined {
  const ip = req.headers["x-real-ip"];
  return typeof ip === "string" ? ip : undefined;
}

/** How long a refused body's connection stays open after the answer, so that the client can read it. */
const LINGER_MS = 2000;

/**
 * Answers 413 at once and stops reading: the rest of the body is dropped unread (the server stops
 * reading the socket as soon as a chunk is refused), the answer goes out with a FIN, and the socket is
 * destroyed a little later. Destroying it at once would reset the connection while the client is still
 * sending, and a reset can wipe the answer before the client reads it. Later writes by a route still
 * waiting for the body are dropped.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  req.push = () => false; // the HTTP parser stops reading the socket when a chunk is not taken
  const socket = req.socket;
  const r = res as any;
  for (const method of ["writeHead", "setHeader", "removeHeader", "write", "end", "flushHeaders"]) r[method] = () => res;
  if (socket.destroyed) return;
  const body = JSON.stringify({ error: { code: "too-large", message: `A request body can be at most ${BODY_LIMIT / 1024} KB.` } });
  socket.end(
    "HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n"
    + `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

export interface GuardOptions {
  trustProxy: number;
  /** Origins other than the page's own allowed to call the API from a browser. */
  corsOrigins: string[];
}

/**
 * CORS: Colyseus answers every request with `Access-Control-Allow-Origin` set to the caller's origin
 * (or *). Here only the listed origins get CORS headers; the page's own origin needs none.
 */
function restrictCors(corsOrigins: string[]): void {
  const allowed = new Set(corsOrigins);
  (matchMaker.controller as { DEFAULT_CORS_HEADERS: Record<string, string> }).DEFAULT_CORS_HEADERS = {};
  matchMaker.controller.getCorsHeaders = (headers: Headers): Record<string, string> => {
    const origin = headers.get("origin");
    if (!origin || !allowed.has(origin)) return {};
    return {
      "Access-Control-Allow-Origin": origin,
      "Access-Control-Allow-Methods": "GET,POST",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "600",
      Vary: "Origin",
    };
  };
}

const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // the game's websocket goes to the page's own host ('self' covers ws: and wss: there)
      connectSrc: ["'self'"],
      fontSrc: ["'self'", "data:"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      imgSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'"],
    },
  },
  frameguard: { action: "deny" },
  referrerPolicy: { policy: "no-referrer" },
  // the server is often reached over plain http (a LAN, localhost): no HSTS, no forced upgrade
  strictTransportSecurity: false,
});

/**
 * Puts the guard in front of every "request" listener the server has (Colyseus's CORS and matchmaking
 * routes, express): call it once they are all registered (after listen).
 */
export function guardRequests(server: HttpServer, options: GuardOptions): void {
  restrictCors(options.corsOrigins);
  const listeners = server.listeners("request") as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners("request");
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    pinAddress(req, options.trustProxy);
    const declared = Number(req.headers["content-length"]);
    if (declared > BODY_LIMIT) {
      tooLarge(req, res);
      return;
    }
    if (req.headers["transfer-encoding"] !== undefined || !(declared >= 0)) {
      // A body without a length: count its bytes as they arrive and stop at the limit.
      let received = 0;
      const push = req.push;
      req.push = function (this: IncomingMessage, chunk: any, encoding?: BufferEncoding) {
        if (chunk != null) {
          received += chunk.length;
          if (received > BODY_LIMIT) {
            tooLarge(req, res);
            return false;
          }
        }
        return push.call(this, chunk, encoding);
      };
    }
    securityHeaders(req as any, res as any, () => {
      for (const listener of listeners) listener.call(server, req, res);
    });
  });
}
