// The pending decision's text, shortened: the usual sentence of its kind is not sent, and a text that
// begins with the corp's name travels without it (the reader has the seats' names).
import type { PendingView } from "../view.ts";
import type { WirePending } from "./types.ts";

/** The usual phrase of each kind of pending decision (the engine's; any other text travels whole). */
const PENDING_PHRASES: Record<string, string> = {
  "main-offer": "is choosing a main offer",
  counteroffer: "may propose a counteroffer",
  support: "may support an offer or abstain",
  "general-draw": "is choosing a type for a General draw",
  effect: "is making a choice for a card",
  "hand-limit": "is discarding down to the hand limit",
  investment: "is choosing an investment",
};

/** `seats`: the public seats, whose corp names begin the pending text. */
export function encodePending(pending: PendingView | null, seats: readonly { seat: number; corpName: string }[] = []): WirePending {
  if (!pending) return { pendingKind: "", pendingSeat: -1, pendingText: "" };
  const name = seats.find((s) => s.seat === pending.seat)?.corpName;
  const usual = name !== undefined && PENDING_PHRASES[pending.kind] !== undefined ? `${name} ${PENDING_PHRASES[pending.kind]}.` : null;
  const rest = name !== undefined && pending.text.startsWith(`${name} `) ? pending.text.slice(name.length + 1) : null;
  // "" stands for the usual text; a text after the corp name travels without the name ("~" marks that),
  // any other whole ("=" marks that).
  const pendingText = pending.text === usual ? "" : rest !== null ? `~${rest}` : `=${pending.text}`;
  return { pendingKind: pending.kind, pendingSeat: pending.seat, pendingText };
}
export function decodePending(w: Partial<WirePending> | undefined, seats: readonly { seat: number; corpName: string }[] = []): PendingView | null {
  if (!w?.pendingKind) return null;
  const seat = w.pendingSeat ?? -1;
  const name = seats.find((s) => s.seat === seat)?.corpName ?? "";
  const sent = w.pendingText ?? "";
  const text = sent === "" ? `${name} ${PENDING_PHRASES[w.pendingKind] ?? "must decide"}.` : sent.startsWith("~") ? `${name} ${sent.slice(1)}` : sent.slice(1);
  return { kind: w.pendingKind, seat, text };
}
