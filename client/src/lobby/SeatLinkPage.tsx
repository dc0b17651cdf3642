// A seat link opened (/#seat-link=…): nothing is spent by opening it; only Continue asks the server
// for this browser's own key to the seat, which is then kept as any seat token is, and the seat taken.
import { useState } from "preact/hooks";
import { rememberSeat } from "../net/seat-memory.ts";
import { redeemSeatLink } from "../net/seat-keys-api.ts";
import { TableSession } from "../net/session.ts";
import { ApiError } from "../net/api.ts";

export function SeatLinkPage({ secret, onJoined, onLobby }: { secret: string; onJoined(s: TableSession): void; onLobby(): void }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState("");
  // Spent, expired, withdrawn or unknown: trying again changes nothing.
  const [final, setFinal] = useState(false);
  async function go() {
    setBusy(true);
    setProblem("");
    try {
      const r = await redeemSeatLink(secret);
      rememberSeat(r.code, { seat: r.seat, seatToken: r.seatToken, name: r.name });
      history.replaceState(null, "", "/"); // the spent secret leaves the address bar
      onJoined(await TableSession.join(r.code, {}));
    } catch (e) {
      setProblem((e as Error).message);
      setFinal(e instanceof ApiError && e.code.startsWith("link-"));
    } finally {
      setBusy(false);
    }
  }
  return (
    <main class="shell lobby" data-testid="seat-link-page">
      <header><h1>New Angeles</h1></header>
      <section class="panel invitation" aria-labelledby="seat-link-h">
        <h2 id="seat-link-h">Take your seat on this device</h2>
        <p>This link opens your seat at a game of New Angeles on this device. It works once: after Continue, this browser keeps the seat, and the link is used up.</p>
        <p class="muted small">Not yours, or not now? Close this page: nothing has happened yet.</p>
        {problem && <p class="refusal" role="alert" data-testid="seat-link-error">{problem}</p>}
        <div class="row">
          {!final && <button type="button" disabled={busy} onClick={() => void go()} data-testid="seat-link-continue">Continue</button>}
          <button type="button" class={final ? "" : "secondary"} disabled={busy} onClick={onLobby}>Go to the lobby</button>
        </div>
      </section>
    </main>
  );
}
