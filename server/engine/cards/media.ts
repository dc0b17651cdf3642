// Media action cards (B4).
import { hasUnrest, lowerUnrest, place, remove } from "../city.ts";
import { log } from "../ctx.ts";
import { districtName } from "../data.ts";
import { drawAndTell, drawableTypeOptions } from "../draw.ts";
import { asDistrict, currentPlayer, defineCards, districtOptions, eachPlayerFromActive, listVar } from "../effects.ts";
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { ActionType } from "../../../shared/catalog/types.ts";
import { raiseThreat } from "../threat.ts";

export const MEDIA_CARDS = defineCards({
  /** Either lower unrest 1 stage in any district, or remove 1 orgcrime unit. */
  "live-feeds": {
    steps: [
      {
        pick: {
          prompt: "Lower unrest 1 stage in a district, or remove an orgcrime unit",
          options: (c) => {
            const out: ChoiceOption[] = [];
            for (const d of c.s.districts) if (hasUnrest(d)) out.push({ value: `unrest:${d.id}`, label: `Lower unrest in ${districtName(d.id)}`, intent: { act: "lower", kind: "unrest", amount: 1, district: d.id } });
            for (const d of c.s.districts) if (d.orgcrime) out.push({ value: `orgcrime:${d.id}`, label: `Remove the orgcrime unit in ${districtName(d.id)}`, intent: { act: "remove", kind: "orgcrime", district: d.id } });
            return out;
          },
          onPick: (c, _f, v) => {
            const [what, id] = String(v).split(":");
            if (what === "unrest") lowerUnrest(c, Number(id), 1);
            else remove(c, "orgcrime", Number(id));
          },
        },
      },
    ],
  },

  /** Lower unrest 2 stages in one district. Then place 1 Human First unit in any district. */
  "media-circus": {
    steps: [
      {
        pick: {
          prompt: "Lower unrest 2 stages in a district",
          intent: { act: "lower", kind: "unrest", amount: 2 },
          options: (c) => districtOptions(c.s, hasUnrest),
          onPick: (c, _f, v) => void lowerUnrest(c, asDistrict(v), 2),
        },
      },
      {
        pick: {
          prompt: "Place a Human First unit",
          intent: { act: "place", kind: "humanFirst" },
          options: (c) => districtOptions(c.s, () => true),
          onPick: (c, _f, v) => void place(c, "humanFirst", asDistrict(v)),
        },
      },
    ],
  },

  /** From the active player clockwise, each player may draw 2 cards of one type (3 if they supported this offer). */
  "puff-piece": {
    steps: eachPlayerFromActive({
      prompt: (_c, f) => `Draw ${f.supporters.includes(currentPlayer(f)) ? 3 : 2} cards of one type, or nothing`,
      intent: (_c, f) => ({ act: "draw", amount: f.supporters.includes(currentPlayer(f)) ? 3 : 2 }),
      options: (c) => [
        ...drawableTypeOptions(c.s, (t) => `Draw ${t}`),
        { value: "none", label: "Draw nothing", intent: { act: "pass" } },
      ],
      onPick: (c, f, v) => {
        const seat = currentPlayer(f);
        if (v === "none") return;
        drawAndTell(c, seat, v as ActionType, f.supporters.includes(seat) ? 3 : 2);
      },
    }),
  },

  /** Lower unrest 1 stage in up to 2 districts. Then credits supply -1; if already 0, threat +1 instead. */
  "spin-doctors": {
    steps: [
      {
        pick: {
          prompt: "Lower unrest 1 stage in a district (up to 2 districts)",
          intent: { act: "lower", kind: "unrest", amount: 1 },
          times: 2,
          upTo: true,
          options: (c, f) => districtOptions(c.s, (d) => hasUnrest(d) && !listVar<number>(f, "done").includes(d.id)),
          onPick: (c, f, v) => {
            lowerUnrest(c, asDistrict(v), 1);
            listVar<number>(f, "done").push(asDistrict(v));
          },
        },
      },
      {
        do: (c) => {
          if (c.s.supply.credits > 0) {
            c.s.supply.credits--;
            log(c, "supply", `Credits supply drops to ${c.s.supply.credits}.`);
          } else raiseThreat(c, 1, "Spin Doctors with no credits in the supply", "card");
        },
      },
    ],
  },
});

