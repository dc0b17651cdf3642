// The player's and the host's nudge settings (the sending: server/notify). A seat key's holder turns Web
// Push on or off for that seat (a browser's subscription: its endpoint is a secret URL, kept for that
// seat only); the host sets or clears the table's webhook (Discord or Slack; only the hosts those
// services use, or the operator's NUDGE_WEBHOOK_HOSTS, so the server never posts to an address of a
// stranger's choosing; the URL is never logged or sent back but as its scheme and host); anyone with a
// message's one-click link stops that seat's nudges at that table (the GET shows a button, so a link
// scanner unsubscribes nobody; the POST, RFC 8058 one-click included, does it).
import express, { type Request, type Router } from "express";
import type { Logger } from "pino";
import { z } from "zod";
import type { GameStore } from "../store/index.ts";
import { newSecret } from "../table/seat-keys.ts";
import { HttpError, answerErrors } from "./errors.ts";
import { SeatToken, limiter, parse, type MyGame } from "./route-input.ts";

/** Push subscriptions one seat keeps (the oldest go). */
export const PUSH_SUBSCRIPTIONS_PER_SEAT = 5;
/** Nudge-setting requests one address may make in a minute. */
export const NUDGE_CALLS_PER_MINUTE = 30;
/** The webhook hosts allowed when the operator names none. */
const WEBHOOK_HOSTS: Record<string, "discord" | "slack"> = { "discord.com": "discord", "discordapp.com": "discord", "hooks.slack.com": "slack" };

const Base64Url = z.string().min(16).max(200).regex(/^[A-Za-z0-9_-]+=*$/);
const PushBody = z.object({
  seatToken: SeatToken,
  subscription: z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(1000), keys: z.object({ p256dh: Base64Url, auth: Base64Url }).strict() }).strict().optional(),
  off: z.url().max(1000).optional(),
}).strict();
const HookBody = z.object({ seatToken: SeatToken, url: z.url({ protocol: /^https?$/ }).max(500).nullable(), format: z.enum(["discord", "slack"]).optional() }).strict();
const NudgesBody = z.object({ seatToken: SeatToken, on: z.boolean().optional() }).strict();
const UnsubscribeQuery = z.object({ token: z.string().min(16).max(64).regex(/^[A-Za-z0-9_-]+$/) });

