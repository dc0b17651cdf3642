// Places the districts on a grid along the next-district arrows (catalog `next`), flowing towards
// The Root: each district sits one column before the district it moves into.
import type { DistrictDef, NextDistrict } from "../../../shared/catalog/types.ts";

export interface Placed { id: number | "root"; col: number; row: number }
export interface CityLayout { places: Placed[]; arrows: { from: number; to: number | "root" }[]; cols: number; rows: number }

export function cityLayout(districts: DistrictDef[]): CityLayout {
  const byId = new Map(districts.map((d) => [d.id, d]));
  const stepsToRoot = new Map<number, number>();
  function steps(id: number, seen = new Set<number>()): number {
    const known = stepsToRoot.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return 1; // a loop in the data would be a catalog bug; stop instead of recursing forever
    seen.add(id);
    const next: NextDistrict | undefined = byId.get(id)?.next;
    const n = next === undefined || next === "root" || !byId.has(next) ? 1 : steps(next, seen) + 1;
    stepsToRoot.set(id, n);
    return n;
  }
  for (const d of districts) steps(d.id);
  const far = Math.max(1, ...stepsToRoot.values());
  const cols = far + 1; // The Root takes the last column
  const columns: number[][] = Array.from({ length: cols }, () => []);
  for (const d of districts) columns[far - stepsToRoot.get(d.id)!]!.push(d.id);
  const rows = Math.max(1, ...columns.map((c) => c.length));

  // Fill from The Root backwards so each column is ordered like the districts it flows into.
  const rowOf = new Map<number | "root", number>([["root", (rows - 1) / 2]]);
  const places: Placed[] = [{ id: "root", col: cols - 1, row: (rows - 1) / 2 }];
  for (let c = cols - 2; c >= 0; c--) {
    const ids = columns[c]!.sort((a, b) => {
      const ra = rowOf.get(byId.get(a)!.next) ?? 0;
      const rb = rowOf.get(byId.get(b)!.next) ?? 0;
      return ra - rb || a - b;
    });
    const top = (rows - ids.length) / 2;
    ids.forEach((id, i) => {
      rowOf.set(id, top + i);
      places.push({ id, col: c, row: top + i });
    });
  }
  const arrows = districts.map((d) => ({ from: d.id, to: d.next }));
  return { places, arrows, cols, rows };
}
