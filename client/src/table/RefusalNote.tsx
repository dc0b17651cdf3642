// The server's reason for refusing your last message, shown beside the controls that sent it.
import type { About, TableSession } from "../net/session.ts";

/** `since`: only a refusal that came after then (ms), e.g. since a form opened. */
export function RefusalNote({ session, about, since = 0 }: { session: TableSession; about: About; since?: number }) {
  const r = session.refusal;
  if (!r || r.about !== about || r.at < since) return null;
  return (
    <p class="refusal" role="alert" data-testid="refusal" data-code={r.code}>
      {r.message}{" "}
      <button type="button" class="link" onClick={() => session.dismissRefusal()} aria-label="Dismiss this message">Dismiss</button>
    </p>
  );
}
