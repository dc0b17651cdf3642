// The deal in progress: the revealed asset, the main offer and counteroffer, support so far, whose
// turn it is and the deadline; below it, your choices.
import type { OfferView } from "../../../shared/view.ts";
import type { TableSession } from "../net/session.ts";
import type { TableModel } from "../state.ts";
import { assetText, cardText, plural, seatLabel } from "../text.ts";
import { Choices } from "./Choices.tsx";
import { Countdown } from "./Countdown.tsx";
import { RefusalNote } from "./RefusalNote.tsx";

export function DealPanel({ model, session }: { model: TableModel; session: TableSession }) {
  const game = model.snap.game;
  const deal = model.deal;
  const seat = (n: number) => model.snap.seats[String(n)];
  const counter = deal?.counters.at(-1) ?? null;
  const supportFor = (offer: "main" | "counter") => (deal?.supports ?? []).filter((s) => s.offer === offer);
  const total = (offer: "main" | "counter") => supportFor(offer).reduce((n, s) => n + s.count, 0);
  const waitingOnMe = game && model.mySeat !== null && game.pendingSeat === model.mySeat;
  // Bots have no deadline: a countdown beside a bot's decision would be a leftover of the last one.
  const pendingSeat = game ? seat(game.pendingSeat) : undefined;
  const timed = !!game && game.deadline > 0 && !!pendingSeat && !pendingSeat.bot && !pendingSeat.botControlled;

  return (
    <div class="deal" data-testid="deal">
      <h2 id="deal-h">The deal</h2>
      {game && model.snap.status === "playing" && (
        <p class="turn" data-testid="turn">
          Active player: <strong>{seatLabel(seat(game.active))}</strong>
          {game.turnsLeft > 0 && <span class="muted"> · {plural(game.turnsLeft, "turn")} left this phase</span>}
        </p>
      )}
      {game?.pendingText && (
        <p class={`pending${waitingOnMe ? " mine" : ""}`} data-testid="pending" aria-live="polite">
          {waitingOnMe ? <strong>Your decision: </strong> : null}
          {game.pendingText}{" "}
          {timed && <Countdown deadline={game.deadline} />}
        </p>
      )}
      {deal ? (
        <dl class="offers">
          <dt>Revealed asset</dt>
          <dd data-testid="deal-asset">
            {deal.asset ? <><strong>{deal.asset.name}</strong> <span class="muted">{assetText(deal.asset.id)}</span></> : <span class="muted">none</span>}
          </dd>
          <dt>Main offer</dt>
          <dd data-testid="deal-main"><Offer offer={deal.main} label={deal.main ? seatLabel(seat(deal.main.seat)) : ""} />
            {deal.main && <Support rows={supportFor("main")} total={total("main")} seat={seat} />}
          </dd>
          <dt>Counteroffer</dt>
          <dd data-testid="deal-counter"><Offer offer={counter} label={counter ? seatLabel(seat(counter.seat)) : ""} />
            {deal.counters.length > 1 && <span class="muted"> (covers {plural(deal.counters.length - 1, "earlier counteroffer")})</span>}
            {counter && <Support rows={supportFor("counter")} total={total("counter")} seat={seat} />}
          </dd>
          {deal.abstained.length > 0 && (
            <>
              <dt>Abstained</dt>
              <dd>{deal.abstained.map((n) => seatLabel(seat(n))).join(", ")}</dd>
            </>
          )}
          {deal.winner && (
            <>
              <dt>Winner</dt>
              <dd data-testid="deal-winner"><strong>{deal.winner === "main" ? "The main offer" : "The counteroffer"}</strong></dd>
            </>
          )}
        </dl>
      ) : (
        <p class="muted">No deal is running{game?.stage ? ` (${stageLabel(game.stage)})` : ""}.</p>
      )}
      {model.mySeat !== null && model.snap.status === "playing" && (
        <div class="choices-box">
          <h3>Your choices</h3>
          <RefusalNote session={session} about="move" />
          <Choices model={model} session={session} />
        </div>
      )}
    </div>
  );
}

function Offer({ offer, label }: { offer: OfferView | null; label: string }) {
  if (!offer) return <span class="muted">none</span>;
  return (
    <span>
      <strong>{offer.card.title}</strong>{" "}
      <span class={`type ${offer.card.type}`}>{offer.card.type === "emergency" ? "emergency action" : offer.card.type}</span>{" "}
      by {label}
      <span class="card-text">{cardText(offer.card.title)}</span>
    </span>
  );
}

function Support({ rows, total, seat }: { rows: { seat: number; count: number }[]; total: number; seat: (n: number) => Parameters<typeof seatLabel>[0] }) {
  return (
    <span class="support">
      Support: <strong>{plural(total, "card")}</strong>
      {rows.length > 0 && <> ({rows.map((r) => `${seatLabel(seat(r.seat))} ${r.count}`).join(", ")})</>}
    </span>
  );
}

const STAGES: Record<string, string> = {
  "setup-hands": "setting up", "setup-investments": "choosing investments", production: "Production",
  event: "Event Phase", "demand-score": "scoring investments", "demand-pay": "paying demand",
  "demand-reveal": "revealing the next demand", "demand-invest": "choosing investments", finished: "game over",
  "end-of-turn": "end of turn", "hand-limit": "hand limit", "next-turn": "next turn", "next-round": "next round",
};
export function stageLabel(stage: string): string {
  return STAGES[stage] ?? stage.replace(/-/g, " ");
}
