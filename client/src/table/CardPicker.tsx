// Pick between min and max of your cards (to discard, to pay for a counteroffer, to support an offer).
import type { CardSnap } from "../state.ts";

interface Props {
  legend: string;
  from: string[];
  hand: CardSnap[];
  picked: string[];
  onChange(picked: string[]): void;
  /** Cards that cannot be picked now (e.g. the card you are offering). */
  exclude?: string[];
  testid: string;
}

export function CardPicker({ legend, from, hand, picked, onChange, exclude = [], testid }: Props) {
  const title = (id: string) => hand.find((c) => c.id === id);
  function toggle(id: string, on: boolean) {
    onChange(on ? [...picked, id] : picked.filter((x) => x !== id));
  }
  return (
    <fieldset class="picker" data-testid={testid}>
      <legend>{legend}</legend>
      {from.map((id) => {
        const card = title(id);
        return (
          <label key={id} class="check">
            <input type="checkbox" value={id} checked={picked.includes(id)} disabled={exclude.includes(id)}
              onChange={(e) => toggle(id, e.currentTarget.checked)} />
            <span>{card?.title ?? id} {card && <span class={`type ${card.type}`}>{card.type}</span>}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
