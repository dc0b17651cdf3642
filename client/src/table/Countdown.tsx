// Seconds left before the server's deadline for the pending decision (the bot decides after it).
import { useEffect, useState } from "preact/hooks";

export function Countdown({ deadline }: { deadline: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [deadline]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <span class={`countdown${left <= 10 ? " urgent" : ""}`} data-testid="countdown" role="timer" aria-live="off">
      {left > 0 ? `${left} s left` : "time is up: a bot decides"}
    </span>
  );
}
