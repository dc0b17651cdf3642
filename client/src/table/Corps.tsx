// Every corporation at the table: capital, hand size, assets and emergency action with their text, who is
// connected; from a player's board, a trade or a private message in one click.
import { legalOf, type TableSeat, type TableSnapshot } from "../state.ts";
import { assetText, emergencyText, plural } from "../text.ts";
import { MiniCard } from "./Card.tsx";
import { CorpMark } from "./Icons.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { VacationTag, pausedForVacation } from "./TableVacation.tsx";
import { flashClass, useFlash } from "./awareness.ts";
import { useEffect, useState } from "preact/hooks";

function presence(s: TableSeat, model: TableSnapshot): { text: string; cls: string } {
  if (s.bot) return { text: "bot", cls: "" };
  // A vacation that pauses the game: nobody plays the seat until the pause ends (then a bot does).
  if (s.botControlled && pausedForVacation(model, s.seat)) return { text: "away: the game is paused", cls: "warn" };
  if (s.botControlled) return { text: "away: a bot plays", cls: "warn" };
  if (!s.connected) return { text: "disconnected", cls: "warn" };
  return { text: "online", cls: "ok" };
}

/** "Bot takes over in 42 s": the server's away deadline for a disconnected player, counted down. */
function AwayCountdown({ until, seat }: { until: number; seat: number }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(t);
  }, [until]);
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  return (
    <span class="tag warn" data-testid={`away-${seat}`} role="timer" aria-live="off">
      {left > 0 ? `bot takes over in ${left} s` : "a bot takes over now"}
    </span>
  );
}

/** "3 h 20 min" */
function span(ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(min / 1440), h = Math.floor((min % 1440) / 60), m = min % 60;
  return d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`;
}

/**
 * A turn-based seat's time bank (public): what is left (it runs only while the seat owes a decision,
 * and not outside the table's playing hours, so this reads the server's "runs out at"), and since when
 * the decision is owed.
 */
function Bank({ s }: { s: TableSeat }) {
  const [, tick] = useState(0);
  const running = (s.bankDueAt ?? 0) > 0;
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(t);
  }, [running]);
  const left = running ? Math.min(s.bank ?? 0, s.bankDueAt! - Date.now()) : (s.bank ?? 0);
  const since = running && s.owedSince ? new Date(s.owedSince).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" }) : "";
  return (
    <span class={`tag${running ? " warn" : ""}`} data-testid={`bank-${s.seat}`} title={running ? `Runs out ${new Date(s.bankDueAt!).toLocaleString()}` : "Time bank"}>
      bank {span(left)}{running ? ` · to move since ${since}` : ""}
    </span>
  );
}

export interface CorpActions {
  trade(seat: number, sellSupport?: boolean): void;
  message(seat: number): void;
}

export function Corps({ model, actions }: { model: TableSnapshot; actions: CorpActions }) {
  const propose = legalOf(model, "trade-propose");
  return (
    <div class="corps">
      <h2 id="corps-h">Corporations</h2>
      <ul class="corp-list" data-testid="corps">
        {model.seats.map((s) => <Corp key={s.seat} s={s} model={model} actions={actions}
          canTrade={!!propose?.to.some((p) => p.seat === s.seat)} canSell={!!propose?.support} />)}
      </ul>
    </div>
  );
}

function Corp({ s, model, actions, canTrade, canSell }: { s: TableSeat; model: TableSnapshot; actions: CorpActions; canTrade: boolean; canSell: boolean }) {
  const game = model.game;
  const p = presence(s, model);
  const active = game?.active === s.seat;
  const deciding = game?.pending?.seat === s.seat;
  const flash = useFlash(s.capital);
  const mine = s.seat === model.mySeat;
  return (
    <li class={`corp${active ? " active" : ""}${deciding ? " deciding" : ""}${mine ? " mine" : ""}`} data-testid={`corp-${s.seat}`}>
      <div class="corp-head">
        <CorpMark corp={s.corp} name={s.corpName || s.name} />
        <span class="corp-names"><strong>{s.corpName || "—"}</strong> <SeatMark seat={s} /><span class="pname">{s.name}</span></span>
        {mine && <span class="tag you">you</span>}
        <span class={`tag ${p.cls}`} data-testid={`presence-${s.seat}`}>{p.text}</span>
        {s.awayUntil > 0 && !s.botControlled && <AwayCountdown until={s.awayUntil} seat={s.seat} />}
        {(s.bank ?? 0) > 0 && !s.bot && <Bank s={s} />}
        <VacationTag model={model} seat={s.seat} />
        {active && <span class="tag">active</span>}
        {deciding && <span class="tag deciding">deciding</span>}
      </div>
      <div class="corp-stats">
        <span class={`cap${flashClass(flash)}`}>Capital <strong data-testid={`capital-${s.seat}`}>{s.capital}</strong></span>
        <span>{plural(s.handSize, "card")} in hand</span>
        <span>{s.hasInvestment ? "1 investment" : "no investment"}</span>
      </div>
      {!mine && (canTrade || !s.bot) && model.mySeat !== null && (
        <div class="row corp-actions">
          {canTrade && <button type="button" class="small" data-testid={`trade-with-${s.seat}`} onClick={() => actions.trade(s.seat)}>Trade…</button>}
          {canTrade && canSell && <button type="button" class="small" data-testid={`sell-support-${s.seat}`} onClick={() => actions.trade(s.seat, true)}>My support for your capital…</button>}
          {!s.bot && <button type="button" class="small secondary" data-testid={`message-${s.seat}`} onClick={() => actions.message(s.seat)}>Message</button>}
        </div>
      )}
      <div class="corp-cards">
        {s.emergency.map((e) => <MiniCard key={e.id} kind="emergency" title={e.title} text={emergencyText(e.id)} note={e.faceup ? "ready" : "spent"} dim={!e.faceup} />)}
        {s.assets.map((a) => <MiniCard key={a.id} kind="asset" title={a.name} text={assetText(a.id)} note={a.exhausted ? "exhausted" : undefined} dim={a.exhausted} />)}
      </div>
    </li>
  );
}
