// Display texts from the shared catalog: the server sends ids and titles, the client looks up the words.
import { catalog } from "../../shared/catalog/index.ts";
import { ownRivalNeeds } from "../../shared/catalog/rivals.ts";
import type { Resource } from "../../shared/catalog/types.ts";
import type { TableSeat } from "./state.ts";

export const RESOURCE_LABEL: Record<Resource, string> = {
  energy: "Energy", consumables: "Consumables", tech: "Tech", entertainment: "Entertainment", credits: "Credits",
};

export function resourceLabel(r: string): string {
  return RESOURCE_LABEL[r as Resource] ?? r;
}

const actionByTitle = new Map(catalog.actionCards.map((a) => [a.title, a]));
const emergencyById = new Map(catalog.emergencyActions.map((e) => [e.id, e]));
const emergencyByTitle = new Map(catalog.emergencyActions.map((e) => [e.title, e]));
const assetById = new Map(catalog.assets.map((a) => [a.id, a]));
const rivalById = new Map(catalog.rivals.map((r) => [r.id, r]));
const investmentById = new Map(catalog.investments.map((i) => [i.id, i]));
const demandById = new Map(catalog.demands.map((d) => [d.id, d]));
const corpById = new Map(catalog.corps.map((c) => [c.id, c]));

/** The rules text of an action card or emergency action, by its title. */
export function cardText(title: string): string {
  return actionByTitle.get(title)?.text ?? emergencyByTitle.get(title)?.text ?? "";
}
export function emergencyTitle(id: string): string {
  return emergencyById.get(id)?.title ?? id;
}
export function emergencyText(id: string): string {
  return emergencyById.get(id)?.text ?? "";
}
export function assetName(id: string): string {
  return assetById.get(id)?.name ?? id;
}
export function assetText(id: string): string {
  return assetById.get(id)?.text ?? "";
}
export function rivalName(id: string): string {
  return rivalById.get(id as never)?.name ?? id;
}
export function rivalText(id: string): string {
  return rivalById.get(id as never)?.text ?? "";
}
/**
 * Your own rival card's words, for the case that is yours: the card names both cases (another
 * corporation, or your own), and reads as a riddle when the named one is your own.
 */
export function myRivalText(rival: string, myCorp: string, players: number): string {
  if (rival === "federalist") return rivalText(rival);
  if (rival === myCorp) return `Your own corporation: win with more capital than at least ${ownRivalNeeds(players)} of the ${players - 1} other players.`;
  return `Win with more capital than ${rivalName(rival)}.`;
}
export function investmentText(id: string): string {
  return investmentById.get(id)?.text ?? "";
}
export function investmentName(id: string): string {
  return investmentById.get(id)?.name ?? id;
}
export function demandCard(id: string) {
  return demandById.get(id) ?? null;
}
export function corpInfo(id: string) {
  return corpById.get(id as never) ?? null;
}

/** "Ann (Jinteki)", or just the name before corps are dealt. */
export function seatLabel(seat: TableSeat | undefined, fallback = "someone"): string {
  if (!seat) return fallback;
  return seat.corpName ? `${seat.name} (${seat.corpName})` : seat.name;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * "1 of 1 person is back", "1 of 4 people is back", "2 of 4 people are back": the noun agrees with the
 * number of people, the verb with the number back (and with the one person when there is only one).
 */
export function backText(back: number, people: number): string {
  const verb = back === 1 || people === 1 ? "is" : "are";
  return `${back} of ${people} ${people === 1 ? "person" : "people"} ${verb} back`;
}
