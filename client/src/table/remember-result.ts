// When a game this browser played ends, its result goes into the lobby's "Your last games".
import { useEffect } from "preact/hooks";
import { rememberPastGame } from "../net/seat-memory.ts";
import { seatOf, type TableSnapshot } from "../state.ts";
import { seatLabel } from "../text.ts";

export function useRememberResult(model: TableSnapshot | null): void {
  const r = model?.game?.result ?? null;
  const code = model?.code ?? "";
  const mySeat = model?.mySeat ?? null;
  useEffect(() => {
    if (!model || !r || mySeat === null) return;
    const mine = r.seats.find((s) => s.seat === mySeat);
    if (!mine) return;
    const seat = (n: number) => seatOf(model, n);
    rememberPastGame({
      code,
      at: Date.now(),
      you: seatLabel(seat(mySeat)),
      won: mine.won,
      capital: mine.capital,
      winners: r.winners.map((n) => seatLabel(seat(n))).join(", "),
      ending: r.reason,
    });
  }, [!!r, code, mySeat]);
}
