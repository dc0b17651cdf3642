// The players' votes at the table (server/table/votes.ts): the open vote, with who said yes and no (no
// secret: everyone at the table sees it) and yes/no for those who have not answered; otherwise, for the
// people seated, "Put to a vote…": end the game now, cancel it, pause it until a time (turn-based
// tables), resume a pause, or give an away seat to a newcomer.
import { useState } from "preact/hooks";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { meetingText } from "../net/api.ts";
import type { VoteKind, VoteView } from "../../../shared/vote-protocol.ts";
import { RefusalNote } from "./RefusalNote.tsx";

const ASKS: Record<VoteKind, string> = {
  end: "end the game now, scored on the current standings",
  cancel: "cancel the game: nobody wins",
  pause: "pause the game",
  resume: "resume the game now",
  replace: "give an away seat to a newcomer",
};

/** The value of a datetime-local input as epoch ms in this browser's time zone, or undefined when empty. */
function fromLocalInput(value: string): number | undefined {
  const at = value ? new Date(value).getTime() : NaN;
  return Number.isFinite(at) ? at : undefined;
}

export function TableVotes({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const live = (model.status === "playing" || model.status === "adjourned") && model.game && !model.game.result;
  if (!live) return null;
  if (model.vote) return <OpenVote model={model} session={session} vote={model.vote} />;
  if (model.mySeat === null || session.spectator) return null;
  return <PutToVote model={model} session={session} />;
}

function OpenVote({ model, session, vote }: { model: TableSnapshot; session: TableSession; vote: VoteView }) {
  const name = (n: number) => model.seats.find((s) => s.seat === n)?.name ?? `Seat ${n + 1}`;
  const about = vote.kind === "replace" ? `give ${name(vote.seat!)}'s seat to a newcomer` : ASKS[vote.kind];
  const waiting = vote.voters.filter((n) => !vote.yes.includes(n) && !vote.no.includes(n));
  const mine = model.mySeat !== null && !session.spectator && vote.voters.includes(model.mySeat) ? model.mySeat : null;
  return (
    <section class="panel vote pane-deal" aria-labelledby="vote-h" data-testid="vote" role="status">
      <h2 id="vote-h">A vote is open</h2>
      <p data-testid="vote-about">
        {name(vote.by)} asks to <strong>{about}</strong>
        {vote.kind === "pause" && vote.resumeAt ? <> until <strong>{meetingText(vote.resumeAt)}</strong></> : null}.
        {" "}{vote.needed} of {vote.voters.length} must say yes.
      </p>
      <ul class="vote-tally small" data-testid="vote-tally">
        <li>Yes: {vote.yes.map(name).join(", ") || "nobody yet"}</li>
        <li>No: {vote.no.map(name).join(", ") || "nobody"}</li>
        {waiting.length > 0 && <li>Not answered: {waiting.map(name).join(", ")}</li>}
      </ul>
      <p class="muted small">Open until {meetingText(vote.expiresAt)}. Everyone at the table sees who voted what.</p>
      {mine !== null && (
        <div class="row">
          <button type="button" data-testid="vote-yes" disabled={vote.yes.includes(mine)} onClick={() => session.vote({ act: "answer", yes: true })}>Yes</button>
          <button type="button" class="secondary" data-testid="vote-no" disabled={vote.no.includes(mine)} onClick={() => session.vote({ act: "answer", yes: false })}>No</button>
        </div>
      )}
      <RefusalNote session={session} about="vote" />
    </section>
  );
}

function PutToVote({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const [kind, setKind] = useState<VoteKind>("end");
  const [until, setUntil] = useState("");
  // A seat on vacation is away by leave: not one to give to a newcomer (server/table/vacations.ts).
  const onLeave = (n: number) => !!model.vacations?.away.some((v) => v.seat === n && v.from <= Date.now());
  const away = model.seats.filter((s) => !s.bot && s.botControlled && s.seat !== model.mySeat && !onLeave(s.seat));
  const [seat, setSeat] = useState<number | null>(null);
  const turnBased = model.seats.some((s) => !s.bot && (s.bank > 0 || s.bankDueAt > 0));
  const kinds: VoteKind[] = model.status === "adjourned" ? ["resume", "end", "cancel"]
    : ["end", "cancel", ...(turnBased ? ["pause" as const] : []), ...(away.length > 0 ? ["replace" as const] : [])];
  const chosen = kinds.includes(kind) ? kind : kinds[0]!;
  const send = () => {
    if (chosen === "pause") session.vote({ act: "open", kind: chosen, resumeAt: fromLocalInput(until) });
    else if (chosen === "replace") session.vote({ act: "open", kind: chosen, seat: seat ?? away[0]!.seat });
    else session.vote({ act: "open", kind: chosen });
  };
  return (
    <section class="adjourn vote-ask pane-deal" aria-label="Put to a vote" data-testid="vote-ask">
      <details>
        <summary data-testid="vote-open">Put to a vote…</summary>
        <p class="small muted">Every other person seated answers yes or no (bots do not vote); a seat goes to a newcomer with two thirds, the rest need everyone.</p>
        <form class="row" onSubmit={(e) => { e.preventDefault(); send(); }}>
          <label class="field">
            <span>Ask to</span>
            <select data-testid="vote-kind" value={chosen} onChange={(e) => setKind(e.currentTarget.value as VoteKind)}>
              {kinds.map((k) => <option key={k} value={k}>{ASKS[k]}</option>)}
            </select>
          </label>
          {chosen === "pause" && (
            <label class="field">
              <span>Resume on</span>
              <input type="datetime-local" data-testid="vote-until" value={until} onInput={(e) => setUntil(e.currentTarget.value)} />
            </label>
          )}
          {chosen === "replace" && (
            <label class="field">
              <span>Seat</span>
              <select data-testid="vote-seat" value={String(seat ?? away[0]!.seat)} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
                {away.map((s) => <option key={s.seat} value={String(s.seat)}>{s.name}</option>)}
              </select>
            </label>
          )}
          <button type="submit" class="secondary" data-testid="vote-send">Open the vote</button>
        </form>
        {chosen === "replace" && <p class="small muted">The newcomer takes the seat as it is: its cards, rival and investment. Its old links stop working.</p>}
        <RefusalNote session={session} about="vote" />
      </details>
    </section>
  );
}
