// The room's messages for adjourning and resuming a live game (the other room messages are in
// room-protocol.ts), as zod schemas the server validates with and the client builds messages from.
import { z } from "zod";

/** The farthest ahead a meeting time may be set. */
export const MEET_AT_MAX_AHEAD_MS = 366 * 24 * 3600_000;

/**
 * `adjourn`: the host adjourns the game at once; any other person seated asks to (a majority of the
 * people seated adjourns it). `meetAt`: when to meet again (epoch ms), optional. `withdraw`: take
 * one's own request back.
 */
export const AdjournMessage = z.strictObject({
  meetAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
  withdraw: z.literal(true).optional(),
});
export type AdjournMessage = z.output<typeof AdjournMessage>;

/**
 * What happens, at resume, to a seat whose person is not back: the game waits for them (no bot, no
 * deadline until they return), a bot plays it until they return, or (public tables) a newcomer may
 * take it (a bot plays it meanwhile).
 */
export const ABSENT_CHOICES = ["wait", "bot", "open"] as const;
export type AbsentChoice = (typeof ABSENT_CHOICES)[number];

/** `resume`: the host resumes an adjourned game (enough of the people back), choosing for absent seats. */
export const ResumeMessage = z.strictObject({
  absent: z.enum(ABSENT_CHOICES).default("wait"),
});
export type ResumeMessage = z.output<typeof ResumeMessage>;
