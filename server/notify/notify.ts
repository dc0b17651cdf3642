// Nudges: "your move" for a person who has owed a decision for a while with no open connection. The
// table writes an outbox row (store `nudges`) in the same transaction as the command that makes a seat
// owe a decision (Table.nudgesAfter); this loop claims the due rows (one process at a time per row),
// and for each seat with rows due: cancels them if the decision was answered, the game is over or
// adjourned, or the seat opted out; waits while the seat is connected (looks again later); keeps to one
// message per player per table per hour (unless the deadline is under an hour away), folding every
// owed decision due meanwhile into the next message; then sends one message to each channel (the
// verified address, the seat's push subscriptions, the table's webhook), each marked done in the row so
// a retry (with backoff, or the far side's Retry-After) never sends it twice. The message's id is the
// outbox row's. `deadlineWarning` is the entry point for "most of your time is gone" warnings.
import type { Agent } from "node:https";
import type { Logger } from "pino";
import { hashSeatToken, type GameStore, type StoredNudge } from "../store/index.ts";
import { newSecret } from "../table/seat-keys.ts";
import { onVacation } from "../table/vacations.ts";
import type { Mailer } from "../lobby/mail.ts";
import { sendPush, sendWebhook, type Sent, type Vapid } from "./channels.ts";

/** A seat owes a decision this long, with no open connection, before "your move" goes out. */
export const NUDGE_AFTER_MS = 10 * 60_000;
/** At most one message per player per table in this long (deadline warnings and near deadlines aside). */
export const NUDGE_EVERY_MS = 60 * 60_000;
/** Retries: the first after this long, doubling, at most NUDGE_RETRY_MAX_MS apart, NUDGE_ATTEMPTS in all. */
export const NUDGE_RETRY_FIRST_MS = 30_000;
export const NUDGE_RETRY_MAX_MS = 60 * 60_000;
export const NUDGE_ATTEMPTS = 8;
/** Push subscriptions one seat keeps. */
export const PUSH_SUBSCRIPTIONS_PER_SEAT = 5;
/** How long a seat link in a nudge works. */
const LINK_MS = 72 * 3600_000;

/** What the live room says of a seat now (null from `seatNow`: no room holds the game in memory). */
export interface SeatNow {
  status: "lobby" | "playing" | "adjourned" | "finished";
  name: string;
  owes: boolean;
  connected: boolean;
  /** What the seat owes, in a few words ("your main offer"). */
  owed: string;
  /** The decision's absolute deadline (ms), or null. */
  deadline: number | null;
}

export interface NotifierOptions {
  store: GameStore;
  logger: Logger;
  /** The page's address (https://games.example.org), for the links in a message. */
  baseUrl: string;
  mailer: Mailer | null;
  vapid: Vapid | null;
  seatNow(code: string, seat: number): Promise<SeatNow | null>;
  /** The clock (tests set it ahead: days pass in seconds, through the same code). */
  now?: () => number;
  /** Tests only: the HTTPS agent for their own push service. */
  pushAgent?: Agent;
}

/** A group of one seat's due rows, sent as one message. */
interface Due { code: string; seat: number; rows: StoredNudge[] }

const deadlineWords = (deadline: number | null) => deadline !== null ? ` Deadline: ${new Date(deadline).toUTCString()}.` : "";
const nudgeHeadline = (code: string, warning: boolean) => warning ? `Most of your time is gone at table ${code}` : `Your move at New Angeles table ${code}`;

/** What a push nudge says (sendPush adds the table as its tag): the headline, who owes what by when, the table. */
export function pushNudge(code: string, m: { name: string; owed: string; deadline: number | null; warning: boolean }): { title: string; body: string; url: string } {
  return { title: nudgeHeadline(code, m.warning), body: `${m.name}: ${m.owed}.${deadlineWords(m.deadline)}`, url: `/?join=${encodeURIComponent(code)}` };
}

export class Notifier {
  private readonly o: NotifierOptions;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(options: NotifierOptions) {
    this.o = options;
    this.now = options.now ?? Date.now;
  }

  /** True when the server has any channel to send nudges by. */
  static enabled(o: { mailer: unknown; vapid: unknown; webhooks: boolean }): boolean {
    return Boolean(o.mailer || o.vapid || o.webhooks);
  }

