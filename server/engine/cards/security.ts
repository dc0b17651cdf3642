// Security action cards (B4).
import type { ChoiceOption } from "../../../shared/protocol.ts";
import type { ActionType } from "../../../shared/catalog/types.ts";
import { D, ENEMY_UNITS, UNIT_NAMES, involve, place, placePrisec, raiseUnrest, remove } from "../city.ts";
import type { EnemyUnit } from "../city.ts";
import { log } from "../ctx.ts";
import { corpName, district, districtName, emergencyAction } from "../data.ts";
import { drawAndTell, drawableTypes } from "../draw.ts";
import { asDistrict, defineCards, districtOptions, playerOptions } from "../effects.ts";
import type { GameState } from "../state.ts";

/** Every enemy unit on the board as an option "humanFirst:4". */
export function enemyUnitOptions(s: GameState): ChoiceOption[] {
  const out: ChoiceOption[] = [];
  for (const d of s.districts) {
    for (const kind of ENEMY_UNITS) if (d[kind]) out.push({ value: `${kind}:${d.id}`, label: `Remove the ${UNIT_NAMES[kind]} in ${districtName(d.id)}`, intent: { act: "remove", kind, district: d.id } });
  }
  return out;
}
export function removeEnemyOption(c: Parameters<typeof remove>[0], v: string | number): void {
  const [kind, id] = String(v).split(":");
  remove(c, kind as EnemyUnit, Number(id));
}

function clearEnemyUnits(c: Parameters<typeof remove>[0], id: number): void {
  for (const kind of ENEMY_UNITS) if (D(c.s, id)[kind]) remove(c, kind, id);
}

export const notStrikeOrOutage = (d: { condition: string }) => d.condition !== "strike" && d.condition !== "outage";

export const SECURITY_CARDS = defineCards({
  /**
   * Place 1 prisec unit in any district and remove every other unit there. A district holds at most
   * one prisec, so a district that already has one cannot be picked; with no prisec left in the
   * reserve the card still removes the other units of the picked district.
   */
  "arrest-orders": {
    steps: [
      {
        pick: {
          prompt: "Place a prisec unit and remove every other unit there",
          intent: { act: "place", kind: "prisec" },
          options: (c) => districtOptions(c.s, (d) => !d.prisec),
          onPick: (c, _f, v) => {
            const id = asDistrict(v);
            placePrisec(c, id);
            clearEnemyUnits(c, id);
          },
        },
      },
    ],
  },

  /** Pick another player: they draw 5 cards of a type you pick, or their emergency action turns faceup. */
  "full-deployment": {
    steps: [
      {
        pick: {
          prompt: "Pick another player",
          intent: { act: "target" },
          options: (c, f) => playerOptions(c.s, (seat) => seat !== f.seat),
          onPick: (_c, f, v) => void (f.vars.target = Number(v)),
        },
      },
      {
        pick: {
          prompt: (c, f) => `${corpName(c.s, f.vars.target as number)} draws 5 cards of a type you pick, or turns their emergency action faceup`,
          options: (c, f) => {
            const target = c.s.seats[f.vars.target as number]!;
            const out: ChoiceOption[] = drawableTypes(c.s).map((t) => ({ value: `draw:${t}`, label: `They draw 5 ${t} cards`, intent: { act: "draw", type: t, amount: 5, seat: target.seat } }));
            for (const e of target.emergency) if (!e.faceup) out.push({ value: `flip:${e.id}`, label: `Turn ${emergencyAction(e.id).title} faceup`, intent: { act: "choose", card: e.id, seat: target.seat, faceup: true } });
            return out;
          },
          onPick: (c, f, v) => {
            const seat = f.vars.target as number;
            const [what, arg] = String(v).split(":");
            if (what === "draw") drawAndTell(c, seat, arg as ActionType, 5);
            else {
              // emergency slots are replaced, never changed in place (state.ts)
              const p = c.s.seats[seat]!;
              const k = p.emergency.findIndex((x) => x.id === arg);
              const e = { ...p.emergency[k]!, faceup: true };
              p.emergency = p.emergency.map((x, j) => (j === k ? e : x));
              log(c, "emergency", `${corpName(c.s, seat)}'s ${emergencyAction(e.id).title} turns faceup.`);
            }
          },
        },
      },
    ],
  },

  /** Remove 1 prisec unit to remove up to 2 enemy units anywhere. Then raise unrest 1 stage in a district not in strike or outage. */
  "riot-control": {
    steps: [
      {
        pick: {
          prompt: "Remove a prisec unit to remove up to 2 enemy units (or skip)",
          intent: { act: "remove", kind: "prisec" },
          upTo: true,
          options: (c) => districtOptions(c.s, (d) => d.prisec),
          onPick: (c, f, v) => {
            remove(c, "prisec", asDistrict(v));
            f.vars.paid = true;
          },
        },
      },
      {
        pick: {
          prompt: "Remove an enemy unit (up to 2)",
          intent: { act: "remove" },
          times: 2,
          upTo: true,
          options: (c, f) => (f.vars.paid ? enemyUnitOptions(c.s) : []),
          onPick: (c, _f, v) => removeEnemyOption(c, v),
        },
      },
      {
        pick: {
          prompt: "Raise unrest 1 stage in a district not in strike or outage",
          intent: { act: "raise", kind: "unrest", amount: 1 },
          options: (c) => districtOptions(c.s, notStrikeOrOutage),
          onPick: (c, _f, v) => void raiseUnrest(c, asDistrict(v), 1),
        },
      },
    ],
  },

  /** Place 1 outage in a district not in outage; remove every enemy unit there and in one other district of the same tier. */
  "scorched-earth": {
    steps: [
      {
        pick: {
          prompt: "Place an outage in a district not in outage",
          intent: { act: "place", kind: "outage" },
          options: (c) => districtOptions(c.s, (d) => d.condition !== "outage"),
          onPick: (c, f, v) => {
            const id = asDistrict(v);
            place(c, "outage", id);
            clearEnemyUnits(c, id);
            f.vars.first = id;
          },
        },
      },
      {
        pick: {
          prompt: "Remove every enemy unit in another district of the same tier",
          intent: { act: "remove" },
          options: (c, f) => {
            // No district could take the outage: there is no tier to match, and nothing more happens.
            if (f.vars.first === undefined) return [];
            const first = f.vars.first as number;
            return districtOptions(c.s, (d) => d.id !== first && district(c.s, d.id).tier === district(c.s, first).tier);
          },
          onPick: (c, _f, v) => {
            involve(c, asDistrict(v)); // selected, even with no enemy unit to remove
            clearEnemyUnits(c, asDistrict(v));
          },
        },
      },
    ],
  },
});

