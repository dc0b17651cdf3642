// The players' votes (docs/turn-based.md, "Votes"): end the game now with the standings, cancel it, pause
// it until a time (turn-based tables), resume a pause early, or hand an away seat to a newcomer. One person
// opens a vote (their own yes), every other person seated answers yes or no; it expires; one vote is open
// at a time, and each seat may open at most VOTES_PER_SEAT_HOUR an hour. Only people vote, never bots.
// Plain: the table (table.ts) gives the facts and the time, and carries out a vote that passed.
import { PAUSE_MAX_MS, type VoteKind, type VoteMessage, type VoteView } from "../../shared/vote-protocol.ts";
import type { Refusal } from "./refusal.ts";
import type { VoteOpenings } from "../store/index.ts";

type Open = Extract<VoteMessage, { act: "open" }>;

/** Votes one seat may open in an hour. */
export const VOTES_PER_SEAT_HOUR = 3;
/** How long a vote stays open: a day at a turn-based table, two minutes at a live one. */
export const VOTE_LIFETIME_MS = { live: 2 * 60_000, "turn-based": 24 * 3600_000 } as const;
const HOUR = 3600_000;

/** What the table tells the votes about itself when a vote is opened or answered. */
export interface VoteFacts {
  /** The people seated (no bots, no seat open to a newcomer), by seat. */
  people: readonly number[];
  /** The seats a bot plays because their person is away. */
  away: ReadonlySet<number>;
  pace: "live" | "turn-based";
  /** "playing", or "adjourned" (a pause is an adjournment with a resume time). */
  status: string;
  /** The game is paused by vote (it may be resumed by vote). */
  paused: boolean;
  now: number;
}

/** The words of each kind, for the log and refusals. */
export const VOTE_WORDS: Record<VoteKind, string> = {
  end: "end the game now with the current standings",
  cancel: "cancel the game (nobody wins)",
  pause: "pause the game",
  resume: "resume the game now",
  replace: "give an away seat to a newcomer",
};

/** Yeses that carry a vote of `voters` people: all of them, or two thirds (rounded up) for a replacement. */
export function yesNeeded(kind: VoteKind, voters: number): number {
  return kind === "replace" ? Math.ceil((voters * 2) / 3) : voters;
}

/** What became of the open vote: carried, turned down (enough noes), or expired. */
export type VoteOutcome = { vote: VoteView; result: "passed" | "failed" | "expired" };

export class Votes {
  private current: VoteView | null = null;
  /** When each seat opened its votes (the last hour's, for the limit); the store keeps them too (openings). */
  private opened = new Map<number, number[]>();

  /** The last hour's openings before `now`, as the store keeps them, oldest first. */
  openings(now: number): VoteOpenings {
    return [...this.opened].flatMap(([seat, times]) => times.filter((t) => t > now - HOUR).map((t): [number, number] => [seat, t]))
      .sort((a, b) => a[1] - b[1]);
  }

  /** The openings the store kept (a restart, a woken game, another process): the limit goes on counting them. */
  restoreOpenings(openings: VoteOpenings): void {
    this.opened.clear();
    for (const [seat, at] of openings) this.opened.set(seat, [...(this.opened.get(seat) ?? []), at]);
  }

  /** The open vote, as everyone at the table sees it, or null. */
  view(): VoteView | null {
    return this.current && { ...this.current, yes: [...this.current.yes], no: [...this.current.no], voters: [...this.current.voters] };
  }

  /** The open vote as the store kept it (a restart, a woken game): open again, with its answers and expiry. */
  restore(vote: VoteView): void {
    this.current = { ...vote, yes: [...vote.yes], no: [...vote.no], voters: [...vote.voters] };
  }

  /** A person opens a vote: a refusal, or the vote (already carried when they are the only voter). */
  open(seat: number, msg: Open, f: VoteFacts): Refusal | VoteOutcome | null {
    const refused = this.openRefusal(seat, msg, f);
    if (refused) return refused;
    const recent = (this.opened.get(seat) ?? []).filter((t) => t > f.now - HOUR);
    recent.push(f.now);
    this.opened.set(seat, recent);
    const voters = f.people.filter((n) => !(msg.kind === "replace" && n === msg.seat));
    this.current = {
      kind: msg.kind, by: seat, expiresAt: f.now + VOTE_LIFETIME_MS[f.pace],
      ...(msg.kind === "pause" ? { resumeAt: msg.resumeAt } : {}),
      ...(msg.kind === "replace" ? { seat: msg.seat } : {}),
      yes: [seat], no: [], needed: yesNeeded(msg.kind, voters.length), voters,
    };
    return this.settle();
  }

