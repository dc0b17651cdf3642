// The game log's filter and names: the log speaks of corporations ("NBN wins the deal"), the chat of
// people; the log shows each corporation with its player ("NBN (Bea)"). The filter keeps the lines of one
// kind: yours (naming your corporation, or said to you), deals, trades, or the city (threat, districts,
// units, production, events, demand).
export type LogFilter = "all" | "mine" | "deals" | "trades" | "city";

export const LOG_FILTERS: { key: LogFilter; label: string }[] = [
  { key: "all", label: "All" }, { key: "mine", label: "Mine" }, { key: "deals", label: "Deals" }, { key: "trades", label: "Trades" }, { key: "city", label: "City" },
];

const DEALS = /\b(offer|counteroffer|support|supports|abstains?|wins the deal|deal|claims|asset|resolves)\b/i;
const TRADES = /\btrades?\b/i;
const CITY = /\b(threat|district|The Root|unit|outage|illness|protest|strike|android|prisec|orgcrime|Human First|produc\w*|Event|demand|supply|placed|moves?|development|Action Phase)\b/i;

export function keepLine(filter: LogFilter, line: string, myCorp: string | null): boolean {
  switch (filter) {
    case "all": return true;
    case "mine": return !!myCorp && line.includes(myCorp);
    case "deals": return DEALS.test(line) && !TRADES.test(line);
    case "trades": return TRADES.test(line);
    case "city": return CITY.test(line);
  }
}

/** The line with each corporation's player after its name: "NBN (Bea) wins the deal". Longest names first. */
export function withPeople(line: string, people: { corp: string; name: string }[]): string {
  const named = people.filter((p) => p.corp && p.name).sort((a, b) => b.corp.length - a.corp.length);
  if (named.length === 0) return line;
  const re = new RegExp(named.map((p) => p.corp.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
  const by = new Map(named.map((p) => [p.corp, p.name]));
  return line.replace(re, (corp) => `${corp} (${by.get(corp)})`);
}

/** Who plays each corporation, for withPeople, from the table's seats. */
export function peopleOf(seats: readonly { corpName: string; name: string }[]): { corp: string; name: string }[] {
  return seats.map((s) => ({ corp: s.corpName, name: s.name }));
}
