// Projects the engine's views into the table's schema state. Public facts come from the spectator
// view, so nothing secret can reach a public field; each seat's secrets come from that seat's own view
// and go into its view-tagged SecretState. Fields are written only when they change, so patches stay small.
import type { ArraySchema } from "@colyseus/schema";
import type { GameView } from "../../shared/view.ts";
import {
  AssetState, CardState, DistrictState, EmergencyState, GameState, SecretState, type SeatState,
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

function syncStrings(array: ArraySchema<string>, values: readonly string[]): void {
  while (array.length > values.length) array.pop();
  values.forEach((value, i) => {
    if (i >= array.length) array.push(value);
    else if (array[i] !== value) array[i] = value;
  });
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
    deal: json(view.deal),
    decks: json(view.decks),
    reserve: json(view.reserve),
    pendingKind: view.pending?.kind ?? "",
    pendingSeat: view.pending?.seat ?? -1,
    pendingText: view.pending?.text ?? "",
    result: json(view.result),
  });
  for (const [resource, amount] of Object.entries(view.supply)) {
    if (game.supply.get(resource) !== amount) game.supply.set(resource, amount);
  }
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
export function projectSecret(secret: SecretState, view: GameView): void {
  const you = view.you;
  if (!you) return;
  syncArray(secret.hand, you.hand, () => new CardState(), (c, v) => assign(c, { id: v.id, title: v.title, type: v.type }));
  assign(secret, {
    rival: you.rival,
    investment: you.investment?.id ?? "",
    investmentName: you.investment?.name ?? "",
    legal: JSON.stringify(you.legal),
    trades: JSON.stringify(view.trades),
  });
}

export { syncStrings, SecretState };
