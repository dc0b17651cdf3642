// Construction action cards (B4).
import { D, ENEMY_UNITS, inReserve, move, placeDevelopment, placePrisec, raiseUnrest, remove } from "../city.ts";
import { gainCapital, log } from "../ctx.ts";
import { assetName, corpName } from "../data.ts";
import { asDistrict, defineCards, districtOptions, listVar, playerOptions } from "../effects.ts";
import { without } from "../state.ts";

export const CONSTRUCTION_CARDS = defineCards({
  /** Place 1 development token in any district (at most 1 per district [R]). */
  "ark-construction": {
    steps: [
      {
        pick: {
          prompt: "Place a development token",
          intent: { act: "develop", kind: "development" },
          options: (c) => (inReserve(c.s, "development") > 0 ? districtOptions(c.s, (d) => !d.development) : []),
          onPick: (c, _f, v) => void placeDevelopment(c, asDistrict(v)),
        },
      },
    ],
  },

  /** Remove up to 2 outages. Then raise unrest 1 stage in each district you removed one from. */
  "budget-renovations": {
    steps: [
      {
        pick: {
          prompt: "Remove an outage (up to 2)",
          intent: { act: "remove", kind: "outage" },
          times: 2,
          upTo: true,
          options: (c) => districtOptions(c.s, (d) => d.condition === "outage"),
          onPick: (c, f, v) => {
            remove(c, "outage", asDistrict(v));
            listVar<number>(f, "removed").push(asDistrict(v));
          },
        },
      },
      { do: (c, f) => listVar<number>(f, "removed").forEach((id) => raiseUnrest(c, id, 1)) },
    ],
  },

  /** Remove 1 outage; place a prisec unit there if it has none; every enemy unit there moves on. */
  gentrification: {
    steps: [
      {
        pick: {
          prompt: "Remove an outage",
          intent: { act: "remove", kind: "outage" },
          options: (c) => districtOptions(c.s, (d) => d.condition === "outage"),
          onPick: (c, _f, v) => {
            const id = asDistrict(v);
            remove(c, "outage", id);
            placePrisec(c, id);
            for (const kind of ENEMY_UNITS) if (D(c.s, id)[kind]) move(c, kind, id);
          },
        },
      },
    ],
  },

  /** Pick a player: they gain 2 capital (4 if they supported this offer), then discard 1 of their assets (the resolver picks which [R]). */
  "vanity-project": {
    steps: [
      {
        pick: {
          prompt: "Pick a player to gain 2 capital (4 if they supported this offer)",
          intent: { act: "target" },
          options: (c) => playerOptions(c.s),
          onPick: (c, f, v) => {
            const seat = Number(v);
            const n = f.supporters.includes(seat) ? 4 : 2;
            gainCapital(c, seat, n);
            f.vars.target = seat;
            log(c, "capital", `${corpName(c.s, seat)} gains ${n} capital.`);
          },
        },
      },
      {
        pick: {
          prompt: "Pick one of their assets to discard",
          intent: (_c, f) => ({ act: "discard", seat: f.vars.target as number }),
          options: (c, f) => c.s.seats[f.vars.target as number]!.assets.map((a) => ({ value: a.id, label: assetName(a.id), intent: { act: "discard", card: a.id } })),
          onPick: (c, f, v) => {
            const p = c.s.seats[f.vars.target as number]!;
            p.assets = without(p.assets, p.assets.findIndex((a) => a.id === v)); // replaced, never changed in place (state.ts)
            c.s.assetDiscard = [...c.s.assetDiscard, String(v)];
            log(c, "asset", `${corpName(c.s, p.seat)} discards ${assetName(String(v))}.`);
          },
        },
      },
    ],
  },
});
