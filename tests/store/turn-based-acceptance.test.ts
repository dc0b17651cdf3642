// Acceptance of turn-based tables (issue 29, docs/turn-based.md), on PostgreSQL started by the test.
//
// 1,000 deadlines falling due together: a real turn-based game is played up to a person's decision
// and parked; the store then holds 999 copies of it (every row of the game under a new code), every
// bank due at the same instant. The server's clock is set a minute past it, and the deadline sweep
// (server/rooms/deadlines.ts, two sweepers looking again and again, a moment apart) wakes each parked game,
// whose room runs its deadline: each is handled exactly once (one excused delay each, told once,
// written once, no command), all of them within 60 seconds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ColyseusTestServer } from "@colyseus/testing";
import { matchMaker } from "@colyseus/core";
import pg from "pg";
import pino from "pino";
import { createServer } from "../../server/app.ts";
import { openStore, type GameStore } from "../../server/store/index.ts";
import { sweepDeadlines } from "../../server/rooms/deadlines.ts";
import { CODE_ALPHABET } from "../../server/access/codes.ts";
import { autoplay, createTable, join, stateOf, until } from "../room/helpers.ts";
import { startPostgres, stopAll, waitFor } from "./services.ts";

afterAll(stopAll);

const H = 3600_000;
const BANK_MS = 8 * H;
const GAMES = 1000;
const WITHIN_MS = 60_000;

const postgres = await startPostgres();
if (!postgres) it.skip("turn-based acceptance on PostgreSQL (no PostgreSQL here: set DATABASE_URL or install postgresql)", () => {});

