// `npm run catalog`: print the whole card catalog; the last line is one JSON object (see the public contract).
import { catalog } from "../../shared/catalog/index.ts";

const c = catalog;
console.log(
  `New Angeles catalog: ${c.districts.length} districts, ${c.corps.length} corps, ` +
    `${c.actionCards.reduce((n, a) => n + a.copies, 0)} action cards in ${c.actionCards.length} titles, ` +
    `${c.emergencyActions.length} emergency actions, ${c.assets.length} assets, ${c.events.length} events, ` +
    `${c.demands.length} demands, ${c.investments.length} investments, ${c.rivals.length} rivals`,
);
console.log(JSON.stringify(catalog));
