// Slow connections over real sockets, from loopback addresses of their own: one address may hold only
// so many connections that have not sent a whole request, and a connection that trickles its headers,
// never finishes its upgrade, or sends nothing is cut once a browser would long have finished.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { HEADERS_TIMEOUT_MS } from "../../server/http-guard.ts";
import { PORT } from "../room/helpers.ts";

const UNFINISHED = 5;

let colyseus: ColyseusTestServer;
const opened: net.Socket[] = [];
beforeAll(async () => {
  const server = createServer({ logger: pino({ level: "silent" }), limits: { unfinishedConnectionsPerAddress: UNFINISHED } });
  await server.listen(PORT, "127.0.0.1");
  colyseus = new ColyseusTestServer(server);
});
afterAll(async () => {
  for (const s of opened) s.destroy();
  await colyseus.shutdown();
});

/** A raw connection from this loopback address; `closed` resolves with how long after connecting the server cut it. */
function connect(address: string): Promise<{ socket: net.Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port: PORT, localAddress: address });
    opened.push(socket);
    socket.on("error", () => {});
    socket.once("connect", () => {
      const at = Date.now();
      const closed = new Promise<number>((done) => socket.once("close", () => done(Date.now() - at)));
      resolve({ socket, closed });
    });
    socket.once("error", reject);
  });
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, new Promise<"still open">((r) => setTimeout(() => r("still open"), ms))]);

describe("unfinished connections per address", () => {
  it("closes one over the cap at once, counts each address apart, and admits again once one finishes", async () => {
    const held: { socket: net.Socket; closed: Promise<number> }[] = [];
    for (let i = 0; i < UNFINISHED; i++) held.push(await connect("127.0.3.2"));
    const over = await connect("127.0.3.2");
    expect(await within(over.closed, 2000)).not.toBe("still open");
    for (const h of held) expect(await within(h.closed, 200)).toBe("still open");
    const other = await connect("127.0.3.3");
    expect(await within(other.closed, 500)).toBe("still open");
    // One of the held sends its request: no longer unfinished, it makes room.
    held[0]!.socket.write("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => held[0]!.socket.once("data", r));
    const next = await connect("127.0.3.2");
    expect(await within(next.closed, 500)).toBe("still open");
    for (const s of [...held, other, next]) s.socket.destroy();
  });
});

describe("slow connections", () => {
  it("cuts trickled headers, an upgrade that never finishes and a silent connection after the headers' timeout", async () => {
    const trickled = await connect("127.0.4.2");
    const request = "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + "a".repeat(200);
    let sent = 0;
    const drip = setInterval(() => { if (!trickled.socket.destroyed && sent < request.length) trickled.socket.write(request[sent++]!); }, 200);
    const upgrade = await connect("127.0.4.3");
    upgrade.socket.write("GET /abc/def?sessionId=x HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n");
    const silent = await connect("127.0.4.4");
    // Wide margins: a loaded machine runs the server's timers late (once over 5 s, beside a second test
    // run); still well under Node's own 60 s headers timeout, and a silent connection Node never cuts.
    const limit = HEADERS_TIMEOUT_MS + 15_000;
    const [a, b, c] = await Promise.all([within(trickled.closed, limit), within(upgrade.closed, limit), within(silent.closed, limit)]);
    clearInterval(drip);
    for (const [what, ms] of [["trickled headers", a], ["an unfinished upgrade", b], ["a silent connection", c]] as const) {
      expect(ms, what).not.toBe("still open");
      expect(ms as number, what).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 1000);
    }
  }, 45_000);
});
