// Take-backs: a seat may take back its last decision while nobody else has decided since and that
// decision revealed nothing hidden (engine/take-back.ts says what reveals). The store's command log
// stays append-only: a take-back is a record of its own after the decision it removes
// (store gameCommands applies it), so a restart replays the same game and the same log line.
import type { Command } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { whyFinal, type GameState } from "../engine/index.ts";

/** Decisions a take-back may undo (a trade's answer stays binding; an investment draws from its deck). */
const UNDOABLE: Partial<Record<Command["type"], string>> = {
  offer: "main offer",
  counteroffer: "counteroffer",
  pass: "pass",
  support: "support",
  abstain: "abstention",
  choose: "choice",
  discard: "discard",
};

/** The public line for a take-back ("Ann took back their support."). */
export function takeBackLine(name: string, command: Command): string {
  return `${name} took back their ${UNDOABLE[command.type] ?? "decision"}.`;
}

export interface TakenBack {
  seat: number;
  command: Command;
  /** The game as it was before the decision. */
  before: GameState;
}

/** The one decision that may be taken back now, if any. */
export class TakeBacks {
  private last: TakenBack | null = null;

  /** After every accepted command: it becomes the one to take back, or nothing can be taken back. */
  accepted(seat: number, command: Command, before: GameState, after: GameState, events: readonly GameEvent[]): void {
    this.last = UNDOABLE[command.type] && whyFinal(before, after, seat, events) === null ? { seat, command, before } : null;
  }

  /** What `seat` may take back now, in words ("support"), or "" for nothing. */
  offerFor(seat: number): string {
    return this.last?.seat === seat ? UNDOABLE[this.last.command.type]! : "";
  }

  /** The decision `seat` takes back (then nothing more can be), or a refusal. */
  take(seat: number): TakenBack | { code: string; message: string } {
    const last = this.last;
    if (!last || last.seat !== seat) {
      return { code: "cannot-take-back", message: "You can only take back your own last decision, before anyone else decides and before it reveals anything." };
    }
    this.last = null;
    return last;
  }

  /** Nothing can be taken back (the game was rebuilt, or changed otherwise). */
  clear(): void {
    this.last = null;
  }
}
