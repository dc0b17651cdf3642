// `npm run simulate`: its last line is the JSON summary, and a batch shows both ways a game ends.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { playGame } from "../../server/sim/play.ts";

const BALANCE_GAMES = 180;
// Each case runs whole bot games in a child process: generous limits for a loaded machine.
describe("npm run simulate", { timeout: 180_000 }, () => {
  it("prints progress, then the summary as JSON on the last line", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "20", "--seed", "1"], { encoding: "utf8", timeout: 120_000 });
    const lines = r.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    const summary = JSON.parse(lines.at(-1)!);
    expect(Object.keys(summary).sort()).toEqual(["balance", "completed", "endings", "errors", "games", "invariantViolations", "msEnginePerGame", "msPerDecision", "msPerGame", "players"]);
    expect(summary.games).toBe(20);
    expect(summary.players).toEqual({ "4": 7, "5": 7, "6": 6 }); // 4, 5, 6, 4, 5, 6, ...
    expect(summary.errors).toBe(0);
    expect(summary.invariantViolations).toBe(0);
    expect(summary.completed).toBe(20);
    expect(summary.endings.normal + summary.endings.threat).toBe(summary.completed);
    expect(summary.msPerGame.median).toBeGreaterThan(0);
    expect(summary.msPerGame.p99).toBeGreaterThanOrEqual(summary.msPerGame.median);
    // the engine's part of a game's time: some, and less than the whole
    expect(summary.msEnginePerGame.median).toBeGreaterThan(0);
    expect(summary.msEnginePerGame.median).toBeLessThanOrEqual(summary.msPerGame.median);
    // one bot decision: the slowest at least its p99, the p99 at least the median, and printed beside the game's time
    const d = summary.msPerDecision;
    expect(d.median).toBeGreaterThan(0);
    expect(d.p99).toBeGreaterThanOrEqual(d.median);
    expect(d.max).toBeGreaterThanOrEqual(d.p99);
    expect(lines.some((l) => l.startsWith("per bot decision") && l.includes(`slowest ${d.max} ms`))).toBe(true);
    expect(r.status).toBe(0);
  });

  // The balance bounds are checked on enough games for them to mean something (a small batch misses
  // the seat bound by chance): 180 games, 60 of each size, every seat of a 6-player table in 60 games.
  // The batch is seeded, so its figures are the same on every run until the rules or the bots change.
  it("prints the balance figures (win rates by corporation and seat, winners by rival card, threat by source), and the default game keeps both bounds", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", String(BALANCE_GAMES), "--seed", "1", "--check-balance"], { encoding: "utf8", timeout: 170_000 });
    const lines = r.stdout.trim().split("\n");
    const { balance, completed, endings } = JSON.parse(lines.at(-1)!);
    expect(completed).toBe(BALANCE_GAMES);
    // every seat of every completed game is counted once by corporation and once by seat
    const seats = (BALANCE_GAMES / 3) * (4 + 5 + 6);
    const sum = (rows: Record<string, { games: number }>) => Object.values(rows).reduce((a, x) => a + x.games, 0);
    expect(sum(balance.byCorp)).toBe(seats);
    expect(sum(balance.bySeat)).toBe(seats);
    expect(balance.bySeat["1"].games).toBe(completed);
    expect(balance.bySeat["6"].games).toBe(BALANCE_GAMES / 3);
    for (const row of [...Object.values(balance.byCorp), ...Object.values(balance.bySeat)] as { winRate: number }[]) {
      expect(row.winRate).toBeGreaterThanOrEqual(0);
      expect(row.winRate).toBeLessThanOrEqual(1);
    }
    expect(Object.keys(balance.threatFrom).sort()).toEqual(["card", "demand", "event", "illness", "root"]);
    // a threat ending needs 25 threat, all of it from somewhere
    const perGame = Object.values(balance.threatFrom as Record<string, number>).reduce((a, x) => a + x, 0);
    expect(perGame * completed).toBeGreaterThanOrEqual(25 * endings.threat - 0.5 * completed);
    expect(balance.winnersByRival.otherCorp + balance.winnersByRival.ownCorp + balance.winnersByRival.federalist).toBeGreaterThan(0);
    expect(lines.some((l) => l.startsWith("threat per game: demand "))).toBe(true);
    // the bounds, held: no corporation wins more than 1.5x the mean, no seat more than 1.3x
    expect(balance.bounds.corp).toMatchObject({ max: 1.5, ok: true });
    expect(balance.bounds.seat).toMatchObject({ max: 1.3, ok: true });
    expect(balance.bounds.corp.ratio).toBeLessThanOrEqual(1.5);
    expect(balance.bounds.seat.ratio).toBeLessThanOrEqual(1.3);
    expect(lines.some((l) => /^bound corp: .* must be <= 1.5: ok$/.test(l))).toBe(true);
    expect(lines.some((l) => /^bound seat: .* must be <= 1.3: ok$/.test(l))).toBe(true);
    expect(r.status, "--check-balance passes").toBe(0);
  });

  it("--check-balance fails the run when a bound is missed (the old action-card reading of Melange Mining's contract)", () => {
    const args = ["node", "server/scripts/simulate.ts", "--games", "90", "--seed", "1", "--variant", JSON.stringify({ melangeContract: "any-card" })];
    const checked = spawnSync("npx", [...args, "--check-balance"], { encoding: "utf8", timeout: 120_000 });
    const { balance } = JSON.parse(checked.stdout.trim().split("\n").at(-1)!);
    expect(balance.bounds.corp).toMatchObject({ worst: "melange", ok: false });
    expect(checked.stdout).toMatch(/^bound corp: .*\(corp melange\), must be <= 1.5: MISSED$/m);
    expect(checked.status).toBe(1);
  });

  it("--variant plays the games with those options; an unknown option is refused", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "3", "--seed", "2", "--variant", JSON.stringify({ melangeContract: "off" })], { encoding: "utf8", timeout: 60_000 });
    expect(r.status).toBe(0);
    const bad = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "1", "--variant", JSON.stringify({ noSuchRule: 1 })], { encoding: "utf8", timeout: 60_000 });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toMatch(/noSuchRule/);
  });

  it("--players fixes the player count; a bad option is refused", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "2", "--seed", "5", "--players", "6"], { encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(r.stdout.trim().split("\n").at(-1)!).players).toEqual({ "4": 0, "5": 0, "6": 2 });
    const bad = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--players", "7"], { encoding: "utf8", timeout: 60_000 });
    expect(bad.status).not.toBe(0);
  });
});

