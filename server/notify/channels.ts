// Where a nudge goes: the player's verified address (nodemailer, through server/lobby/mail.ts), the
// browsers that turned on Web Push for the seat (the `web-push` package, VAPID keys from the
// environment, one collapsing topic per table), and the table's webhook set by its host (Discord or
// Slack format). Each send says "done", "retry" (with when, if the far side said: Retry-After), or
// "gone" (the subscription or hook no longer exists). No error text is logged here: it may quote an
// address, an endpoint or a webhook URL.
import type { Agent } from "node:https";
import webpush from "web-push";
import type { PushSubscriptionRow } from "../store/index.ts";

export type Sent = { ok: true } | { ok: false; gone?: boolean; retryAfterMs?: number };

/** The VAPID settings (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT), or null: no Web Push. */
export interface Vapid { publicKey: string; privateKey: string; subject: string }

export function vapidFrom(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT?: string }): Vapid | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || "mailto:operator@example.invalid" };
}

/** One topic per table (at most 32 URL-safe characters): a newer nudge replaces an undelivered one. */
export function pushTopic(code: string): string {
  return `na-${code.replace(/[^A-Za-z0-9]/g, "")}`.slice(0, 32);
}

/** A push message's bytes, as the service worker (client/public/nudge-sw.js) reads them: the table is its tag. */
export function pushPayload(code: string, payload: { title: string; body: string; url: string }): string {
  return JSON.stringify({ ...payload, tag: code });
}

/** `agent`: tests only (a push service of their own with its own certificate). */
export async function sendPush(vapid: Vapid, sub: PushSubscriptionRow, code: string, payload: { title: string; body: string; url: string }, agent?: Agent): Promise<Sent> {
  try {
    await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, pushPayload(code, payload), {
      vapidDetails: vapid, TTL: 24 * 3600, topic: pushTopic(code), urgency: "normal", timeout: 10_000, ...(agent ? { agent } : {}),
    });
    return { ok: true };
  } catch (e) {
    const status = (e as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) return { ok: false, gone: true };
    return { ok: false, retryAfterMs: retryAfter((e as { headers?: Record<string, string> }).headers?.["retry-after"]) };
  }
}

/** A webhook message: Discord takes `content`, Slack `text`. Public words only: a group channel reads it. */
export async function sendWebhook(hook: { url: string; format: "discord" | "slack" }, text: string, id: string): Promise<Sent> {
  const body = hook.format === "discord" ? { content: text, allowed_mentions: { parse: [] } } : { text };
  try {
    const res = await fetch(hook.url, {
      method: "POST", headers: { "content-type": "application/json", "idempotency-key": id }, body: JSON.stringify(body),
      redirect: "error", signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel().catch(() => {});
    if (res.ok) return { ok: true };
    if (res.status === 404 || res.status === 410) return { ok: false, gone: true };
    return { ok: false, retryAfterMs: retryAfter(res.headers.get("retry-after")) };
  } catch {
    return { ok: false };
  }
}

/** Retry-After in seconds (or an HTTP date), as ms from now; undefined when absent or unreadable. */
function retryAfter(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}
