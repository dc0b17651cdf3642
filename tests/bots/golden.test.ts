// The golden digest (golden.ts): 104 seeded bot games must show their players, step by step, exactly
// what tests/bots/golden.json pins. About 35 s of one core on a quiet machine; a busy one takes longer.
import { describe, expect, it } from "vitest";
import { digestGame, goldenGames, readGolden, type GoldenGame } from "./golden.ts";

const CHANGED = [
  "Behaviour changed: these games no longer show their players what tests/bots/golden.json pins",
  "(a log line, a view, a wire field, a result or a bot's choice differs).",
  "A refactor must change none of it: find what your change altered.",
  "If the change of what players see is meant (a rule, a text, a field, a bot), run `npm run golden:update`",
  "and commit tests/bots/golden.json with it.",
].join("\n");

const name = (g: GoldenGame) => `${g.players} players, seed ${g.seed}${g.variant ? `, variant ${JSON.stringify(g.variant)}` : ""}`;

describe("the golden digest", () => {
  const pinned = readGolden();

  it("pins the games golden.ts defines: 104 of them, each seat count and the named variants", () => {
    expect(pinned.map(({ players, seed, variant }) => (variant ? { players, seed, variant } : { players, seed }))).toEqual(goldenGames());
    expect(pinned.length).toBe(104);
    for (const players of [4, 5, 6]) expect(pinned.filter((g) => g.players === players).length).toBeGreaterThanOrEqual(34);
    expect(new Set(pinned.map((g) => JSON.stringify(g.variant ?? null))).size).toBeGreaterThan(3);
    // every game ended, and no two games are alike
    expect(pinned.filter((g) => g.ending === null)).toEqual([]);
    expect(new Set(pinned.map((g) => g.sha256)).size).toBe(pinned.length);
  });

  it("every game shows its players, after every command, exactly what was pinned", () => {
    const changed: string[] = [];
    for (const game of pinned) {
      const now = digestGame(game);
      if (now.sha256 !== game.sha256 || now.ending !== game.ending) {
        changed.push(`${name(game)}: ${now.commands} commands (pinned ${game.commands}), ending ${now.ending} (pinned ${game.ending})`);
      }
    }
    expect(changed, `${CHANGED}\n${changed.join("\n")}\n`).toEqual([]);
  }, 900_000);
});
