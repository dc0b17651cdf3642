// Seconds left before the server's deadline for the pending decision (the bot decides after it).
import { useEffect, useState } from "preact/hooks";

export function Countdown({ deadline }: { deadline: number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [deadline]);
  // The clock read now, not at the last tick: a new deadline never shows a quarter second too many.
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  return (
    <span class={`countdown${left <= 10 ? " urgent" : ""}`} data-testid="countdown" role="timer" aria-live="off">
      {left > 0 ? `${left} s left` : "time is up: a bot decides"}
    </span>
  );
}
