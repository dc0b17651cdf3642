// Pick between min and max of your cards (to discard, to pay for a counteroffer, to support an offer):
// each card shown with its text.
import type { WireCard } from "../../../shared/wire/index.ts";
import { ActionCard } from "./Card.tsx";

interface Props {
  legend: string;
  from: string[];
  hand: WireCard[];
  picked: string[];
  onChange(picked: string[]): void;
  /** Cards that cannot be picked now (e.g. the card you are offering). */
  exclude?: string[];
  testid: string;
}

export function CardPicker({ legend, from, hand, picked, onChange, exclude = [], testid }: Props) {
  function toggle(id: string, on: boolean) {
    onChange(on ? [...picked, id] : picked.filter((x) => x !== id));
  }
  return (
    <fieldset class="picker" data-testid={testid}>
      <legend>{legend}</legend>
      {from.map((id) => {
        const card = hand.find((c) => c.id === id) ?? { id, title: id, type: "" };
        return (
          <label key={id} class={`check pick-card${picked.includes(id) ? " on" : ""}`}>
            <input type="checkbox" value={id} checked={picked.includes(id)} disabled={exclude.includes(id)}
              onChange={(e) => toggle(id, e.currentTarget.checked)} />
            <ActionCard card={card} />
          </label>
        );
      })}
    </fieldset>
  );
}
