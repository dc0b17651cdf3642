// Seat links by e-mail (nodemailer), when the operator sets SMTP_URL and MAIL_FROM. An address is a
// secret: it is used to send one message and forgotten; it is never logged, stored or sent to anyone
// else, and the limits count it only by a keyed hash held in this process's memory.
import { createHmac, randomBytes } from "node:crypto";
import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { LimitRefusal } from "../access/throttle.ts";

/** Seat-link mails one recipient address may get in an hour. */
export const MAILS_PER_ADDRESS_PER_HOUR = 3;
/** Seat-link mails one seat may have sent in an hour. */
export const MAILS_PER_SEAT_PER_HOUR = 3;
/** Sign-in mails (a verified address, server/lobby/contact.ts) one address may get, and one IP ask for, in an hour. */
export const SIGN_IN_MAILS_PER_ADDRESS_PER_HOUR = 3;
export const SIGN_IN_MAILS_PER_IP_PER_HOUR = 10;

/** An address a seat link may be sent to: one plain mailbox, no display name, no header tricks. */
export const MailAddress = z.string().trim().max(254).pipe(z.email("Give one plain e-mail address."));

export interface Mailer {
  /** Sends the seat link; refuses (LimitRefusal) over the limits per recipient and per seat. */
  sendSeatLink(to: string, seatKey: string, message: { name: string; code: string; link: string; expiresAt: number }): Promise<void>;
  /** Sends a sign-in link to an address; refuses (LimitRefusal) over the limits per address and per IP. */
  sendSignIn(to: string, ip: string, message: { link: string; expiresAt: number }): Promise<void>;
  /** Sends any other message (nudges, server/notify): no limit here, the caller keeps its own. */
  send(message: { to: string; subject: string; text: string; headers?: Record<string, string> }): Promise<void>;
}

/** The mailer the settings ask for, or null (no SMTP_URL or no MAIL_FROM: links are not mailed). */
export function mailerFrom(env: { SMTP_URL?: string; MAIL_FROM?: string }): Mailer | null {
  if (!env.SMTP_URL || !env.MAIL_FROM) return null;
  return new SmtpMailer(env.SMTP_URL, env.MAIL_FROM);
}

class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  private readonly from: string;
  private readonly perAddress = new RateLimiterMemory({ points: MAILS_PER_ADDRESS_PER_HOUR, duration: 3600 });
  private readonly perSeat = new RateLimiterMemory({ points: MAILS_PER_SEAT_PER_HOUR, duration: 3600 });
  private readonly signInsPerAddress = new RateLimiterMemory({ points: SIGN_IN_MAILS_PER_ADDRESS_PER_HOUR, duration: 3600 });
  private readonly signInsPerIp = new RateLimiterMemory({ points: SIGN_IN_MAILS_PER_IP_PER_HOUR, duration: 3600 });
  /** Addresses are counted under a hash keyed by this process's own secret, never in the clear. */
  private readonly pepper = randomBytes(32);

  constructor(url: string, from: string) {
    this.transport = nodemailer.createTransport(url);
    this.from = from;
  }

  /** An address as the limits count it: a hash keyed by this process's secret. */
  private counted(to: string): string {
    return createHmac("sha256", this.pepper).update(to.trim().toLowerCase()).digest("hex");
  }

  async sendSignIn(to: string, ip: string, m: { link: string; expiresAt: number }): Promise<void> {
    await spend(this.signInsPerIp, ip, `Your address has asked for ${SIGN_IN_MAILS_PER_IP_PER_HOUR} sign-in mails this hour: try again later.`);
    await spend(this.signInsPerAddress, this.counted(to), `That address has had ${SIGN_IN_MAILS_PER_ADDRESS_PER_HOUR} sign-in mails this hour: look for them, or try again later.`);
    await this.transport.sendMail({
      from: this.from,
      to,
      subject: "Sign in to New Angeles",
      text: `Open this link on the device you want to play on, and press Continue: your games (and the seats you have tied to this address) come with it.\n\n${m.link}\n\n`
        + `It works once, until ${new Date(m.expiresAt).toUTCString()}. If you did not ask for it, ignore this message: nothing happens until the link is used.\n`,
    });
  }

  async send(m: { to: string; subject: string; text: string; headers?: Record<string, string> }): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text, ...(m.headers ? { headers: m.headers } : {}) });
  }

  async sendSeatLink(to: string, seatKey: string, m: { name: string; code: string; link: string; expiresAt: number }): Promise<void> {
    const address = this.counted(to);
    await spend(this.perSeat, seatKey, `This seat has had ${MAILS_PER_SEAT_PER_HOUR} links mailed this hour: try again later, or copy the link.`);
    await spend(this.perAddress, address, `That address has had ${MAILS_PER_ADDRESS_PER_HOUR} links this hour: try again later, or copy the link.`);
    const until = new Date(m.expiresAt).toUTCString();
    await this.transport.sendMail({
      from: this.from,
      to,
      subject: `Your seat at New Angeles table ${m.code}`,
      text: `Open this link on your other device to take your seat (${m.name}) at table ${m.code}:\n\n${m.link}\n\n`
        + `It works once, until ${until}. If you did not ask for it, ignore this message.\n`,
    });
  }
}

async function spend(limiter: RateLimiterMemory, key: string, message: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (e) {
    if (!(e instanceof RateLimiterRes)) throw e;
    throw new LimitRefusal("too-many-mails", message, Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
  }
}
