// What the browser remembers between reloads: the seat token of each table you sat at (so a reload
// takes you back to your seat), the name you last used, and the results of your last finished games.

const SEAT_PREFIX = "na.seat.";
const SEAT_KEY = (code: string) => `${SEAT_PREFIX}${code}`;
const NAME_KEY = "na.name";
const RESULTS_KEY = "na.results";
/** Finished games kept for the lobby's list. */
export const RESULTS_KEEP = 12;

/** `at`: when this browser took the seat (older memories have none). */
export interface RememberedSeat { seat: number; seatToken: string; name: string; at?: number }

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: nothing is remembered
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch { /* storage full: this one is not remembered */ }
}

export function rememberSeat(code: string, seat: RememberedSeat): void {
  write(SEAT_KEY(code), JSON.stringify({ ...seat, at: seat.at ?? Date.now() }));
}

export function rememberedSeat(code: string): RememberedSeat | null {
  const raw = storage()?.getItem(SEAT_KEY(code));
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as RememberedSeat;
    return typeof s.seatToken === "string" && typeof s.seat === "number" ? s : null;
  } catch {
    return null;
  }
}

/** Every table this browser holds a seat at, the most recent first (at most `limit`). */
export function rememberedSeats(limit: number): { code: string; seat: RememberedSeat }[] {
  const s = storage();
  if (!s) return [];
  const out: { code: string; seat: RememberedSeat }[] = [];
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(SEAT_PREFIX)) continue;
    const code = key.slice(SEAT_PREFIX.length);
    const seat = rememberedSeat(code);
    if (seat) out.push({ code, seat });
  }
  return out.sort((a, b) => (b.seat.at ?? 0) - (a.seat.at ?? 0)).slice(0, limit);
}

export function forgetSeat(code: string): void {
  storage()?.removeItem(SEAT_KEY(code));
}

export function rememberName(name: string): void {
  write(NAME_KEY, name);
}

export function rememberedName(): string {
  return storage()?.getItem(NAME_KEY) ?? "";
}

/** One finished game as this browser's player saw it end. */
export interface PastGame {
  code: string;
  /** When the game ended (ms). */
  at: number;
  /** "You" as seated: name and corporation. */
  you: string;
  won: boolean;
  capital: number;
  /** "Bea (Jinteki), Cy (NBN)" or "" when nobody won. */
  winners: string;
  ending: "end" | "threat" | "vote" | "cancelled";
}

export function pastGames(): PastGame[] {
  try {
    const list = JSON.parse(storage()?.getItem(RESULTS_KEY) ?? "[]") as PastGame[];
    return Array.isArray(list) ? list.filter((g) => g && typeof g.code === "string" && typeof g.at === "number") : [];
  } catch {
    return [];
  }
}

/** Keeps a finished game (once per table code), the newest first. */
export function rememberPastGame(game: PastGame): void {
  const all = pastGames();
  const before = all.find((g) => g.code === game.code);
  const rest = all.filter((g) => g.code !== game.code);
  // Seen again after a reload: the game ended when it was first seen ending.
  write(RESULTS_KEY, JSON.stringify([{ ...game, at: before?.at ?? game.at }, ...rest].slice(0, RESULTS_KEEP)));
}

const CONTACT_KEY = "na.contact";

/** This browser's key to a verified address (server/lobby/contact.ts), or null: not signed in. */
export function rememberedContactKey(): string | null {
  return storage()?.getItem(CONTACT_KEY) ?? null;
}

export function rememberContactKey(key: string | null): void {
  if (key === null) storage()?.removeItem(CONTACT_KEY);
  else write(CONTACT_KEY, key);
}
