import { describe, expect, it } from "vitest";
import { atFirstMainOffer, choices, clearCity, district, giveCard, ok, resolveAsActive, setDistrict } from "../helpers.ts";

describe("24/7 Live Feeds", () => {
  it("lowers unrest 1 stage (NBN +1) or removes an orgcrime unit (Globalsec +1), as one pick", () => {
    const s = atFirstMainOffer(5);
    clearCity(s);
    setDistrict(s, 3, { condition: "strike" });
    setDistrict(s, 8, { orgcrime: true });
    const nbn = s.seats[2]!.capital;
    let r = resolveAsActive(s, "live-feeds");
    expect(choices(r.state, 0)).toEqual(["unrest:3", "orgcrime:8"]);
    r = ok(r.state, 0, { type: "choose", option: "unrest:3" });
    expect(district(r.state, 3).condition).toBe("protest");
    expect(r.state.seats[2]!.capital).toBe(nbn + 1);

    const s2 = atFirstMainOffer(5);
    clearCity(s2);
    setDistrict(s2, 8, { orgcrime: true });
    const globalsec = s2.seats[4]!.capital;
    let r2 = resolveAsActive(s2, "live-feeds");
    r2 = ok(r2.state, 0, { type: "choose", option: "orgcrime:8" });
    expect(district(r2.state, 8).orgcrime).toBe(false);
    expect(r2.state.seats[4]!.capital).toBe(globalsec + 1);
  });
});

describe("Media Circus", () => {
  it("lowers unrest 2 stages in one district (NBN +2), then places a Human First unit", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 6, { condition: "strike" });
    setDistrict(s, 2, { humanFirst: true });
    const nbn = s.seats[2]!.capital;
    let r = resolveAsActive(s, "media-circus");
    expect(choices(r.state, 0)).toEqual([6]);
    r = ok(r.state, 0, { type: "choose", option: 6 });
    expect(district(r.state, 6).condition).toBe("none");
    expect(r.state.seats[2]!.capital).toBe(nbn + 2);
    // placing where one already is: the surplus moves to the next district (2 -> 5)
    r = ok(r.state, 0, { type: "choose", option: 2 });
    expect(district(r.state, 5).humanFirst).toBe(true);
  });
});

describe("Puff Piece", () => {
  it("lets each player from the active one draw 2 of a type, 3 for supporters, or nothing", () => {
    const s = atFirstMainOffer();
    const puff = giveCard(s, 0, "puff-piece");
    let r = ok(s, 0, { type: "offer", card: puff });
    r = ok(r.state, 1, { type: "counteroffer", card: r.state.seats[1]!.hand[0]!, discard: [] });
    r = ok(r.state, 2, { type: "pass" });
    r = ok(r.state, 3, { type: "pass" });
    r = ok(r.state, 2, { type: "support", offer: "main", cards: [r.state.seats[2]!.hand[0]!] });
    r = ok(r.state, 3, { type: "abstain" });
    const sizes = r.state.seats.map((p) => p.hand.length);
    const asked: number[] = [];
    const events = [];
    for (const pick of ["media", "none", "security", "labor"]) {
      asked.push(r.state.pending!.seat);
      r = ok(r.state, r.state.pending!.seat, { type: "choose", option: pick });
      events.push(...r.events);
    }
    expect(asked).toEqual([0, 1, 2, 3]);
    expect(r.state.seats.map((p) => p.hand.length)).toEqual([sizes[0]! + 2, sizes[1]!, sizes[2]! + 3, sizes[3]! + 2]);
    const drawn = events.filter((e) => e.type === "draw-private");
    expect(drawn.map((e) => e.to)).toEqual([[0], [2], [3]]);
  });
});

describe("Spin Doctors", () => {
  it("lowers unrest in up to 2 different districts, then lowers credits by 1", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 1, { condition: "protest" });
    setDistrict(s, 5, { condition: "strike" });
    s.supply.credits = 3;
    let r = resolveAsActive(s, "spin-doctors");
    r = ok(r.state, 0, { type: "choose", option: 5 });
    expect(choices(r.state, 0)).toEqual([1, "done"]);
    r = ok(r.state, 0, { type: "choose", option: 1 });
    expect(district(r.state, 1).condition).toBe("none");
    expect(district(r.state, 5).condition).toBe("protest");
    expect(r.state.supply.credits).toBe(2);
    expect(r.state.threat).toBe(0);
  });

  it("raises threat by 1 instead when credits are already 0", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    const r = resolveAsActive(s, "spin-doctors");
    expect(r.state.pending?.kind).not.toBe("effect");
    expect(r.state.threat).toBe(1);
    expect(r.state.supply.credits).toBe(0);
  });
});
