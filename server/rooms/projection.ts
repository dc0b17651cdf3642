// Projects the engine's views into the table's schema state. Public facts come from the spectator
// view, so nothing secret can reach a public field; each seat's secrets come from that seat's own view
// and go into its view-tagged SecretState. Fields are written only when they change, so patches stay small.
import type { ArraySchema, MapSchema } from "@colyseus/schema";
import type { LegalCommand } from "../../shared/protocol.ts";
import type { DealView, GameView } from "../../shared/view.ts";
import {
  AssetState, CardState, DistrictState, EmergencyState, GameState, OfferState, PileState, SecretState, SupportState,
  type DealState, type DecksState, type SeatState,
} from "./schema.ts";

type Plain = Record<string, unknown>;

/** Assigns each field of `values` to `target` when it differs. */
function assign<T extends object>(target: T, values: Partial<T>): void {
  const t = target as Plain;
  for (const [key, value] of Object.entries(values)) {
    if (t[key] !== value) t[key] = value;
  }
}

/** Makes a schema array hold one item per value, in order, reusing items where it can. */
function syncArray<S extends object, V>(
  array: ArraySchema<S>, values: readonly V[], create: () => S, write: (item: S, value: V) => void,
): void {
  while (array.length > values.length) array.pop();
  values.forEach((value, i) => {
    let item = array[i];
    if (item === undefined) {
      item = create();
      write(item, value);
      array.push(item);
    } else {
      write(item, value);
    }
  });
}

function syncValues<V extends string | number>(array: ArraySchema<V>, values: readonly V[]): void {
  while (array.length > values.length) array.pop();
  values.forEach((value, i) => {
    if (i >= array.length) array.push(value);
    else if (array[i] !== value) array[i] = value;
  });
}

function syncStrings(array: ArraySchema<string>, values: readonly string[]): void {
  while (array.length > values.length) array.pop();
  values.forEach((value, i) => {
    if (i >= array.length) array.push(value);
    else if (array[i] !== value) array[i] = value;
  });
}

/** Makes a schema map hold exactly these entries. */
function syncMap<V>(map: MapSchema<V>, values: Record<string, V>): void {
  for (const key of [...map.keys()]) if (!(key in values)) map.delete(key);
  for (const [key, value] of Object.entries(values)) if (map.get(key) !== value) map.set(key, value);
}

function writeOffer(o: OfferState, v: { seat: number; card: { id: string; title: string; type: string } }): void {
  assign(o, { seat: v.seat });
  assign(o.card, { id: v.card.id, title: v.card.title, type: v.card.type });
}

/** The deal as fields (see DealState): a support or an offer changes a few of them. */
function projectDeal(deal: DealState, view: DealView | null): void {
  assign(deal, { open: view !== null, winner: view?.winner ?? "" });
  assign(deal.asset, { id: view?.asset?.id ?? "", name: view?.asset?.name ?? "" });
  writeOffer(deal.main, view?.main ?? { seat: 0, card: { id: "", title: "", type: "" } });
  syncArray(deal.counters, view?.counters ?? [], () => new OfferState(), writeOffer);
  syncArray(deal.supports, view?.supports ?? [], () => new SupportState(), (x, v) => assign(x, v));
  syncValues(deal.abstained, view?.abstained ?? []);
}

function projectDecks(decks: DecksState, view: GameView["decks"]): void {
  assign(decks, {
    events: view.events, nextEventCategory: view.nextEventCategory ?? "", assets: view.assets,
    assetDiscard: view.assetDiscard, investments: view.investments, demands: view.demands,
  });
  for (const [type, pile] of Object.entries(view.action)) {
    let state = decks.action.get(type);
    if (!state) decks.action.set(type, (state = new PileState()));
    assign(state, pile);
  }
}

/**
 * A trade-propose lists every partner with what they hold, and what you hold to give: public facts the
 * client has in `seats`. Only the partners' seat numbers are sent, so a capital change elsewhere does
 * not re-send every seat's legal commands. (client/src/state.ts fills the rest back in.)
 */
function compactLegal(legal: LegalCommand[]): unknown[] {
  return legal.map((l) => (l.type === "trade-propose"
    ? { type: l.type, to: l.to.map((x) => x.seat), ...(l.support ? { support: l.support } : {}) }
    : l));
}

function json(value: unknown): string {
  return value === null || value === undefined ? "" : JSON.stringify(value);
}

/** Writes the public view (a spectator's view) into the game state and the seats' public fields. */
export function projectPublic(game: GameState, seats: Map<string, SeatState>, view: GameView): void {
  assign(game, {
    round: view.round,
    stage: view.stage,
    active: view.active,
    threat: view.threat,
    demand: view.demand.id,
    turnsLeft: view.turnsLeft,
    pendingKind: view.pending?.kind ?? "",
    pendingSeat: view.pending?.seat ?? -1,
    pendingText: view.pending?.text ?? "",
    result: json(view.result),
  });
  for (const [resource, amount] of Object.entries(view.supply)) {
    if (game.supply.get(resource) !== amount) game.supply.set(resource, amount);
  }
  projectDeal(game.deal, view.deal);
  projectDecks(game.decks, view.decks);
  syncMap(game.reserve, view.reserve);
  syncArray(game.districts, view.districts, () => new DistrictState(), (d, v) => assign(d, {
    id: v.id, condition: v.condition, illness: v.illness, development: v.development,
    android: v.android, humanFirst: v.humanFirst, orgcrime: v.orgcrime, prisec: v.prisec,
  }));
  for (const s of view.seats) {
    const seat = seats.get(String(s.seat));
    if (!seat) continue;
    assign(seat, {
      corp: s.corp, corpName: s.corpName, capital: s.capital, handSize: s.handSize, hasInvestment: s.hasInvestment,
    });
    syncArray(seat.emergency, s.emergency, () => new EmergencyState(), (e, v) => assign(e, v));
    syncArray(seat.assets, s.assets, () => new AssetState(), (a, v) => assign(a, v));
  }
}

/** Writes one seat's own view (its secrets) into its view-tagged SecretState. */
export function projectSecret(secret: SecretState, view: Pick<GameView, "you" | "trades">): void {
  const you = view.you;
  if (!you) return;
  syncArray(secret.hand, you.hand, () => new CardState(), (c, v) => assign(c, { id: v.id, title: v.title, type: v.type }));
  assign(secret, {
    rival: you.rival,
    investment: you.investment?.id ?? "",
    investmentName: you.investment?.name ?? "",
    legal: JSON.stringify(compactLegal(you.legal)),
    trades: JSON.stringify(view.trades),
  });
}

export { syncStrings, SecretState };