/** A webhook URL as its host sees it back: the scheme and host, the rest hidden. */
export function maskedUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}/…`;
}

export interface NudgeSeats {
  lookUp(code: string, seatToken: string): Promise<MyGame | null>;
  /** The host's seat at a live table, or -1. */
  hostSeat(code: string, req: Request): Promise<number>;
}

export function nudgeRoutes(logger: Logger, store: GameStore, seats: NudgeSeats, env: { VAPID_PUBLIC_KEY?: string; NUDGE_WEBHOOK_HOSTS?: string } = process.env): Router {
  env = { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, NUDGE_WEBHOOK_HOSTS: env.NUDGE_WEBHOOK_HOSTS }; // read once, at start
  const router = express.Router();
  const calls = limiter(NUDGE_CALLS_PER_MINUTE, "too-many-nudge-calls", "requests about nudges");
  const hosts: Record<string, "discord" | "slack" | null> = env.NUDGE_WEBHOOK_HOSTS
    ? Object.fromEntries(env.NUDGE_WEBHOOK_HOSTS.split(",").map((h) => [h.trim(), null])) : WEBHOOK_HOSTS;
  const noKey = () => new HttpError(403, "bad-seat-key", "This browser's key no longer opens a seat at that table.");

  router.get("/api/nudges/push-key", (_req, res) => {
    if (!env.VAPID_PUBLIC_KEY) throw new HttpError(404, "no-push", "This server does not send push notifications.");
    res.json({ publicKey: env.VAPID_PUBLIC_KEY });
  });

  router.post("/api/games/:code/push", async (req, res) => {
    await calls(req);
    const body = parse(PushBody, req.body);
    if (!env.VAPID_PUBLIC_KEY) throw new HttpError(400, "no-push", "This server does not send push notifications.");
    const game = await seats.lookUp(String(req.params.code), body.seatToken);
    if (!game) throw noKey();
    if (body.subscription) {
      const { endpoint, keys } = body.subscription;
      await store.addPushSubscription(game.code, game.seat, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, PUSH_SUBSCRIPTIONS_PER_SEAT);
    }
    if (body.off) await store.removePushSubscription(game.code, game.seat, body.off);
    res.json({ push: body.subscription !== undefined });
  });

  router.post("/api/games/:code/webhook", async (req, res) => {
    await calls(req);
    const body = parse(HookBody, req.body);
    const game = await seats.lookUp(String(req.params.code), body.seatToken);
    if (!game) throw noKey();
    if ((await seats.hostSeat(game.code, req)) !== game.seat) throw new HttpError(403, "not-host", "Only the host can set the table's webhook.");
    if (body.url === null) {
      await store.setWebhook(game.code, null);
      return void res.json({ webhook: null });
    }
    const format = webhookFormat(body.url, body.format, hosts, !!env.NUDGE_WEBHOOK_HOSTS);
    await store.setWebhook(game.code, { url: body.url, format });
    logger.info({ code: game.code, format }, "table webhook set");
    res.json({ webhook: maskedUrl(body.url), format });
  });

  // A seat key's holder reads whether that seat gets nudges at this table, or turns them all off (as the
  // mailed one-click link does: pending ones are cancelled) or on again (from its next owed decision).
  router.post("/api/games/:code/nudges", async (req, res) => {
    await calls(req);
    const body = parse(NudgesBody, req.body);
    const game = await seats.lookUp(String(req.params.code), body.seatToken);
    if (!game) throw noKey();
    const prefs = await store.nudgeSeat(game.code, game.seat, newSecret());
    if (body.on === false) await store.unsubscribeNudges(prefs.unsubscribe);
    if (body.on === true) await store.resubscribeNudges(game.code, game.seat);
    res.json({ nudges: body.on ?? !prefs.optedOut });
  });

  unsubscribeRoutes(router, store, calls);
  router.use(answerErrors(logger, "nudge route"));
  return router;
}

/**
 * The format a webhook address takes, or a refusal: only the allowed hosts (https, unless the operator
 * named the hosts), in the format asked or the host's own.
 */
function webhookFormat(url: string, asked: "discord" | "slack" | undefined, hosts: Record<string, "discord" | "slack" | null>, operatorHosts: boolean): "discord" | "slack" {
  const { host, protocol } = new URL(url);
  if (!(host in hosts) || (protocol !== "https:" && !operatorHosts)) {
    throw new HttpError(400, "webhook-host", "Give a Discord or Slack webhook address (https://discord.com/api/webhooks/… or https://hooks.slack.com/…).");
  }
  const format = asked ?? hosts[host] ?? null;
  if (!format) throw new HttpError(400, "webhook-format", "Say which format the webhook takes: discord or slack.");
  return format;
}

/** A message's one-click unsubscribe link: the GET shows a button (a link scanner unsubscribes nobody); the POST does it. */
function unsubscribeRoutes(router: Router, store: GameStore, calls: (req: Request) => Promise<void>): void {
  async function unsubscribe(req: Request): Promise<{ code: string } | null> {
    const q = UnsubscribeQuery.safeParse(req.query);
    return q.success ? store.unsubscribeNudges(q.data.token) : null;
  }

  router.get("/api/nudges/unsubscribe", (req, res) => {
    const q = UnsubscribeQuery.safeParse(req.query);
    res.set("Cache-Control", "no-store").set("Referrer-Policy", "no-referrer").type("html");
    if (!q.success) return void res.status(400).send(page("This unsubscribe link is not whole: check that all of it was copied."));
    res.send(page(`Stop the "your move" messages for this table?</p><form method="post"><button type="submit">Unsubscribe</button></form><p>`));
  });

  router.post("/api/nudges/unsubscribe", async (req, res) => {
    await calls(req);
    const done = await unsubscribe(req);
    res.set("Cache-Control", "no-store").set("Referrer-Policy", "no-referrer").type("html");
    if (!done) return void res.status(404).send(page("This unsubscribe link is not known."));
    res.send(page(`You will get no more "your move" messages for table ${done.code}.`));
  });
}

function page(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>New Angeles</title></head><body><h1>New Angeles</h1><p>${body}</p></body></html>`;
}
