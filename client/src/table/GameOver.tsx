// The end of the game: every rival revealed, who won and why, and the replay.
import { replayUrl } from "../net/api.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { rivalName, seatLabel } from "../text.ts";

export function GameOver({ model }: { model: TableSnapshot }) {
  const r = model.game?.result!;
  const seat = (n: number) => seatOf(model, n);
  const winners = r.winners.map((n) => seatLabel(seat(n)));
  return (
    <section class="game-over panel" aria-labelledby="over-h" data-testid="game-over">
      <h2 id="over-h">Game over{r.reason === "threat" ? ": threat reached 25" : ""}</h2>
      <p data-testid="winners">{winners.length ? `Winners: ${winners.join(", ")}.` : "Nobody wins."}</p>
      <table>
        <thead><tr><th scope="col">Player</th><th scope="col">Rival</th><th scope="col">Capital</th><th scope="col">Result</th></tr></thead>
        <tbody>
          {r.seats.map((s) => (
            <tr key={s.seat} class={s.won ? "won" : ""}>
              <th scope="row">{seatLabel(seat(s.seat))}</th>
              <td data-label="Rival">{rivalName(s.rival)}</td>
              <td data-label="Capital">{s.capital}</td>
              <td data-label="Result">{s.won ? "wins" : "loses"} <span class="muted">{s.why}</span></td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="muted">The rival card under the board: {rivalName(r.rivalUnderBoard)}.</p>
      <p><a href={replayUrl(model.code)} data-testid="replay-link" target="_blank" rel="noopener">Download the replay</a></p>
    </section>
  );
}
