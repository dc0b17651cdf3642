import { describe, expect, it } from "vitest";
import { ACTION_INSTANCES, corpDraw } from "../../server/engine/data.ts";
import { DEFAULT_VARIANT, FIRST_GAME_CORPS, createGameWithEvents, legal, waitingFor } from "../../server/engine/index.ts";
import { advanceTo, newGame, ok } from "./helpers.ts";

const SIDEBAR: string[] = ["jinteki", "haas-bioroid", "nbn", "weyland", "globalsec", "melange"];

describe("Setup", () => {
  for (const players of [4, 5, 6] as const) {
    it(`${players} players, first-game corporations: sidebar order, capital 10.., faceup emergency actions, N+1 rivals`, () => {
      const s = newGame(players, 11);
      const order = SIDEBAR.slice(0, players);
      expect(s.seats.map((p) => p.corp)).toEqual(order);
      expect(s.seats.map((p) => p.capital)).toEqual([10, 11, 12, 13, 14, 15].slice(0, players));
      expect(s.seats.every((p) => p.emergency.length === 1 && p.emergency[0]!.faceup)).toBe(true);
      const rivals = [...s.seats.map((p) => p.rival), s.rivalUnderBoard].sort();
      expect(rivals).toEqual([...order, "federalist"].sort());
      expect(s.active).toBe(0);
      expect(s.threat).toBe(0);
      expect(Object.values(s.supply).every((v) => v === 0)).toBe(true);
      expect(s.turnTrack.filter(Boolean)).toHaveLength(3);
      expect(s.round).toBe(0);
    });
  }

  it("uses the 4-player side of the corp sheets at 4 players (General slot), else the 5-6 side", () => {
    expect(corpDraw(newGame(4), "jinteki")).toEqual(["biotech", "biotech", "general"]);
    expect(corpDraw(newGame(5), "jinteki")).toEqual(["biotech", "biotech", "labor"]);
  });

  it("each player's starting hand is one corp-sheet draw; General asks for a type not yet drawn", () => {
    const s = newGame(4, 2);
    expect(waitingFor(s)).toEqual([0]);
    const pick = legal(s, 0).find((l) => l.type === "choose");
    expect(pick && pick.type === "choose" ? pick.options.map((o) => o.value) : []).toEqual(["construction", "labor", "media", "security"]);
    const r = ok(s, 0, { type: "choose", option: "security" });
    const types = r.state.seats[0]!.hand.map((id) => ACTION_INSTANCES.find((x) => x.id === id)!.def.type).sort();
    expect(types).toEqual(["biotech", "biotech", "security"]);
    expect(r.events.find((e) => e.type === "draw-private")?.to).toEqual([0]);
  });

  it("a General slot does not offer a type whose deck and discard pile are both empty", () => {
    const s = newGame(4, 2);
    s.seats[3]!.hand.push(...s.actionDecks.labor.splice(0), ...s.actionDiscards.labor.splice(0));
    const pick = legal(s, 0).find((l) => l.type === "choose");
    expect(pick && pick.type === "choose" ? pick.options.map((o) => o.value) : []).toEqual(["construction", "media", "security"]);
    expect(() => ok(s, 0, { type: "choose", option: "labor" })).toThrow();
  });

  it("at 5-6 players Melange Mining draws three General cards of three different types [R]", () => {
    let s = newGame(6, 4);
    s = advanceTo(s, (x) => x.pending?.seat === 5 && x.pending.kind === "general-draw");
    s = ok(s, 5, { type: "choose", option: "media" }).state;
    s = ok(s, 5, { type: "choose", option: "labor" }).state;
    const last = legal(s, 5).find((l) => l.type === "choose");
    expect(last && last.type === "choose" ? last.options.map((o) => o.value) : []).toEqual(["biotech", "construction", "security"]);
  });

  it("investments: each player draws 2 and keeps 1, clockwise from the first player (Part E)", () => {
    let s = advanceTo(newGame(4, 5), (x) => x.pending?.kind === "investment");
    const seen: number[] = [];
    while (s.pending?.kind === "investment") {
      const p = s.pending;
      seen.push(p.seat);
      expect(p.cards).toHaveLength(2);
      const top = s.investmentDeck.length;
      s = ok(s, p.seat, { type: "investment", keep: p.cards[1]! }).state;
      expect(s.seats[p.seat]!.investment).toBe(p.cards[1]);
      if (s.pending?.kind === "investment") {
        // the returned one went back on top, so the next player may draw it
        expect(s.pending.cards).toContain(p.cards[0]);
      } else expect(top).toBeGreaterThan(0);
    }
    expect(seen).toEqual([0, 1, 2, 3]);
  });

  it("variant setupInvestments draw-1 deals one investment each with no choice", () => {
    const s = advanceTo(newGame(4, 5, { setupInvestments: "draw-1" }), (x) => x.pending?.kind === "main-offer");
    expect(s.seats.every((p) => p.investment !== null)).toBe(true);
    expect(new Set(s.seats.map((p) => p.investment)).size).toBe(4);
  });

  it("tells each player their own rival privately", () => {
    const { state, events } = createGameWithEvents({ players: 5, seed: 9, variant: FIRST_GAME_CORPS });
    const rivalEvents = events.filter((e) => e.type === "rival");
    expect(rivalEvents.map((e) => e.to)).toEqual([[0], [1], [2], [3], [4]]);
    // at 5 players nobody has a General slot, so setup goes straight to the investments
    expect(state.pending?.kind).toBe("investment");
  });

  it("the first turn begins with the first player's own corp-sheet draw, then the deal", () => {
    const s = advanceTo(newGame(4, 1), (x) => x.pending?.kind === "main-offer");
    expect(s.active).toBe(0);
    expect(s.seats[0]!.hand).toHaveLength(6);
    expect(s.seats.slice(1).map((p) => p.hand.length)).toEqual([3, 3, 3]);
  });

  it("[R] startingHand: each seat makes its number of corp-sheet draws at setup, clockwise from the first player", () => {
    const s = advanceTo(newGame(5, 3, { startingHand: [2, 0, 1, 3, 1, 1] }), (x) => x.pending?.kind === "main-offer");
    // seat 0 also made its first turn's draw
    expect(s.seats.map((p) => p.hand.length)).toEqual([9, 0, 3, 9, 3]);
  });

  it("[R] corpAssignment random (default) deals N of the six, seeded; the rival deck follows the corps in play", () => {
    const dealt = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => createGameWithEvents({ players: 4, seed }).state.seats.map((p) => p.corp));
    for (const corps of dealt) {
      expect(new Set(corps).size).toBe(4);
      expect(corps.every((id) => SIDEBAR.includes(id))).toBe(true);
    }
    expect(new Set(dealt.map((x) => x.join())).size).toBeGreaterThan(1);
    expect(dealt.flat()).toContain("melange");
    // Melange Mining is not tied to the last seat any more
    expect(new Set(dealt.map((x) => x.indexOf("melange")).filter((i) => i >= 0)).size).toBeGreaterThan(1);
    expect(createGameWithEvents({ players: 4, seed: 3 }).state.seats.map((p) => p.corp)).toEqual(dealt[2]);
    const s = createGameWithEvents({ players: 4, seed: 3 }).state;
    expect([...s.seats.map((p) => p.rival), s.rivalUnderBoard].sort()).toEqual([...s.seats.map((p) => p.corp), "federalist"].sort());
  });

  it("[R] corpAssignment order (the first-game setup, or the host's pick) takes corpOrder's first N clockwise", () => {
    expect(newGame(4, 7, { corpAssignment: "order" }).seats.map((p) => p.corp)).toEqual(SIDEBAR.slice(0, 4));
    const picked = ["melange", "nbn", "weyland", "jinteki", "globalsec", "haas-bioroid"] as const;
    expect(newGame(4, 7, { corpAssignment: "order", corpOrder: [...picked] }).seats.map((p) => p.corp)).toEqual(picked.slice(0, 4));
  });

  it("[R] startingCapitalBy corporation: capital follows the corporation's place in corpOrder, wherever it sits", () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = createGameWithEvents({ players: 5, seed, variant: { startingCapitalBy: "corporation" } }).state;
      expect(s.seats.map((p) => p.capital)).toEqual(s.seats.map((p) => [10, 11, 12, 13, 14, 15][SIDEBAR.indexOf(p.corp)]));
    }
    const s = newGame(4, 1, { startingCapitalBy: "corporation", corpAssignment: "order", corpOrder: ["melange", "nbn", "weyland", "jinteki", "globalsec", "haas-bioroid"] });
    expect(s.seats.map((p) => p.capital)).toEqual([10, 11, 12, 13]);
    // random corporations: Melange Mining, last in the sidebar, starts with 15 wherever it sits
    const m = createGameWithEvents({ players: 6, seed: 4, variant: { startingCapitalBy: "corporation" } }).state;
    expect(m.seats.find((p) => p.corp === "melange")!.capital).toBe(15);
  });

  it("[R] startingCapitalBy seat (default): capital 10, 11, 12... clockwise from the first player, whatever the corporation", () => {
    expect(DEFAULT_VARIANT.startingCapitalBy).toBe("seat");
    const corpsSeen = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const s = createGameWithEvents({ players: 6, seed }).state;
      expect(s.seats.map((p) => p.capital)).toEqual([10, 11, 12, 13, 14, 15]);
      corpsSeen.add(s.seats[0]!.corp);
    }
    // not always the same corporation in the first seat
    expect(corpsSeen.size).toBeGreaterThan(1);
  });

  it("rejects a player count other than 4-6", () => {
    expect(() => newGame(3 as 4)).toThrow();
  });
});
