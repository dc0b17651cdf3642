import { describe, expect, it } from "vitest";
import { endNormally, untilOver } from "../../server/engine/end.ts";
import { apply, viewFor } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { atFirstMainOffer, clearCity, ctxOf, ok, resolveAsActive, setDistrict } from "./helpers.ts";

function ending(players: 4 | 5 | 6, capital: number[], rivals: GameState["seats"][number]["rival"][]) {
  const s = atFirstMainOffer(players);
  s.seats.forEach((p, i) => {
    p.capital = capital[i]!;
    p.rival = rivals[i]!;
  });
  const c = ctxOf(s);
  untilOver(c, () => endNormally(c));
  return c.s.result!;
}

describe("End of the game (A13)", () => {
  it("a player wins with strictly more capital than the corp on their rival card", () => {
    const r = ending(4, [20, 20, 19, 5], ["haas-bioroid", "nbn", "jinteki", "federalist"]);
    // Jinteki 20 vs HB 20: equal is not a win; HB 20 vs NBN 19 wins; NBN 19 vs Jinteki 20 loses
    expect(r.seats.map((x) => x.won)).toEqual([false, true, false, false]);
    expect(r.winners).toEqual([1]);
    expect(r.reason).toBe("end");
  });

  it("own corporation as rival: more capital than at least 2 others at 4 players, 3 at 5-6", () => {
    expect(ending(4, [15, 10, 12, 20], ["jinteki", "nbn", "haas-bioroid", "federalist"]).seats[0]!.won).toBe(true);
    expect(ending(5, [15, 10, 12, 20, 30], ["jinteki", "nbn", "haas-bioroid", "federalist", "weyland"]).seats[0]!.won).toBe(false);
    expect(ending(5, [15, 10, 12, 14, 30], ["jinteki", "nbn", "haas-bioroid", "federalist", "weyland"]).seats[0]!.won).toBe(true);
  });

  it("the Federalist cannot win at a normal end, however rich", () => {
    const r = ending(4, [1, 2, 3, 99], ["haas-bioroid", "nbn", "weyland", "federalist"]);
    expect(r.seats[3]!.won).toBe(false);
  });

  it("[V-fan] federalistWinsNormally: the Federalist then wins a normal end with at least 25 capital, as at threat 25", () => {
    const rich = ending(4, [1, 2, 3, 25], ["haas-bioroid", "nbn", "weyland", "federalist"]);
    expect(rich.seats[3]!.won).toBe(false);
    const s = atFirstMainOffer(4, 1, { federalistWinsNormally: true });
    for (const [capital, won] of [[25, true], [24, false]] as const) {
      s.seats.forEach((p, i) => {
        p.capital = i === 3 ? capital : 1;
        p.rival = (["haas-bioroid", "nbn", "weyland", "federalist"] as const)[i]!;
      });
      const c = ctxOf(s);
      untilOver(c, () => endNormally(c));
      expect(c.s.result!.seats[3]).toMatchObject({ won, why: `The Federalist with ${capital} capital (needs 25).` });
    }
  });

  it("threat reaching 25 ends the game at once: all lose but a Federalist with at least 25 capital", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    s.threat = 24;
    setDistrict(s, 4, { condition: "protest", illness: true });
    s.seats[2]!.rival = "federalist";
    s.seats[2]!.capital = 25;
    s.seats[0]!.rival = "nbn";
    s.seats[0]!.capital = 99;
    let r = resolveAsActive(s, "media-circus");
    r = ok(r.state, 0, { type: "choose", option: 4 });
    // the illness threat comes at the end of the card, after its last pick
    r = ok(r.state, 0, { type: "choose", option: 1 });
    expect(r.state.threat).toBe(25);
    expect(r.state.stage).toBe("finished");
    expect(r.state.result).toMatchObject({ reason: "threat", winners: [2] });
    expect(r.state.seats[0]!.assets).toEqual([]); // the asset was never claimed
    expect(apply(r.state, 1, { type: "pass" })).toMatchObject({ ok: false, code: "game-over" });
    // rivals are revealed to everyone at the end
    expect(viewFor(r.state, "spectator").result!.seats.map((x) => x.rival)).toContain("federalist");
  });
});
