// What the browser remembers between reloads: the seat token of each table you sat at (so a reload
// takes you back to your seat), and the name you last used.

const SEAT_KEY = (code: string) => `na.seat.${code}`;
const NAME_KEY = "na.name";

export interface RememberedSeat { seat: number; seatToken: string; name: string }

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // private mode or storage disabled: nothing is remembered
  }
}

export function rememberSeat(code: string, seat: RememberedSeat): void {
  storage()?.setItem(SEAT_KEY(code), JSON.stringify(seat));
}

export function rememberedSeat(code: string): RememberedSeat | null {
  const raw = storage()?.getItem(SEAT_KEY(code));
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as RememberedSeat;
    return typeof s.seatToken === "string" ? s : null;
  } catch {
    return null;
  }
}

export function forgetSeat(code: string): void {
  storage()?.removeItem(SEAT_KEY(code));
}

export function rememberName(name: string): void {
  storage()?.setItem(NAME_KEY, name);
}

export function rememberedName(): string {
  return storage()?.getItem(NAME_KEY) ?? "";
}
