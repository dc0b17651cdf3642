// Pick between min and max of your cards (to discard, to pay for a counteroffer, to support an offer):
// each card shown with its text.
import type { WireCard } from "../../../shared/wire/index.ts";
import { ActionCard, groupByTitle } from "./Card.tsx";
import { toggled } from "./suggest-discard.ts";

interface Props {
  legend: string;
  from: string[];
  hand: WireCard[];
  picked: string[];
  onChange(picked: string[]): void;
  /** Cards that cannot be picked now (e.g. the card you are offering). */
  exclude?: string[];
  testid: string;
  /**
   * At most this many picked: one more card ticked unticks the one ticked first, so changing a
   * suggestion (cards ticked for you) is one click a card.
   */
  max?: number;
}

export function CardPicker({ legend, from, hand, picked, onChange, exclude = [], testid, max }: Props) {
  function toggle(id: string, on: boolean) {
    onChange(toggled(picked, id, on, max));
  }
  const cards = from.map((id) => hand.find((c) => c.id === id) ?? { id, title: id, type: "" });
  // Copies of one card are drawn once, with a box per copy: a hand of four alike takes one card's room.
  return (
    <fieldset class="picker" data-testid={testid}>
      <legend>{legend}</legend>
      {groupByTitle(cards).map(({ first, all }) => {
        const on = all.some((c) => picked.includes(c.id));
        // One tidy unit per card: its box (checkboxes in its head) is the whole click target, gold when picked.
        if (all.length === 1) {
          return (
            <label key={first.id} class={`pick-card${on ? " on" : ""}`} data-picked={on ? "" : undefined}>
              <ActionCard card={first} lead={
                <input type="checkbox" value={first.id} checked={on} disabled={exclude.includes(first.id)}
                  onChange={(e) => toggle(first.id, e.currentTarget.checked)} />
              } />
            </label>
          );
        }
        return (
          <div key={first.id} class={`pick-card copies${on ? " on" : ""}`} data-picked={on ? "" : undefined} role="group" aria-label={`${first.title}: ${all.length} copies`}>
            <ActionCard card={first} count={all.length} lead={
              <span class="copy-boxes">
                {all.map((c, i) => (
                  <input key={c.id} type="checkbox" value={c.id} checked={picked.includes(c.id)} disabled={exclude.includes(c.id)}
                    aria-label={`${first.title}, copy ${i + 1} of ${all.length}`} onChange={(e) => toggle(c.id, e.currentTarget.checked)} />
                ))}
              </span>
            } />
          </div>
        );
      })}
    </fieldset>
  );
}
