// The golden digest: 104 seeded bot games, each hashed over everything its players can observe, so that
// a change that should alter nothing a player sees or the wire carries (a refactor) can show it did not.
// Per game, one sha256 over, after the setup and after every accepted command:
// - the events' texts with their audience: the public log lines and each seat's private lines;
// - the table's schema state as the room projects it (server/rooms/table-state.ts, the room's own
//   publisher, into server/rooms/schema.ts's TableState), as plain JSON: every public field and every
//   seat's secret. A seat's client decodes exactly this state less the other seats' secrets
//   (tests/room/patches.test.ts checks that), so this pins each seat's view and the spectator's;
// - at the end, the result and how the game stopped.
// The bots decide every seat, so their choices are pinned too. `npm run golden:update` rewrites
// golden.json; golden.test.ts replays it.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Variant } from "../../server/engine/index.ts";
import { TableState } from "../../server/rooms/schema.ts";
import { noSockets, statePublisher } from "../../server/rooms/table-state.ts";
import { playGame } from "../../server/sim/play.ts";
import { Moves } from "../../server/table/turns.ts";

export interface GoldenGame {
  players: 4 | 5 | 6;
  seed: number;
  /** Options apart from the defaults (none: the default game). */
  variant?: Partial<Variant>;
}

export interface GoldenDigest extends GoldenGame {
  /** Accepted commands: a game that differs in length played differently. */
  commands: number;
  /** How the game stopped (null: by an error, which the digest's test refuses). */
  ending: "normal" | "threat" | null;
  sha256: string;
}

export const GOLDEN_FILE = new URL("./golden.json", import.meta.url);

/** Named variants the bots play besides the default game: each changes what a player sees. */
const NAMED: Partial<Variant>[] = [
  { supplyMax: 6 },
  { tieWinner: "counter", activePlayerMayCounter: true, counterofferCost: "free" },
  { melangeContract: "off", contractScope: "own-card", haasBioroidContract: "per-android-moved" },
  { oneShotAssets: "keep-until-used", coveredCounteroffers: "return", stolenEmergencyOwner: "thief" },
  { setupInvestments: "draw-1", corpAssignment: "order", startingCapitalBy: "corporation", noMainOffer: "discard-asset" },
];

/**
 * The 104 games: 4, 5 and 6 seats in turn; of every 13 games, the first 8 at the default rules and the
 * last 5 at the named variants, one each (64 default, 40 named; 13 and 3 share no factor, so each
 * variant meets each seat count).
 */
export function goldenGames(): GoldenGame[] {
  return Array.from({ length: 104 }, (_, i) => {
    const players = ([4, 5, 6] as const)[i % 3]!;
    const named = NAMED[(i % 13) - 8];
    return named ? { players, seed: 7001 + i, variant: named } : { players, seed: 7001 + i };
  });
}

/** One game's digest: the bots play it, and the room's projection of every step is hashed. */
export function digestGame(game: GoldenGame): GoldenDigest {
  const { players, seed, variant } = game;
  const state = new TableState();
  const publisher = statePublisher(state, noSockets());
  publisher.opened({ code: "GOLDN", seats: players, stepSeconds: 0, private: false });
  for (let n = 0; n < players; n++) publisher.seatAdded(n, `Seat ${n + 1}`, true);
  const hash = createHash("sha256");
  const moves = new Moves();
  const run = playGame(players, seed, variant, undefined, {
    check: null, // the engine's invariants are other tests'; nothing here a player sees
    observe: (game, events, by) => {
      if (by) moves.count(by.seat, by.command.type);
      publisher.gameChanged(game, moves.public, Array.from({ length: players }, (_, n) => moves.private[n] ?? 0));
      hash.update(JSON.stringify(events.map((e) => [e.to ?? "all", e.text])));
      hash.update(JSON.stringify(state.toJSON()));
    },
  });
  hash.update(JSON.stringify({ result: run.state.result, ending: run.ending, error: run.error?.message ?? null }));
  return { ...game, commands: run.commands.length, ending: run.ending, sha256: hash.digest("hex") };
}

/** The committed digests. */
export function readGolden(): GoldenDigest[] {
  return (JSON.parse(readFileSync(GOLDEN_FILE, "utf8")) as { games: GoldenDigest[] }).games;
}

// `npm run golden:update`: plays the games again and rewrites golden.json.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const games = goldenGames().map(digestGame);
  const note = "One sha256 per seeded bot game over all its players could observe (tests/bots/golden.ts). Rewritten by npm run golden:update: only when a change of what players see is meant.";
  // one game a line: a diff of the file names the games that changed
  writeFileSync(GOLDEN_FILE, `{\n"note": ${JSON.stringify(note)},\n"games": [\n${games.map((g) => JSON.stringify(g)).join(",\n")}\n]}\n`);
  console.log(`wrote ${games.length} digests to ${fileURLToPath(GOLDEN_FILE)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
