import { describe, expect, it } from "vitest";
import { eventDef } from "../../../server/engine/data.ts";
import { atFirstMainOffer, choices, clearCity, district, ok, rejected, resolveAsActive, setDistrict, texts } from "../helpers.ts";

describe("Clean Slate", () => {
  it("removes up to 2 illness, pays Jinteki per token, then places an outage where illness was removed, with no illness threat", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 3, { illness: true });
    setDistrict(s, 6, { illness: true });
    setDistrict(s, 9, { illness: true });
    const jinteki = s.seats[0]!.capital;
    let r = resolveAsActive(s, "clean-slate");
    expect(choices(r.state, 0)).toEqual([3, 6, 9, "done"]);
    r = ok(r.state, 0, { type: "choose", option: 3 });
    r = ok(r.state, 0, { type: "choose", option: 9 });
    // the outage must go where illness was removed
    expect(choices(r.state, 0)).toEqual([3, 9]);
    rejected(r.state, 0, { type: "choose", option: 6 }, "bad-choice");
    r = ok(r.state, 0, { type: "choose", option: 9 });
    expect(district(r.state, 3).illness).toBe(false);
    expect(district(r.state, 9).illness).toBe(false);
    expect(district(r.state, 6).illness).toBe(true);
    expect(district(r.state, 9).condition).toBe("outage");
    expect(r.state.seats[0]!.capital).toBe(jinteki + 4);
    expect(r.state.threat).toBe(0);
  });

  it("may stop at once with done, and then places no outage", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 3, { illness: true });
    let r = resolveAsActive(s, "clean-slate");
    r = ok(r.state, 0, { type: "choose", option: "done" });
    expect(r.state.districts.every((d) => d.condition === "none")).toBe(true);
    expect(district(r.state, 3).illness).toBe(true);
  });
});

describe("Clinical Trials", () => {
  it("removes exactly one illness token (no done option) without illness threat", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    setDistrict(s, 5, { illness: true });
    setDistrict(s, 8, { illness: true });
    let r = resolveAsActive(s, "clinical-trials");
    expect(choices(r.state, 0)).toEqual([5, 8]);
    r = ok(r.state, 0, { type: "choose", option: 8 });
    expect(district(r.state, 8).illness).toBe(false);
    expect(district(r.state, 5).illness).toBe(true);
    expect(r.state.threat).toBe(0);
    expect(r.state.pending?.kind).not.toBe("effect");
  });

  it("is skipped when there is no illness in the city", () => {
    const s = atFirstMainOffer();
    clearCity(s);
    const r = resolveAsActive(s, "clinical-trials");
    expect(r.state.pending?.kind).not.toBe("effect");
    expect(r.state.seats[0]!.assets).toHaveLength(1); // claimed the asset
  });
});

describe("Information Procurement", () => {
  it("asks every player from the active player clockwise; enough capital lowers threat by 2", () => {
    const s = atFirstMainOffer();
    s.threat = 7;
    const caps = s.seats.map((p) => p.capital);
    let r = resolveAsActive(s, "information-procurement");
    const askOrder: number[] = [];
    for (const spend of [1, 0, 2, 1]) {
      askOrder.push(r.state.pending!.seat);
      r = ok(r.state, r.state.pending!.seat, { type: "choose", option: spend });
    }
    expect(askOrder).toEqual([0, 1, 2, 3]);
    expect(r.state.seats.map((p) => p.capital)).toEqual([caps[0]! - 1, caps[1]!, caps[2]! - 2, caps[3]! - 1]);
    expect(r.state.threat).toBe(5);
  });

  it("leaves threat alone when the total is below the number of players", () => {
    const s = atFirstMainOffer();
    s.threat = 7;
    let r = resolveAsActive(s, "information-procurement");
    for (const spend of [1, 0, 2, 0]) r = ok(r.state, r.state.pending!.seat, { type: "choose", option: spend });
    expect(r.state.threat).toBe(7);
  });

  it("offers no more than the player's capital", () => {
    const s = atFirstMainOffer();
    s.seats[0]!.capital = 2;
    const r = resolveAsActive(s, "information-procurement");
    expect(choices(r.state, 0)).toEqual([0, 1, 2]);
    rejected(r.state, 0, { type: "choose", option: 3 }, "bad-choice");
  });
});

describe("Unorthodox Knowledge", () => {
  it("shows the top 3 events to the resolver only, puts one on the bottom and orders the rest", () => {
    const s = atFirstMainOffer();
    const [e1, e2, e3] = s.eventDeck;
    const rest = s.eventDeck.slice(3);
    let r = resolveAsActive(s, "unorthodox-knowledge");
    const look = r.events.find((e) => e.type === "look");
    expect(look?.to).toEqual([0]);
    expect(choices(r.state, 0)).toEqual([e1, e2, e3]);
    r = ok(r.state, 0, { type: "choose", option: e1! });
    expect(choices(r.state, 0)).toEqual([e2, e3]);
    r = ok(r.state, 0, { type: "choose", option: e3! });
    expect(r.state.eventDeck).toEqual([e3, e2, ...rest, e1]);
    // the public log never names the events
    const publicText = texts(r.events.filter((e) => !e.to));
    for (const id of [e1, e2, e3]) expect(publicText).not.toContain(eventDef(id!).name);
  });
});
