// The bar that never scrolls away: the phase stepper, who must act and the countdown, your prompt and its
// buttons, and the table's controls (alerts, help, leave).
import type { ComponentChildren } from "preact";
import type { TableSession } from "../net/session.ts";
import { seatOf, turnsLeftNow, type TableSeat, type TableSnapshot } from "../state.ts";
import { seatLabel } from "../text.ts";
import { Choices, hasMoves } from "./Choices.tsx";
import { Countdown, runningDeadline } from "./Countdown.tsx";
import { Forecast } from "./Forecast.tsx";
import { RefusalNote } from "./RefusalNote.tsx";
import { SeatMark } from "./SeatMark.tsx";
import { ROUND_TRACK } from "./Tracks.tsx";

const DEAL_STEPS: { label: string; stages: string[] }[] = [
  { label: "Asset", stages: ["turn-start", "draw", "asset"] },
  { label: "Offer", stages: ["main-offer"] },
  { label: "Counteroffers", stages: ["counteroffer"] },
  { label: "Support", stages: ["support"] },
  { label: "Resolution", stages: ["resolution", "tally", "deal-won", "resolve", "effect", "claim", "deal-end", "end-of-turn", "hand-limit", "next-turn"] },
];
const DEMAND_STEPS: { label: string; stage: string }[] = [
  { label: "Investments pay", stage: "demand-score" },
  { label: "Pay demand", stage: "demand-pay" },
  { label: "New demand", stage: "demand-reveal" },
  { label: "Choose investments", stage: "demand-invest" },
];

export function PhaseStepper({ model }: { model: TableSnapshot }) {
  const game = model.game;
  if (!game) return null;
  const space = ROUND_TRACK[game.round] ?? "?";
  const demandRound = space === "D";
  const stage = game.stage;
  const dealStep = DEAL_STEPS.findIndex((s) => s.stages.includes(stage));
  const turnsLeft = turnsLeftNow(model);
  if (model.status === "finished" || game.result) {
    return (
      <nav class="stepper" aria-label="Where the game is" data-testid="stepper">
        <span class="step round" data-testid="round-now">Game over</span>
      </nav>
    );
  }
  const phases = demandRound
    ? [{ key: "demand", label: "Demand", on: DEMAND_STEPS.some((d) => d.stage === stage) }]
    : [
        { key: "action", label: `Action${turnsLeft !== null ? ` · ${turnsLeft} turn${turnsLeft === 1 ? "" : "s"} left` : ""}`, on: dealStep >= 0 },
        { key: "production", label: "Production", on: stage === "production" },
        { key: "event", label: "Event", on: stage === "event" },
      ];
  return (
    <nav class="stepper" aria-label="Where the game is" data-testid="stepper">
      <span class="step round" data-testid="round-now">{demandRound ? "Demand round" : `Round ${space}`}<span class="muted"> of 1,2,D,3,4,D,5,6,D</span></span>
      <ol>
        {phases.map((p) => (
          <li key={p.key} class={p.on ? "on" : ""} aria-current={p.on ? "step" : undefined}>
            {p.label}
            {p.key === "demand" && p.on && (
              <ol class="deal-steps demand-steps" aria-label="Steps of the demand round">
                {DEMAND_STEPS.map((d) => <li key={d.stage} class={d.stage === stage ? "on" : ""} aria-current={d.stage === stage ? "step" : undefined}>{d.label}</li>)}
              </ol>
            )}
            {p.key === "action" && p.on && (
              <ol class="deal-steps" aria-label="Steps of the deal">
                {DEAL_STEPS.map((s, i) => <li key={s.label} class={i === dealStep ? "on" : i < dealStep ? "past" : ""} aria-current={i === dealStep ? "step" : undefined}>{s.label}</li>)}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** "You are choosing a main offer." / "Bea (Jinteki) is choosing a main offer.": one voice for status lines. */
export function statusLine(text: string, seat: TableSeat | undefined, mine: boolean): string {
  if (!seat) return text;
  const corp = seat.corpName;
  const rest = corp && text.startsWith(corp + " ") ? text.slice(corp.length + 1) : null;
  if (rest === null) return mine ? `You: ${text}` : text;
  if (!mine) return `${seatLabel(seat)} ${rest}`;
  return "You " + rest.replace(/^is /, "are ").replace(/^must /, "must ").replace(/^may /, "may ");
}

/** `compact` (phones): the controls fold into a menu; `onTrades` and `onShowMap` open the part of the screen
 * with your trades or the map. */
export function TopBar({ model, session, controls, notice, compact = false, onTrades, onShowMap }: {
  model: TableSnapshot; session: TableSession; controls: ComponentChildren; notice?: ComponentChildren; compact?: boolean;
  onTrades?: () => void; onShowMap?: () => void;
}) {
  const game = model.game;
  const playing = model.status === "playing";
  const pendingSeat = game?.pending ? seatOf(model, game.pending.seat) : undefined;
  const mine = !!game && model.mySeat !== null && game.pending?.seat === model.mySeat;
  // Bots have no deadline: a countdown beside a bot's decision would be a leftover of the last one.
  const timed = !!runningDeadline(model);
  const moves = model.mySeat !== null && hasMoves(model);
  const incoming = model.trades.filter((t) => t.to === model.mySeat).length;
  return (
    <header class={`topbar${mine || moves ? " acting" : ""}`} data-testid="topbar">
      <div class="bar-row">
        <h1>New Angeles</h1>
        <span class="table-code"><span class="table-word">Table </span><strong class="code" data-testid="table-code">{session.code}</strong></span>
        <PhaseStepper model={model} />
        {playing && game && <Forecast threat={game.threat} forecast={game.forecast} compact={compact} />}
        <span class={`muted who${model.me ? " seated" : ""}`} data-testid="who-am-i">
          {session.spectator ? "You are watching." : model.me ? <>You are <SeatMark seat={model.me} />{`${model.me.name}${model.me.corpName ? ", " + model.me.corpName : ""}.`}</> : ""}
        </span>
        {session.link !== "connected" && (
          <span class="link-state" role="status" data-testid="link-state">
            {session.link === "reconnecting" ? "Connection lost: reconnecting…" : session.leftReason}
          </span>
        )}
        {compact
          ? <details class="bar-menu"><summary data-testid="menu">Menu</summary>
            <div class="bar-controls" onClick={(e) => { if ((e.target as Element).closest("button")) e.currentTarget.parentElement?.removeAttribute("open"); }}>{controls}</div>
          </details>
          : <span class="bar-controls">{controls}</span>}
      </div>
      {playing && (
        <div class="act-row">
          <p class={`pending${mine ? " mine" : ""}`} data-testid="pending" aria-live="polite">
            {game?.pending?.text
              ? <>{statusLine(game.pending.text, pendingSeat, mine)}{" "}{timed && <Countdown deadline={game.deadline} />}</>
              : <span class="muted">Nobody has to decide right now.</span>}
            {incoming > 0 && (onTrades
              ? <> <button type="button" class="link trade-waiting" data-testid="trade-waiting" onClick={onTrades}>{incoming === 1 ? "A trade waits" : `${incoming} trades wait`} for your answer: open Talk.</button></>
              : <span class="trade-waiting" data-testid="trade-waiting"> {incoming === 1 ? "A trade waits" : `${incoming} trades wait`} for your answer in the rail.</span>)}
          </p>
          {notice}
          <RefusalNote session={session} about="move" />
          {moves && (
            <div class="my-prompt">
              <Choices model={model} session={session} onShowMap={onShowMap} />
            </div>
          )}
        </div>
      )}
    </header>
  );
}
