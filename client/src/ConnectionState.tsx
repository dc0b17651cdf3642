// The connection's state around the table: while it comes back by itself the table stays in view, dimmed
// and out of reach, under a banner that says so; if the table is gone, a dialog says why in plain words
// and offers the way back to the lobby (and, when the seat was opened on another page, to play here again).
import type { ComponentChildren } from "preact";
import { useEffect, useLayoutEffect, useReducer, useRef } from "preact/hooks";
import type { TableSession } from "./net/session.ts";

/** After this long out of reach, the banner says how long it has been. */
const SAY_HOW_LONG_S = 10;

/** "45 s", "2 min". */
export function howLong(seconds: number): string {
  return seconds < 90 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
}

export function ConnectionState({ session, onLobby, children }: { session: TableSession; onLobby(): void; children: ComponentChildren }) {
  const [, redraw] = useReducer((n: number, _: unknown) => n + 1, 0);
  useEffect(() => session.subscribe(() => redraw(undefined)), [session]);
  const link = session.link;
  // While reconnecting, the banner's times move on every second.
  useEffect(() => {
    if (link !== "reconnecting") return;
    const timer = setInterval(() => redraw(undefined), 1000);
    return () => clearInterval(timer);
  }, [link]);
  const away = link !== "connected";
  return (
    <>
      <div class={`table-holder${away ? " stale" : ""}`} inert={away} aria-busy={link === "reconnecting"} data-testid="table-holder">
        {children}
      </div>
      {link === "reconnecting" && <Reconnecting session={session} onLobby={onLobby} />}
      {(link === "gone" || link === "left") && <TableGone session={session} onLobby={onLobby} />}
    </>
  );
}

function Reconnecting({ session, onLobby }: { session: TableSession; onLobby(): void }) {
  const now = Date.now();
  const downFor = Math.max(0, (now - session.downSince) / 1000);
  const offline = typeof navigator !== "undefined" && navigator.onLine === false;
  const next = session.retryAt > now ? Math.ceil((session.retryAt - now) / 1000) : 0;
  // A modal dialog, so that it is the top one: above a dialog the table had open (its devices, the help,
  // a half-filled trade form, which stays as it was underneath) and its backdrop, and not made inert by
  // it (a banner merely on top would be). The table is out of reach meanwhile anyway; when the banner
  // closes, the focus goes back where it was. The focus is on the banner itself, not on "Back to the
  // lobby": an Enter meant for the chat must not leave the table.
  const banner = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const d = banner.current;
    if (d && !d.open) {
      d.showModal();
      d.focus();
    }
    return () => d?.close();
  }, []);
  return (
    <dialog ref={banner} class="connection-banner" aria-labelledby="connection-lost-h" tabIndex={-1} data-testid="connection" data-state="reconnecting"
      onCancel={(e) => e.preventDefault()}>
      <span class="spinner" aria-hidden="true" />
      <div class="connection-words" role="status">
        <p id="connection-lost-h"><strong>Connection lost. Reconnecting…</strong></p>
        <p class="muted">
          {offline
            ? "This device is offline: the table comes back once the network does."
            : downFor >= SAY_HOW_LONG_S
              ? `The table has been out of reach for ${howLong(downFor)}. Still trying${next > 1 ? `, again in ${next} s` : ""}.`
              : session.spectator ? "The table comes back by itself." : "Your seat is kept: the table comes back by itself."}
        </p>
      </div>
      <div class="connection-actions">
        {next > 1 && !offline && <button type="button" class="secondary small" data-testid="reconnect-now" onClick={() => session.tryNow()}>Try now</button>}
        <button type="button" class="link small" data-testid="connection-lobby" onClick={onLobby}>Back to the lobby</button>
      </div>
    </dialog>
  );
}

function TableGone({ session, onLobby }: { session: TableSession; onLobby(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  // A modal dialog: the table behind stays readable, the button has the focus. It is the thing on top: a
  // dialog the table had open (its devices, the help, a trade) closes under it, rather than stay open behind.
  useEffect(() => {
    for (const open of document.querySelectorAll<HTMLDialogElement>(".table-holder dialog[open]")) open.close();
    const d = dialog.current;
    if (d && !d.open) d.showModal();
  }, []);
  const gone = session.link === "gone";
  // The seat opened on another page: this browser still holds it, and may play it here again.
  const elsewhere = !gone && session.playedElsewhere;
  return (
    <dialog ref={dialog} class="connection-gone" aria-labelledby="connection-gone-h" data-testid="connection" data-state={session.link}
      data-elsewhere={elsewhere ? "" : undefined} onCancel={(e) => e.preventDefault()}>
      <h2 id="connection-gone-h">{gone ? "This table cannot be reached" : elsewhere ? "Your seat is being played elsewhere" : "You are no longer at this table"}</h2>
      <p data-testid="connection-reason">{session.leftReason}</p>
      <p class="muted">
        {gone
          ? "The board behind this message is how the table last stood."
          : elsewhere
            ? "This browser still holds the seat too: play here again, and the other page stops following the game instead."
            : "This page no longer follows the game."}
      </p>
      <p class="row">
        {elsewhere && (
          <button type="button" data-testid="play-here-again" onClick={() => void session.playHereAgain()} disabled={session.rejoining} autoFocus>
            {session.rejoining ? "Joining…" : "Play here again"}
          </button>
        )}
        <button type="button" class={elsewhere ? "secondary" : undefined} data-testid="connection-lobby" onClick={onLobby} autoFocus={!elsewhere}>Back to the lobby</button>
      </p>
    </dialog>
  );
}
