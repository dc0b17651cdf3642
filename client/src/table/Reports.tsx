// Phase reports: what Production, the event and a demand round did, each readable until dismissed.
import { useState } from "preact/hooks";
import { RESOURCES } from "../../../shared/catalog/types.ts";
import type { TableSession } from "../net/session.ts";
import { resourceLabel } from "../text.ts";
import { CardFace, demandText } from "./Card.tsx";
import { Icon } from "./Icons.tsx";
import { reportsOf, type PhaseReport } from "./reports.ts";

/** The table's reports not yet dismissed, the newest first; each stays until dismissed (also over a reload). */
export function useReports(session: TableSession): { reports: PhaseReport[]; dismiss(key: string | null): void } {
  const [dismissed, setDismissed] = useState<Set<string>>(() => loadDismissed(session.code));
  const reports = [...new Map(session.logBatches.flatMap(reportsOf).map((r) => [r.key, r])).values()].filter((r) => !dismissed.has(r.key)).reverse();
  function dismiss(key: string | null) {
    const next = new Set([...dismissed, ...(key ? [key] : reports.map((r) => r.key))]);
    setDismissed(next);
    saveDismissed(session.code, next);
  }
  return { reports, dismiss };
}

/** The reports you dismissed at this table, kept for this browser tab (sessionStorage). */
function loadDismissed(code: string): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(`na.reports.${code}`) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}
function saveDismissed(code: string, keys: Set<string>): void {
  try {
    sessionStorage.setItem(`na.reports.${code}`, JSON.stringify([...keys].slice(-100)));
  } catch { /* storage full or off: dismissals last for this page */ }
}

export function Reports({ reports, onDismiss }: { reports: PhaseReport[]; onDismiss(key: string | null): void }) {
  if (reports.length === 0) return null;
  return (
    <section class="reports" aria-labelledby="reports-h" data-testid="reports">
      <h2 id="reports-h" class="sr-only">What just happened</h2>
      {reports.length > 1 && <button type="button" class="link small" onClick={() => onDismiss(null)}>Dismiss all</button>}
      {reports.map((r) => (
        <article key={r.key} class={`report ${r.kind}`} data-testid={`report-${r.kind}`}>
          <header>
            <h3>{r.kind === "production" ? "Production" : r.kind === "event" ? `Event: ${r.name}` : r.title}</h3>
            <button type="button" class="link" onClick={() => onDismiss(r.key)} aria-label="Dismiss this report">Dismiss</button>
          </header>
          {r.kind === "production" && (
            <>
              {r.districts.length === 0 ? <p class="muted">No district had an android: nothing was produced.</p> : (
                <ul class="produced">{r.districts.map((d) => <li key={d.name}><strong>{d.name}</strong> produced {d.produced}.</li>)}</ul>
              )}
              {r.before && r.after && <SupplyTable rows={RESOURCES.map((res) => ({ res, cells: [r.before![res] ?? 0, r.after![res] ?? 0] }))} heads={["Before", "After"]} />}
              {r.lines.length > 0 && <ul class="report-lines">{r.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>}
            </>
          )}
          {r.kind === "event" && (
            <>
              {r.card && <CardFace kind="event" title={r.card.name} text={r.card.text} />}
              <ul class="report-lines">{r.lines.map((l, i) => <li key={i}>{l}</li>)}</ul>
            </>
          )}
          {r.kind === "demand" && (
            <>
              {r.demand && r.supply && (
                <SupplyTable heads={["Supply", "Target", ""]} rows={RESOURCES.map((res) => {
                  const have = r.supply![res] ?? 0;
                  const need = r.demand!.targets[res] ?? 0;
                  return { res, cells: [have, need, have >= need ? "met" : `missed by ${need - have}`], short: have < need };
                })} />
              )}
              <p>{r.met === true ? "The demand was met: no threat." : r.threatLine ?? ""}</p>
              {r.investments.length > 0 && <ul class="report-lines">{r.investments.map((l, i) => <li key={i}>{l}</li>)}</ul>}
              {r.next && <CardFace kind="demand" title={`Next demand: ${r.next.name}`} text={demandText(r.next.targets, r.next.penalty)} />}
            </>
          )}
        </article>
      ))}
    </section>
  );
}

function SupplyTable({ heads, rows }: { heads: string[]; rows: { res: string; cells: (number | string)[]; short?: boolean }[] }) {
  return (
    <table class="report-table">
      <thead><tr><th scope="col">Resource</th>{heads.map((h, i) => <th key={i} scope="col">{h || <span class="sr-only">Result</span>}</th>)}</tr></thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.res} class={row.short ? "short" : ""}>
            <th scope="row"><span class={`r ${row.res}`}><Icon name={row.res} /></span> {resourceLabel(row.res)}</th>
            {row.cells.map((c, i) => <td key={i}>{c}</td>)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
