// Bots play whole games in the engine (no network), checking every invariant after every command.
//   npm run simulate -- --games N --seed S [--players 4|5|6] [--policy bot|random]
// Game i uses seed S+i; player counts cycle 4, 5, 6 unless --players is given. Progress lines come
// first; the LAST line is JSON:
//   {games, completed, errors, invariantViolations, endings:{normal, threat}, players:{"4","5","6"}, msPerGame:{median, p99}}
// invariantViolations counts games with a violation (each such game stops at its first one);
// msPerGame is the time in the bots and the engine, without the checks. Exits 1 on any error or violation.
import { parseArgs } from "node:util";
import { botCommand } from "../bots/index.ts";
import { allChecks } from "../bots/checks.ts";
import { playGame, type Policy } from "../bots/play.ts";
import { botStats } from "../bots/policy.ts";
import { randomCommand } from "../bots/random.ts";
import { legal } from "../engine/index.ts";

const POLICIES: Record<string, Policy> = {
  bot: botCommand,
  random: (state, seat, random) => randomCommand(legal(state, seat), random),
};
const SHOWN_PROBLEMS = 5;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    games: { type: "string", default: "100" },
    seed: { type: "string", default: "1" },
    players: { type: "string" },
    policy: { type: "string", default: "bot" },
  },
});
const games = Number(values.games);
const seed = Number(values.seed);
const fixedPlayers = values.players === undefined ? null : Number(values.players);
const policy = POLICIES[values.policy];
if (!Number.isInteger(games) || games < 1) fail("--games must be a whole number of at least 1");
if (!Number.isInteger(seed)) fail("--seed must be a whole number");
if (fixedPlayers !== null && ![4, 5, 6].includes(fixedPlayers)) fail("--players must be 4, 5 or 6");
if (!policy) fail(`--policy must be one of ${Object.keys(POLICIES).join(", ")}`);

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round2 = (x: number) => Math.round(x * 100) / 100;

const summary = {
  games,
  completed: 0,
  errors: 0,
  invariantViolations: 0,
  endings: { normal: 0, threat: 0 },
  players: { "4": 0, "5": 0, "6": 0 } as Record<"4" | "5" | "6", number>,
  msPerGame: { median: 0, p99: 0 },
};
const times: number[] = [];
let shown = 0;
const progressEvery = Math.max(1, Math.round(games / 10));

for (let i = 0; i < games; i++) {
  const players = (fixedPlayers ?? [4, 5, 6][i % 3]) as 4 | 5 | 6;
  const gameSeed = seed + i;
  summary.players[String(players) as "4" | "5" | "6"]++;
  const run = playGame(players, gameSeed, undefined, policy, { check: allChecks });
  times.push(run.ms);
  if (run.error) {
    summary.errors++;
    if (shown++ < SHOWN_PROBLEMS) {
      const cmd = run.error.command ? ` command ${JSON.stringify(run.error.command)}` : "";
      console.log(`ERROR seed ${gameSeed}, ${players} players, step ${run.error.step}, seat ${run.error.seat}:${cmd}: ${run.error.message}`);
    }
  }
  if (run.violations.length > 0) {
    summary.invariantViolations++;
    const v = run.violations[0]!;
    if (shown++ < SHOWN_PROBLEMS) console.log(`VIOLATION seed ${gameSeed}, ${players} players, after step ${v.step}: ${v.problems.join("; ")}`);
  }
  if (run.ending && !run.error && run.violations.length === 0) {
    summary.completed++;
    summary.endings[run.ending]++;
  }
  if ((i + 1) % progressEvery === 0 || i + 1 === games) {
    console.log(`${i + 1}/${games} games: ${summary.completed} completed, ${summary.errors} errors, ${summary.invariantViolations} with violations`);
  }
}

if (botStats.fallbacks > 0) {
  console.log(`bot fell back to a random move ${botStats.fallbacks} times in ${botStats.decisions} decisions; last: ${botStats.lastProblem}`);
}
times.sort((a, b) => a - b);
summary.msPerGame = { median: round2(percentile(times, 50)), p99: round2(percentile(times, 99)) };
console.log(JSON.stringify(summary));
process.exitCode = summary.errors > 0 || summary.invariantViolations > 0 ? 1 : 0;
