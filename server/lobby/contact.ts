// A verified e-mail address that ties one person's games together across devices. No passwords: the
// player gives an address; a one-time sign-in link (`/#sign-in=SECRET`, 144 random bits, stored hashed,
// CONTACT_LINK_HOURS) is mailed to it; its Continue (a POST, as for seat links) verifies the address
// and gives that browser a contact key. A browser holding a contact key ties the seats it holds to the
// address ("Your games"); on another device, signing in with the same address lists them, and "take
// the seat here" issues that device its own seat key (server/table/seat-keys.ts), as a seat link does.
// A tie holds only while the seat key that made it opens the seat: signing the other devices out
// unties them. The address is a secret: it is never logged, never in a room's state or log, and never
// sent back (its holder sees it masked); the store reads it back only to send mail (server/notify).
import express, { type Request, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import { LimitRefusal, addressKey } from "../access/throttle.ts";
import { normalizeCode } from "../access/codes.ts";
import { requestAddress } from "../http-guard.ts";
import { hashSeatToken, type GameStore } from "../store/index.ts";
import { newSecret } from "../table/seat-keys.ts";
import { HttpError, answerErrors } from "./errors.ts";
import { MailAddress, type Mailer } from "./mail.ts";
import { SeatToken, limiter, parse, type MyGame } from "./route-input.ts";

/** How long a sign-in link works. */
export const CONTACT_LINK_HOURS = 24;
/** Contact requests (games, take, forget) one address may make in a minute. */
export const CONTACT_CALLS_PER_MINUTE = 30;
/** Sign-in links one address may try to spend in a minute. */
export const SIGN_IN_REDEEMS_PER_MINUTE = 10;
/** The seats one "Your games" request may name (this device's keys). */
export const CONTACT_SEATS_PER_CALL = 20;

const ContactKey = z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a contact key.");
const SignInBody = z.object({ email: MailAddress }).strict();
const RedeemBody = z.object({ secret: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a sign-in link.") }).strict();
const GamesBody = z.object({
  contactKey: ContactKey,
  seats: z.array(z.object({ code: z.string().max(16), seatToken: SeatToken }).strict()).max(CONTACT_SEATS_PER_CALL).default([]),
}).strict();
const KeyBody = z.object({ contactKey: ContactKey }).strict();
const TakeBody = z.object({ contactKey: ContactKey, code: z.string().max(16) }).strict();

const REFUSED: Record<string, [number, string]> = {
  unknown: [404, "This sign-in link is not known. Check that the whole link was copied, or ask for a new one."],
  spent: [410, "This sign-in link has already been used. Ask for a new one from the lobby."],
  expired: [410, `This sign-in link has expired (a link works for ${CONTACT_LINK_HOURS} hours). Ask for a new one from the lobby.`],
};

/** A game tied to the address, as its holder sees it: `here` when this device holds its seat. */
export interface ContactGame extends MyGame {
  here: boolean;
}

/** What the seat-key routes lend: a key's game, and a new key to a seat (seat-links.ts). */
export interface SeatAccess {
  lookUp(code: string, seatToken: string): Promise<MyGame | null>;
  issue(code: string, seat: number, by: string, req: Request): Promise<{ code: string; seat: number; name: string; seatToken: string }>;
}

/** An address as its holder sees it: the first letter of the mailbox and the domain ("a…@example.net"). */
export function masked(address: string): string {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, 1)}…${address.slice(at)}`;
}

/** The address a contact key opens, or a refusal. */
async function contactOfKey(store: GameStore, key: string): Promise<string> {
  const contact = await store.contactOfKey(hashSeatToken(key));
  if (!contact) throw new HttpError(403, "bad-contact-key", "This browser is no longer signed in with an address: sign in again.");
  return contact;
}

export function contactRoutes(logger: Logger, store: GameStore, seats: SeatAccess, mailer: Mailer | null): Router {
  const router = express.Router();
  const calls = limiter(CONTACT_CALLS_PER_MINUTE, "too-many-contact-calls", "requests about your address");
  const redeems = limiter(SIGN_IN_REDEEMS_PER_MINUTE, "too-many-links", "sign-in attempts");
  const contactOf = (key: string) => contactOfKey(store, key);

  router.post("/api/contact/sign-in", async (req, res) => {
    await calls(req);
    const { email } = parse(SignInBody, req.body);
    if (!mailer) throw new HttpError(400, "no-mail", "This server does not send mail, so it cannot sign you in by e-mail.");
    const secret = newSecret();
    const expiresAt = Date.now() + CONTACT_LINK_HOURS * 3600_000;
    const link = `${req.protocol}://${req.get("host") ?? "localhost"}/#sign-in=${secret}`;
    // Limits first (they throw): nothing is stored for a mail that is not sent.
    try {
      await mailer.sendSignIn(email, addressKey(requestAddress(req)), { link, expiresAt });
    } catch (e) {
      if (e instanceof LimitRefusal) throw e;
      // Never the error's text: an SMTP refusal may quote the address.
      logger.warn({ code: (e as { code?: unknown }).code ?? null }, "sign-in mail failed");
      throw new HttpError(503, "mail-failed", "The mail could not be sent just now: try again later.");
    }
    await store.addContactLink(hashSeatToken(secret), email, expiresAt);
    res.json({ mailed: true, expiresAt });
  });

  router.post("/api/contact/redeem", async (req, res) => {
    await redeems(req);
    const { secret } = parse(RedeemBody, req.body);
    const spent = await store.spendContactLink(hashSeatToken(secret));
    if ("refused" in spent) {
      const [status, message] = REFUSED[spent.refused]!;
      throw new HttpError(status, `link-${spent.refused}`, message);
    }
    const contactKey = newSecret();
    await store.addContactKey(hashSeatToken(contactKey), spent.contact);
    res.json({ contactKey });
  });

  // This device's seats are tied to the address; the answer lists every game the address ties.
  router.post("/api/contact/games", async (req, res) => {
    await calls(req);
    const body = parse(GamesBody, req.body);
    const contact = await contactOf(body.contactKey);
    const games = await tiedGames(store, seats, contact, body.seats);
    const address = await store.contactAddress(contact);
    res.json({ address: address ? masked(address) : "", games });
  });

  // This device takes a seat the address ties: a key of its own, as a seat link gives.
  router.post("/api/contact/take", async (req, res) => {
    await calls(req);
    const body = parse(TakeBody, req.body);
    const contact = await contactOf(body.contactKey);
    const code = normalizeCode(body.code);
    const tie = code ? (await store.contactSeats(contact)).find((t) => t.code === code) : undefined;
    if (!tie) throw new HttpError(404, "not-tied", "Your address ties no seat at that table: open it on a device that holds the seat first.");
    try {
      res.json(await seats.issue(tie.code, tie.seat, tie.by, req));
    } catch (e) {
      if (!(e instanceof HttpError) || (e.code !== "link-revoked" && e.code !== "link-gone")) throw e;
      await store.untieSeat(contact, tie.code);
      throw e.code === "link-gone" ? e : new HttpError(410, "untied", "The device that tied this seat to your address was signed out of it: open your games on a device that holds the seat, and it is tied again.");
    }
  });

  // Forget the address: its ties, its devices' keys and the address itself go.
  router.post("/api/contact/forget", async (req, res) => {
    await calls(req);
    const contact = await contactOf(parse(KeyBody, req.body).contactKey);
    await store.forgetContact(contact);
    res.json({ forgotten: true });
  });

  router.use(answerErrors(logger, "contact route"));
  return router;
}

