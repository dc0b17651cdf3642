// Adjourning and resuming at the table: while the game is under way, "Adjourn…" (the host adjourns at
// once, anyone else asks; a majority of the people seated adjourns it), with an optional time to meet
// again; while it is adjourned, the time (in your own time zone, with a calendar file), who is back,
// and for the host the resume with a choice for the seats of people not back.
import { useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { calendarUrl, meetingText } from "../net/api.ts";
import { RefusalNote } from "./RefusalNote.tsx";
import { backText } from "../text.ts";

type Absent = "wait" | "bot" | "open";

const ABSENT: { value: Absent; label: string }[] = [
  { value: "wait", label: "Wait for them: no bot plays their seat, no deadline runs for them" },
  { value: "bot", label: "A bot plays their seat until they come back" },
  { value: "open", label: "Open their seat to a newcomer (public tables only)" },
];

/** More than half of the people seated: to adjourn by request, and to resume (the server's rule). */
function majority(m: TableSnapshot): { people: number; needed: number; back: number } {
  const people = m.seats.filter((s) => !s.bot);
  return { people: people.length, needed: Math.floor(people.length / 2) + 1, back: people.filter((s) => s.connected).length };
}

/** The value of a datetime-local input as epoch ms in this browser's time zone, or undefined when empty. */
function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const at = new Date(value).getTime();
  return Number.isFinite(at) ? at : undefined;
}

/** Tomorrow at this hour, as a datetime-local input's value (a starting point for the picker). */
function tomorrowLocal(): string {
  const d = new Date(Date.now() + 24 * 3600_000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

export function AdjournControls({ model, session }: { model: TableSnapshot; session: TableSession }) {
  if (model.status === "adjourned") return <Adjourned model={model} session={session} />;
  if (model.status !== "playing" || !model.game || model.game.result) return null;
  return <AdjournAsk model={model} session={session} />;
}

function AdjournAsk({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const [meet, setMeet] = useState("");
  const seated = model.mySeat !== null && !session.spectator;
  const host = seated && model.mySeat === model.hostSeat;
  const asked = model.mySeat !== null && model.adjournVotes.includes(model.mySeat);
  const { needed } = majority(model);
  const names = model.adjournVotes.map((n) => model.seats.find((s) => s.seat === n)?.name ?? `Seat ${n + 1}`);
  if (!seated && names.length === 0) return null;
  return (
    <section class="adjourn pane-deal" aria-label="Adjourn the game" data-testid="adjourn">
      {names.length > 0 && (
        <p class="muted small" role="status" data-testid="adjourn-votes">
          {names.join(", ")} asked to adjourn ({names.length} of {needed} needed).
        </p>
      )}
      {seated && (
        <details>
          <summary data-testid="adjourn-open">{host ? "Adjourn the game…" : "Ask to adjourn…"}</summary>
          <p class="small muted">
            {host ? "Everything stops where it is: deadlines keep their time, no bot plays, and you resume when enough of you are back."
              : `The game is adjourned once ${needed} of you ask. Everything stops where it is until the host resumes it.`}
          </p>
          <form class="row" onSubmit={(e) => { e.preventDefault(); session.adjourn({ meetAt: fromLocalInput(meet) }); }}>
            <label class="field">
              <span>Meet again (optional)</span>
              <input type="datetime-local" data-testid="adjourn-time" value={meet} onFocus={() => { if (!meet) setMeet(tomorrowLocal()); }}
                onInput={(e) => setMeet(e.currentTarget.value)} />
            </label>
            <button type="submit" class="secondary" data-testid="adjourn-send">{host ? "Adjourn now" : asked ? "Change the time" : "Ask to adjourn"}</button>
            {asked && <button type="button" class="link" data-testid="adjourn-withdraw" onClick={() => session.adjourn({ withdraw: true })}>Withdraw my request</button>}
          </form>
          <RefusalNote session={session} about="adjourn" />
        </details>
      )}
    </section>
  );
}

function Adjourned({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const [absent, setAbsent] = useState<Absent>("wait");
  // A vacation's pause ends by itself (or when its player is back): nobody resumes it here.
  const vacationPause = model.vacations?.pausedUntil ?? 0;
  if (vacationPause > 0) {
    return (
      <section class="panel adjourned pane-deal" aria-labelledby="adjourned-h" data-testid="adjourned" role="status">
        <h2 id="adjourned-h">The game is paused</h2>
        <p data-testid="vacation-paused">
          A player's vacation pauses the game until <strong>{meetingText(vacationPause)}</strong>. It goes on by itself then, or as
          soon as they say they are back. Everything waits as it was left: no bot plays and no deadline runs.
        </p>
      </section>
    );
  }
  const host = !session.spectator && model.mySeat !== null && model.mySeat === model.hostSeat;
  const { people, needed, back } = majority(model);
  const away = model.seats.filter((s) => !s.bot && !s.connected).map((s) => s.name);
  return (
    <section class="panel adjourned pane-deal" aria-labelledby="adjourned-h" data-testid="adjourned" role="status">
      <h2 id="adjourned-h">The game is adjourned</h2>
      <p data-testid="adjourned-until">
        {model.meetAt > 0 ? <>You meet again on <strong>{meetingText(model.meetAt)}</strong>. </> : "No time is set to meet again. "}
        Everything waits as it was left: no bot plays and no deadline runs.
      </p>
      {model.meetAt > 0 && <p><a href={calendarUrl(model.code)} download data-testid="adjourned-ics">Add it to your calendar (.ics)</a></p>}
      <p class="muted" data-testid="adjourned-back">
        {backText(back, people)}{away.length > 0 ? ` (not yet: ${away.join(", ")})` : ""}; {needed} {needed === 1 ? "is" : "are"} needed to resume.
      </p>
      {host ? (
        <form onSubmit={(e) => { e.preventDefault(); session.resume(absent); }}>
          {away.length > 0 && (
            <fieldset>
              <legend>The seats of those not back</legend>
              {ABSENT.map((a) => (
                <label class="choice" key={a.value}>
                  <input type="radio" name="absent" value={a.value} checked={absent === a.value} onChange={() => setAbsent(a.value)} />
                  {" "}{a.label}
                </label>
              ))}
            </fieldset>
          )}
          <button type="submit" data-testid="resume" disabled={back < needed}>Resume the game</button>
        </form>
      ) : (
        <p class="muted">The host resumes the game once enough of you are back.</p>
      )}
      <RefusalNote session={session} about="adjourn" />
    </section>
  );
}