describe("both endings occur among bot games", () => {
  it("some seeds end when threat reaches 25, others after the third demand round", () => {
    const threat: number[] = [];
    const normal: number[] = [];
    for (let seed = 1; seed <= 60 && (threat.length < 2 || normal.length < 2); seed++) {
      const run = playGame(([4, 5, 6] as const)[seed % 3]!, seed);
      expect(run.error).toBeNull();
      const s = run.state;
      if (run.ending === "threat") {
        expect(s.threat).toBe(25);
        expect(s.result?.reason).toBe("threat");
        threat.push(seed);
      } else {
        expect(run.ending).toBe("normal");
        expect(s.threat).toBeLessThan(25);
        expect(s.demandRounds).toBe(3);
        normal.push(seed);
      }
    }
    expect(threat.length, `threat endings among seeds 1..60`).toBeGreaterThanOrEqual(2);
    expect(normal.length, `normal endings among seeds 1..60`).toBeGreaterThanOrEqual(2);
  });

  it("--policies seats each policy in each position in turn and prints win rates and trade figures per policy", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "9", "--seed", "5", "--policies", "bot,negotiator,random"], { encoding: "utf8", timeout: 120_000 });
    const { policies, trades, targets, errors, completed } = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    expect(errors).toBe(0); // a bot trade the engine refused would stop its game as an error
    expect(completed).toBe(9);
    // 4, 5 and 6 players, three games each: every seat is counted once, for the policy seated there
    expect(Object.keys(policies).sort()).toEqual(["bot", "negotiator", "random"]);
    expect(Object.values(policies).reduce((a: number, p: any) => a + p.seats, 0)).toBe(3 * (4 + 5 + 6));
    // a rotation moves each policy one seat on every three games: over 9 games each sits 5 times at a 5-player table
    for (const p of Object.values(policies) as { seats: number; winRate: number; lines: number }[]) {
      expect(p.seats).toBe(15);
      expect(p.winRate).toBeGreaterThanOrEqual(0);
    }
    expect((policies as any).random.tradesProposed).toBe(0);
    expect((policies as any).negotiator.tradesProposed).toBeGreaterThan(0);
    expect(trades.contested).toBeGreaterThan(0);
    expect(trades.supportTradeProposed).toBeLessThanOrEqual(trades.contested);
    expect(trades.supportTradeCarried).toBeLessThanOrEqual(trades.supportTradeProposed);
    expect(Object.keys(targets).sort()).toEqual(["negotiatorOverBot", "randomOverNegotiator", "supportTradeCarried", "supportTradeProposed"]);
    expect(r.status).toBe(0); // targets are checked only with --check-strength
  });
});
