import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
  ACTION_TYPES, CORP_IDS, RESOURCES, actionCard, actionCardsOfType, asset, catalog, corp,
  district, districtsInTier, emergencyAction, event, rival,
} from "../../shared/catalog/index.ts";
import type { DistrictId, NextDistrict } from "../../shared/catalog/index.ts";

function expectUnique(ids: unknown[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

describe("catalog counts (rules A2, B1-B10)", () => {
  it("has every component in the box", () => {
    expect(catalog.districts).toHaveLength(10);
    expect(catalog.corps).toHaveLength(6);
    expect(catalog.emergencyActions).toHaveLength(6);
    expect(catalog.assets).toHaveLength(34);
    expect(catalog.events).toHaveLength(16);
    expect(catalog.demands).toHaveLength(9);
    expect(catalog.investments).toHaveLength(12);
    expect(catalog.rivals).toHaveLength(7);
  });

  it("has 100 action cards: 20 titles, 4 titles x 5 copies per type", () => {
    expect(catalog.actionCards).toHaveLength(20);
    expect(catalog.actionCards.reduce((n, a) => n + a.copies, 0)).toBe(100);
    for (const type of ACTION_TYPES) {
      const titles = actionCardsOfType(type);
      expect(titles, type).toHaveLength(4);
      expect(titles.reduce((n, a) => n + a.copies, 0), type).toBe(20);
    }
  });

  it("numbers the districts 1 to 10", () => {
    expect(catalog.districts.map((d) => d.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("ids", () => {
  it("are unique within each list", () => {
    expectUnique(catalog.corps.map((c) => c.id));
    expectUnique(catalog.actionCards.map((a) => a.id));
    expectUnique(catalog.actionCards.map((a) => a.title));
    expectUnique(catalog.emergencyActions.map((e) => e.id));
    expectUnique(catalog.assets.map((a) => a.id));
    expectUnique(catalog.assets.map((a) => a.name));
    expectUnique(catalog.events.map((e) => e.id));
    expectUnique(catalog.demands.map((d) => d.id));
    expectUnique(catalog.investments.map((i) => i.id));
    expectUnique(catalog.rivals.map((r) => r.id));
  });

  it("are unique across all cards, so a card id names one thing", () => {
    expectUnique([
      ...catalog.actionCards, ...catalog.emergencyActions, ...catalog.assets, ...catalog.events,
      ...catalog.demands, ...catalog.investments,
    ].map((c) => c.id));
  });

  it("lookups find every card and throw on an unknown id", () => {
    for (const a of catalog.assets) expect(asset(a.id)).toBe(a);
    for (const a of catalog.actionCards) expect(actionCard(a.id)).toBe(a);
    expect(() => asset("no-such-asset")).toThrow(/Unknown asset/);
    expect(() => district(11)).toThrow(/Unknown district/);
    expect(() => actionCard("clean slate")).toThrow();
  });
});

describe("districts (rules A10, B1, Part E)", () => {
  function pathToRoot(start: DistrictId): NextDistrict[] {
    const path: NextDistrict[] = [start];
    let at: NextDistrict = start;
    while (at !== "root") {
      at = district(at).next;
      if (path.includes(at)) throw new Error(`cycle at ${at} from ${start}`);
      path.push(at);
    }
    return path;
  }

  it("every district's next chain reaches The Root without a cycle", () => {
    for (const d of catalog.districts) expect(pathToRoot(d.id).at(-1)).toBe("root");
  });

  it("movement always goes toward higher-numbered districts (A10.4)", () => {
    for (const d of catalog.districts) if (d.next !== "root") expect(d.next).toBeGreaterThan(d.id);
  });

  it("follows the reconstructed board graph", () => {
    expect(pathToRoot(1)).toEqual([1, 2, 5, 6, 9, 10, "root"]);
    expect(catalog.districts.map((d) => d.next)).toEqual([2, 5, 5, 7, 6, 9, 9, 9, 10, "root"]);
  });

  it("has at least 2 districts in every tier (Scorched Earth needs another in the tier)", () => {
    expect(districtsInTier(1).map((d) => d.id)).toEqual([1, 2, 3, 4, 5]);
    expect(districtsInTier(2).map((d) => d.id)).toEqual([6, 7]);
    expect(districtsInTier(3).map((d) => d.id)).toEqual([8, 9, 10]);
  });

  it("produces every resource in at least two districts", () => {
    for (const r of RESOURCES) {
      const producers = catalog.districts.filter((d) => d.primary === r || d.secondary === r);
      expect(producers.length, r).toBeGreaterThanOrEqual(2);
    }
  });

  it("keeps the verified figures: Rutherford, Manta, Rabotgorod, Nihongai", () => {
    expect(district(9)).toMatchObject({ name: "Rutherford", tier: 3, primary: "credits", secondary: "entertainment", production: { primary: 2, secondary: 1 } });
    expect(district(4)).toMatchObject({ name: "Manta", primary: "entertainment", secondary: "tech" });
    expect(district(5)).toMatchObject({ name: "Rabotgorod", primary: "energy", secondary: "tech" });
    expect(district(7)).toMatchObject({ name: "Nihongai", primary: "tech" });
  });

  it("never names the same resource twice in one district", () => {
    for (const d of catalog.districts) expect(d.secondary).not.toBe(d.primary);
  });
});

describe("corporations (rules B3, D4, A14)", () => {
  it("come in Corporation Setup order, Jinteki first", () => {
    expect(catalog.corps.map((c) => c.id)).toEqual([...CORP_IDS]);
  });

  it("each has its own emergency action, which names it back", () => {
    for (const c of catalog.corps) expect(emergencyAction(c.emergencyAction).corp).toBe(c.id);
    expectUnique(catalog.corps.map((c) => c.emergencyAction));
  });

  it("draw 3 cards: 2 own type + 1 secondary at 5-6 players, 2 own type + 1 General at 4", () => {
    for (const c of catalog.corps) {
      expect(c.draw.fourPlayers, c.id).toHaveLength(3);
      expect(c.draw.fiveSixPlayers, c.id).toHaveLength(3);
      if (c.topType === null) continue;
      expect(c.draw.fourPlayers).toEqual([c.topType, c.topType, "general"]);
      expect(c.draw.fiveSixPlayers.slice(0, 2)).toEqual([c.topType, c.topType]);
      expect(c.draw.fiveSixPlayers[2]).not.toBe(c.topType);
    }
    expect(corp("jinteki").draw.fiveSixPlayers).toEqual(["biotech", "biotech", "labor"]);
  });

  it("no two corps share a secondary draw type or a top type", () => {
    const typed = catalog.corps.filter((c) => c.topType !== null);
    expectUnique(typed.map((c) => c.topType));
    expectUnique(typed.map((c) => c.draw.fiveSixPlayers[2]));
  });

  it("Melange Mining has no type of its own and draws three General cards", () => {
    expect(corp("melange")).toMatchObject({
      topType: null,
      draw: { fourPlayers: ["general", "general", "general"], fiveSixPlayers: ["general", "general", "general"] },
    });
  });

  it("there is a rival card for each corp plus the Federalist", () => {
    for (const id of CORP_IDS) expect(rival(id).id).toBe(id);
    expect(rival("federalist").name).toBe("Federalist");
  });
});

describe("cards", () => {
  it("only the illness-clearing and android-moving cards waive illness threat", () => {
    const free = [...catalog.actionCards, ...catalog.emergencyActions].filter((c) => c.illnessFree).map((c) => c.id);
    expect(free.sort()).toEqual(["clean-slate", "clinical-trials", "efficiency-experts", "mandatory-quarantine"]);
  });

  it("every asset has at least one timing class and display text", () => {
    for (const a of catalog.assets) {
      expect(a.timing.length, a.id).toBeGreaterThan(0);
      expect(a.text.length, a.id).toBeGreaterThan(10);
    }
  });

  it("asset timing counts match B6: 8 end-of-turn, 9 exhaust", () => {
    expect(catalog.assets.filter((a) => a.timing.includes("end-of-turn"))).toHaveLength(8);
    expect(catalog.assets.filter((a) => a.timing.includes("exhaust"))).toHaveLength(9);
  });

  it("every event and setup entry names an existing district", () => {
    for (const e of catalog.events) {
      for (const list of Object.values(e.place)) for (const id of list) expect(district(id).id).toBe(id);
    }
    for (const s of catalog.citySetup) expect(district(s.district).id).toBe(s.district);
  });

  it("events split 4 per category and give 3 to 5 turns", () => {
    for (const cat of ["human-first", "orgcrime", "outage", "protest-strike"] as const) {
      expect(catalog.events.filter((e) => e.category === cat), cat).toHaveLength(4);
    }
    for (const e of catalog.events) expect([3, 4, 5]).toContain(e.nextTurns);
    expect([event("beanstalk-owned-by-mob").nextTurns, event("pistoleros-hit-squads-strike").nextTurns, event("helium-3-transport-threatened").nextTurns]).toEqual([4, 3, 3]);
  });

  it("an event places at most one copy of a thing per district", () => {
    for (const e of catalog.events) for (const list of Object.values(e.place)) expectUnique(list);
  });

  it("demand targets cover every resource and penalties are +5 to +7", () => {
    for (const d of catalog.demands) {
      expect(Object.keys(d.targets).sort(), d.id).toEqual([...RESOURCES].sort());
      expect(d.penalty).toBeGreaterThanOrEqual(5);
      expect(d.penalty).toBeLessThanOrEqual(7);
    }
  });

  it("investment brackets rise with the count", () => {
    for (const i of catalog.investments) {
      if (i.scoring.kind !== "count") continue;
      const b = i.scoring.brackets;
      for (let k = 1; k < b.length; k++) {
        expect(b[k][0], i.id).toBeGreaterThan(b[k - 1][0]);
        expect(b[k][1], i.id).toBeGreaterThan(b[k - 1][1]);
      }
    }
  });
});

describe("first-game city setup (A3.1, D6)", () => {
  it("puts exactly 3 androids in the city, one of them with a prisec in Nihongai", () => {
    expect(catalog.citySetup.filter((s) => s.android)).toHaveLength(3);
    expect(catalog.citySetup.find((s) => s.district === 7)).toMatchObject({ android: true, prisec: true });
  });

  it("lists each district at most once and places problems only in tiers 1-2", () => {
    expectUnique(catalog.citySetup.map((s) => s.district));
    for (const s of catalog.citySetup) {
      if (s.humanFirst || s.orgcrime || s.illness || s.unrest) expect(district(s.district).tier).toBeLessThan(3);
    }
  });
});

describe("npm run catalog", () => {
  it("prints the whole catalog as one JSON object on its last line", () => {
    const run = spawnSync("npx", ["node", "server/scripts/catalog.ts"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    const printed = JSON.parse(lines[lines.length - 1]);
    expect(printed.assets).toHaveLength(34);
    expect(printed).toEqual(JSON.parse(JSON.stringify(catalog)));
  }, 30_000);
});
