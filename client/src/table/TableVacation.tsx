// Vacations at a turn-based table (server/table/vacations.ts): for everyone, who is away until when
// (VacationTag beside a seat; the adjourned panel says when a vacation's pause ends); for a person seated,
// "Vacation…": mark a time away (now or later), or end yours early / withdraw the one to come.
import { useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { meetingText } from "../net/api.ts";
import { RefusalNote } from "./RefusalNote.tsx";

const DAY = 24 * 3600_000;

/** An epoch time as a datetime-local input's value, in this browser's time zone (minutes). */
function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}
function fromLocalInput(value: string): number | undefined {
  const at = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(at) ? at : undefined;
}

/** The seat's vacation now or to come, as the table shows it. */
function vacationOf(model: TableSnapshot, seat: number) {
  return model.vacations?.away.find((v) => v.seat === seat) ?? null;
}

/** The seat is on vacation now and its vacation pauses the game (the bot plays only after the pause). */
export function pausedForVacation(model: TableSnapshot, seat: number, now = Date.now()): boolean {
  const v = vacationOf(model, seat);
  return !!v && v.from <= now && (model.vacations?.pausedUntil ?? 0) > now;
}

/** "On vacation until …" (or "away from …") beside a seat: a public fact. */
export function VacationTag({ model, seat }: { model: TableSnapshot; seat: number }) {
  const v = vacationOf(model, seat);
  if (!v) return null;
  const now = v.from <= Date.now();
  return (
    <span class="tag warn" data-testid={`vacation-${seat}`} title={`On vacation from ${meetingText(v.from)} until ${meetingText(v.until)}`}>
      {now ? `on vacation until ${meetingText(v.until)}` : `vacation from ${meetingText(v.from)}`}
    </span>
  );
}

export function TableVacation({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const shown = model.vacations;
  const live = (model.status === "playing" || model.status === "adjourned") && model.game && !model.game.result;
  if (!shown || !live) return null;
  const seated = model.mySeat !== null && !session.spectator && !model.seats.find((s) => s.seat === model.mySeat)?.bot;
  const mine = seated ? vacationOf(model, model.mySeat!) : null;
  return (
    <section class="adjourn vacation pane-deal" aria-label="Vacations" data-testid="vacation">
      {mine && (
        <p class="small row" data-testid="vacation-mine">
          <span>{mine.from <= Date.now() ? <>You are on vacation until <strong>{meetingText(mine.until)}</strong>.</> : <>Your vacation: <strong>{meetingText(mine.from)}</strong> to <strong>{meetingText(mine.until)}</strong>.</>}</span>
          <button type="button" class="small secondary" data-testid="vacation-end" onClick={() => session.vacation({ act: "end" })}>
            {mine.from <= Date.now() ? "I'm back" : "Withdraw it"}
          </button>
        </p>
      )}
      {seated && !mine && <MarkVacation mode={shown.mode} session={session} />}
      {seated && <RefusalNote session={session} about="vacation" />}
    </section>
  );
}

function MarkVacation({ mode, session }: { mode: "bot" | "pause"; session: TableSession }) {
  const [from, setFrom] = useState("");
  const [until, setUntil] = useState(() => toLocalInput(Date.now() + 7 * DAY));
  const send = () => {
    const end = fromLocalInput(until);
    if (end === undefined) return;
    session.vacation({ act: "mark", from: Math.round(fromLocalInput(from) ?? Date.now()), until: Math.round(end) });
  };
  return (
    <details>
      <summary data-testid="vacation-open">Vacation…</summary>
      <p class="small muted">
        Up to 14 days a year at this table. {mode === "bot"
          ? "A bot plays your seat while you are away; your bank does not run."
          : "The game pauses for everyone while you are away, for at most 72 hours; then a bot plays your seat."}
        {" "}Everyone sees until when, never why; no "your move" messages reach you meanwhile.
      </p>
      <form class="row" onSubmit={(e) => { e.preventDefault(); send(); }}>
        <label class="field">
          <span>From (empty: now)</span>
          <input type="datetime-local" data-testid="vacation-from" value={from} onInput={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label class="field">
          <span>Until</span>
          <input type="datetime-local" data-testid="vacation-until" value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
        </label>
        <button type="submit" class="secondary" data-testid="vacation-send">Mark my vacation</button>
      </form>
    </details>
  );
}
