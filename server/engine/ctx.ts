// Helpers every rule uses on the working context of one apply() (the Ctx type lives in rulebook.ts).
import type { Ctx } from "./rulebook.ts";
import type { GameState } from "./state.ts";

export type { Ctx } from "./rulebook.ts";

export function log(c: Ctx, type: string, text: string, to?: number[]): void {
  // a line that ends on a title with its own mark ("Tri-Maf Leaders Unite!") takes no full stop after it
  if (text.endsWith("!.") || text.endsWith("?.")) text = text.slice(0, -1);
  c.ev.push(to ? { type, text, to } : { type, text });
}

/** All seats clockwise, starting with `start`. */
export function clockwiseFrom(s: GameState, start: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) out.push((start + i) % s.players);
  return out;
}

/** The player to the left (clockwise) of a seat. */
export function leftOf(s: GameState, seat: number): number {
  return (seat + 1) % s.players;
}

export function seatOfCorp(s: GameState, corp: string): number {
  return s.seats.findIndex((p) => p.corp === corp);
}

export function gainCapital(c: Ctx, seat: number, amount: number): void {
  if (amount > 0) c.s.seats[seat]!.capital += amount;
}

/** Capital never goes below 0: losing more than you have loses what is there [R]. Returns what was lost. */
export function loseCapital(c: Ctx, seat: number, amount: number): number {
  const p = c.s.seats[seat]!;
  const lost = Math.min(p.capital, Math.max(0, amount));
  p.capital -= lost;
  return lost;
}
