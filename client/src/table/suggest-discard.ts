// A suggested hand-limit discard, ticked in advance so a person who agrees confirms it with one click
// (Choices.tsx). The rule is one a person can check at a glance: discard the extra copies of a card
// first (one of each is kept), then from the type you hold most of (a mix of types is kept); among
// equals, the card later in your hand. It reads only your own hand: bots decide for themselves.
import type { WireCard } from "../../../shared/wire/index.ts";

/** `n` cards of `from` (ids in your hand) to discard, as the rule above picks them. */
export function suggestDiscard(from: readonly string[], hand: readonly WireCard[], n: number): string[] {
  const card = (id: string) => hand.find((c) => c.id === id) ?? { id, title: id, type: "" };
  const kept = from.map(card);
  const picked: string[] = [];
  while (picked.length < n && kept.length > 0) {
    const copies = (c: WireCard) => kept.filter((k) => k.title === c.title).length;
    const ofType = (c: WireCard) => kept.filter((k) => k.type === c.type).length;
    let best = kept.length - 1;
    for (let i = kept.length - 2; i >= 0; i--) {
      const a = kept[i]!;
      const b = kept[best]!;
      if (copies(a) > copies(b) || (copies(a) === copies(b) && ofType(a) > ofType(b))) best = i;
    }
    picked.push(kept.splice(best, 1)[0]!.id);
  }
  return picked;
}

/**
 * The cards picked after one card is ticked (`on`) or unticked: with `max` picked already, ticking
 * another unticks the one ticked first, so changing a suggestion is one click a card (CardPicker.tsx).
 */
export function toggled(picked: readonly string[], id: string, on: boolean, max?: number): string[] {
  const next = on ? [...picked, id] : picked.filter((x) => x !== id);
  return max !== undefined && max > 0 && next.length > max ? next.slice(next.length - max) : next;
}
