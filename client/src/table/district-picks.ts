// Which options of a "choose" decision are districts (the engine labels them "Name (id)"), so they can
// also be picked by clicking the district on the map.
import { catalog } from "../../../shared/catalog/index.ts";
import type { ChoiceOption, LegalCommand } from "../../../shared/protocol.ts";

const LABELS = new Map(catalog.districts.map((d) => [`${d.name} (${d.id})`, d.id]));

/** District id → the option's value, for the options that name a district. */
export function districtPicks(legal: Extract<LegalCommand, { type: "choose" }> | undefined): Map<number, ChoiceOption["value"]> {
  const out = new Map<number, ChoiceOption["value"]>();
  for (const o of legal?.options ?? []) {
    const id = LABELS.get(o.label);
    if (id !== undefined && o.value === id) out.set(id, o.value);
  }
  return out;
}
