// A seat that follows its player, over HTTP (the keys themselves: server/table/seat-keys.ts). The
// holder of a seat key lists the seat's devices, signs the others out, and asks for a seat link: a
// one-time secret (144 random bits, stored hashed, 72 hours) shown as a link and a QR code, or mailed.
// The link is `/#seat-link=SECRET`: the secret rides in the fragment, which no browser sends, so
// opening it (a GET, a link scanner, a chat preview) reaches nobody's log and spends nothing; only
// the page's Continue button (POST /api/seat-links/redeem) spends it and gives that browser a key.
// "My games" answers, for the keys a browser holds, each unfinished game's state.
// Nothing here logs a key, a secret or an address; every answer carrying one is for its holder only.
import express, { type Request, type Router } from "express";
import { matchMaker } from "@colyseus/core";
import type { Logger } from "pino";
import QRCode from "qrcode";
import { z } from "zod";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { ROOM_NAME as ROOM } from "../../shared/room-protocol.ts";
import { normalizeCode } from "../access/codes.ts";
import { LimitRefusal, addressKey } from "../access/throttle.ts";
import type { TableMetadata } from "../access/metadata.ts";
import { requestAddress } from "../http-guard.ts";
import { hashSeatToken, type GameStore, type StoredGame } from "../store/index.ts";
import { newSecret, type SeatDevice } from "../table/seat-keys.ts";
import { HttpError, answerErrors } from "./errors.ts";
import { SeatToken, limiter, parse, type MyGame } from "./route-input.ts";
import { MailAddress, mailerFrom, type Mailer } from "./mail.ts";
import { contactRoutes } from "./contact.ts";
import { nudgeRoutes } from "./nudge-routes.ts";

/** How long a seat link works. */
export const SEAT_LINK_HOURS = 72;
/** Seat-key requests (devices, sign-out, links) one address may make in a minute. */
export const SEAT_KEY_CALLS_PER_MINUTE = 30;
/** Links one address may try to spend in a minute. */
export const REDEEMS_PER_MINUTE = 10;
/** "My games" look-ups one address may make in a minute, and the seats one look-up may name. */
export const MY_GAMES_PER_MINUTE = 12;
export const MY_GAMES_SEATS = 20;

const KeyBody = z.object({ seatToken: SeatToken }).strict();
const LinkBody = z.object({ seatToken: SeatToken, email: MailAddress.optional() }).strict();
const RedeemBody = z.object({ secret: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/, "Not a seat link.") }).strict();
const MyGamesBody = z.object({ seats: z.array(z.object({ code: z.string().max(16), seatToken: SeatToken }).strict()).max(MY_GAMES_SEATS) }).strict();

const REFUSED: Record<string, [number, string]> = {
  unknown: [404, "This seat link is not known. Check that the whole link was copied, or ask for a new one."],
  spent: [410, "This seat link has already been used. Ask for a new one on a device that holds your seat."],
  expired: [410, `This seat link has expired (a link works for ${SEAT_LINK_HOURS} hours). Ask for a new one on a device that holds your seat.`],
  revoked: [410, "This seat link was withdrawn: a newer link was made for the seat, or its other devices were signed out. Ask for a new one on a device that holds your seat."],
  full: [409, "This seat is signed in on as many devices as it may be: sign the other devices out first."],
  gone: [410, "This game is over or closed: the link opens nothing any more."],
};

function refused(why: string): HttpError {
  const [status, message] = REFUSED[why] ?? REFUSED.unknown!;
  return new HttpError(status, `link-${why}`, message);
}


/**
 * `wake` brings a parked game's room back within the lobby's limits on waking (routes.ts gives it);
 * `mailer` sends links by mail
 * (null: not offered; by default from SMTP_URL and MAIL_FROM).
 */
