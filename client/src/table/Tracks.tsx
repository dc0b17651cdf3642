// The round track, the threat track and the supply against the demand's targets.
import { RESOURCES } from "../../../shared/catalog/types.ts";
import { demandCard, resourceLabel } from "../text.ts";
import { Icon } from "./Icons.tsx";
import { flashClass, useFlash } from "./awareness.ts";

/** The round track as printed: two standard rounds, then a demand round, three times (engine ROUND_TRACK). */
export const ROUND_TRACK = ["1", "2", "D", "3", "4", "D", "5", "6", "D"];
export const THREAT_MAX = 25;

export function RoundTrack({ round }: { round: number }) {
  const space = ROUND_TRACK[round] ?? "?";
  const flash = useFlash(round);
  return (
    <div class={`track round-track${flashClass(flash)}`} data-testid="round-track">
      <h2 id="round-h" class="h3">Round</h2>
      <ol aria-labelledby="round-h">
        {ROUND_TRACK.map((s, i) => (
          <li key={i} class={`${s === "D" ? "demand" : ""}${i === round ? " here" : ""}${i < round ? " past" : ""}`}
            aria-current={i === round ? "step" : undefined}
            aria-label={s === "D" ? "Demand round" : `Round ${s}`}>{s}</li>
        ))}
      </ol>
      <span class="sr-only" data-testid="round-now">{space === "D" ? "Demand round" : `Round ${space}`}</span>
    </div>
  );
}

/** `worst`: where the forecast says the threat may reach if the next event and the demand were scored now. */
export function ThreatTrack({ threat, worst }: { threat: number; worst?: number }) {
  const flash = useFlash(threat);
  return (
    <div class={`track threat-track${flashClass(flash)}`} data-testid="threat-track" data-threat={threat}>
      <h2 id="threat-h" class="h3">Threat <strong>{threat}</strong>/{THREAT_MAX}</h2>
      <ol aria-labelledby="threat-h" aria-hidden="true">
        {Array.from({ length: THREAT_MAX + 1 }, (_, i) => (
          <li key={i} class={`${i === threat ? "here" : ""}${i < threat ? " past" : ""}${worst !== undefined && i > threat && i <= worst ? " ahead" : ""}${i >= 20 ? " danger" : ""}`}>{i}</li>
        ))}
      </ol>
    </div>
  );
}

export function SupplyDemand({ supply, demandId }: { supply: Record<string, number>; demandId: string }) {
  const demand = demandCard(demandId);
  const flash = useFlash(supply);
  return (
    <div class={`supply${flashClass(flash)}`} data-testid="supply">
      <h2 class="h3">Supply and demand{demand ? `: ${demand.name}` : ""}{demand && <span class="muted penalty" title="Any resource short of its target at the next demand round raises the threat"> · +{demand.penalty} threat if any is short</span>}</h2>
      <table class="supply-grid">
        <thead>
          <tr><td />{RESOURCES.map((r) => <th key={r} scope="col" class={`r ${r}`} title={resourceLabel(r)}><Icon name={r} /> <span class="res-name">{resourceLabel(r)}</span></th>)}</tr>
        </thead>
        <tbody>
          <tr><th scope="row">Supply</th>{RESOURCES.map((r) => <td key={r} data-testid={`supply-${r}`}>{supply[r] ?? 0}</td>)}</tr>
          <tr><th scope="row">Target</th>{RESOURCES.map((r) => <td key={r}>{demand?.targets[r] ?? 0}</td>)}</tr>
          <tr class="status"><th scope="row"><span class="sr-only">Met</span></th>{RESOURCES.map((r) => {
            const have = supply[r] ?? 0;
            const need = demand?.targets[r] ?? 0;
            return <td key={r} class={have >= need ? "met" : "short"}>{have >= need ? "met" : `${need - have} short`}</td>;
          })}</tr>
        </tbody>
      </table>
    </div>
  );
}
