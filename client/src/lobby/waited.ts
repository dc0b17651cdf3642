// How long a seat's current decision has waited at a turn-based table, in a few words, from the
// `waited` seconds of its entry in GET /api/games/:code (absent while it owes none, and at live tables).
import type { TableInfo } from "../net/api.ts";

/** " · waiting 3 h 20 min" for a seat that owes a decision at a turn-based table, else "". */
export function waitedText(t: TableInfo, seat: number): string {
  const seconds = (t.players.find((p) => p.seat === seat) as { waited?: number } | undefined)?.waited;
  if (seconds === undefined) return "";
  const min = Math.max(0, Math.floor(seconds / 60));
  const d = Math.floor(min / 1440), h = Math.floor((min % 1440) / 60), m = min % 60;
  return ` · waiting ${d > 0 ? `${d} d ${h} h` : h > 0 ? `${h} h ${m} min` : `${m} min`}`;
}
