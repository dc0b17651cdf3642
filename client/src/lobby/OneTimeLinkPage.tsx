// A one-time link opened (a seat link, a sign-in link): opening it spends nothing; only Continue spends it.
// A refusal that trying again cannot change (spent, expired, withdrawn, unknown: the server's `link-…`
// codes) leaves only the way to the lobby.
import type { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { ApiError } from "../net/api.ts";

export function OneTimeLinkPage({ id, title, children, spend, onLobby }: {
  /** Names the page's test ids and heading: `${id}-page`, `${id}-error`, `${id}-continue`. */
  id: string; title: string; children: ComponentChildren;
  /** Spends the link and goes on (the caller's next screen); a thrown error is shown. */
  spend(): Promise<void>; onLobby(): void;
}) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const [final, setFinal] = useState(false);
  async function go() {
    setBusy(true);
    setProblem("");
    try {
      await spend();
    } catch (e) {
      setProblem((e as Error).message);
      setFinal(e instanceof ApiError && e.code.startsWith("link-"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main class="shell lobby" data-testid={`${id}-page`}>
      <header><h1>New Angeles</h1></header>
      <section class="panel invitation" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>{title}</h2>
        {children}
        <p class="muted small">Not yours, or not now? Close this page: nothing has happened yet.</p>
        {problem && <p class="refusal" role="alert" data-testid={`${id}-error`}>{problem}</p>}
        <div class="row">
          {!final && <button type="button" disabled={busy} onClick={() => void go()} data-testid={`${id}-continue`}>Continue</button>}
          <button type="button" class={final ? "" : "secondary"} disabled={busy} onClick={onLobby}>Go to the lobby</button>
        </div>
      </section>
    </main>
  );
}
