// The end of the game as a moment: a headline for each person (yours first, "You win: …"), the rematch and
// the replay at once (in view on a phone), the moment that decided it, then the game in pictures (the
// summary the server builds from the finished game's public record: GET /api/games/:code/summary) and
// the full results with every rival revealed.
import { useEffect, useRef, useState } from "preact/hooks";
import { replayUrl } from "../net/api.ts";
import type { GameSummary } from "../../../shared/ends-api.ts";
import { gameSummary } from "../net/ends-api.ts";
import type { TableSession } from "../net/session.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { rivalName, seatLabel } from "../text.ts";
import { CapitalChart, PlayChart, ThreatChart } from "./EndCharts.tsx";
import { headlines } from "./headlines.ts";
import { SOURCE_LABEL } from "./Forecast.tsx";
import { Rematch } from "./Rematch.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { threatWhy, whyLines } from "./why.ts";
import type { ResultView } from "../../../shared/view.ts";

/** How the game ended, in words. */
const ENDINGS: Record<ResultView["reason"], string> = {
  end: "The game ran to the end of its last round.",
  threat: "The threat reached 25: the game ended at once.",
  vote: "The players voted to end the game now: it was scored on the standings at that moment.",
  cancelled: "The players voted to cancel the game: nobody wins.",
};

/** The summary, asked for until the server has filed the game as finished (a moment after the result). */
function useSummary(code: string): GameSummary | null {
  const [summary, setSummary] = useState<GameSummary | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const ask = () => gameSummary(code).then((s) => { if (!stop) setSummary(s); }).catch(() => {
      if (!stop && ++tries < 10) timer = setTimeout(ask, 1000 * tries);
    });
    void ask();
    return () => { stop = true; clearTimeout(timer); };
  }, [code]);
  return summary;
}

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
  const summary = useSummary(model.code);
  const seat = (n: number) => seatOf(model, n);
  // A cancelled game has no winner and no loser: no headline per seat, no "why".
  const cancelled = r.reason === "cancelled";
  const lines = cancelled ? [] : headlines(r, model.game?.threat ?? 0, (n) => seatLabel(seat(n)), model.mySeat);
  const mine = lines.find((h) => h.seat === model.mySeat);
  const others = lines.filter((h) => h !== mine);
  return (
    <section ref={panel} class="game-over panel" aria-labelledby="over-h" data-testid="game-over">
      <h2 id="over-h" class={mine ? (mine.won ? "won" : "lost") : ""} data-testid="headline-mine">
        {mine ? mine.text : cancelled ? "The game was cancelled" : `Game over${r.reason === "threat" ? ": the city fell at threat 25" : ""}`}
      </h2>
      <ul class="headlines" data-testid="headlines">
        {others.map((h) => <li key={h.seat} class={h.won ? "won" : "lost"} data-testid={`headline-${h.seat}`}>{h.text}</li>)}
      </ul>
      <p class="muted" data-testid="ending">{ENDINGS[r.reason]}</p>
      <div class="end-actions">
        {onJoined && <Rematch code={model.code} token={model.secret?.seatToken} onJoined={onJoined} />}
        <p class="game-over-links">
          {replayViewer
            ? <button type="button" class="secondary small" data-testid="replay-open" aria-expanded={replayViewer.shown}
                onClick={replayViewer.toggle}>{replayViewer.shown ? "Hide the replay" : "Watch the replay"}</button>
            : <a href={`/?join=${encodeURIComponent(model.code)}&replay=1`} data-testid="replay-open" target="_blank" rel="noopener">Watch the replay</a>}
          {" "}<a href={replayUrl(model.code)} data-testid="replay-link" target="_blank" rel="noopener" download>Download the replay (JSON, for tools)</a>
        </p>
      </div>
      {/* Below the rematch and the replay, which stay in view on a phone and never move: the summary arrives
          a moment after the result, and what it adds goes below the buttons, so a click meant for "Rematch"
          does not land on the moment that decided it as the button is pushed down. */}
      {summary?.decided && (
        <div class="decided" data-testid="decided">
          <strong>The moment that decided it</strong> <span class="muted">(round {summary.decided.round === "D" ? "D, a demand round" : summary.decided.round})</span>
          <ul>{summary.decided.lines.slice(0, 4).map((l, i) => <li key={i}>{l}</li>)}</ul>
        </div>
      )}
      {!cancelled && <details class="why" data-testid="why" open>
        <summary>Why each player won or lost</summary>
        <p data-testid="why-threat">{threatWhy(r, model.game?.threat ?? 0, summary, (k) => SOURCE_LABEL[k] ?? k)}</p>
        <ul>{whyLines(r, summary, (n) => seat(n)?.name ?? `Seat ${n + 1}`, model.mySeat).map((w) => (
          <li key={w.seat} class={w.won ? "won" : "lost"} data-testid={`why-${w.seat}`}><SeatMark seat={seat(w.seat)} />{w.text}</li>
        ))}</ul>
      </details>}
      {summary
        ? <div class="charts" data-testid="charts"><CapitalChart s={summary} /><ThreatChart s={summary} /><PlayChart s={summary} /></div>
        : <p class="muted" role="status">Drawing the game in pictures…</p>}
      <details class="results-table">
        <summary>Every result, with the rivals</summary>
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
      </details>
      <p class="sr-only" data-testid="winners">{r.winners.length ? `Winners: ${r.winners.map((n) => seatLabel(seat(n))).join(", ")}.` : "Nobody wins."}</p>
    </section>
  );
}
