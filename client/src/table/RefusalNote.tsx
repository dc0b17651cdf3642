// The server's reason for refusing your last message, shown beside the controls that sent it.
import type { About, TableSession } from "../net/session.ts";

export function RefusalNote({ session, about }: { session: TableSession; about: About }) {
  const r = session.refusal;
  if (!r || r.about !== about) return null;
  return (
    <p class="refusal" role="alert" data-testid="refusal" data-code={r.code}>
      {r.message}{" "}
      <button type="button" class="link" onClick={() => session.dismissRefusal()} aria-label="Dismiss this message">Dismiss</button>
    </p>
  );
}
