// Fair turns for HTTP requests. Node handles every request that has arrived in one turn of its event
// loop, one after another: a burst of a hundred requests from one address (each half a millisecond of
// routing, headers and JSON) kept the server busy for 50–80 ms in one go, and every other client,
// /healthz and the game rooms' messages and timers waited behind it. Here one turn handles at most
// `perAddress` requests of an address and `perTurn` in all; the others wait, in order, for the next
// turns (setImmediate), the addresses taking turns. A request waiting behind too many others of its
// address is refused at once with 429.
import type { IncomingMessage, Server as HttpServer, ServerResponse } from "node:http";
import { addressKey } from "./access/throttle.ts";

export interface FairTurnLimits {
  /** Requests of one address handled in one turn of the event loop. */
  perAddress: number;
  /** Requests handled in one turn, all addresses together. */
  perTurn: number;
  /** Requests of one address that may wait for a later turn; more are refused with 429. */
  waitingPerAddress: number;
}

/** A browser opens at most 6 connections to a host: an honest client never waits long, let alone 64 deep. */
export const FAIR_TURNS: FairTurnLimits = { perAddress: 4, perTurn: 16, waitingPerAddress: 64 };

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
interface Waiting { req: IncomingMessage; res: ServerResponse }

function tooMany(res: ServerResponse): void {
  const body = JSON.stringify({ error: { code: "too-many-requests", message: "Too many requests at once from your address: try again in a moment." } });
  res.writeHead(429, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), "Retry-After": "1" });
  res.end(body);
}

/**
 * Puts the server's "request" listeners (as they are now) behind fair turns. `addressOf` tells whose a
 * request is (addresses are grouped as the limits group them: an IPv6 address by its /64).
 */
export function fairTurns(server: HttpServer, addressOf: (req: IncomingMessage) => string | undefined, limits: FairTurnLimits = FAIR_TURNS): void {
  const listeners = server.listeners("request") as Listener[];
  server.removeAllListeners("request");
  /** Requests waiting, by address; the Map's order is the order in which addresses take their turn. */
  const waiting = new Map<string, Waiting[]>();
  /** Requests handled in this turn of the loop (as they arrived, then in turn()), by address, and in all. */
  const handled = new Map<string, number>();
  let total = 0;
  let scheduled = false;

  const handle = (key: string, { req, res }: Waiting) => {
    handled.set(key, (handled.get(key) ?? 0) + 1);
    total++;
    if (res.destroyed || req.socket.destroyed) return; // the client gave up while it waited
    for (const listener of listeners) listener.call(server, req, res);
  };
  const nextTurn = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
  /** After the requests that arrived in this turn of the loop: what is left of its share goes to those waiting. */
  function turn(): void {
    scheduled = false;
    // at least a few, so that a stream of new arrivals cannot keep those waiting waiting for ever
    let budget = Math.max(limits.perTurn - total, limits.perAddress);
    // Round after round, one request of each waiting address, until the turn is full.
    let served = true;
    while (served && budget > 0) {
      served = false;
      for (const key of [...waiting.keys()]) {
        if (budget <= 0) break;
        if ((handled.get(key) ?? 0) >= limits.perAddress) continue;
        const queue = waiting.get(key)!;
        const next = queue.shift()!;
        waiting.delete(key);
        if (queue.length > 0) waiting.set(key, queue); // to the back of the line
        handle(key, next);
        budget--;
        served = true;
      }
    }
    // the next turn starts afresh; what still waits goes then
    handled.clear();
    total = 0;
    if (waiting.size > 0) nextTurn();
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const key = addressKey(addressOf(req));
    const queue = waiting.get(key);
    if (!queue && (handled.get(key) ?? 0) < limits.perAddress && total < limits.perTurn) {
      handle(key, { req, res });
      nextTurn();
      return;
    }
    if (queue && queue.length >= limits.waitingPerAddress) return tooMany(res);
    if (queue) queue.push({ req, res });
    else waiting.set(key, [{ req, res }]);
    nextTurn();
  });
}
