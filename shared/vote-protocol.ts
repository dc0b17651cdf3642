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
