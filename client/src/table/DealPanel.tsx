// The deal in progress: the revealed asset, the main offer and counteroffer (as cards), support so far and
// whose turn it is. Your choices are in the top bar.
import type { OfferView } from "../../../shared/view.ts";
import { seatOf, turnsLeftNow, type TableSnapshot } from "../state.ts";
import { plural, seatLabel } from "../text.ts";
import { ActionCard, AssetCard } from "./Card.tsx";

export function DealPanel({ model }: { model: TableSnapshot }) {
  const game = model.game;
  const deal = model.game?.deal;
  const seat = (n: number) => seatOf(model, n);
  const counter = deal?.counters.at(-1) ?? null;
  const turnsLeft = turnsLeftNow(model);
  const supportFor = (offer: "main" | "counter") => (deal?.supports ?? []).filter((s) => s.offer === offer);
  const total = (offer: "main" | "counter") => supportFor(offer).reduce((n, s) => n + s.count, 0);

  return (
    <div class="deal" data-testid="deal">
      <h2 id="deal-h">The deal</h2>
      {game && model.status === "playing" && (
        <p class="turn" data-testid="turn">
          Active player: <strong>{game.active === model.mySeat ? "you" : seatLabel(seat(game.active))}</strong>
          {turnsLeft !== null && <span class="muted"> · {plural(turnsLeft, "turn")} left this round</span>}
        </p>
      )}
      {deal ? (
        <dl class="offers">
          <dt>Revealed asset</dt>
          <dd data-testid="deal-asset">
            {deal.asset ? <AssetCard id={deal.asset.id} name={deal.asset.name} /> : <span class="muted">none</span>}
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
    </div>
  );
}

function Offer({ offer, label }: { offer: OfferView | null; label: string }) {
  if (!offer) return <span class="muted">none</span>;
  return (
    <span>
      <span class="by">by {label}</span>
      <ActionCard card={offer.card} />
    </span>
  );
}

function Support({ rows, total, seat }: { rows: { seat: number; count: number }[]; total: number; seat: (n: number) => Parameters<typeof seatLabel>[0] }) {
  return (
    <span class="support">
      Support: <strong>{plural(total, "card")}</strong>
      {rows.length === 1 && <> from {seatLabel(seat(rows[0]!.seat))}</>}
      {rows.length > 1 && <>: {rows.map((r) => `${r.count} from ${seatLabel(seat(r.seat))}`).join(", ")}</>}
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