  start(everyMs = 15_000): void {
    this.timer ??= setInterval(() => { void this.tick(); }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /**
   * "Most of your time is gone" for a seat (a time bank's 75%, from the table that keeps it): a
   * message sent at once (past the hourly limit), with the deadline, unless the seat is connected.
   * `seq`: the command after which the seat owes the decision.
   */
  async deadlineWarning(code: string, seat: number, seq: number, deadline: number): Promise<void> {
    await this.o.store.addNudges(code, seq, [{ seat, kind: "deadline-warning", afterMs: 0, deadline }]);
  }

  /** Handles every due row once (one pass; the timer calls it). Resolves when the pass is done. */
  tick(): Promise<void> {
    this.running ??= this.pass().catch((e) => {
      this.o.logger.warn({ err: { message: (e as Error).message } }, "nudge pass failed");
    }).finally(() => { this.running = null; });
    return this.running;
  }

  private async pass(): Promise<void> {
    for (;;) {
      const rows = await this.o.store.claimNudges(50, 5 * 60_000, this.now());
      if (rows.length === 0) return;
      const groups = new Map<string, Due>();
      for (const r of rows) {
        const key = `${r.code}:${r.seat}`;
        const g = groups.get(key) ?? { code: r.code, seat: r.seat, rows: [] };
        g.rows.push(r);
        groups.set(key, g);
      }
      for (const g of groups.values()) await this.handle(g);
    }
  }

  private async handle(due: Due): Promise<void> {
    const { store } = this.o;
    const now = this.now();
    const cancel = (rows: StoredNudge[]) => Promise.all(rows.map((r) => store.settleNudge(r.id, { state: "cancelled" })));
    const later = (rows: StoredNudge[], at: number) => Promise.all(rows.map((r) => store.settleNudge(r.id, { state: "pending", nextAt: at })));
    const live = await this.o.seatNow(due.code, due.seat);
    const game = live ? null : await store.getGame(due.code);
    const status = live?.status ?? (game && !game.closed && !game.broken ? game.status : "finished");
    if (status !== "playing") return void await cancel(due.rows);
    // A seat on vacation hears nothing (a live room says it owes nothing; a parked game's store says it is away).
    if (!live && onVacation(game?.vacations, due.seat, now)) return void await cancel(due.rows);
    // A turn-based seat's clock: its decision's deadline is when its bank runs out.
    const clock = (await store.clocks(due.code)).find((c) => c.seat === due.seat);
    // A "your move" for a decision the seat was already told of (a second row for it: written again by a
    // game restored after a crash, or on leaving again) is not sent again.
    const told = await store.lastNudgeSent(due.code, due.seat, "your-move");
    const toldOfIt = told !== null && (await store.commandsOfSeatSince(due.code, due.seat, told)) === 0;
    // Each row still owed: no command of the seat since (and, with a live room, the room says it owes);
    // a bank's reminder, while that bank's run goes on (the same deadline).
    const owed: StoredNudge[] = [];
    for (const r of due.rows) {
      const bankRun = clock && r.kind === "deadline-warning" && r.deadline !== null;
      const over = bankRun ? clock.dueAt !== r.deadline : (r.kind === "your-move" && toldOfIt) || (await store.commandsOfSeatSince(due.code, due.seat, r.seq)) > 0;
      if ((live && !live.owes) || over) await store.settleNudge(r.id, { state: "cancelled" });
      else owed.push(r);
    }
    if (owed.length === 0) return;
    if (live?.connected) return void await later(owed, now + NUDGE_AFTER_MS); // there: looked at again later
    const prefs = await store.nudgeSeat(due.code, due.seat, newSecret());
    if (prefs.optedOut) return void await cancel(owed);
    const deadline = live?.deadline ?? clock?.dueAt ?? owed.map((r) => r.deadline).find((d) => d !== null) ?? null;
    const urgent = owed.some((r) => r.kind === "deadline-warning") || (deadline !== null && deadline - now < NUDGE_EVERY_MS);
    const retry = owed.some((r) => r.attempts > 0);
    if (!urgent && !retry && now - prefs.lastSentAt < NUDGE_EVERY_MS) return void await later(owed, prefs.lastSentAt + NUDGE_EVERY_MS);
    await this.send(due, owed, { name: live?.name ?? game?.seats.find((s) => s.seat === due.seat)?.name ?? `Seat ${due.seat + 1}`,
      owed: live?.owed ?? "a decision", deadline, unsubscribe: prefs.unsubscribe, warning: owed.some((r) => r.kind === "deadline-warning") });
  }

  private async send(due: Due, rows: StoredNudge[], m: { name: string; owed: string; deadline: number | null; unsubscribe: string; warning: boolean }): Promise<void> {
    const { store, baseUrl } = this.o;
    const id = rows[0]!.id; // the message's id: one row's, whichever channel
    const done = new Set(rows.flatMap((r) => r.delivered));
    const attempts = Math.max(...rows.map((r) => r.attempts)) + 1;
    const tableLink = `${baseUrl}/?join=${encodeURIComponent(due.code)}`;
    const unsubscribe = `${baseUrl}/api/nudges/unsubscribe?token=${m.unsubscribe}`;
    const when = deadlineWords(m.deadline);
    const headline = nudgeHeadline(due.code, m.warning);
    const results: [string, Sent][] = [];
    const targets: [string, () => Promise<Sent>][] = [];

    // The verified addresses tied to this seat, while the key that tied each still opens it.
    const game = await store.getGame(due.code);
    const seat = game?.seats.find((s) => s.seat === due.seat);
    for (const tie of await store.contactsOfSeat(due.code, due.seat)) {
      if (!this.o.mailer || !seat || !(seat.tokenHash === tie.by || seat.keys?.some((k) => k.hash === tie.by))) continue;
      const address = await store.contactAddress(tie.contact);
      if (!address) continue;
      targets.push([`mail:${tie.contact}`, async () => {
        // A fresh seat link (the seat's one live link): opens the seat on any device, once.
        const secret = newSecret();
        await store.addSeatLink(hashSeatToken(secret), { code: due.code, seat: due.seat, expiresAt: Date.now() + LINK_MS, by: tie.by });
        const text = `${m.name}, ${m.warning ? "most of your time for this decision is gone" : "the table is waiting for you"}: ${m.owed}.${when}\n\n`
          + `Open your seat: ${baseUrl}/#seat-link=${secret}\n(or, on a device that holds it: ${tableLink})\n\n`
          + `No more of these for this table: ${unsubscribe}\n`;
        try {
          await this.o.mailer!.send({ to: address, subject: headline, text, headers: {
            "Message-ID": `<nudge-${id}@new-angeles.invalid>`, "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          } });
          return { ok: true };
        } catch {
          return { ok: false };
        }
      }]);
    }
    if (this.o.vapid) {
      for (const sub of await store.pushSubscriptions(due.code, due.seat)) {
        targets.push([`push:${hashSeatToken(sub.endpoint).slice(0, 16)}`, async () => {
          const sent = await sendPush(this.o.vapid!, sub, due.code, pushNudge(due.code, m), this.o.pushAgent);
          if (!sent.ok && sent.gone) await store.removePushSubscription(due.code, due.seat, sub.endpoint);
          return sent;
        }]);
      }
    }
    const hook = await store.webhook(due.code);
    // Public words only: a group channel reads it (whose move it is is public; what is owed may not be).
    if (hook) targets.push(["webhook", () => sendWebhook(hook, `New Angeles table ${due.code}: it is ${m.name}'s move.${when} ${tableLink}`, id)]);

    if (targets.length === 0) return void await Promise.all(rows.map((r) => store.settleNudge(r.id, { state: "cancelled" })));
    for (const [channel, go] of targets) {
      if (done.has(channel)) continue;
      const sent = await go();
      results.push([channel, sent]);
      if (sent.ok || ("gone" in sent && sent.gone)) done.add(channel);
    }
    const failed = results.filter(([, s]) => !s.ok && !("gone" in s && s.gone));
    const delivered = [...done];
    if (results.some(([, s]) => s.ok)) await store.nudgeSent(due.code, due.seat, this.now());
    if (failed.length === 0) {
      this.o.logger.info({ code: due.code, seat: due.seat, nudge: id, rows: rows.length, channels: results.map(([c]) => c.split(":")[0]) }, "nudge sent");
      await Promise.all(rows.map((r) => store.settleNudge(r.id, { state: "sent", delivered, attempts })));
      return;
    }
    const asked = Math.max(0, ...failed.map(([, s]) => (!s.ok && s.retryAfterMs) || 0));
    const backoff = Math.min(NUDGE_RETRY_MAX_MS, NUDGE_RETRY_FIRST_MS * 2 ** (attempts - 1));
    const last = attempts >= NUDGE_ATTEMPTS;
    this.o.logger.warn({ code: due.code, seat: due.seat, nudge: id, failed: failed.map(([c]) => c.split(":")[0]), attempts }, last ? "nudge given up" : "nudge will be retried");
    await Promise.all(rows.map((r) => store.settleNudge(r.id, last ? { state: "failed", delivered, attempts } : { state: "pending", nextAt: this.now() + Math.max(asked, backoff), delivered, attempts })));
  }
}
