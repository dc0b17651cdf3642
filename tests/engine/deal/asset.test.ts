import { describe, expect, it } from "vitest";
import { assetName } from "../../../server/engine/data.ts";
import { advanceTo, firstChoice, newGame, ok, texts } from "../helpers.ts";

describe("Deal step 1: Asset", () => {
  it("reveals the rightmost facedown asset on the turn track into the Revealed Asset box", () => {
    let s = newGame(4, 3);
    const track = [...s.turnTrack];
    expect(track.filter(Boolean)).toHaveLength(3); // 3 assets for round 1 [V]
    let events: string[] = [];
    while (s.pending?.kind !== "main-offer") {
      const p = s.pending!;
      const r = ok(s, p.seat, p.kind === "investment" ? { type: "investment", keep: p.cards[0]! } : { type: "choose", option: firstChoice(s, p.seat) });
      events.push(texts(r.events));
      s = r.state;
    }
    expect(s.deal!.asset).toBe(track[2]);
    expect(s.turnTrack).toEqual([track[0], track[1], null, null, null]);
    expect(events.join("\n")).toContain(`reveals ${assetName(track[2]!)} from turn-track slot 3`);
  });

  it("gives one turn per facedown asset: the next turn reveals slot 2", () => {
    let s = advanceTo(newGame(4, 3), (x) => x.pending?.kind === "main-offer");
    const slot2 = s.turnTrack[1];
    s = advanceTo(s, (x) => x.pending?.kind === "main-offer" && x.active === 1);
    expect(s.deal!.asset).toBe(slot2);
  });
});
