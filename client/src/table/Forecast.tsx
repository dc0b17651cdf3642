// Where the threat is heading, in the top bar (so it is in view at every decision, on every screen): the
// threat now, what the next event and the current demand would add if scored now (the server's forecast,
// from public facts only), and, unfolded, each event that may be next, the demand's shortfall and the
// threat raised this round and this game by source. Near 25 it turns to an alarm (also in the tab's
// title, and a low tone if the sound is on: awareness.ts).
import type { ThreatForecast } from "../../../shared/view.ts";
import { resourceLabel } from "../text.ts";
import { THREAT_MAX } from "./Tracks.tsx";

export type ThreatLevel = "calm" | "warn" | "alarm";

/** How loud the forecast is: an alarm when the worst case reaches 25 or the threat itself is 20+; a warning within 5 of it. */
export function threatLevel(threat: number, f: ThreatForecast | null): ThreatLevel {
  const worst = f?.worst ?? threat;
  if (worst >= THREAT_MAX || threat >= THREAT_MAX - 5) return "alarm";
  if (worst >= THREAT_MAX - 5 || threat >= THREAT_MAX - 8) return "warn";
  return "calm";
}

export const SOURCE_LABEL: Record<string, string> = {
  demand: "unmet demand", event: "events", illness: "illness", root: "The Root", card: "cards",
};
const CATEGORY_LABEL: Record<string, string> = {
  "human-first": "Human First", orgcrime: "Orgcrime", outage: "Outage", "protest-strike": "Protest and strike",
};

function sources(s: ThreatForecast["round"]): string {
  const parts = Object.entries(s).filter(([, v]) => (v ?? 0) > 0).map(([k, v]) => `${SOURCE_LABEL[k] ?? k} +${v}`);
  return parts.length ? parts.join(", ") : "none";
}

function range(min: number, max: number): string {
  return min === max ? `+${max}` : `+${min} to +${max}`;
}

/** The parts of the sum: "event +0 to +5, demand +4". */
export function forecastParts(f: ThreatForecast): string {
  const parts: string[] = [];
  if (f.event) parts.push(`event ${range(f.event.min, f.event.max)}`);
  parts.push(`demand +${f.demand.adds}`);
  if (f.illness) parts.push(`illness +${f.illness}`);
  return parts.join(", ");
}

export function Forecast({ threat, forecast, compact = false }: { threat: number; forecast: ThreatForecast | null; compact?: boolean }) {
  const level = threatLevel(threat, forecast);
  const f = forecast;
  return (
    <details class={`forecast ${level}`} data-testid="forecast" data-level={level} data-worst={f?.worst ?? threat}>
      <summary>
        <span class="fc-now">{level === "alarm" && <span class="alarm-mark" aria-hidden="true">⚠</span>}Threat <strong data-testid="forecast-threat">{threat}</strong>{compact ? <span class="sr-only"> of {THREAT_MAX}</span> : `/${THREAT_MAX}`}</span>
        {f && <span class="fc-next" data-testid="forecast-line"><span aria-hidden="true"> → </span><span class="sr-only">; if scored now, up to </span><strong>{f.worst}</strong>
          {compact ? <span class="sr-only"> ({forecastParts(f)})</span> : <span class="muted fc-parts"> ({forecastParts(f)})</span>}</span>}
        {level === "alarm" && <span class="sr-only">. The city is about to fall.</span>}
      </summary>
      {f && (
        <div class="fc-body" data-testid="forecast-body">
          <p class="muted">If scored now, from what everyone can see: {threat} now, up to <strong>{f.worst}</strong>{f.worst >= THREAT_MAX ? " — the city would fall" : ""}.</p>
          <dl>
            <dt>Next event{f.event ? ` (${CATEGORY_LABEL[f.event.category] ?? f.event.category} card back)` : ""}</dt>
            <dd data-testid="forecast-event">{f.event
              ? <>{range(f.event.min, f.event.max)}: <ul>{f.event.candidates.map((c) => <li key={c.id}>{c.name} <strong>+{c.adds}</strong></li>)}</ul></>
              : "none left"}</dd>
            <dt>Demand, with today's supply</dt>
            <dd data-testid="forecast-demand">{f.demand.adds > 0
              ? <>+{f.demand.adds}: short of {f.demand.short.map(resourceLabel).join(", ")}</>
              : "met: +0"}</dd>
            {f.illness > 0 && <><dt>The card being resolved</dt><dd>+{f.illness}: it involved illness</dd></>}
            <dt>This round so far</dt>
            <dd data-testid="forecast-round">{sources(f.round)}</dd>
            <dt>This game so far</dt>
            <dd data-testid="forecast-total">{sources(f.total)}</dd>
          </dl>
        </div>
      )}
    </details>
  );
}
