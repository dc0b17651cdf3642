// The pending decision's text, shortened: the usual sentence of its kind is not sent, and a text that
// begins with the corp's name travels without it (the reader has the seats' names); a kind that is the
// game's stage too (most are: "support" in the stage "support") is "=", so that when both change together
// only the stage is sent.
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

/**
 * The sentences of a card or asset being resolved, after the corp name: each travels as its mark and the
 * name between its words ("*Bernice Mai" for "is choosing what Bernice Mai does.").
 */
const AROUND_NAME: Record<string, readonly [string, string]> = {
  "*": ["is choosing what ", " does."],
  "^": ["is choosing how ", " resolves."],
};
function aroundName(rest: string): string {
  for (const mark in AROUND_NAME) {
    const [before, after] = AROUND_NAME[mark]!;
    if (rest.startsWith(before) && rest.endsWith(after) && rest.length > before.length + after.length) return mark + rest.slice(before.length, -after.length);
  }
  return `~${rest}`;
}

/** `seats`: the public seats, whose corp names begin the pending text; `stage`: the game's stage as sent. */
export function encodePending(pending: PendingView | null, seats: readonly { seat: number; corpName: string }[] = [], stage = ""): WirePending {
  if (!pending) return { pendingKind: "", pendingSeat: -1, pendingText: "" };
  const name = seats.find((s) => s.seat === pending.seat)?.corpName;
  const usual = name !== undefined && PENDING_PHRASES[pending.kind] !== undefined ? `${name} ${PENDING_PHRASES[pending.kind]}.` : null;
  const rest = name !== undefined && pending.text.startsWith(`${name} `) ? pending.text.slice(name.length + 1) : null;
  // "" stands for the usual text; a text after the corp name travels without the name ("~" marks that),
  // any other whole ("=" marks that); a card's or asset's sentence as its mark and name (AROUND_NAME).
  const pendingText = pending.text === usual ? "" : rest !== null ? aroundName(rest) : `=${pending.text}`;
  return { pendingKind: pending.kind === stage ? SAME_AS_STAGE : pending.kind, pendingSeat: pending.seat, pendingText };
}
const SAME_AS_STAGE = "=";
export function decodePending(g: (Partial<WirePending> & { stage?: string }) | undefined, seats: readonly { seat: number; corpName: string }[] = []): PendingView | null {
  if (!g?.pendingKind) return null;
  const w = g.pendingKind === SAME_AS_STAGE ? { ...g, pendingKind: g.stage ?? "" } : g;
  if (!w.pendingKind) return null;
  const seat = w.pendingSeat ?? -1;
  const name = seats.find((s) => s.seat === seat)?.corpName ?? "";
  const sent = w.pendingText ?? "";
  const around = AROUND_NAME[sent[0] ?? ""];
  const text = sent === "" ? `${name} ${PENDING_PHRASES[w.pendingKind] ?? "must decide"}.`
    : around ? `${name} ${around[0]}${sent.slice(1)}${around[1]}`
    : sent.startsWith("~") ? `${name} ${sent.slice(1)}` : sent.slice(1);
  return { kind: w.pendingKind, seat, text };
}
