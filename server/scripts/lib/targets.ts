// Prints each target beside its figure, for the bench and the load test, and returns the misses.

/** A figure and its target: [what, figure, bound, how the figure must stand to the bound]. */
export type Target = [label: string, figure: number, bound: number, rule?: "at most" | "below"];

/** Prints one line per target ("met" or "MISSED") and returns one line per miss. */
export function reportTargets(targets: readonly Target[], issue: string): string[] {
  const misses: string[] = [];
  const width = Math.max(...targets.map(([label]) => label.length));
  console.log(`targets (${issue}):`);
  for (const [label, figure, bound, rule = "at most"] of targets) {
    const met = rule === "below" ? figure < bound : figure <= bound;
    console.log(`  ${label.padEnd(width)}  ${String(figure).padStart(8)}  ${rule} ${bound}: ${met ? "met" : "MISSED"}`);
    if (!met) misses.push(`${label.trim()}: ${figure}, not ${rule} ${bound}`);
  }
  return misses;
}
