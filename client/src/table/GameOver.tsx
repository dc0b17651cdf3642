// The end of the game: every rival revealed, who won and why, the ending; then the way onward: the
// replay (the viewer, and the JSON for tools) and a rematch.
import { useEffect, useRef } from "preact/hooks";
import { replayUrl } from "../net/api.ts";
import type { TableSession } from "../net/session.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { rivalName, seatLabel } from "../text.ts";
import { Rematch } from "./Rematch.tsx";
import { SeatMark } from "./SeatMark.tsx";

export function GameOver({ model, onJoined, replayViewer }: {
  model: TableSnapshot;
  /** Takes you to another table (the rematch); without it, no rematch is offered. */
  onJoined?(session: TableSession): void;
  /** Where the replay viewer is: this page (a button that shows it) or its own page (a link). */
  replayViewer?: { shown: boolean; toggle(): void };
}) {
  const r = model.game?.result!;
  // The result appears at the top of the board: bring it into view, wherever the column was scrolled.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => panel.current?.scrollIntoView({ block: "nearest" }), []);
  const seat = (n: number) => seatOf(model, n);
  const winners = r.winners.map((n) => seatLabel(seat(n)));
  return (
    <section ref={panel} class="game-over panel" aria-labelledby="over-h" data-testid="game-over">
      <h2 id="over-h">Game over{r.reason === "threat" ? ": threat reached 25" : ""}</h2>
      <p data-testid="winners">{winners.length ? `Winners: ${winners.join(", ")}.` : "Nobody wins."}</p>
      <p class="muted" data-testid="ending">{r.reason === "threat"
        ? "The threat reached 25: the game ended at once."
        : "The game ran to the end of its last round."}</p>
      <table>
        <thead><tr><th scope="col">Player</th><th scope="col">Rival</th><th scope="col">Capital</th><th scope="col">Result</th></tr></thead>
        <tbody>
          {r.seats.map((s) => (
            <tr key={s.seat} class={s.won ? "won" : ""}>
              <th scope="row"><SeatMark seat={seat(s.seat)} />{seatLabel(seat(s.seat))}</th>
              <td data-label="Rival">{rivalName(s.rival)}</td>
              <td data-label="Capital">{s.capital}</td>
              <td data-label="Result">{s.won ? "wins" : "loses"} <span class="muted">{s.why}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">The rival card under the board: {rivalName(r.rivalUnderBoard)}.</p>
      {onJoined && <Rematch code={model.code} token={model.secret?.seatToken} onJoined={onJoined} />}
      <p class="game-over-links">
        {replayViewer
          ? <button type="button" class="secondary small" data-testid="replay-open" aria-expanded={replayViewer.shown}
              onClick={replayViewer.toggle}>{replayViewer.shown ? "Hide the replay" : "Watch the replay"}</button>
          : <a href={`/?join=${encodeURIComponent(model.code)}&replay=1`} data-testid="replay-open" target="_blank" rel="noopener">Watch the replay</a>}
        {" "}<a href={replayUrl(model.code)} data-testid="replay-link" target="_blank" rel="noopener" download>Download the replay (JSON, for tools)</a>
      </p>
    </section>
  );
}
