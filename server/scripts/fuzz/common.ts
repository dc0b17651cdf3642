// What every part of the fuzzer shares: its options (--seconds, --seed), the figures of the last line and
// how a problem is counted, the seeded random stream, and finish(), which prints the figures and exits.
import { parseArgs } from "node:util";
import os from "node:os";
import { makeRandom, type Random } from "../../bots/random.ts";
import { round, usage } from "../lib/clients.ts";

export const SHOWN_PROBLEMS = 30;
export const BURST_MS = 1500;
export const ATTACKS_PER_BURST = 400;
export const HTTP_PER_BURST = 120;
export const HONEST_TABLES = 3;
/** A refusal slower than this waited for something it should not have (a whole body, an engine). */
export const REFUSAL_MS = 5000;

const { values } = parseArgs({ options: { seconds: { type: "string", default: "60" }, seed: { type: "string", default: "1" } } });
export const seconds = Number(values.seconds);
export const seed = Number(values.seed);
if (!(seconds > 0 && seconds <= 86_400)) usage("--seconds must be more than 0");
if (!Number.isInteger(seed)) usage("--seed must be a whole number");

export const out = {
  messages: 0, httpRequests: 0, crashes: 0, invariantViolations: 0, leaks: 0, honestGamesFinished: 0, stalls: 0, hangs: 0, limitBreaches: 0,
  healthzMaxMs: 0, healthzP99Ms: 0, serverTurnMaxMs: 0, serverLoopDelayP99Ms: 0, serverLoopDelayMaxMs: 0, seedLookupsUnanswered: 0,
};
/** Problems shown so far, by kind (so that many of one kind hide none of another). */
const shown = new Map<string, number>();
export function problem(kind: keyof typeof out, text: string): void {
  out[kind]++;
  shown.set(kind, (shown.get(kind) ?? 0) + 1);
  if (shown.get(kind)! <= SHOWN_PROBLEMS) console.log(`PROBLEM ${kind}: ${text.slice(0, 2000)}`);
}

// Anything thrown and not caught anywhere (the clients here, the server in its thread) is a crash.
process.on("uncaughtException", (e) => problem("crashes", `uncaught: ${e?.stack ?? e}`));
process.on("unhandledRejection", (e: any) => problem("crashes", `unhandled rejection: ${e?.stack ?? e}`));
// The SDK reports connection trouble on the console; attackers cause plenty of it on purpose.
console.error = () => {};
console.warn = () => {};
console.info = () => {};

export const random: Random = makeRandom(seed);
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
export const int = (n: number) => Math.floor(random() * n);

/** A limit that let more through than it should, or a bad variant, option or seed that was not refused. */
export function breach(text: string): void {
  problem("limitBreaches", text);
}

/** When the run began (set by startClock, once the server listens). */
export let started = 0;
export function startClock(): void {
  started = Date.now();
}

/** Prints the figures (the last line) and exits: 1 on any failure. */
export function finish(): never {
  const failed = out.crashes + out.invariantViolations + out.leaks + out.stalls + out.hangs + out.limitBreaches + out.seedLookupsUnanswered > 0
    || out.honestGamesFinished === 0;
  console.log(`load average: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} on ${os.availableParallelism()} cores`);
  console.log(JSON.stringify({ ...out, seconds: round((Date.now() - started) / 1000, 1) }));
  process.exit(failed ? 1 : 0);
}
