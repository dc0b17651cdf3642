// What resolving a card would do, as a bot guesses it before the deal: capital each seat gains (direct
// effects and corp contracts, B3), threat now, threat the city is likely to cause later, and cards
// drawn. Each card's own model lives in card-models.ts; here the guesses are made, cached per city
// and finished for a resolver. utility() turns a guess into capital for one seat, weighing its rival
// and the threat.
import { catalog } from "../../shared/catalog/index.ts";
import { MODELS, melangeContract, type Guess } from "./card-models.ts";
import { ILLNESS_THREAT, capitalWorth, seatOfCorp, type Sense } from "./city-sense.ts";

/** What holding one action card is worth (it can be offered, support a deal or pay for a counteroffer). */
export const CARD_WORTH = 1.2;
/** What claiming the revealed asset is worth to the deal's winner. */
export const ASSET_WORTH = 2;

export interface Outcome {
  /** Capital gained, by seat. */
  gains: number[];
  /** Threat added now (negative: lowered). */
  threat: number;
  /** Threat the city is likely to cause later: problems added minus problems removed, in threat points. */
  city: number;
  /** Action cards drawn, by seat. */
  cards: number[];
}

/** A guess as the cache keeps it. */
interface CachedGuess extends Guess {
  /** The whole outcome when every contract pays and nothing depends on the resolver (read-only). */
  whoever: Outcome | null;
}

const emergencyIds = new Set(catalog.emergencyActions.map((e) => e.id));
const illnessFree = new Map<string, boolean>([
  ...catalog.actionCards.map((c) => [c.id, c.illnessFree] as const),
  ...catalog.emergencyActions.map((e) => [e.id, e.illnessFree] as const),
]);
const typeOfTitle = new Map(catalog.actionCards.map((c) => [c.id, c.type]));

export function isEmergency(id: string): boolean {
  return emergencyIds.has(id);
}
export function actionType(titleId: string) {
  return typeOfTitle.get(titleId);
}

/** Cards whose outcome depends on who resolves them (see byResolver). */
const RESOLVER_TITLES = new Set(["vanity-project", "high-risk-investments", "full-deployment", "underpaid-overclocked"]);

/** The part of a card that depends on who resolves it: capital and cards for seats they pick. */
function byResolver(o: Outcome, titleId: string, resolver: number, sense: Sense): void {
  const others = o.gains.length - 1;
  switch (titleId) {
    case "vanity-project": {
      // the resolver takes the capital, and loses an asset if they hold one
      const assets = sense.s.seats[resolver]!.assets.length;
      o.gains[resolver]! += 2 - (assets > 0 ? ASSET_WORTH * 0.75 : 0);
      break;
    }
    case "high-risk-investments":
      // 3 to the resolver; 2 and 1 to two of the others (unknown which: spread evenly)
      o.gains[resolver]! += 3;
      for (let i = 0; i < o.gains.length; i++) if (i !== resolver) o.gains[i]! += 3 / others;
      break;
    case "full-deployment":
      // five cards to someone the resolver picks (not the resolver)
      for (let i = 0; i < o.cards.length; i++) if (i !== resolver) o.cards[i]! += 5 / others;
      break;
    case "underpaid-overclocked":
      o.gains[resolver]! += 4;
      break;
  }
}

function baseGuess(sense: Sense, titleId: string): CachedGuess {
  const city = sense.table.guesses as Map<string, CachedGuess>;
  const known = city.get(titleId);
  if (known) return known;
  const n = sense.s.players;
  const g: CachedGuess = {
    sense,
    free: illnessFree.get(titleId) ?? false,
    involved: false,
    contracts: new Array(n).fill(0),
    gains: new Array(n).fill(0),
    threat: 0,
    city: 0,
    cards: new Array(n).fill(0),
    whoever: null,
  };
  MODELS[titleId]?.(g);
  if (g.involved) g.threat += ILLNESS_THREAT;
  melangeContract(g);
  if (!RESOLVER_TITLES.has(titleId)) g.whoever = { gains: g.gains.map((x, seat) => x + g.contracts[seat]!), threat: g.threat, city: g.city, cards: g.cards };
  g.sense = null as unknown as Sense; // the cache must not keep a table alive
  city.set(titleId, g);
  return g;
}

/** A guess of what resolving `titleId` (an action card title or an emergency action id) by `resolver` does. */
export function guessOutcome(sense: Sense, titleId: string, resolver: number): Outcome {
  let mine = sense.memo.get(titleId) as Outcome[] | undefined;
  if (!mine) sense.memo.set(titleId, (mine = []));
  const known = mine[resolver];
  if (known) return known;
  const g = baseGuess(sense, titleId);
  const ownCard = sense.s.rules.contractScope === "own-card";
  // Melange Mining's contract has its own scope (melangeContract)
  const melangeSeat = seatOfCorp(sense.s, "melange");
  const melangeOwn = sense.s.rules.melangeContract === "own-card";
  if (g.whoever && !ownCard && !melangeOwn) return g.whoever;
  const out: Outcome = { gains: g.gains.slice(), threat: g.threat, city: g.city, cards: g.cards.slice() };
  for (let seat = 0; seat < out.gains.length; seat++) {
    const own = seat === melangeSeat ? melangeOwn : ownCard;
    if (!own || seat === resolver) out.gains[seat]! += g.contracts[seat]!;
  }
  byResolver(out, titleId, resolver, sense);
  mine[resolver] = out;
  return out;
}

/** An outcome in capital, for seat `sense.me`. */
export function utility(sense: Sense, o: Outcome): number {
  let u = 0;
  for (let seat = 0; seat < o.gains.length; seat++) u += capitalWorth(sense, seat, o.gains[seat]! + CARD_WORTH * o.cards[seat]!);
  return u - sense.threatWeight * (o.threat + o.city);
}

/** What a deal won by `winner` with `titleId` is worth to me: the card's outcome plus the asset to the winner. */
export function dealWorth(sense: Sense, titleId: string, winner: number, asset: boolean): number {
  return utility(sense, guessOutcome(sense, titleId, winner)) + (asset ? capitalWorth(sense, winner, ASSET_WORTH) : 0);
}
