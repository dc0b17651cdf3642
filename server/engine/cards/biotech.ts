// Biotech action cards (B4).
import type { ChoiceOption } from "../../../shared/protocol.ts";
import { place, remove } from "../city.ts";
import { log, loseCapital } from "../ctx.ts";
import { corpName, districtName, eventDef } from "../data.ts";
import { asDistrict, currentPlayer, defineCards, districtOptions, eachPlayerFromActive, listVar } from "../effects.ts";
import { lowerThreat } from "../threat.ts";

export const BIOTECH_CARDS = defineCards({
  /** Remove up to 2 illness tokens. Then place 1 outage in one district you removed illness from. IllnessFree. */
  "clean-slate": {
    illnessFree: true,
    steps: [
      {
        pick: {
          prompt: "Remove an illness token (up to 2)",
          intent: { act: "remove", kind: "illness" },
          times: 2,
          upTo: true,
          options: (c) => districtOptions(c.s, (d) => d.illness),
          onPick: (c, f, v) => {
            remove(c, "illness", asDistrict(v));
            listVar<number>(f, "removed").push(asDistrict(v));
          },
        },
      },
      {
        pick: {
          prompt: "Place an outage in a district you removed illness from",
          intent: { act: "place", kind: "outage" },
          options: (_c, f) => listVar<number>(f, "removed").map((id) => ({ value: id, label: districtName(id), intent: { act: "place", district: id } })),
          onPick: (c, _f, v) => void place(c, "outage", asDistrict(v)),
        },
      },
    ],
  },

  /** Remove 1 illness token from any district. IllnessFree. */
  "clinical-trials": {
    illnessFree: true,
    steps: [
      {
        pick: {
          prompt: "Remove an illness token",
          intent: { act: "remove", kind: "illness" },
          options: (c) => districtOptions(c.s, (d) => d.illness),
          onPick: (c, _f, v) => void remove(c, "illness", asDistrict(v)),
        },
      },
    ],
  },

  /** From the active player clockwise, each player may spend any capital; a total of at least the number of players lowers threat by 2. */
  "information-procurement": {
    steps: [
      { do: (_c, f) => void (f.vars.total = 0) },
      ...eachPlayerFromActive({
        prompt: (c, f) => `Spend capital to lower threat by 2 (spent so far ${f.vars.total as number}, needed ${c.s.players})`,
        options: (c, f) => {
          const max = c.s.seats[currentPlayer(f)]!.capital;
          const out: ChoiceOption[] = [];
          for (let n = 0; n <= max; n++) out.push({ value: n, label: n === 0 ? "Spend nothing" : `Spend ${n} capital`, intent: { act: "pay", amount: n } });
          return out;
        },
        onPick: (c, f, v) => {
          const seat = currentPlayer(f);
          const spent = loseCapital(c, seat, Number(v));
          f.vars.total = (f.vars.total as number) + spent;
          log(c, "spend", `${corpName(c.s, seat)} spends ${spent} capital.`);
        },
      }),
      {
        do: (c, f) => {
          if ((f.vars.total as number) >= c.s.players) lowerThreat(c, 2, "Information Procurement was funded");
          else log(c, "spend", `Information Procurement raised ${f.vars.total as number} capital, less than ${c.s.players}: threat stays.`);
        },
      },
    ],
  },

  /** Look at the top 3 events; put 1 on the bottom and the rest back on top in any order. */
  "unorthodox-knowledge": {
    hiddenPicks: true,
    steps: [
      {
        do: (c, f) => {
          const look = c.s.eventDeck.slice(0, 3);
          f.vars.look = look;
          log(c, "look", `You look at the top ${look.length} events: ${look.map((id) => eventDef(id).name).join(", ")}.`, [f.seat]);
        },
      },
      {
        pick: {
          prompt: "Put one of the top events on the bottom of the event deck",
          intent: { act: "bottom" },
          options: (_c, f) => (f.vars.bottom ? [] : (f.vars.look as string[]).map((id) => ({ value: id, label: eventDef(id).name, intent: { act: "bottom", card: id } }))),
          onPick: (_c, f, v) => void (f.vars.bottom = v),
        },
      },
      {
        pick: {
          prompt: "Pick the event to put on top of the deck",
          intent: { act: "top" },
          options: (_c, f) => {
            const rest = (f.vars.look as string[]).filter((id) => id !== f.vars.bottom);
            return rest.length < 2 ? [] : rest.map((id) => ({ value: id, label: eventDef(id).name, intent: { act: "top", card: id } }));
          },
          onPick: (_c, f, v) => void (f.vars.top = v),
        },
      },
      {
        do: (c, f) => {
          const look = f.vars.look as string[];
          const bottom = f.vars.bottom as string | undefined;
          const top = f.vars.top as string | undefined;
          const rest = look.filter((id) => id !== bottom && id !== top);
          const kept = top ? [top, ...rest] : rest;
          c.s.eventDeck = [...kept, ...c.s.eventDeck.slice(look.length), ...(bottom ? [bottom] : [])];
          log(c, "look", `${corpName(c.s, f.seat)} puts one event on the bottom of the event deck and the rest back on top.`);
        },
      },
    ],
  },
});

