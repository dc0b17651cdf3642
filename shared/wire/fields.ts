// The wire's field lists, each declared once. The server's schema (server/rooms/schema.ts), its
// projection (server/rooms/projection.ts), the replay's table (the same projection) and the reader
// (table.ts) all take a record's fields from here: a field added to a wire type (types.ts) is a compile
// error here until it is listed, and once listed it is written, compared and read everywhere.
import {
  type DistrictBoard, type SeatPresence, type WireDecks, type WireOffer, type WirePending, type WireSeatPublic, type WireSupport,
} from "./types.ts";
import { DISTRICT_BOARD_KEYS, type DistrictBoardState } from "../view.ts";

/** Every key of T, each once: a key missing, or one T lacks, fails to compile. */
export type Fields<T> = { readonly [K in keyof T]-?: true };

/** The keys of a declaration (in its order). */
export function fields<T>(declared: Fields<T>): readonly (keyof T & string)[] {
  return Object.freeze(Object.keys(declared)) as readonly (keyof T & string)[];
}

/** True when a and b hold the same value (===) in each of these fields. */
export function sameFields<T>(a: T, b: T, keys: readonly (keyof T)[]): boolean {
  for (let i = 0; i < keys.length; i++) if (a[keys[i]!] !== b[keys[i]!]) return false;
  return true;
}

/** These fields of `from`, as a new plain object. */
export function pickFields<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = from[keys[i]!];
  return out;
}

/** Writes these fields of `from` into `to` (a schema object: its setters ignore an unchanged value). */
export function writeFields<K extends PropertyKey, S extends { [P in K]: unknown }>(to: S, from: { readonly [P in K]: S[P] }, keys: readonly K[]): void {
  for (let i = 0; i < keys.length; i++) to[keys[i]!] = from[keys[i]!];
}

// ---- whole records ---------------------------------------------------------------------------------------

const board = Object.fromEntries(DISTRICT_BOARD_KEYS.map((k) => [k, true])) as Record<keyof DistrictBoardState, true>;
export const DISTRICT_FIELDS = fields<DistrictBoard>({ id: true, ...board });
export const SEAT_PUBLIC_FIELDS = fields<WireSeatPublic>({ seat: true, corp: true, corpName: true, capital: true, handSize: true, hasInvestment: true });
export const PRESENCE_FIELDS = fields<SeatPresence>({
  name: true, bot: true, connected: true, botControlled: true, awayUntil: true, bank: true, bankDueAt: true, owedSince: true,
});
export const OFFER_FIELDS = fields<WireOffer>({ seat: true, card: true });
export const SUPPORT_FIELDS = fields<WireSupport>({ seat: true, offer: true, count: true });
/** The decks' counts (the action piles are two lists apart). */
export const DECKS_FIELDS = fields<Omit<WireDecks, "actionDecks" | "actionDiscards">>({
  events: true, nextEventCategory: true, assets: true, assetDiscard: true, investments: true, demands: true,
});
export const PENDING_FIELDS = fields<WirePending>({ pendingKind: true, pendingSeat: true, pendingText: true });
