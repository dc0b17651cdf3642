// Labor action cards (B4).
import { D, W, involve, moveAndroid, place } from "../city.ts";
import { gainCapital, log } from "../ctx.ts";
import { corpName, districtName } from "../data.ts";
import { asDistrict, defineCards, districtOptions, listVar, playerOptions } from "../effects.ts";
import { produce } from "../production.ts";

export const LABOR_CARDS = defineCards({
  /** Move 1 android token to a district without one. IllnessFree. */
  "efficiency-experts": {
    illnessFree: true,
    steps: [
      {
        pick: {
          prompt: "Pick an android to move",
          intent: { act: "move-from", kind: "android" },
          options: (c) => districtOptions(c.s, (d) => d.android),
          onPick: (_c, f, v) => void (f.vars.from = asDistrict(v)),
        },
      },
      {
        pick: {
          prompt: "Move the android to a district without one",
          intent: { act: "move-to", kind: "android" },
          options: (c, f) => (f.vars.from ? districtOptions(c.s, (d) => !d.android) : []),
          onPick: (c, f, v) => moveAndroid(c, f.vars.from as number, asDistrict(v)),
        },
      },
    ],
  },

  /** Pick 3 players in order: they gain 3, 2 and 1 capital. */
  "high-risk-investments": {
    steps: [
      {
        pick: {
          prompt: (_c, f) => `Pick the player who gains ${3 - listVar<number>(f, "chosen").length} capital`,
          intent: (_c, f) => ({ act: "gain", amount: 3 - listVar<number>(f, "chosen").length }),
          times: 3,
          ordered: true,
          options: (c, f) => playerOptions(c.s, (seat) => !listVar<number>(f, "chosen").includes(seat)),
          onPick: (c, f, v) => {
            const chosen = listVar<number>(f, "chosen");
            const n = 3 - chosen.length;
            chosen.push(Number(v));
            gainCapital(c, Number(v), n);
            log(c, "capital", `${corpName(c.s, Number(v))} gains ${n} capital.`);
          },
        },
      },
    ],
  },

  /** Move up to 3 android tokens to districts without one. Then place 1 orgcrime unit in any district. */
  "labor-solutions": {
    steps: [
      { do: (_c, f) => void (f.vars.picked = false) },
      {
        pick: {
          prompt: (_c, f) => `Pick an android to move (${listVar(f, "landed").length} of up to 3 moved)`,
          intent: { act: "move-from", kind: "android" },
          upTo: true,
          options: (c, f) => districtOptions(c.s, (d) => d.android && !listVar<number>(f, "landed").includes(d.id)),
          onPick: (_c, f, v) => {
            f.vars.from = asDistrict(v);
            f.vars.picked = true;
          },
        },
      },
      {
        pick: {
          prompt: (_c, f) => `Move the android from ${districtName(f.vars.from as number)} to a district without one`,
          intent: { act: "move-to", kind: "android" },
          options: (c, f) => (f.vars.from ? districtOptions(c.s, (d) => !d.android) : []),
          onPick: (c, f, v) => {
            moveAndroid(c, f.vars.from as number, asDistrict(v));
            listVar<number>(f, "landed").push(asDistrict(v));
            f.vars.from = null;
          },
        },
      },
      { loop: { back: 3, while: (_c, f) => f.vars.picked === true && listVar(f, "landed").length < 3 } },
      {
        pick: {
          prompt: "Place an orgcrime unit",
          intent: { act: "place", kind: "orgcrime" },
          options: (c) => districtOptions(c.s, () => true),
          onPick: (c, _f, v) => void place(c, "orgcrime", asDistrict(v)),
        },
      },
    ],
  },

  /** A district not in strike or outage produces all its resources at once (orgcrime ignored), then goes on strike. */
  liquidation: {
    steps: [
      {
        pick: {
          prompt: "Pick a district not in strike or outage to liquidate",
          intent: { act: "strike" },
          options: (c) => districtOptions(c.s, (d) => d.condition !== "strike" && d.condition !== "outage"),
          onPick: (c, _f, v) => {
            const id = asDistrict(v);
            involve(c, id);
            const got = produce(c, id, true);
            log(c, "production", `${districtName(id)} is liquidated and produces ${got}.`);
            W(c.s, id).condition = "strike";
            log(c, "unrest", `${districtName(id)} goes on strike.`);
          },
        },
      },
    ],
  },
});
