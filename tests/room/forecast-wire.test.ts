// The threat forecast's wire form (shared/wire/placeholders.ts): after every command of bot and random
// games, what the reader decodes is the engine's forecast, in fewer bytes than its JSON.
import { describe, expect, it } from "vitest";
import { playGame } from "../../server/sim/play.ts";
import { viewFor } from "../../server/engine/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { decodeForecast, encodeForecast } from "../../shared/wire/index.ts";

describe("the forecast on the wire", () => {
  it("reads back the engine's forecast after every command, in under half the bytes of its JSON", () => {
    let checked = 0;
    let events = 0;
    let counted = 0;
    let wire = 0;
    let json = 0;
    const r = makeRandom(7);
    for (const [players, seed, random] of [[6, 11, true], [4, 12, false], [5, 13, true]] as const) {
      playGame(players, seed, undefined, random ? (_v, legal) => randomCommand(legal, r) : undefined, {
        check: null,
        observe: (s) => {
          const f = viewFor(s, "spectator").forecast;
          const encoded = encodeForecast(f);
          expect(decodeForecast(encoded)).toEqual(f);
          checked++;
          if (f.event) events++;
          if (Object.keys(f.round).length && Object.keys(f.total).length) counted++;
          wire += encoded.length;
          json += JSON.stringify(f).length;
        },
      });
    }
    expect(checked).toBeGreaterThan(300);
    expect(events).toBeGreaterThan(50);
    expect(counted).toBeGreaterThan(50);
    expect(wire).toBeLessThan(json / 2);
  });

  it("reads a broken field as none", () => {
    for (const bad of [undefined, "", "{", "{}", "null", "[1,2]"]) expect(decodeForecast(bad)).toBeNull();
  });
});
