// The facts a phase report needs, as log lines the engine writes and the client reads back: the supply
// before and after Production, and the supply a demand round is paid against. One format, written and
// parsed here, so a report is read from what happened (also from the log history after a reload),
// never worked out by comparing states.
import { RESOURCES, type Resource } from "./catalog/types.ts";

type Supply = Record<Resource, number>;

const PRODUCTION = "Supply after Production: ";
const DEMAND = /^Supply against the demand (.+): (.+?)(?:; missed (.+))?\.$/;

/** "Supply after Production: energy 0 → 3, consumables 1 → 1, …." */
export function productionSupplyLine(before: Supply, after: Supply): string {
  return `${PRODUCTION}${RESOURCES.map((r) => `${r} ${before[r]} → ${after[r]}`).join(", ")}.`;
}

/** The supply before and after Production, from its line; null for any other line. */
export function readProductionSupply(line: string): { before: Supply; after: Supply } | null {
  if (!line.startsWith(PRODUCTION)) return null;
  const before = {} as Supply;
  const after = {} as Supply;
  for (const r of RESOURCES) {
    const m = new RegExp(`\\b${r} (\\d+) → (\\d+)`).exec(line);
    if (!m) return null;
    before[r] = Number(m[1]);
    after[r] = Number(m[2]);
  }
  return { before, after };
}

/** "Supply against the demand Blackout: energy 3 of 4, …; missed energy by 1." (or no "missed" part when every target is met). */
export function demandSupplyLine(demand: string, supply: Supply, targets: Supply): string {
  const missed = RESOURCES.filter((r) => supply[r] < targets[r]).map((r) => `${r} by ${targets[r] - supply[r]}`);
  return `Supply against the demand ${demand}: ${RESOURCES.map((r) => `${r} ${supply[r]} of ${targets[r]}`).join(", ")}${missed.length ? `; missed ${missed.join(", ")}` : ""}.`;
}

/** The demand's name, the supply and the targets, from its line; null for any other line. */
export function readDemandSupply(line: string): { demand: string; supply: Supply; targets: Supply } | null {
  const m = DEMAND.exec(line);
  if (!m) return null;
  const supply = {} as Supply;
  const targets = {} as Supply;
  for (const r of RESOURCES) {
    const x = new RegExp(`\\b${r} (\\d+) of (\\d+)`).exec(m[2]!);
    if (!x) return null;
    supply[r] = Number(x[1]);
    targets[r] = Number(x[2]);
  }
  return { demand: m[1]!, supply, targets };
}
