// Seat links and a verified address across two server processes sharing one Redis and one PostgreSQL,
// all started by this test on 127.0.0.1, with a real SMTP server: Ann's game lives on process A; she
// asks for a seat link through process B and spends it through B (the room is called across processes);
// she signs in with her address through B, ties her seat through A, and a second device takes the seat
// through B. Each new key takes the seat on A. Neither process logs the address, a link or a key.
import { afterAll, describe, expect, it } from "vitest";
import { until } from "../room/helpers.ts";
import { freePort, startPostgres, startRedis, startServer, stopAll, type ServerProcess } from "./services.ts";
import { join } from "./players.ts";
import { startMailServer } from "../mail-server.ts";

afterAll(stopAll);
const redis = await startRedis();
const postgres = redis ? await startPostgres() : null;
const smtp = await startMailServer();
const mails = smtp.mails;
afterAll(() => smtp.close());

async function post(server: ServerProcess, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

describe.skipIf(!redis || !postgres)("seat links and a verified address across two processes", () => {
  it("asks, spends and takes seats through the process that does not hold the room", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const env = (port: number) => ({
      REDIS_URL: redis!.url, DATABASE_URL: postgres!.url, PUBLIC_ADDRESS: `127.0.0.1:${port}`, LOG_LEVEL: "debug",
      SMTP_URL: smtp.url, MAIL_FROM: "tables@example.org",
    });
    const a = await startServer(env(portA), portA);
    const b = await startServer(env(portB), portB);
    const created = await post(a, "/api/games", { seats: 4, bots: 3, botDelayMs: 0, graceSeconds: 600 });
    expect(created.status).toBe(201);
    const { code, roomId } = created.body;
    const ann = await join(a, roomId, { code, name: "Ann" });
    const token = ann.seat.seatToken;
    const secrets = [token];

    // A seat link asked for and spent through B: the new key takes Ann's seat on A.
    const asked = await post(b, `/api/games/${code}/seat-link`, { seatToken: token });
    expect(asked.status).toBe(200);
    const secret = asked.body.link.split("#seat-link=")[1];
    secrets.push(secret);
    const redeemed = await post(b, "/api/seat-links/redeem", { secret });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ code, seat: ann.seat.seat, name: "Ann" });
    secrets.push(redeemed.body.seatToken);
    expect((await post(a, "/api/seat-links/redeem", { secret })).status).toBe(410); // spent, whichever process is asked
    const tablet = await join(a, roomId, { code, seatToken: redeemed.body.seatToken });
    expect(tablet.seat).toMatchObject({ seat: ann.seat.seat, seatToken: redeemed.body.seatToken });

    // The address: signed in through B, the seat tied through A, taken on a third device through B.
    const address = "ann.two@example.net";
    expect((await post(b, "/api/contact/sign-in", { email: address })).status).toBe(200);
    await until(() => mails.length === 1, 15_000, "the sign-in mail");
    expect(mails[0]!.to).toBe(address);
    const link = mails[0]!.text.match(/#sign-in=([A-Za-z0-9_-]+)/)![1]!;
    secrets.push(link);
    const contactKey = (await post(a, "/api/contact/redeem", { secret: link })).body.contactKey;
    secrets.push(contactKey);
    const tied = await post(a, "/api/contact/games", { contactKey, seats: [{ code, seatToken: token }] });
    expect(tied.body.games).toEqual([expect.objectContaining({ code, seat: ann.seat.seat, here: true })]);
    const listed = await post(b, "/api/contact/games", { contactKey });
    expect(listed.body.games).toEqual([expect.objectContaining({ code, seat: ann.seat.seat, here: false })]);
    const taken = await post(b, "/api/contact/take", { contactKey, code });
    expect(taken.status).toBe(200);
    secrets.push(taken.body.seatToken);
    const phone = await join(a, roomId, { code, seatToken: taken.body.seatToken });
    expect(phone.seat.seat).toBe(ann.seat.seat);

    // Neither process logged the address, a link or a key.
    expect(a.output()).toContain("table created"); // the log is there to search
    for (const server of [a, b]) {
      const out = server.output();
      expect(out).not.toContain("example.net");
      for (const s of secrets) expect(out).not.toContain(s);
    }
    phone.room.leave();
  }, 120_000);
});
