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

/** An address a seat link may be sent to: one plain mailbox, no display name, no header tricks. */
export const MailAddress = z.string().trim().max(254).pipe(z.email("Give one plain e-mail address."));

export interface Mailer {
  /** Sends the seat link; refuses (LimitRefusal) over the limits per recipient and per seat. */
  sendSeatLink(to: string, seatKey: string, message: { name: string; code: string; link: string; expiresAt: number }): Promise<void>;
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
  /** Addresses are counted under a hash keyed by this process's own secret, never in the clear. */
  private readonly pepper = randomBytes(32);

  constructor(url: string, from: string) {
    this.transport = nodemailer.createTransport(url);
    this.from = from;
  }

  async sendSeatLink(to: string, seatKey: string, m: { name: string; code: string; link: string; expiresAt: number }): Promise<void> {
    const address = createHmac("sha256", this.pepper).update(to.toLowerCase()).digest("hex");
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
