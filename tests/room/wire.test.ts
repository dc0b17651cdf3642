// The wire's encode/decode pairs (shared/wire) give back the engine's views: the room's projection
// encodes each view into the schema state, step after step (its incremental path: parts skipped when
// unchanged, single cards moved), and the table reader decodes that state, for every seat and a
// spectator, after every command of a few random games with trades. (compact-state.test.ts checks
// the same through real sockets for one game.)
import { describe, expect, it } from "vitest";
import { apply, createGame, legal, secretViewFor, viewFor, type GameState } from "../../server/engine/index.ts";
import { ACTION_INSTANCES, assetName, catalog, emergencyAction, investmentDef } from "../../server/engine/data.ts";
import { cardView } from "../../server/engine/view.ts";
import { makeRandom, randomCommand, type Random } from "../../server/bots/random.ts";
import { projectPublic, projectSecret } from "../../server/rooms/projection.ts";
import { SecretState, SeatState, TableState } from "../../server/rooms/schema.ts";
import {
  decodeAssets, decodeCard, decodeDistrict, decodeEmergencies, decodeInvestment, encodeAssets, encodeCard, encodeDistrict, encodeEmergencies, encodeInvestment,
  DISTRICT_FIELDS, pickFields,
  GameLogReader, HELD_SEPARATOR, HELD_TURNED, readTable, type DistrictBoard, type TableSnapshot, type WireTable,
} from "../../shared/wire/index.ts";
import type { Command } from "../../shared/protocol.ts";
import { DISTRICT_CONDITIONS, DISTRICT_FLAGS, type GameView } from "../../shared/view.ts";

/** The next command: now and then a trade proposal (random commands never propose), else a random move. */
function nextMove(s: GameState, random: Random): { seat: number; command: Command } | null {
  for (let seat = 0; seat < s.players; seat++) {
    const propose = legal(s, seat).find((l) => l.type === "trade-propose");
    if (propose && propose.to.length > 0 && random() < 0.2) {
      const partner = propose.to[Math.floor(random() * propose.to.length)]!;
      return { seat, command: { type: "trade-propose", to: partner.seat, give: { capital: Math.min(1, propose.give.capital), assets: [] }, get: { capital: 0, assets: partner.assets.slice(0, 1) } } };
    }
  }
  for (const seat of [s.pending?.seat ?? 0, ...Array.from({ length: s.players }, (_, n) => n)]) {
    const command = randomCommand(legal(s, seat), random);
    if (command) return { seat, command };
  }
  return null;
}

/**
 * What the wire carries of a view, in the view's own shapes: everything but the static catalog facts
 * (district names and resources, the demand's targets, the round and turn tracks) and a support's
 * `asset` name, which the schema has no field for (docs/protocol.md), and what the view holds for the
 * server's bots only (a seat's hand limit, the effect being resolved, the support queue, the rules).
 */
function sent(view: GameView) {
  return {
    round: view.round, stage: view.stage, active: view.active, threat: view.threat, turnsLeft: view.turnsLeft,
    supply: view.supply, reserve: view.reserve, demand: view.demand.id, districts: view.districts.map((d) => pickFields(d, DISTRICT_FIELDS)),
    deal: view.deal && { ...view.deal, supports: view.deal.supports.map(({ asset: _, ...x }) => x) },
    decks: view.decks, pending: view.pending, result: view.result,
    seats: view.seats.map(({ handLimit: _h, ...s }) => s),
    secret: view.you ? { hand: view.you.hand, rival: view.you.rival, investment: view.you.investment } : null,
    legal: view.you?.legal ?? [], trades: view.trades,
  };
}

function read(t: TableSnapshot) {
  const g = t.game!;
  return {
    round: g.round, stage: g.stage, active: g.active, threat: g.threat, turnsLeft: g.turnsLeft,
    supply: g.supply, reserve: g.reserve, demand: g.demand, districts: g.districts,
    deal: g.deal, decks: g.decks, pending: g.pending, result: g.result,
    seats: t.seats.map(({ name: _n, bot: _b, connected: _c, botControlled: _bc, awayUntil: _a, bank: _bk, bankDueAt: _bd, owedSince: _os, ...s }) => s),
    secret: t.secret && { hand: t.secret.hand, rival: t.secret.rival, investment: t.secret.investment },
    legal: t.legal, trades: t.trades,
  };
}

