// Seeds come from the server alone (issue #14): 128 random bits per table, no way for a client to
// choose one, none sent to anyone before the game ends, and the replay afterwards rebuilds the game.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ColyseusTestServer } from "@colyseus/testing";
import { BASE, autoplay, bootServer, createTable, join, recordWire, stateOf, until } from "./helpers.ts";
import type { NewAngelesRoom } from "../../server/rooms/NewAngelesRoom.ts";
import { clearWrongCodes } from "../../server/access/throttle.ts";
import { replay } from "../../server/engine/index.ts";

let colyseus: ColyseusTestServer;
beforeAll(async () => { colyseus = await bootServer(); });
beforeEach(async () => { await colyseus.cleanup(); await clearWrongCodes(); });
afterAll(async () => colyseus.shutdown());

const seedOf = (room: NewAngelesRoom): unknown => (room as any).seed;

/** Every way the seed could travel: its hex text in any case, and its 16 raw bytes. */
function seedForms(seed: string): Buffer[] {
  return [Buffer.from(seed), Buffer.from(seed.toUpperCase()), Buffer.from(seed, "hex")];
}

describe("game seeds", () => {
  it("cannot be chosen by a client: POST /api/games with a seed is refused", async () => {
    for (const seed of [7, "0123456789abcdef0123456789abcdef"]) {
      const res = await fetch(BASE + "/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ seats: 4, seed }) });
      expect(res.status).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe("bad-options");
      expect(body.error.message).toMatch(/seed/);
    }
  });

  it("are 128 random bits drawn by the server, and the bots' randomness is not derived from them", async () => {
    const seeds = new Set<unknown>();
    for (let i = 0; i < 5; i++) {
      const { room } = await createTable({ seats: 4 });
      const seed = seedOf(room);
      expect(seed).toMatch(/^[0-9a-f]{32}$/);
      seeds.add(seed);
    }
    expect(seeds.size).toBe(5);
    // Two tables with the same (server-fixed) seed: their bots still choose differently.
    const a = (await createTable({ seats: 4, seed: 5 })).room as any;
    const b = (await createTable({ seats: 4, seed: 5 })).room as any;
    expect(seedOf(a)).toBe(5);
    expect(seedOf(b)).toBe(5);
    const draws = (r: any) => Array.from({ length: 8 }, () => r.botRandom());
    expect(draws(a)).not.toEqual(draws(b));
  });

  it("never reach a client before the game ends; the replay then returns the seed and rebuilds the game", async () => {
    const { code, roomId, room } = await createTable({ seats: 4, bots: 3, graceSeconds: 600 });
    const seed = seedOf(room) as string;
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    const forms = seedForms(seed);
    const wire = recordWire(() => room);
    const answers: string[] = [];
    try {
      const spectator = await join(colyseus, roomId, { code, spectator: true });
      const alice = await join(colyseus, roomId, { code, name: "Alice" });
      const player = autoplay(alice, 3);
      await until(() => stateOf(alice).status === "playing", 20_000, "the start");
      answers.push(await (await fetch(`${BASE}/api/games/${code}`)).text());
      const early = await fetch(`${BASE}/api/games/${code}/replay`);
      expect(early.status).toBe(403);
      answers.push(await early.text());
      await until(() => stateOf(alice).status === "finished", 120_000, "the game to finish");
      player.stop();
      // Everything sent before the end (the end's own patch included: the seed is not in it either).
      expect(wire.messages.length).toBeGreaterThan(50);
      for (const m of wire.messages) for (const f of forms) expect(m.bytes.includes(f), "the seed reached a client").toBe(false);
      for (const a of answers) for (const f of forms) expect(Buffer.from(a).includes(f), "the seed is in a lobby answer").toBe(false);
      expect(JSON.stringify(stateOf(spectator))).not.toContain(seed);

      const res = await fetch(`${BASE}/api/games/${code}/replay`);
      expect(res.status).toBe(200);
      const log = (await res.json()) as any;
      expect(log.seed).toBe(seed);
      expect(replay({ players: log.players, seed: log.seed, variant: log.variant, commands: log.commands })).toEqual((room as any).game);
      await alice.leave();
      await spectator.leave();
    } finally {
      wire.stop();
    }
  }, 180_000);
});