/** Ties the seats this device holds to the address, then lists every game the address ties (untying those over or signed out). */
async function tiedGames(store: GameStore, seats: SeatAccess, contact: string, asked: { code: string; seatToken: string }[]): Promise<ContactGame[]> {
  const here = new Map<string, number>();
  for (const { code, seatToken } of asked) {
    const game = await seats.lookUp(code, seatToken);
    if (!game || game.status === "finished") continue;
    if (await store.tieSeat(contact, { code: game.code, seat: game.seat, by: hashSeatToken(seatToken) })) here.set(game.code, game.seat);
  }
  const games: ContactGame[] = [];
  for (const tie of await store.contactSeats(contact)) {
    const game = await store.getGame(tie.code);
    const seat = game?.seats.find((s) => s.seat === tie.seat && !s.bot);
    const holds = seat && (seat.tokenHash === tie.by || seat.keys?.some((k) => k.hash === tie.by));
    if (!game || game.status === "finished" || game.closed || game.broken || !seat || !holds) {
      await store.untieSeat(contact, tie.code); // over, or the key that tied it was signed out
      continue;
    }
    games.push({
      code: game.code, seat: seat.seat, name: seat.name, status: game.status, yourMove: false,
      ...(game.adjourned?.meetAt ? { meetAt: game.adjourned.meetAt } : {}), here: here.get(game.code) === seat.seat,
    });
  }
  return games;
}
