// The six emergency actions (B5). "Place ... in the city": the resolving player picks the districts [R].
import { RESOURCES } from "../../../shared/catalog/types.ts";
import type { ActionType, Resource } from "../../../shared/catalog/types.ts";
import { hasUnrest, lowerUnrest, place, raiseUnrest, remove } from "../city.ts";
import type { Mover } from "../city.ts";
import { gainCapital, log } from "../ctx.ts";
import { corpName } from "../data.ts";
import { drawAndTell, drawableTypeOptions } from "../draw.ts";
import { asDistrict, currentPlayer, defineCards, districtOptions, eachPlayerFromActive, listVar } from "../effects.ts";
import type { Step } from "../effects.ts";
import { addSupply } from "../production.ts";
import { enemyUnitOptions, notStrikeOrOutage, removeEnemyOption } from "./security.ts";

/** "Place n <things> in the city": n picks of any district (a surplus copy moves on). */
function placeInCity(kind: Mover, n: number, what: string): Step {
  return {
    pick: {
      prompt: (_c, f) => `Place ${what} (${f.count + 1} of ${n})`,
      intent: { act: "place", kind },
      times: n,
      options: (c) => districtOptions(c.s, () => true),
      onPick: (c, _f, v) => void place(c, kind, asDistrict(v)),
    },
  };
}

export const EMERGENCY_CARDS = defineCards({
  /** Globalsec. Remove up to 4 enemy units. Then raise unrest 1 stage in 2 districts not in strike or outage. */
  "ruthless-tactics": {
    steps: [
      {
        pick: {
          prompt: "Remove an enemy unit (up to 4)",
          intent: { act: "remove" },
          times: 4,
          upTo: true,
          options: (c) => enemyUnitOptions(c.s),
          onPick: (c, _f, v) => removeEnemyOption(c, v),
        },
      },
      {
        pick: {
          prompt: "Raise unrest 1 stage in a district not in strike or outage (2 districts)",
          intent: { act: "raise", kind: "unrest", amount: 1 },
          times: 2,
          // with 2 such districts or fewer, both are raised: nothing is asked
          eachOnce: true,
          options: (c, f) => districtOptions(c.s, (d) => notStrikeOrOutage(d) && !listVar<number>(f, "raised").includes(d.id)),
          onPick: (c, f, v) => {
            raiseUnrest(c, asDistrict(v), 1);
            listVar<number>(f, "raised").push(asDistrict(v));
          },
        },
      },
    ],
  },

  /** Haas-Bioroid. Up to 2 resources: supply +1 each. Then gain 4 capital and place 2 Human First units in the city. */
  "underpaid-overclocked": {
    steps: [
      {
        pick: {
          prompt: "Raise a resource's supply by 1 (up to 2 resources)",
          intent: { act: "raise", amount: 1 },
          times: 2,
          upTo: true,
          options: (_c, f) => RESOURCES.filter((r) => !listVar<Resource>(f, "raised").includes(r)).map((r) => ({ value: r, label: `+1 ${r}`, intent: { act: "raise", resource: r } })),
          onPick: (c, f, v) => {
            const r = v as Resource;
            addSupply(c, r, 1);
            listVar<Resource>(f, "raised").push(r);
            log(c, "supply", `${r} supply rises to ${c.s.supply[r]}.`);
          },
        },
      },
      {
        do: (c, f) => {
          gainCapital(c, f.seat, 4);
          log(c, "capital", `${corpName(c.s, f.seat)} gains 4 capital.`);
        },
      },
      placeInCity("humanFirst", 2, "a Human First unit"),
    ],
  },

  /** Jinteki. Remove up to 4 illness tokens. Then place 2 outages in the city. IllnessFree. */
  "mandatory-quarantine": {
    illnessFree: true,
    steps: [
      {
        pick: {
          prompt: "Remove an illness token (up to 4)",
          intent: { act: "remove", kind: "illness" },
          times: 4,
          upTo: true,
          options: (c) => districtOptions(c.s, (d) => d.illness),
          onPick: (c, _f, v) => void remove(c, "illness", asDistrict(v)),
        },
      },
      placeInCity("outage", 2, "an outage"),
    ],
  },

  /** Melange Mining. From the active player clockwise, each player draws 4 action cards of one type they pick. */
  "energy-for-all": {
    steps: eachPlayerFromActive({
      prompt: "Draw 4 action cards of one type",
      intent: { act: "draw", amount: 4 },
      options: (c) => drawableTypeOptions(c.s, (t) => `Draw 4 ${t}`),
      onPick: (c, f, v) => void drawAndTell(c, currentPlayer(f), v as ActionType, 4),
    }),
  },

  /** NBN. Lower unrest by up to 4 stages in total, over any districts. Then place 2 illness tokens in the city. */
  "sweeps-week": {
    steps: [
      {
        pick: {
          prompt: "Lower unrest 1 stage in a district (up to 4 stages in all)",
          intent: { act: "lower", kind: "unrest", amount: 1 },
          times: 4,
          upTo: true,
          options: (c) => districtOptions(c.s, hasUnrest),
          onPick: (c, _f, v) => void lowerUnrest(c, asDistrict(v), 1),
        },
      },
      placeInCity("illness", 2, "an illness token"),
    ],
  },

  /** Weyland Consortium. Remove up to 3 outages. Then place 2 orgcrime units in the city. */
  "massive-reconstruction": {
    steps: [
      {
        pick: {
          prompt: "Remove an outage (up to 3)",
          intent: { act: "remove", kind: "outage" },
          times: 3,
          upTo: true,
          options: (c) => districtOptions(c.s, (d) => d.condition === "outage"),
          onPick: (c, _f, v) => void remove(c, "outage", asDistrict(v)),
        },
      },
      placeInCity("orgcrime", 2, "an orgcrime unit"),
    ],
  },
});
