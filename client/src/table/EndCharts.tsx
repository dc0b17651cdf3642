// The game in pictures, at its end: capital of every corporation by round, threat by round and by
// source, deals won, support given and received, trades made. Plain inline SVG and HTML bars (no chart
// library); each chart has a text alternative (a table for screen readers).
import type { GameSummary } from "../../../shared/ends-api.ts";
import { SOURCE_LABEL } from "./Forecast.tsx";

/** The corporations' colours (as their marks), but Melange a deeper orange: beside NBN's yellow a line must stand apart. */
const CORP_COLOR: Record<string, string> = {
  Jinteki: "#f08080", "Haas-Bioroid": "#b39ddb", NBN: "#ffd54f", "Weyland Consortium": "#81c784", Globalsec: "#64b5f6", "Melange Mining": "#ff7043",
};
const SOURCE_COLOR: Record<string, string> = { demand: "#f2b04f", event: "#ef6b6b", illness: "#7fd1a0", root: "#b39ddb", card: "#4fc3f7" };
const SOURCES = ["demand", "event", "illness", "root", "card"] as const;

function color(corp: string, i: number): string {
  return CORP_COLOR[corp] ?? ["#4fc3f7", "#f08080", "#81c784", "#ffd54f", "#b39ddb", "#ffb74d"][i % 6]!;
}

/** Round labels under the charts: "1", "2", "D", …, "end". */
function label(l: string): string {
  return l === "end" ? "End" : l;
}

export function CapitalChart({ s }: { s: GameSummary }) {
  const W = 320, H = 160, L = 28, B = 20, T = 8, R = 16;
  const max = Math.max(10, ...s.rounds.flatMap((r) => r.capital));
  const x = (i: number) => L + (i * (W - L - R)) / Math.max(1, s.rounds.length - 1);
  const y = (v: number) => T + (H - T - B) * (1 - v / max);
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure class="chart" data-testid="chart-capital">
      <figcaption>Capital by round</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Capital of every corporation at the start of each round and at the end">
        {ticks.map((t) => <g key={t}><line x1={L} x2={W - R} y1={y(t)} y2={y(t)} class="grid" /><text x={L - 4} y={y(t) + 3} class="axis" text-anchor="end">{t}</text></g>)}
        {s.rounds.map((r, i) => <text key={i} x={x(i)} y={H - 5} class="axis" text-anchor="middle">{label(r.label)}</text>)}
        {s.corps.map((corp, seat) => (
          <polyline key={seat} fill="none" stroke={color(corp, seat)} stroke-width="2.2" stroke-linejoin="round"
            points={s.rounds.map((r, i) => `${x(i)},${y(r.capital[seat] ?? 0)}`).join(" ")} />
        ))}
      </svg>
      <ul class="chart-key">{s.corps.map((corp, seat) => (
        <li key={seat}><span class="swatch" style={{ background: color(corp, seat) }} />{s.names[seat]} ({corp}) <strong>{s.rounds.at(-1)?.capital[seat]}</strong></li>
      ))}</ul>
    </figure>
  );
}

/** Threat raised in each round, stacked by source (the difference of the tallies at the round's marks). */
export function ThreatChart({ s }: { s: GameSummary }) {
  const W = 320, H = 160, L = 28, B = 20, T = 8, R = 16;
  const per = s.rounds.slice(0, -1).map((r, i) => {
    const next = s.rounds[i + 1]!;
    return { label: r.label, by: SOURCES.map((k) => Math.max(0, (next.threatFrom[k] ?? 0) - (r.threatFrom[k] ?? 0))) };
  });
  const max = Math.max(5, ...per.map((p) => p.by.reduce((a, b) => a + b, 0)));
  const slot = (W - L - R) / Math.max(1, per.length);
  const h = (v: number) => ((H - T - B) * v) / max;
  const totals = SOURCES.map((k) => s.rounds.at(-1)?.threatFrom[k] ?? 0);
  return (
    <figure class="chart" data-testid="chart-threat">
      <figcaption>Threat by round and source (end: {s.rounds.at(-1)?.threat}/25)</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`Threat raised each round by source; in all: ${SOURCES.map((k, i) => `${SOURCE_LABEL[k]} ${totals[i]}`).join(", ")}`}>
        {[0, max].map((t) => <g key={t}><line x1={L} x2={W - R} y1={T + h(max - t)} y2={T + h(max - t)} class="grid" /><text x={L - 4} y={T + h(max - t) + 3} class="axis" text-anchor="end">{t}</text></g>)}
        {per.map((p, i) => {
          let top = H - B;
          return (
            <g key={i}>
              {p.by.map((v, k) => {
                if (!v) return null;
                top -= h(v);
                return <rect key={k} x={L + i * slot + slot * 0.15} width={slot * 0.7} y={top} height={h(v)} fill={SOURCE_COLOR[SOURCES[k]]}><title>{`${SOURCE_LABEL[SOURCES[k]]} +${v}`}</title></rect>;
              })}
              <text x={L + i * slot + slot / 2} y={H - 5} class="axis" text-anchor="middle">{label(p.label)}</text>
            </g>
          );
        })}
      </svg>
      <ul class="chart-key">{SOURCES.map((k, i) => totals[i] ? <li key={k}><span class="swatch" style={{ background: SOURCE_COLOR[k] }} />{SOURCE_LABEL[k]} <strong>{totals[i]}</strong></li> : null)}</ul>
    </figure>
  );
}

/** Deals won, support given and received, trades made: one row of bars per person. */
export function PlayChart({ s }: { s: GameSummary }) {
  const rows: { key: string; title: string; values: number[] }[] = [
    { key: "deals", title: "Deals won", values: s.dealsWon },
    { key: "given", title: "Support given (cards)", values: s.supportGiven },
    { key: "received", title: "Support received (cards)", values: s.supportReceived },
    { key: "trades", title: "Trades made", values: s.trades },
  ];
  return (
    <figure class="chart play-chart" data-testid="chart-play">
      <figcaption>Deals, support and trades</figcaption>
      <table>
        <thead><tr><th scope="col">Player</th>{rows.map((r) => <th key={r.key} scope="col">{r.title}</th>)}</tr></thead>
        <tbody>{s.corps.map((corp, seat) => (
          <tr key={seat}>
            <th scope="row"><span class="swatch" style={{ background: color(corp, seat) }} />{s.names[seat]}</th>
            {rows.map((r) => {
              const max = Math.max(1, ...r.values);
              const v = r.values[seat] ?? 0;
              return <td key={r.key} data-label={r.title}><span class="bar" style={{ width: `${(v / max) * 100}%`, background: color(corp, seat) }} /><span class="bar-v">{v}</span></td>;
            })}
          </tr>
        ))}</tbody>
      </table>
    </figure>
  );
}
