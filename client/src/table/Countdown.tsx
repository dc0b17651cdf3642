// Seconds left before the server's deadline for the pending decision (the bot decides after it).
import { useEffect, useState } from "preact/hooks";
import { seatOf, type TableSnapshot } from "../state.ts";

/** The running deadline of the pending decision, if a person's decision has one (bots have none). */
export function runningDeadline(model: TableSnapshot): { deadline: number; mine: boolean } | null {
  const game = model.game;
  if (!game || !game.pending || !(game.deadline > 0)) return null;
  const seat = seatOf(model, game.pending.seat);
  if (!seat || seat.bot || seat.botControlled) return null;
  return { deadline: game.deadline, mine: model.mySeat !== null && game.pending.seat === model.mySeat };
}

/** Renders again four times a second while `until` is the time counted down to. */
function useTick(until: number): void {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [until]);
}

/** `words`: the seconds left in words; `done`: what shows once the time is up (by default, that a bot decides). */
export function Countdown({ deadline, testid = "countdown", words = (s) => `${s} s left`, done = "time is up: a bot decides" }: {
  deadline: number; testid?: string; words?: (seconds: number) => string; done?: string;
}) {
  useTick(deadline);
  // The clock read now, not at the last tick: a new deadline never shows a quarter second too many.
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return (
    <span class={`countdown${left <= 10 ? " urgent" : ""}`} data-testid={testid} role="timer" aria-live="off">
      {left > 0 ? words(left) : done}
    </span>
  );
}

/** The seconds until the game starts by itself (the waiting room's "ready?" moment). */
export function StartCountdown({ at }: { at: number }) {
  useTick(at);
  const left = Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return <strong class="countdown urgent" role="timer" aria-live="off">{left > 0 ? `The game starts in ${left} s.` : "The game is starting…"}</strong>;
}
