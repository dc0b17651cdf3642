// The bot and the asset cards: it answers every asset decision (so a missed deadline never stalls a
// table), uses an asset when that helps it, and passes when it does not.
import { describe, expect, it } from "vitest";
import { catalog } from "../../shared/catalog/index.ts";
import { playGame } from "../../server/sim/play.ts";
import { botStats } from "../../server/bots/policy.ts";
import { makeRandom } from "../../server/bots/random.ts";
import { apply, createGame } from "../../server/engine/index.ts";
import type { GameState } from "../../server/engine/index.ts";
import { botOn } from "./helpers.ts";
import { answerOffer, atEndOfTurn, contested, giveAsset, mainOffer, owes, say, support, table } from "../engine/assets/helpers.ts";

function bot(s: GameState, seat: number) {
  return botOn(s, seat, makeRandom(7));
}

describe("bots and assets", () => {
  it("over whole games every one of the 34 assets is claimed and put to use, and the bot never falls back to a random move", () => {
    const used = new Set<string>();
    const fallbacks = botStats.fallbacks;
    for (let i = 0; i < 60 && used.size < catalog.assets.length; i++) {
      const run = playGame(([4, 5, 6] as const)[i % 3], 500 + i);
      expect(run.error).toBeNull();
      expect(run.violations).toEqual([]);
      let s = createGame({ players: run.players, seed: run.seed });
      for (const { seat, command } of run.commands) {
        const r = apply(s, seat, command);
        if (!r.ok) throw new Error(r.message);
        for (const e of r.events) {
          for (const a of catalog.assets) {
            // "uses X", an automatic ability's own line "X: ...", or a passive that only needs holding
            if (e.text.includes(`uses ${a.name}`) || e.text.startsWith(`${a.name}:`)) used.add(a.id);
            if (a.id === "braintrust" && e.text.includes("claims Braintrust")) used.add(a.id);
          }
        }
        s = r.state;
      }
    }
    expect(catalog.assets.map((a) => a.id).filter((id) => !used.has(id))).toEqual([]);
    expect(botStats.fallbacks - fallbacks).toBe(0);
  }, 120_000);

  it("answers a window it owes with use or pass, as an unanswered deadline would", () => {
    const s = table();
    giveAsset(s, 0, "susan-chen");
    const t = atEndOfTurn(s).state;
    expect(owes(t)).toBe("effect:0");
    expect(bot(t, 0)).toEqual({ type: "choose", option: "use" });
  });

  it("Caprice Nisei and Mark Yale: used on its rival's offers, passed on others'", () => {
    for (const [rival, expected] of [["jinteki", "use"], ["nbn", "pass"]] as const) {
      const s = table();
      s.seats[3]!.rival = rival;
      giveAsset(s, 3, "caprice-nisei");
      const t = mainOffer(s).state; // Jinteki's offer
      expect(owes(t)).toBe("effect:3");
      expect(bot(t, 3)).toEqual({ type: "choose", option: expected });
    }
  });

  it("Midori: picks the offer it prefers in a tie (its rival's offer loses)", () => {
    const s = table();
    s.seats[3]!.rival = "jinteki";
    giveAsset(s, 3, "midori");
    // Jinteki's main offer pays Jinteki; Haas-Bioroid's counteroffer pays Haas-Bioroid
    let t = support(contested(s, 1, "high-risk-investments", "high-risk-investments"), { 2: "counter", 3: "main" }).state;
    t = answerOffer(t, 3, "midori", "use").state;
    expect(bot(t, 3)).toEqual({ type: "choose", option: "counter" });
  });

  it("Thomas Haas: swaps when the card under the board is easier to beat", () => {
    // keeps a rival it already beats
    const k = table();
    giveAsset(k, 0, "thomas-haas");
    k.seats[0]!.rival = "nbn";
    k.seats[2]!.capital = 3;
    k.rivalUnderBoard = "weyland";
    expect(bot(answerOffer(atEndOfTurn(k).state, 0, "thomas-haas", "use").state, 0)).toEqual({ type: "choose", option: "keep" });

    const s = table();
    giveAsset(s, 0, "thomas-haas");
    s.seats[0]!.rival = "weyland"; // 13 capital, more than Jinteki's 10
    s.rivalUnderBoard = "nbn";
    s.seats[2]!.capital = 3;
    const t = answerOffer(atEndOfTurn(s).state, 0, "thomas-haas", "use").state;
    expect(bot(t, 0)).toEqual({ type: "choose", option: "swap" });
  });

  it("Fumiko Yamamori: lowers a supply above its target, and passes when every unit is needed", () => {
    let s = table();
    giveAsset(s, 0, "fumiko-yamamori");
    s.supply.energy = 9;
    let t = atEndOfTurn(s).state;
    expect(bot(t, 0)).toEqual({ type: "choose", option: "use" });
    t = say(t, 0, "use").state;
    expect(bot(t, 0)).toMatchObject({ option: "energy" });

    s = table();
    giveAsset(s, 0, "fumiko-yamamori");
    s.supply.energy = 1;
    s.demand = catalog.demands.find((d) => d.targets.energy >= 2)!.id;
    expect(bot(atEndOfTurn(s).state, 0)).toEqual({ type: "choose", option: "pass" });
  });
});