export function seatLinkRoutes(logger: Logger, store: GameStore, wake?: (code: string, ip: string | undefined) => Promise<void>, mailer: Mailer | null = mailerFrom(process.env)): Router {
  const router = express.Router();
  const keyCalls = limiter(SEAT_KEY_CALLS_PER_MINUTE, "too-many-seat-calls", "seat-key requests");
  const redeems = limiter(REDEEMS_PER_MINUTE, "too-many-links", "seat-link attempts");
  const lookUps = limiter(MY_GAMES_PER_MINUTE, "too-many-look-ups", "look-ups of your games");
  const { noKey, roomOf, call, seatOf, issue, lookUp } = seatRooms(logger, store, wake);

  router.use(["/api/games/:code/devices", "/api/games/:code/seat-link", "/api/seat-links", "/api/my-games", "/api/contact", "/api/games/:code/push", "/api/games/:code/webhook", "/api/games/:code/nudges"], (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.post("/api/games/:code/devices", async (req, res) => {
    await keyCalls(req);
    const { seatToken } = parse(KeyBody, req.body);
    const { roomId } = await seatOf(req, seatToken);
    const devices = await call<SeatDevice[] | null>(roomId, "seatDevices", [seatToken]);
    if (!devices) throw noKey();
    res.json({ devices });
  });

  router.post("/api/games/:code/devices/sign-out", async (req, res) => {
    await keyCalls(req);
    const { seatToken } = parse(KeyBody, req.body);
    const { roomId, code, seat } = await seatOf(req, seatToken);
    const done = await call<{ seat: number; signedOut: number } | null>(roomId, "signOutOthers", [seatToken]);
    if (!done) throw noKey();
    await store.revokeSeatLinks(code, seat); // links asked for before are withdrawn too
    res.json({ signedOut: done.signedOut });
  });

  router.post("/api/games/:code/seat-link", async (req, res) => {
    await keyCalls(req);
    res.json(await seatLink(req, logger, store, mailer, seatOf));
  });

  router.post("/api/seat-links/redeem", async (req, res) => {
    await redeems(req);
    const { secret } = parse(RedeemBody, req.body);
    const spent = await store.spendSeatLink(hashSeatToken(secret));
    if ("refused" in spent) throw refused(spent.refused);
    res.json(await issue(spent.code, spent.seat, spent.by, req));
  });

  router.post("/api/my-games", async (req, res) => {
    await lookUps(req);
    const { seats } = parse(MyGamesBody, req.body);
    const games: MyGame[] = [];
    for (const { code, seatToken } of seats) {
      const game = await lookUp(code, seatToken);
      if (game) games.push(game);
    }
    // Your move first (in the order asked otherwise).
    games.sort((a, b) => Number(b.yourMove) - Number(a.yourMove));
    res.json({ games });
  });

  router.use(contactRoutes(logger, store, { lookUp, issue }, mailer));
  router.use(nudgeRoutes(logger, store, { lookUp, hostSeat: async (code, req) => {
    const roomId = await roomOf(code, req);
    return roomId ? call<number>(roomId, "hostSeatNow", []) : -1;
  } }));
  router.use(answerErrors(logger, "seat-link route"));
  return router;
}

/** The seat-key calls to a table's room, wherever it lives (woken by `wake` if parked). */
function seatRooms(logger: Logger, store: GameStore, wake?: (code: string, ip: string | undefined) => Promise<void>) {
const noKey = () => new HttpError(403, "bad-seat-key", "This browser's key no longer opens a seat at that table.");

/** The live room of a game (woken if parked), or null. */
async function roomOf(code: string | null, req: Request): Promise<string | null> {
  if (!code) return null;
  const [room] = await matchMaker.query({ name: ROOM, code } as never);
  if (room) return (room as { roomId: string }).roomId;
  const game = await store.getGame(code);
  if (!wake || !game || game.status === "finished" || game.closed || game.broken) return null;
  await wake(code, requestAddress(req));
  const [woken] = await matchMaker.query({ name: ROOM, code } as never);
  return (woken as { roomId: string } | undefined)?.roomId ?? null;
}

/**
 * A call to the room, wherever it lives. A failed remote call's error quotes its arguments (keys):
 * it is logged without its text, and answered with a sentence.
 */
async function call<T>(roomId: string, method: string, args: unknown[]): Promise<T> {
  try {
    return (await matchMaker.remoteRoomCall(roomId, method, args)) as T;
  } catch {
    logger.warn({ roomId, method }, "seat-key call to a room failed");
    throw new HttpError(503, "room-unreachable", "The table could not be reached just now: try again in a moment.");
  }
}

/** The room and seat a key opens, or a refusal. */
async function seatOf(req: Request, key: string): Promise<{ roomId: string; code: string; seat: number; name: string }> {
  const code = normalizeCode(req.params.code);
  const roomId = await roomOf(code, req);
  const seat = roomId ? await call<{ seat: number; name: string } | null>(roomId, "seatOfKey", [key]) : null;
  if (!roomId || !seat) throw noKey();
  return { roomId, code: code!, seat: seat.seat, name: seat.name };
}

/** A new key to a seat (woken if parked), if the key hashed `by` still opens it; or a refusal. */
async function issue(code: string, seatNumber: number, by: string, req: Request): Promise<{ code: string; seat: number; name: string; seatToken: string }> {
  const roomId = await roomOf(code, req);
  if (!roomId) throw refused("gone");
  const issued = await call<{ key: string } | { refused: string }>(roomId, "issueSeatKey", [seatNumber, by]);
  if ("refused" in issued) throw refused(issued.refused);
  const seat = await call<{ seat: number; name: string } | null>(roomId, "seatOfKey", [issued.key]);
  return { code, seat: seatNumber, name: seat?.name ?? "", seatToken: issued.key };
}

/** The game a seat key opens, and its state (a parked game is read from the store, not woken); or null. */
async function lookUp(asked: string, seatToken: string): Promise<MyGame | null> {
  const code = normalizeCode(asked);
  if (!code) return null;
  const [room] = await matchMaker.query({ name: ROOM, code } as never) as { roomId: string; metadata?: TableMetadata }[];
  if (room?.metadata) {
    const seat = await call<{ seat: number; name: string; yourMove: boolean } | null>(room.roomId, "seatOfKey", [seatToken]);
    if (!seat) return null;
    const m = room.metadata;
    return { code, seat: seat.seat, name: seat.name, status: m.status, yourMove: seat.yourMove, ...(m.status === "adjourned" && m.meetAt ? { meetAt: m.meetAt } : {}) };
  }
  const game = await store.getGame(code);
  if (!game || game.closed || game.broken) return null;
  const hash = hashSeatToken(seatToken);
  const seat = game.seats.find((s) => !s.bot && (s.tokenHash === hash || s.keys?.some((k) => k.hash === hash)));
  if (!seat) return null;
  // A parked turn-based game owes a decision where that seat's bank runs.
  const yourMove = game.status === "playing" && game.options.pace === "turn-based" && (await store.clocks(code)).some((c) => c.seat === seat.seat && c.owedSince !== null);
  return { code, seat: seat.seat, name: seat.name, status: game.status, yourMove, ...(game.adjourned?.meetAt ? { meetAt: game.adjourned.meetAt } : {}) };
}

  return { noKey, roomOf, call, seatOf, issue, lookUp };
}

type SeatOf = ReturnType<typeof seatRooms>["seatOf"];

/** A new sign-in link to the seat the request's key opens: mailed to the address given, or shown with its QR code. */
async function seatLink(req: Request, logger: Logger, store: GameStore, mailer: Mailer | null, seatOf: SeatOf) {
  const { seatToken, email } = parse(LinkBody, req.body);
  if (email !== undefined && !mailer) throw new HttpError(400, "no-mail", "This server does not send mail: copy the link or scan the code instead.");
  const { code, seat, name } = await seatOf(req, seatToken);
  const secret = newSecret();
  const expiresAt = Date.now() + SEAT_LINK_HOURS * 3600_000;
  await store.addSeatLink(hashSeatToken(secret), { code, seat, expiresAt, by: hashSeatToken(seatToken) });
  const link = `${req.protocol}://${req.get("host") ?? "localhost"}/#seat-link=${secret}`;
  if (email !== undefined) {
    try {
      await mailer!.sendSeatLink(email, `${code}:${seat}`, { name, code, link, expiresAt });
    } catch (e) {
      if (e instanceof LimitRefusal) throw e;
      // Never the error's text: an SMTP refusal may quote the address.
      logger.warn({ code: (e as { code?: unknown }).code ?? null }, "seat link mail failed");
      throw new HttpError(503, "mail-failed", "The mail could not be sent just now: copy the link instead, or try again later.");
    }
    return { mailed: true, expiresAt };
  }
  const qr = `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" })).toString("base64")}`;
  return { link, expiresAt, qr, mail: mailer !== null };
}
