// The room's `vote` message and the open vote as the table shows it (server/table/votes.ts counts the
// votes): end the game now, cancel it, pause it until a time, resume it early, or hand an away seat to a
// newcomer. Zod schemas: the server validates with them, the client builds its messages from them.
import { z } from "zod";

export const VOTE_KINDS = ["end", "cancel", "pause", "resume", "replace"] as const;
export type VoteKind = (typeof VOTE_KINDS)[number];

/** The farthest ahead a pause may run. */
export const PAUSE_MAX_MS = 30 * 24 * 3600_000;

/**
 * `vote`: open a vote (`open`, its kind; a pause names when the game resumes, `resumeAt` epoch ms; a
 * replacement names the away seat), or answer the open one (`answer`, yes or no).
 */
export const VoteMessage = z.discriminatedUnion("act", [
  z.strictObject({
    act: z.literal("open"),
    kind: z.enum(VOTE_KINDS),
    resumeAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
    seat: z.number().int().min(0).max(5).optional(),
  }),
  z.strictObject({ act: z.literal("answer"), yes: z.boolean() }),
]);
export type VoteMessage = z.output<typeof VoteMessage>;

/**
 * The open vote, public to everyone at the table (who voted what is no secret): its kind, who opened it,
 * when it expires (epoch ms), a pause's resume time, a replacement's seat, the seats that said yes and
 * no, and how many yeses carry it.
 */
export interface VoteView {
  kind: VoteKind;
  by: number;
  expiresAt: number;
  resumeAt?: number;
  seat?: number;
  yes: number[];
  no: number[];
  needed: number;
  /** The seats that may answer (the people seated, a replaced seat aside). */
  voters: number[];
}

// ---- vacations (server/table/vacations.ts): a seated player at a turn-based table marks days away ----

/** The time away a seat may mark in a year (any 365 days: its vacations that started in them). */
export const VACATION_ALLOWANCE_MS = 14 * 24 * 3600_000;
/** The longest a vacation pauses the game at a table set to pause (then a bot plays for the rest). */
export const VACATION_PAUSE_MAX_MS = 72 * 3600_000;
/** The shortest vacation, and how far ahead one may start. */
export const VACATION_MIN_MS = 3600_000;
export const VACATION_AHEAD_MS = 365 * 24 * 3600_000;
/** A table's setting: a bot plays for a player away, or the game pauses (at most VACATION_PAUSE_MAX_MS). */
export const VACATION_MODES = ["bot", "pause"] as const;
export type VacationMode = (typeof VACATION_MODES)[number];

/**
 * `vacation`: mark one (`mark`, from and until in epoch ms; a start in the past means now), or end
 * your current vacation early or withdraw your planned one (`end`).
 */
export const VacationMessage = z.discriminatedUnion("act", [
  z.strictObject({
    act: z.literal("mark"),
    from: z.number().int().min(0).max(8_640_000_000_000_000),
    until: z.number().int().min(0).max(8_640_000_000_000_000),
  }),
  z.strictObject({ act: z.literal("end") }),
]);
export type VacationMessage = z.output<typeof VacationMessage>;

/** One seat's vacation as everyone at the table sees it (a public fact: no reason, nothing else). */
export interface VacationView {
  seat: number;
  from: number;
  until: number;
}

/**
 * A turn-based table's vacations as the table shows them: its setting, the vacations now or to come,
 * and while a vacation pauses the game, when it resumes (epoch ms), else 0.
 */
export interface VacationsShown {
  mode: VacationMode;
  away: VacationView[];
  pausedUntil: number;
}
