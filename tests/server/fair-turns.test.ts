// Fair turns (server/fair-turns.ts): a burst of requests from one address is spread over turns of the
// event loop, other addresses go first, a request waiting too deep is refused with 429, and every
// request let in is answered.
import http, { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { ColyseusTestServer } from "@colyseus/testing";
import { createServer } from "../../server/app.ts";
import { FAIR_TURNS, fairTurns } from "../../server/fair-turns.ts";
import { BASE, PORT } from "../room/helpers.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A request from `address` as the HTTP parser hands it to the server, and its response. */
function request(address: string): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  req.headers["x-real-ip"] = address;
  return { req, res: new ServerResponse(req) };
}

describe("fair turns", () => {
  /** A server whose one route notes whose requests it handled, in order; requests are handed in all in one turn. */
  function harness() {
    const handled: string[] = [];
    const server = http.createServer((req) => { handled.push(req.headers["x-real-ip"] as string); });
    fairTurns(server, (req) => req.headers["x-real-ip"] as string);
    const send = (address: string, n: number) => Array.from({ length: n }, () => {
      const r = request(address);
      server.emit("request", r.req, r.res);
      return r.res;
    });
    return { handled, send };
  }

  it("handles a few of one address's burst per turn, and another address's request at once", async () => {
    const { handled, send } = harness();
    send("10.0.0.1", 40);
    send("10.0.0.2", 1);
    // in this turn: the first of the burst, then the other address, which did not wait behind the rest
    expect(handled).toEqual([...Array(FAIR_TURNS.perAddress).fill("10.0.0.1"), "10.0.0.2"]);
    let turns = 0;
    while (handled.length < 41) {
      const before = handled.length;
      await nextTurn();
      turns++;
      expect(handled.length - before).toBeLessThanOrEqual(FAIR_TURNS.perAddress);
    }
    expect(turns).toBeGreaterThanOrEqual(Math.ceil(36 / FAIR_TURNS.perAddress));
  });

  it("lets addresses take turns, and bounds the work of one turn", async () => {
    const { handled, send } = harness();
    const addresses = Array.from({ length: 20 }, (_, i) => `10.1.0.${i}`);
    for (const a of addresses) send(a, 10);
    // the turn they arrived in is full: the rest wait
    expect(handled.length).toBe(FAIR_TURNS.perTurn);
    while (handled.length < 200) {
      const before = handled.length;
      await nextTurn();
      expect(handled.length - before).toBeLessThanOrEqual(FAIR_TURNS.perTurn);
    }
    // the addresses took turns: every one was served within the first two full turns
    const early = handled.slice(0, 2 * FAIR_TURNS.perTurn + FAIR_TURNS.perAddress);
    for (const a of addresses) expect(early).toContain(a);
  });

  it("refuses with 429 a request waiting behind too many of its address", async () => {
    const { handled, send } = harness();
    const responses = send("10.2.0.1", FAIR_TURNS.perAddress + FAIR_TURNS.waitingPerAddress + 10);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused.length).toBe(10);
    while (handled.length < FAIR_TURNS.perAddress + FAIR_TURNS.waitingPerAddress) await nextTurn();
    await nextTurn();
    expect(handled.length).toBe(FAIR_TURNS.perAddress + FAIR_TURNS.waitingPerAddress);
  });
});

describe("fair turns on the server", () => {
  let colyseus: ColyseusTestServer;
  beforeAll(async () => {
    const server = createServer({ logger: pino({ level: "silent" }), trustProxy: 1 });
    await server.listen(PORT, "127.0.0.1");
    colyseus = new ColyseusTestServer(server);
  });
  afterAll(async () => colyseus.shutdown());

  it("answers every request of a burst from one address (200, or 429 with a reason)", async () => {
    const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => new Promise<{ status: number; body: string }>((resolve, reject) => {
      const path = i % 2 ? "/api/games" : "/healthz";
      http.get(`${BASE}${path}`, { agent, headers: { "x-forwarded-for": "10.3.0.1" } }, (res) => {
        let body = "";
        res.on("data", (c) => { body += c; });
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      }).on("error", reject);
    })));
    for (const a of answers) {
      expect([200, 429]).toContain(a.status);
      if (a.status === 429) expect(JSON.parse(a.body).error.code).toBe("too-many-requests");
    }
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(FAIR_TURNS.perAddress + FAIR_TURNS.waitingPerAddress);
  });
});
