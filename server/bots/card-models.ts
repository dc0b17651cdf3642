// The cards a bot cannot fairly imagine (card-value.ts imagines all the others with the engine's own
// rules, server/engine/imagine.ts), each with a hand-written model of what resolving it would do:
// - Information Procurement: every player in turn chooses how much capital to chip in; what they
//   give rests on their secret rivals and plans, which an imagined copy of the table does not have.
// - Unorthodox Knowledge: its picks read the top three event cards, hidden from the bot (an imagined
//   deck holds placeholders, so what the card is worth cannot come from them).
// - Vanity Project, High-Risk Investments, Full Deployment: the resolver hands capital or cards to
//   players it picks, and whom it favours rests on its secret rival; the gain is spread evenly
//   over the others (card-value.ts, byResolver).
// - Melange Mining's contract read as "event-card" (the default) pays after the coming event card, not
//   when the card resolves: a card that clears the city makes that likelier (melangeAfterEvent).
// Corp contracts pay into `contracts` (B3).
import type { CorpId } from "../../shared/catalog/types.ts";
import { PROCUREMENT_THREAT, seatOfCorp, type Sense } from "./city-sense.ts";

/** The titles modeled here; every other card is imagined. */
export const MODELED = new Set(["information-procurement", "unorthodox-knowledge", "vanity-project", "high-risk-investments", "full-deployment"]);

/** A model's workspace: the guess before the resolver is known, the same for every seat while the city stays the same. */
export interface Guess {
  sense: Sense;
  /** The card waives the illness threat. */
  free: boolean;
  involved: boolean;
  /** Capital corp contracts pay, by seat (as if any card pays; "own-card" scope is applied per resolver). */
  contracts: number[];
  /** Capital everyone gains or loses whoever resolves it. */
  gains: number[];
  threat: number;
  city: number;
  /** Cards everyone draws whoever resolves it. */
  cards: number[];
}

function pay(contracts: number[], sense: Sense, corp: CorpId, amount: number): void {
  const seat = seatOfCorp(sense.s, corp);
  if (seat >= 0 && amount > 0) contracts[seat]! += amount;
}

export const MODELS: Record<string, (g: Guess) => void> = {
  "information-procurement": (g) => {
    // the table must chip in at least one capital per player; funded more often when threat is high
    const likely = g.sense.s.threat >= PROCUREMENT_THREAT ? 0.7 : 0.4;
    g.threat -= 2 * likely;
    for (let i = 0; i < g.gains.length; i++) g.gains[i]! -= likely;
  },
  // the worst of three coming events goes to the bottom: about a threat point saved
  "unorthodox-knowledge": (g) => void (g.city -= 1),
  "vanity-project": () => {}, // see byResolver (card-value.ts)
  "high-risk-investments": () => {}, // see byResolver (card-value.ts)
  "full-deployment": () => {}, // see byResolver (card-value.ts)
};

/** Melange Mining's contract pays this much. */
const MELANGE_CAPITAL = 3;
/** Capital one threat point taken off the city is worth to Melange under the event-card reading: less threat in the city, more events that stay below +2. */
const MELANGE_PER_CITY_POINT = 0.75;

/** Melange Mining's contract, event-card reading: what clearing the city before the next event is worth to Melange. */
export function melangeAfterEvent(sense: Sense, o: { gains: number[]; city: number }): void {
  if (sense.s.rules.melangeContract === "event-card" && o.city < 0) {
    const seat = seatOfCorp(sense.s, "melange");
    if (seat >= 0) o.gains[seat]! += Math.min(MELANGE_CAPITAL, -o.city * MELANGE_PER_CITY_POINT);
  }
}

/** Melange Mining's contract for a modeled card, as the table plays it (variant melangeContract). */
export function melangeContract(g: Guess): void {
  const reading = g.sense.s.rules.melangeContract;
  // an action-card reading pays at once when the card adds less than 2 threat
  if (reading === "any-card" || reading === "own-card") {
    if (g.threat < 2) pay(g.contracts, g.sense, "melange", MELANGE_CAPITAL);
    return;
  }
  if (reading === "event-card" && g.city < 0) pay(g.contracts, g.sense, "melange", Math.min(MELANGE_CAPITAL, -g.city * MELANGE_PER_CITY_POINT));
}