/** The n-th code of the copies: ten characters of the invite alphabet, shown as two groups of five. */
function codeOf(n: number): string {
  let raw = "";
  for (let i = 0, v = n; i < 7; i++, v = Math.floor(v / CODE_ALPHABET.length)) raw += CODE_ALPHABET[v % CODE_ALPHABET.length];
  raw = "ZZZ" + raw;
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

describe.skipIf(!postgres)("1,000 turn-based deadlines falling due together (PostgreSQL)", () => {
  const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? "silent" });
  let store: GameStore;
  let db: pg.Pool;
  let colyseus: ColyseusTestServer;
  let offset = 0;
  const clock = () => Date.now() + offset;
  /** Each excused delay the tables told of, by "code:seat". */
  const excused = new Map<string, number>();
  const botDecided = new Map<string, number>();
  const count = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

  beforeAll(async () => {
    store = await openStore({ dataDir: "/nonexistent", databaseUrl: postgres!.url, instance: "acceptance" });
    db = new pg.Pool({ connectionString: postgres!.url, max: 2 });
    const server = createServer({
      logger, store, clock, nudges: false, roomLimits: { botDelayMinMs: 0, stepSecondsMin: 0 }, limits: { spectatorsPerAddress: 50 },
      turnEvents: {
        excusedDelay: (e) => count(excused, `${e.code}:${e.seat}`),
        botDecided: (e) => count(botDecided, `${e.code}:${e.seat}`),
      },
    });
    await server.listen(Number(process.env.TEST_PORT ?? 2568), "127.0.0.1");
    colyseus = new ColyseusTestServer(server);
  });
  afterAll(async () => {
    await colyseus?.shutdown();
    await db?.end();
    await store?.close();
  });

  it("each is handled once, all within 60 seconds", async () => {
    // A real game up to Ann's first decision (three bots play at once), then parked.
    const { code, roomId } = await createTable({ seats: 4, bots: 3, seed: 29, graceSeconds: 1, pace: "turn-based", turn: { bankSeconds: BANK_MS / 1000 } });
    const ann = await join(colyseus, roomId, { code, name: "Ann" });
    await until(() => stateOf(ann).status === "playing", 10_000, "the start");
    const player = autoplay(ann, 7);
    await waitFor(async () => (await store.commands(code)).length >= 8, 30_000, "8 commands");
    player.stop();
    // Ann owes a decision, her bank runs, and the store has its deadline.
    const annSeat = () => Object.values<any>(stateOf(ann).seats).find((s) => s.name === "Ann");
    await waitFor(async () => {
      const due = annSeat()?.bankDueAt;
      return due > 0 && (await store.clocks(code)).some((c) => c.dueAt === due);
    }, 20_000, "Ann's decision, its deadline stored");
    ann.reconnection.enabled = false;
    ann.connection.close(1000);
    await waitFor(async () => (await store.getGame(code))?.parked === true && matchMaker.getLocalRoomById(roomId) === undefined, 15_000, "the game to park");
    const commands = (await store.commands(code)).length;
    expect(commands).toBeGreaterThanOrEqual(8);
    const owing = (await store.clocks(code)).find((c) => c.dueAt !== null);
    expect(owing).toBeDefined();

    // 999 copies of every row of the game; every bank (the original's too) due at the same instant.
    const codes = [code, ...Array.from({ length: GAMES - 1 }, (_, n) => codeOf(n))];
    expect(new Set(codes).size).toBe(GAMES);
    const copies = codes.slice(1);
    const dueAt = Date.now() + 30 * 24 * H;
    for (const table of ["games", "seats", "commands", "turn_clocks"]) {
      const renamed = table === "games" ? `jsonb_build_object('code', c.code, 'room_id', c.code)` : `jsonb_build_object('code', c.code)`;
      await db.query(
        `INSERT INTO ${table} SELECT (jsonb_populate_record(NULL::${table}, to_jsonb(t) || ${renamed})).*
         FROM ${table} t, unnest($2::text[]) AS c(code) WHERE t.code = $1`,
        [code, copies],
      );
    }
    await db.query(`UPDATE turn_clocks SET owed_since = $1, bank_ms = $2, due_at = $3 WHERE code = ANY($4) AND seat = $5`,
      [dueAt - BANK_MS, BANK_MS, dueAt, codes, owing!.seat]);
    const { rows: [due] } = await db.query(`SELECT count(*)::int AS n FROM turn_clocks WHERE due_at = $1`, [dueAt]);
    expect(due.n).toBe(GAMES);
    const { rows: [parked] } = await db.query(`SELECT count(*)::int AS n FROM games WHERE parked_at IS NOT NULL AND code = ANY($1)`, [codes]);
    expect(parked.n).toBe(GAMES);

    // A minute past it: two sweeps at a time, again and again, until every deadline has run.
    offset = dueAt + 60_000 - Date.now();
    const started = performance.now();
    const handled = async () => {
      const { rows: [r] } = await db.query(`SELECT count(*)::int AS n FROM turn_clocks WHERE code = ANY($1) AND seat = $2 AND delays > 0`, [codes, owing!.seat]);
      return r.n === GAMES && excused.size === GAMES;
    };
    let done = false;
    // Two sweepers, each looking again as soon as its last look is over, the second a moment behind:
    // a look finds games woken by the other whose deadline is running but not yet written.
    const sweeper = async (lagMs: number) => {
      await new Promise((r) => setTimeout(r, lagMs));
      while (!done && performance.now() - started < 3 * WITHIN_MS) {
        await sweepDeadlines(store, logger, clock());
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const sweepers = [sweeper(0), sweeper(150)];
    await waitFor(handled, 3 * WITHIN_MS, "every deadline handled");
    const tookMs = performance.now() - started;
    done = true;
    await Promise.all(sweepers);
    // A few more sweeps, which must find nothing due.
    for (let i = 0; i < 3; i++) await sweepDeadlines(store, logger, clock());
    await new Promise((r) => setTimeout(r, 0));
    console.log(`[acceptance] ${GAMES} deadlines due together: all handled in ${(tookMs / 1000).toFixed(1)} s (${Math.round(GAMES / (tookMs / 1000))} deadlines per second)`);

    // Each exactly once: one excused delay told per game, one written, no command, none due any more.
    expect(excused.size).toBe(GAMES);
    expect([...excused].filter(([, n]) => n !== 1)).toEqual([]);
    expect(botDecided.size).toBe(0);
    const { rows } = await db.query(`SELECT code, seat, delays, due_at FROM turn_clocks WHERE code = ANY($1) AND seat = $2`, [codes, owing!.seat]);
    expect(rows).toHaveLength(GAMES);
    for (const r of rows) {
      expect(r.delays).toBe(1);
      expect(excused.get(`${r.code}:${r.seat}`)).toBe(1);
      // the excused delay: a quarter of the starting bank from when it ran
      expect(Number(r.due_at)).toBeGreaterThan(dueAt + BANK_MS / 4 - 1);
      expect(Number(r.due_at)).toBeLessThanOrEqual(clock() + BANK_MS / 4);
    }
    const { rows: [cmds] } = await db.query(`SELECT count(*)::int AS n FROM commands WHERE code = ANY($1)`, [codes]);
    expect(cmds.n).toBe(GAMES * commands);
    expect(await store.dueDeadlines(clock(), GAMES)).toEqual([]);
    expect(tookMs).toBeLessThan(WITHIN_MS);
  }, 240_000);
});
