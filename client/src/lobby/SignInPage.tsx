// A sign-in link opened (/#sign-in=…): opening it spends nothing; only Continue verifies the address and
// keeps this browser's contact key, then the lobby lists the games of every device signed in with it.
import { useState } from "preact/hooks";
import { ApiError } from "../net/api.ts";
import { redeemSignIn } from "../net/contact-api.ts";
import { rememberContactKey } from "../net/seat-memory.ts";

export function SignInPage({ secret, onDone }: { secret: string; onDone(): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  const [final, setFinal] = useState(false);
  async function go() {
    setBusy(true);
    setProblem("");
    try {
      rememberContactKey((await redeemSignIn(secret)).contactKey);
      onDone();
    } catch (e) {
      setProblem((e as Error).message);
      setFinal(e instanceof ApiError && e.code.startsWith("link-"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main class="shell lobby" data-testid="sign-in-page">
      <header><h1>New Angeles</h1></header>
      <section class="panel invitation" aria-labelledby="sign-in-h">
        <h2 id="sign-in-h">Sign in on this device</h2>
        <p>This link signs this browser in with your e-mail address: your games from your other devices are then listed in the lobby, each a click from its seat. It works once.</p>
        <p class="muted small">Not yours, or not now? Close this page: nothing has happened yet.</p>
        {problem && <p class="refusal" role="alert" data-testid="sign-in-error">{problem}</p>}
        <div class="row">
          {!final && <button type="button" disabled={busy} onClick={() => void go()} data-testid="sign-in-continue">Continue</button>}
          <button type="button" class={final ? "" : "secondary"} disabled={busy} onClick={onDone}>Go to the lobby</button>
        </div>
      </section>
    </main>
  );
}
