// The seeds of games not yet over must reach no client: every websocket frame and HTTP answer a client
// here receives is searched for 32 hex digits, and any found is asked of the server thread. Imported for
// its effect (main.ts): it wraps WebSocket.prototype.emit and globalThis.fetch.
import WebSocket from "ws";
import { out, problem } from "./common.ts";
import { serverCall } from "./server.ts";


/** The seeds found in what clients received: each is asked of the server thread (a live game's is a leak). */
const seedsSeen = new Set<string>();
const HEX_RUN = /[0-9a-f]{32}/gi;
/** Lookups asked and not yet answered: one still open at the end was never checked. */
const pending = new Set<Promise<unknown>>();
function lookForSeeds(text: string, where: string): void {
  for (const m of text.match(HEX_RUN) ?? []) {
    const key = m.toLowerCase();
    if (seedsSeen.has(key)) continue;
    seedsSeen.add(key);
    const lookup: Promise<unknown> = serverCall<string | null>("secretSeed", key).then((table) => {
      if (table) problem("leaks", `the seed of table ${table} reached a client in ${where}`);
    }, (e) => {
      problem("seedLookupsUnanswered", `the seed lookup for what reached a client in ${where} failed: ${String(e)}`);
    }).finally(() => pending.delete(lookup));
    pending.add(lookup);
  }
}

/**
 * Waits (at most `ms`) for the seed lookups still open, while the server that answers them still runs;
 * those left unanswered are counted (a failure: what they would have found was never checked).
 */
export async function settleSeedLookups(ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  while (pending.size > 0 && Date.now() < deadline) await Promise.race([Promise.allSettled([...pending]), new Promise((r) => setTimeout(r, 100))]);
  if (pending.size > 0) {
    out.seedLookupsUnanswered += pending.size;
    console.log(`PROBLEM seedLookupsUnanswered: ${pending.size} seed lookups were still open at the end of the run`);
  }
  return pending.size;
}
// Every websocket frame any client here receives (the SDK's and the raw ones all use the `ws` package).
const emit = WebSocket.prototype.emit;
WebSocket.prototype.emit = function (this: WebSocket, event: string | symbol, ...args: any[]) {
  if (event === "message" && args[0]) lookForSeeds(Buffer.from(args[0] as Buffer).toString("latin1"), "a websocket frame");
  return emit.call(this, event, ...args);
} as typeof emit;
// Every HTTP answer read through fetch.
const realFetch = globalThis.fetch;
globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
  const res = await realFetch(...args);
  if (res.body) res.clone().text().then((text) => lookForSeeds(text, `an HTTP answer to ${String(args[0]).slice(0, 80)}`), () => 0);
  return res;
}) as typeof fetch;
