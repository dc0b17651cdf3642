// One server for the room tests that send mail: a real SMTP server on 127.0.0.1 (tests/mail-server.ts),
// the server made with it (the routes read the mail settings when they are made) on the tests' port, its
// log lines kept as text for the secrecy checks, and a JSON POST helper.
import { Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import pino from "pino";
import { memoryStore } from "../../server/store/index.ts";
import { startMailServer, type MailServer, type ReceivedMail } from "../mail-server.ts";
import { BASE, startServer } from "./helpers.ts";

export interface MailRoom {
  store: ReturnType<typeof memoryStore>;
  /** Every line the server logged (debug and up). */
  logText: string[];
  /** The mails received so far, in order (filled once the server is up). */
  mails: ReceivedMail[];
  colyseus: ColyseusTestServer;
}

/** Starts the SMTP server and the server before the file's tests, and stops both after them. */
export function mailRoom(): MailRoom {
  const logText: string[] = [];
  const logSink = new Writable({ write(chunk, _enc, done) { logText.push(String(chunk)); done(); } });
  const at = { store: memoryStore(), logText, mails: [] as ReceivedMail[], colyseus: null as unknown as ColyseusTestServer };
  let smtp: MailServer;
  beforeAll(async () => {
    smtp = await startMailServer();
    at.mails = smtp.mails;
    const env = { SMTP_URL: smtp.url, MAIL_FROM: "New Angeles <tables@example.org>" };
    at.colyseus = (await startServer({ logger: pino({ level: "debug" }, logSink), store: at.store }, env)).colyseus;
  });
  afterAll(async () => {
    await at.colyseus.shutdown();
    await smtp.close();
  });
  return at;
}

/** A JSON POST to the server: its status and parsed body. */
export async function post(path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}