describe("the wire", () => {
  it("decodes what the projection encoded into the engine's views, for every seat and a spectator, after every command", () => {
    let checked = 0;
    let deals = 0;
    let trades = 0;
    for (const [players, seed] of [[4, 3], [5, 11], [6, 29]] as const) {
      const random = makeRandom(seed);
      const table = new TableState();
      for (let n = 0; n < players; n++) table.seats.set(String(n), new SeatState({ seat: n, name: `P${n}`, secret: new SecretState() }));
      let s = createGame({ players, seed });
      for (let step = 0; step < 400 && !s.result; step++) {
        projectPublic(table.game, table.seats, viewFor(s, "spectator"));
        for (let n = 0; n < players; n++) projectSecret(table.seats.get(String(n))!.secret, secretViewFor(s, n));
        const wire = (table as unknown as { toJSON(): WireTable }).toJSON();
        const spectator = readTable({ ...wire, seats: Object.fromEntries(Object.entries(wire.seats!).map(([k, { secret: _, ...x }]) => [k, x])) }, {}, null);
        expect(read(spectator)).toEqual(sent(viewFor(s, "spectator")));
        for (let n = 0; n < players; n++) expect(read(readTable(wire, {}, n))).toEqual(sent(viewFor(s, n)));
        checked++;
        if (s.deal) deals++;
        if (viewFor(s, 0).trades.length > 0) trades++;
        const move = nextMove(s, random);
        if (!move) break;
        const r = apply(s, move.seat, move.command);
        if (r.ok) s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(deals).toBeGreaterThan(50);
    expect(trades).toBeGreaterThan(5);
  });

  it("sends a card as its id, and reads back the engine's card for every action card copy and emergency action", () => {
    const ids = [...ACTION_INSTANCES.map((x) => x.id), ...catalog.emergencyActions.map((e) => e.id)];
    expect(ids.length).toBeGreaterThan(100);
    for (const id of ids) {
      expect(encodeCard(cardView(id))).toBe(id);
      expect(decodeCard(id)).toEqual(cardView(id));
    }
  });

  it("sends a seat's emergency actions and assets as a string of ids, an investment as its id, and reads back the engine's words", () => {
    // The separator and the mark can never be part of an id: every id is lowercase letters, digits and hyphens.
    for (const { id } of [...catalog.emergencyActions, ...catalog.assets]) expect(id).toMatch(/^[a-z0-9-]+$/);
    for (const mark of [HELD_SEPARATOR, HELD_TURNED]) expect(mark).toMatch(/^[^a-z0-9-]$/);
    expect(HELD_SEPARATOR).not.toBe(HELD_TURNED);
    const emergency = (id: string, faceup: boolean) => ({ id, title: emergencyAction(id).title, faceup });
    const asset = (id: string, exhausted: boolean) => ({ id, name: assetName(id), exhausted });
    for (const flag of [true, false]) {
      for (const { id } of catalog.emergencyActions) expect(decodeEmergencies(encodeEmergencies([emergency(id, flag)]))).toEqual([emergency(id, flag)]);
      for (const { id } of catalog.assets) expect(decodeAssets(encodeAssets([asset(id, flag)]))).toEqual([asset(id, flag)]);
    }
    // Whole lists, in order, with each state in each place (and none: "").
    for (let shift = 0; shift < 3; shift++) {
      const emergencies = catalog.emergencyActions.map(({ id }, n) => emergency(id, (n + shift) % 3 !== 0));
      const assets = catalog.assets.map(({ id }, n) => asset(id, (n + shift) % 3 === 0));
      for (let n = 0; n <= 3; n++) {
        expect(decodeEmergencies(encodeEmergencies(emergencies.slice(0, n)))).toEqual(emergencies.slice(0, n));
        expect(decodeAssets(encodeAssets(assets.slice(0, n)))).toEqual(assets.slice(0, n));
      }
      expect(decodeEmergencies(encodeEmergencies(emergencies))).toEqual(emergencies);
      expect(decodeAssets(encodeAssets(assets))).toEqual(assets);
    }
    expect(encodeEmergencies([])).toBe("");
    expect(encodeEmergencies([emergency("sweeps-week", false)])).toBe("!sweeps-week");
    expect(encodeAssets([asset("aaron-marron", false), asset("braintrust", true)])).toBe("aaron-marron,!braintrust");
    for (const { id } of catalog.investments) {
      const view = { id, name: investmentDef(id).name };
      expect(decodeInvestment(encodeInvestment(view))).toEqual(view);
    }
  });

  it("sends a district as one number, and reads back every board it can hold, each board its own number", () => {
    const boards: DistrictBoard[] = [];
    for (const { id } of catalog.districts) {
      for (const condition of DISTRICT_CONDITIONS) {
        for (let bits = 0; bits < 2 ** DISTRICT_FLAGS.length; bits++) {
          const flags = Object.fromEntries(DISTRICT_FLAGS.map((f, i) => [f, (bits & (1 << i)) !== 0]));
          boards.push({ id, condition, ...flags } as DistrictBoard);
        }
      }
    }
    // every field of the board is varied above: a field added to the board and not here fails this
    expect(Object.keys(boards[0]!).sort()).toEqual([...DISTRICT_FIELDS].sort());
    const numbers = new Set<number>();
    for (const board of boards) {
      const wire = encodeDistrict(board);
      expect(Number.isInteger(wire) && wire >= 0 && wire < 2 ** 32).toBe(true);
      expect(decodeDistrict(wire)).toEqual(board);
      numbers.add(wire);
    }
    expect(numbers.size).toBe(boards.length);
    expect(boards.length).toBe(catalog.districts.length * DISTRICT_CONDITIONS.length * 2 ** DISTRICT_FLAGS.length);
    // a value the wire has no digit for is refused, not sent as another
    expect(() => encodeDistrict({ ...boards[0]!, condition: "riot" as DistrictBoard["condition"] })).toThrow(/condition/);
    expect(() => encodeDistrict({ ...boards[0]!, id: 256 })).toThrow(/id/);
  });

  it("holds each game-log line once: a history replaces, later lines already held are dropped, the oldest go past the limit", () => {
    const log = new GameLogReader(4);
    expect(log.read({ from: 0, lines: ["a", "b"] })).toEqual({ from: 0, lines: ["a", "b"] });
    // A reconnection: the history replaces what was held (with the private lines), then a batch that overlaps it.
    expect(log.read({ from: 1, lines: ["b", "c"], history: true, private: ["you drew x"] }).lines).toEqual([]);
    expect(log.read({ from: 2, lines: ["c", "d", "e"] })).toEqual({ from: 3, lines: ["d", "e"] });
    expect({ from: log.from, lines: log.lines }).toEqual({ from: 1, lines: ["b", "c", "d", "e"] });
    log.read({ from: 5, lines: ["f", "g"] });
    expect({ from: log.from, lines: log.lines }).toEqual({ from: 3, lines: ["d", "e", "f", "g"] });
    for (const text of ["1", "2", "3", "4"]) log.readEvent({ type: "draw", text });
    expect(log.privateLines).toEqual(["1", "2", "3", "4"]);
  });
});
