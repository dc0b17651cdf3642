// Adjourning a live game and resuming it: who may adjourn (the host, or a majority of the people
// seated), how many people must be back to resume, what happens to the seats of those who are not,
// and the words the game log uses. The table (table.ts) keeps the clocks and the store; this file
// decides.
import { MEET_AT_MAX_AHEAD_MS, type AbsentChoice, type AdjournMessage } from "../../shared/adjourn-protocol.ts";
import type { StoredAdjournment } from "../store/index.ts";
import type { Refusal } from "./refusal.ts";
import type { Seats } from "./seats.ts";

/** The people's seats (not bots'; a seat opened to a newcomer holds nobody yet). */
function peopleSeats(seats: Seats) {
  return [...seats.all()].filter((s) => !s.bot && !s.open);
}

/** Requests needed to adjourn: more than half of the people seated. */
export function votesNeeded(seats: Seats): number {
  return Math.floor(peopleSeats(seats).length / 2) + 1;
}

/** People back needed to resume: more than half of the people seated (the host among them). */
export function backNeeded(seats: Seats): number {
  return Math.floor(peopleSeats(seats).length / 2) + 1;
}

/** How many of the people seated are connected now. */
export function peopleBack(seats: Seats): number {
  return peopleSeats(seats).filter((s) => s.connected).length;
}

/** A meeting time one may set, or a refusal: in the future (a minute's slack), at most a year ahead. */
export function meetingTime(meetAt: number | undefined, now: number): number | null | Refusal {
  if (meetAt === undefined || meetAt === 0) return null;
  if (meetAt < now - 60_000) return { code: "bad-time", message: "The time to meet again has already passed: choose a later one." };
  if (meetAt > now + MEET_AT_MAX_AHEAD_MS) return { code: "bad-time", message: "The time to meet again can be at most a year ahead." };
  return meetAt;
}

/** A meeting time in the log's words: the date and time in UTC (each client shows its own local time). */
export function meetingWords(meetAt: number | null): string {
  if (meetAt === null) return "";
  const iso = new Date(meetAt).toISOString();
  return ` until ${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const BY_WORDS: Record<StoredAdjournment["by"], string> = {
  host: "The host adjourns the game",
  vote: "The players adjourn the game",
  "everyone-left": "Everyone has left: the game is adjourned",
  pause: "The players pause the game",
  vacation: "A player's vacation pauses the game",
};

/** The public log line of an adjournment (never a key, a token or an address: only names and times). */
export function adjournedLine(by: StoredAdjournment["by"], meetAt: number | null): string {
  return `${BY_WORDS[by]}${meetingWords(meetAt)}. Every clock stops; nothing is played until it resumes.`;
}

const ABSENT_WORDS: Record<AbsentChoice, string> = {
  wait: "the game waits for",
  bot: "a bot plays until they return for",
  open: "a newcomer may take the seat of",
};

export function resumedLine(absent: AbsentChoice, absentNames: string[]): string {
  const rest = absentNames.length === 0 ? "" : ` Not back yet: ${absentNames.join(", ")}; ${ABSENT_WORDS[absent]} them.`;
  return `The host resumes the game.${rest}`;
}

/**
 * The table's adjournment while it lasts: the requests to adjourn (by seat), and once adjourned, the
 * meeting time and what was left of each running deadline.
 */
export class Adjournment {
  readonly votes = new Map<number, number | null>();
  meetAt: number | null = null;
  /** Who adjourned it (null while not adjourned): "pause" is a pause by vote (votes.ts). */
  by: StoredAdjournment["by"] | null = null;
  /** Remaining deadline time by seat (ms) when the game was adjourned. */
  deadlines = new Map<number, number>();

  /** Seats that asked to adjourn, in order. */
  voters(): number[] {
    return [...this.votes.keys()].sort((a, b) => a - b);
  }

  /** The latest meeting time among the requests (the one most of them can make), or null. */
  votedMeetAt(): number | null {
    const times = [...this.votes.values()].filter((t): t is number => t !== null);
    return times.length === 0 ? null : Math.max(...times);
  }

  stored(at: number, by: StoredAdjournment["by"]): StoredAdjournment {
    this.by = by;
    return { at, meetAt: this.meetAt, by, deadlines: Object.fromEntries([...this.deadlines].map(([k, v]) => [String(k), v])) };
  }

  restore(stored: StoredAdjournment): void {
    this.meetAt = stored.meetAt;
    this.by = stored.by;
    this.deadlines = new Map(Object.entries(stored.deadlines ?? {}).map(([k, v]) => [Number(k), Math.max(0, Number(v))]));
  }
}

/** The checks on an adjourn message; null when the table may go on to count or adjourn. */
export function adjournRefusal(status: string, msg: AdjournMessage): Refusal | null {
  if (status === "adjourned" && !msg.withdraw) return { code: "adjourned", message: "The game is already adjourned." };
  if (status !== "playing" && !msg.withdraw) return { code: "not-playing", message: "Only a game under way can be adjourned." };
  return null;
}