  private openRefusal(seat: number, msg: Open, f: VoteFacts): Refusal | null {
    if (this.current) return { code: "vote-open", message: `A vote is already open (to ${VOTE_WORDS[this.current.kind]}): answer it or let it expire first.` };
    if (!f.people.includes(seat)) return { code: "not-a-voter", message: "Only the people seated vote." };
    const recent = (this.opened.get(seat) ?? []).filter((t) => t > f.now - HOUR);
    if (recent.length >= VOTES_PER_SEAT_HOUR) {
      const at = new Date(Math.min(...recent) + HOUR).toISOString().slice(11, 16);
      return { code: "vote-limit", message: `You may open at most ${VOTES_PER_SEAT_HOUR} votes an hour: you can open another at ${at} UTC.` };
    }
    if (msg.kind === "resume") return f.paused ? null : { code: "not-paused", message: "The game is not paused." };
    const ending = msg.kind === "end" || msg.kind === "cancel";
    if (f.status !== "playing" && !(f.paused && ending)) return { code: "not-playing", message: "Only a game under way (or paused, to end it) can be put to a vote." };
    if (msg.kind === "pause") return pauseRefusal(msg.resumeAt, f);
    if (msg.kind === "replace") {
      if (msg.seat === undefined || !f.away.has(msg.seat) || !f.people.includes(msg.seat)) {
        return { code: "not-away", message: "Only a seat whose person is away (a bot plays it) can be given to a newcomer." };
      }
    }
    return null;
  }

  /** A person answers the open vote (a later answer replaces their earlier one). */
  answer(seat: number, yes: boolean, now: number): Refusal | VoteOutcome | null {
    const v = this.current;
    if (!v || v.expiresAt <= now) return { code: "no-vote", message: "There is no open vote to answer." };
    if (!v.voters.includes(seat)) return { code: "not-a-voter", message: "You do not vote on this." };
    v.yes = v.yes.filter((n) => n !== seat);
    v.no = v.no.filter((n) => n !== seat);
    (yes ? v.yes : v.no).push(seat);
    v.yes.sort((a, b) => a - b);
    v.no.sort((a, b) => a - b);
    return this.settle();
  }

  /** The open vote expired by `now` (the table's timer, or a check before counting). */
  expire(now: number): VoteOutcome | null {
    const v = this.current;
    if (!v || v.expiresAt > now) return null;
    this.current = null;
    return { vote: v, result: "expired" };
  }

  /** Carried once enough said yes; turned down once too many said no for it to carry. */
  private settle(): VoteOutcome | null {
    const v = this.current!;
    if (v.yes.length >= v.needed) {
      this.current = null;
      return { vote: v, result: "passed" };
    }
    if (v.voters.length - v.no.length < v.needed) {
      this.current = null;
      return { vote: v, result: "failed" };
    }
    return null;
  }
}

function pauseRefusal(resumeAt: number | undefined, f: VoteFacts): Refusal | null {
  if (f.pace !== "turn-based") return { code: "not-turn-based", message: "Only a turn-based table pauses by vote (a live game is adjourned instead)." };
  if (resumeAt === undefined || resumeAt <= f.now) return { code: "bad-time", message: "A pause needs a time to resume, in the future." };
  if (resumeAt > f.now + PAUSE_MAX_MS) return { code: "bad-time", message: "A pause may run at most 30 days." };
  return null;
}

/** The log line of a vote opened, answered or settled (names only: a vote holds no secret). */
export function voteLine(v: VoteView, name: (seat: number) => string, what: "opened" | VoteOutcome["result"]): string {
  const about = v.kind === "replace" ? `give ${name(v.seat!)}'s seat to a newcomer` : VOTE_WORDS[v.kind];
  const until = v.kind === "pause" ? ` until ${new Date(v.resumeAt!).toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
  if (what === "opened") return `${name(v.by)} asks to ${about}${until}: ${v.needed} of ${v.voters.length} must say yes.`;
  if (what === "passed") return `The players voted to ${about}${until} (${v.yes.map(name).join(", ")} said yes).`;
  if (what === "failed") return `The vote to ${about} failed (${v.no.map(name).join(", ")} said no).`;
  return `The vote to ${about} expired without enough answers.`;
}
