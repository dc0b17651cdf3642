// Phase reports (Production, Event, Demand) read from the server's log lines and the catalog: the client
// applies no rule, it groups what the log says happened and looks up the cards it names. The supply
// figures are facts the engine writes in the log (shared/phase-lines.ts), so a report rebuilt from the
// log history after a reload says the same.
import { catalog } from "../../../shared/catalog/index.ts";
import type { DemandDef, EventDef } from "../../../shared/catalog/types.ts";

/** The part of a log batch (net/session.ts) a report reads: public lines numbered from `from`. */
export interface LogBatch { from: number; lines: string[] }
import { readDemandSupply, readProductionSupply } from "../../../shared/phase-lines.ts";

export interface ProductionReport {
  kind: "production";
  key: string;
  /** Each exploited district and what the log says it produced ("2 energy and 1 tech", "nothing"). */
  districts: { name: string; produced: string }[];
  /** Supply before and after Production, by resource, as the log says; null when the phase did not finish. */
  before: Record<string, number> | null;
  after: Record<string, number> | null;
  /** The other lines of the phase (unrest, outages, threat). */
  lines: string[];
}

export interface EventReport {
  kind: "event";
  key: string;
  card: EventDef | null;
  name: string;
  lines: string[];
}

export interface DemandReport {
  kind: "demand";
  key: string;
  title: string;
  demand: DemandDef | null;
  /** The supply the demand was paid against, as the log says (null when the line is not in the batch). */
  supply: Record<string, number> | null;
  met: boolean | null;
  /** "Threat rises by 6 to 14: the demand … was not met": the threat the misses cost. */
  threatLine: string | null;
  investments: string[];
  next: DemandDef | null;
  lines: string[];
}

export type PhaseReport = ProductionReport | EventReport | DemandReport;

const PRODUCES = /^(.*) produces (.*)\.$/;

/**
 * The lines from the first one matching `start` up to (not including) the first later one matching `stop`,
 * with the number of the first line in the whole log (the report's key: the same after a reload).
 */
function section(batch: LogBatch, start: (l: string) => boolean, stop: (l: string) => boolean): { at: number; lines: string[] } | null {
  const { lines } = batch;
  const i = lines.findIndex(start);
  if (i < 0) return null;
  const rest = lines.slice(i + 1);
  const j = rest.findIndex(stop);
  return { at: batch.from + i, lines: [lines[i]!, ...(j < 0 ? rest : rest.slice(0, j))] };
}

const isPhaseStart = (l: string) => l === "Production Phase." || l.startsWith("Event: ") || /^(Round \S+|Demand round \d+) begins\.$/.test(l);

/** The phase reports one log batch holds, in the order they happened. */
export function reportsOf(batch: LogBatch): PhaseReport[] {
  const out: PhaseReport[] = [];

  const prod = section(batch, (l) => l === "Production Phase.", isPhaseStart);
  if (prod) {
    const districts: ProductionReport["districts"] = [];
    const other: string[] = [];
    let supply: ReturnType<typeof readProductionSupply> = null;
    for (const l of prod.lines.slice(1)) {
      const m = l.match(PRODUCES);
      const facts = readProductionSupply(l);
      if (m) districts.push({ name: m[1]!, produced: m[2]! });
      else if (facts) supply = facts;
      else other.push(l);
    }
    out.push({ kind: "production", key: `p${prod.at}`, districts, before: supply?.before ?? null, after: supply?.after ?? null, lines: other });
  }

  const ev = section(batch, (l) => l.startsWith("Event: "), (l) => isPhaseStart(l));
  if (ev) {
    const name = ev.lines[0]!.slice("Event: ".length).replace(/\.$/, "");
    out.push({ kind: "event", key: `e${ev.at}`, name, card: catalog.events.find((e) => e.name === name) ?? null, lines: ev.lines.slice(1) });
  }

  const section_ = section(batch, (l) => /^Demand round \d+ begins\.$/.test(l), (l) => /^Round \S+ begins\.$/.test(l));
  if (section_) {
    const dem = section_.lines;
    const metLine = dem.find((l) => /^The demand .* is met\.$/.test(l));
    const threatLine = dem.find((l) => / the demand .* was not met\.$/.test(l)) ?? null;
    const facts = dem.map(readDemandSupply).find((f) => f !== null) ?? null;
    const paidName = facts?.demand ?? metLine?.match(/^The demand (.*) is met\.$/)?.[1] ?? threatLine?.match(/ the demand (.*) was not met\.$/)?.[1];
    const demand = catalog.demands.find((d) => d.name === paidName) ?? null;
    const nextLine = dem.find((l) => l.startsWith("New demand: "));
    const nextName = nextLine?.match(/^New demand: (.*?) \(/)?.[1];
    out.push({
      kind: "demand",
      key: `d${section_.at}`,
      title: dem[0]!.replace(/ begins\.$/, ""),
      demand,
      supply: facts?.supply ?? null,
      met: metLine ? true : threatLine ? false : null,
      threatLine,
      investments: dem.filter((l) => / reveals .* and gains \d+ capital\.$/.test(l)),
      next: catalog.demands.find((d) => d.name === nextName) ?? null,
      lines: dem.slice(1).filter((l) => !readDemandSupply(l)),
    });
  }
  return out;
}
