// Before the game: the invite code and link, who sits where, and the host's controls.
import { useState } from "preact/hooks";
import { inviteLink } from "../net/api.ts";
import type { TableSession } from "../net/session.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { Chat } from "./Chat.tsx";
import { StartCountdown } from "./Countdown.tsx";
import { RefusalNote } from "./RefusalNote.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { STEP_SECONDS_FLOOR } from "../../../shared/deadlines.ts";

export function WaitingRoom({ model, session, lastLook }: { model: TableSnapshot; session: TableSession; lastLook: number }) {
  const link = inviteLink(model.code);
  const [copied, setCopied] = useState(false);
  const isHost = model.mySeat !== null && model.mySeat === model.hostSeat;
  const seated = model.seats.length;

  function copy() {
    navigator.clipboard?.writeText(link).then(() => setCopied(true), () => setCopied(false));
  }

  return (
    <div class="waiting" data-testid="waiting-room">
      <section class="panel" aria-labelledby="invite-h">
        <h2 id="invite-h">Invite your friends</h2>
        <p>Invite code: <strong class="code big" data-testid="invite-code">{model.code}</strong></p>
        <p class="invite-link">
          <a href={link} data-testid="invite-link">{link}</a>{" "}
          <button type="button" class="secondary" onClick={copy}>{copied ? "Copied" : "Copy link"}</button>
          {"share" in navigator && (
            <button type="button" class="secondary" data-testid="share-link"
              onClick={() => void navigator.share({ title: "New Angeles", text: `Join my table of New Angeles (code ${model.code})`, url: link }).catch(() => {})}>Share…</button>
          )}
        </p>
        <p class="muted">
          The game starts by itself when all {model.seatCount} seats are taken{model.startsAt > 0 ? "" : " (after a short countdown if the table has one)"}
          {model.stepSeconds > 0 ? `; each decision has ${Number(model.stepSeconds.toPrecision(4))} seconds` : ""}.
        </p>
        <p class="muted small" data-testid="deadline-floor">
          {model.stepSeconds > 0
            ? `When time runs out, a bot decides for that player. A deadline is never under ${STEP_SECONDS_FLOOR} seconds, time to read an offer and answer.`
            : `No deadline: everyone takes the time they need. If the host sets one, it is never under ${STEP_SECONDS_FLOOR} seconds, time to read an offer and answer.`}
        </p>
      </section>

      <section class="panel" aria-labelledby="seats-h">
        <h2 id="seats-h">Seats ({seated}/{model.seatCount})</h2>
        {model.startsAt > 0 && (
          <p class="ready-moment" role="status" data-testid="start-countdown">
            Every seat is taken. Ready? <StartCountdown at={model.startsAt} />
            {isHost && <> <button type="button" class="small" onClick={() => session.host({ action: "start" })} data-testid="start-now">Start now</button></>}
          </p>
        )}
        <ol class="seats" data-testid="seats">
          {Array.from({ length: model.seatCount }, (_, n) => {
            const s = seatOf(model, n);
            return (
              <li key={n} data-testid={`seat-${n}`}>
                {s ? (
                  <>
                    <SeatMark seat={s} /><span class="pname">{s.name}</span>
                    {s.bot && <span class="tag">bot</span>}
                    {!s.bot && !s.connected && <span class="tag warn">away</span>}
                    {n === model.hostSeat && <span class="tag">host</span>}
                    {n === model.mySeat && <span class="tag you">you</span>}
                    {isHost && s.bot && (
                      <button type="button" class="secondary small" onClick={() => session.host({ action: "remove-bot", seat: n })}>
                        Remove bot
                      </button>
                    )}
                  </>
                ) : <span class="muted">empty seat</span>}
              </li>
            );
          })}
        </ol>
        {isHost && (
          <div class="row">
            <button type="button" onClick={() => session.host({ action: "start" })} data-testid="start">Start now (bots take empty seats)</button>
            <button type="button" class="secondary" disabled={seated >= model.seatCount} onClick={() => session.host({ action: "add-bot" })}
              data-testid="add-bot">Add a bot</button>
          </div>
        )}
        {model.spectators > 0 && <p class="muted">{model.spectators} watching.</p>}
        <RefusalNote session={session} about="host" />
      </section>

      <section class="panel">
        <Chat model={model} session={session} lastLook={lastLook} heading />
      </section>
    </div>
  );
}
