// Who a name belongs to, in a way no name can copy: beside every player's name, wherever a name is
// shown (seats, chat, private messages, trades, the log, the results), a mark with the seat's number
// on its corporation's colour (plain before the corporations are dealt). Two players may look alike by
// name; they never sit in the same seat. The server refuses names that pass for another (server/access/names.ts).
import type { ComponentChildren } from "preact";
import { seatOf, type TableSnapshot } from "../state.ts";

interface SeatLike { seat: number; corp?: string; corpName?: string; name?: string }

/**
 * The mark of one seat: its number on its corporation's colour. The number is drawn by the style sheet
 * (from data-n), so that the text around it reads as before ("You are Ann."); screen readers get the
 * label ("seat 1, NBN").
 */
export function SeatMark({ seat }: { seat: SeatLike | undefined | null }) {
  if (!seat || seat.seat < 0) return null;
  const n = seat.seat + 1;
  const label = `seat ${n}${seat.corpName ? `, ${seat.corpName}` : ""}`;
  return <span class={`seat-mark corp-${seat.corp || "none"}`} data-n={n} title={label} role="img" aria-label={label} data-testid="seat-mark" />;
}

/** The mark of seat `n` at this table (nothing for a spectator, seat -1). */
export function SeatMarkOf({ model, seat }: { model: TableSnapshot; seat: number }) {
  return <SeatMark seat={seat < 0 ? null : (seatOf(model, seat) ?? { seat })} />;
}

/** A name with its seat's mark before it. */
export function MarkedName({ model, seat, name }: { model: TableSnapshot; seat: number; name?: string }) {
  const s = seatOf(model, seat);
  return <span class="marked-name"><SeatMarkOf model={model} seat={seat} /><span class="pname">{name ?? s?.name ?? `seat ${seat + 1}`}</span></span>;
}

/**
 * A line of text (the game log's) with each seated player's name marked where it stands as a word:
 * the longest names first, so "Ann" does not take part of "Anna".
 */
export function withSeatMarks(text: string, seats: readonly SeatLike[]): ComponentChildren {
  const named = seats.filter((s) => s.name).sort((a, b) => b.name!.length - a.name!.length);
  if (named.length === 0) return text;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(${named.map((s) => escape(s.name!)).join("|")})(?![\\p{L}\\p{N}])`, "gu");
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const seat = named.find((s) => s.name === m[1]);
    parts.push(text.slice(last, m.index), <SeatMark key={m.index} seat={seat} />, m[1]);
    last = m.index! + m[1]!.length;
  }
  if (last === 0) return text;
  parts.push(text.slice(last));
  return parts;
}
