// `npm run simulate`: its last line is the JSON summary, and a batch shows both ways a game ends.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { playGame } from "../../server/bots/play.ts";

describe("npm run simulate", () => {
  it("prints progress, then the summary as JSON on the last line", () => {
    const r = spawnSync("npx", ["node", "server/scripts/simulate.ts", "--games", "20", "--seed", "1"], { encoding: "utf8", timeout: 120_000 });
    const lines = r.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    const summary = JSON.parse(lines.at(-1)!);
    expect(Object.keys(summary).sort()).toEqual(["completed", "endings", "errors", "games", "invariantViolations", "msPerGame", "players"]);
    expect(summary.games).toBe(20);
    expect(summary.players).toEqual({ "4": 7, "5": 7, "6": 6 }); // 4, 5, 6, 4, 5, 6, ...
    expect(summary.errors).toBe(0);
    expect(summary.invariantViolations).toBe(0);
    expect(summary.completed).toBe(20);
    expect(summary.endings.normal + summary.endings.threat).toBe(summary.completed);
    expect(summary.msPerGame.median).toBeGreaterThan(0);
    expect(summary.msPerGame.p99).toBeGreaterThanOrEqual(summary.msPerGame.median);
    expect(r.status).toBe(0);
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
});
