// "Learn to play" on the front page: a tutorial table for one person and three bots, with the
// first-game setup, where the game stops to explain each new kind of moment (docs/guide.md).
import type { CreateOptions } from "./CreateTable.tsx";

/** The table "Learn to play" makes: you and three bots, at a pace a newcomer can follow. */
export const TUTORIAL_TABLE: CreateOptions = { seats: 4, bots: 3, private: true, stepSeconds: 0, botDelayMs: 1500, tutorial: true };

export function LearnToPlay({ busy, onStart }: { busy: boolean; onStart(o: CreateOptions): void }) {
  return (
    <section class="panel" aria-labelledby="learn-h" data-testid="learn">
      <h2 id="learn-h">New to New Angeles?</h2>
      <p>Play a first game with three bots. The game stops at each new moment to explain what is happening and what you can do, and a Hint button tells you what a bot would do in your place, and why.</p>
      <button type="button" disabled={busy} data-testid="learn-to-play" onClick={() => onStart(TUTORIAL_TABLE)}>Learn to play</button>
      <p class="muted small">Learning with friends? Tick “Teach this table” when you create a table.</p>
    </section>
  );
}
