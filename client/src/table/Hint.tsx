// "Hint" at every decision: asks the server what the bot would do for your seat now, and shows its
// answer, what and why (server/bots/hint.ts; docs/guide.md). "Do this" sends that very command. A
// hint goes stale once the game moves on; while a tutorial table's guide explains, it waits.
import { useEffect, useState } from "preact/hooks";
import type { Command } from "../../../shared/protocol.ts";
import type { TableSession } from "../net/session.ts";
import type { TableSnapshot } from "../state.ts";
import { hasMoves } from "./Choices.tsx";
import { hintDone } from "./hint-done.ts";
import "./guide.css";

export function Hint({ model, session }: { model: TableSnapshot; session: TableSession }) {
  const [asked, setAsked] = useState<{ at: number; moves: number } | null>(null);
  const seated = !!model.me && !session.spectator && model.status === "playing";
  const answerNeeded = model.trades.some((t) => t.to === model.mySeat);
  const decides = seated && (hasMoves(model) || answerNeeded);
  const moves = model.game?.moves ?? 0;
  // a hint is done with once the person decides for themselves, or the game moves past it while they
  // have nothing to decide: the next decision offers a fresh one (hintDone). While they still decide
  // and the game moved (another seat's trade, say), it says it is stale and offers to ask again.
  const done = hintDone(asked, moves, decides, session.lastCommandAt);
  useEffect(() => { if (done) setAsked(null); }, [done]);
  if (!seated || model.guide.moment) return null;
  const hint = session.hint && asked && session.hint.at >= asked.at ? session.hint : null;
  const stale = !!asked && asked.moves !== moves;
  // asked too soon after the last one (or refused otherwise): say so, and let the person ask again
  const refused = !hint && asked && session.refusal && session.refusal.at >= asked.at ? session.refusal.message : null;
  const ask = () => {
    setAsked({ at: Date.now(), moves });
    session.askHint();
  };
  return (
    <>
      {decides && !asked && (
        <button type="button" class="hint-button" data-testid="hint" onClick={ask}>Hint</button>
      )}
      {asked && (
        <section class="hint-panel" aria-labelledby="hint-h" data-testid="hint-panel">
          <h2 id="hint-h">Hint</h2>
          {stale ? (
            <p>The game has moved on since you asked.</p>
          ) : refused ? (
            <p role="status">{refused}</p>
          ) : hint ? (
            <div aria-live="polite">
              <p class="hint-action" data-testid="hint-action"><strong>{hint.action}</strong></p>
              {hint.why && <p data-testid="hint-why">{hint.why}</p>}
            </div>
          ) : (
            <p role="status">Asking what the bot would do…</p>
          )}
          <div class="row">
            {!stale && hint?.command != null && decides && (
              <button type="button" data-testid="hint-do" onClick={() => { session.command(hint.command as Command); setAsked(null); }}>Do this</button>
            )}
            {(stale || refused) && decides && <button type="button" data-testid="hint-again" onClick={ask}>Ask again</button>}
            <button type="button" class="secondary" data-testid="hint-close" onClick={() => setAsked(null)}>Close</button>
          </div>
        </section>
      )}
    </>
  );
}

