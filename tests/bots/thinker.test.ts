// The bots' own thread (server/bots/thinker.ts) decides as the bot in the tables' thread would: the
// same decision and the same memory for the same question (a hint: the same words), a real worker
// thread answering. A question
// the bot cannot answer costs a command (the seat takes the simplest way out), not the thread; a thread
// stopped with questions open has them answered. The thread thinks at a nicer level than the one asking.
import { afterEach, describe, expect, it } from "vitest";
import { apply, createGame, viewFor, waitingFor, type GameState } from "../../server/engine/index.ts";
import { botDecision, newMemory, type BotMemory } from "../../server/bots/index.ts";
import { makeRandom, randomCommand } from "../../server/bots/random.ts";
import { hintFor } from "../../server/bots/hint.ts";
import { readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import { BOTS_NICER_BY, botThread, thinkHere, type BotThinker, type ThinkJob } from "../../server/bots/thinker.ts";

const threads: BotThinker[] = [];
afterEach(async () => { await Promise.all(threads.splice(0).map((t) => t.stop())); });

function thread(failures: unknown[] = [], heapMb?: number): BotThinker {
  const t = botThread((err) => failures.push(err), { heapMb });
  threads.push(t);
  return t;
}

/** The nice level of each of this process's threads (Linux's /proc; a thread gone meanwhile is left out). */
function niceLevels(): number[] {
  const levels: number[] = [];
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue;
    }
    levels.push(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16])); // field 19, after the name
  }
  return levels;
}

/** Memory as plain data, to compare (Maps become entry lists). */
const plain = (m: BotMemory) => JSON.parse(JSON.stringify(m, (_k, v) => v instanceof Map ? [...v] : v));

/** The first questions of a 6-player game, the game played on by the bots' own answers. */
function questions(count: number): ThinkJob[] {
  let game: GameState = createGame({ players: 6, seed: 5 });
  const memories = new Map<number, BotMemory>();
  const jobs: ThinkJob[] = [];
  for (let i = 0; jobs.length < count && i < 10 * count; i++) {
    const seat = waitingFor(game)[0]!;
    const view = viewFor(game, seat);
    const memory = memories.get(seat) ?? newMemory();
    const job: ThinkJob = { view, legal: view.you?.legal ?? [], events: [], seed: 1000 + i, memory: structuredClone(memory) };
    jobs.push(job);
    const d = botDecision(view, job.legal, [], makeRandom(job.seed), memory);
    memories.set(seat, memory);
    // a bot waiting on its own proposal, or one the engine refuses, moves on at random
    let next = d.command ? apply(game, seat, d.command) : null;
    if (!next?.ok) next = apply(game, seat, randomCommand(job.legal.filter((l) => !l.type.startsWith("trade-")), makeRandom(i))!);
    if (!next.ok) throw new Error(next.message);
    game = next.state;
  }
  return jobs;
}

describe("the bots' thread", () => {
  it("answers each question with the decision and the memory the bot reaches in the tables' thread", async () => {
    const jobs = questions(40);
    expect(jobs.length).toBe(40);
    const t = thread();
    const answers = await Promise.all(jobs.map((job) => t.think(job)));
    for (const [i, job] of jobs.entries()) {
      const here = thinkHere(structuredClone(job));
      expect(answers[i]!.decision).toEqual(here.decision);
      expect(plain(answers[i]!.memory)).toEqual(plain(here.memory));
      expect(answers[i]!.ms).toBeGreaterThan(0);
    }
    // the decisions are the game's own moves, not all the same
    expect(new Set(answers.map((a) => a.decision.command?.type)).size).toBeGreaterThan(2);
  });

  it("answers a hint with the words and the memory the table's thread would give", async () => {
    const jobs = questions(30).map((job) => ({ ...job, hint: { names: ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"] } }));
    const t = thread();
    const answers = await Promise.all(jobs.map((job) => t.think(job)));
    for (const [i, job] of jobs.entries()) {
      const memory = structuredClone(job.memory);
      const here = hintFor(job.view, job.legal, job.events, makeRandom(job.seed), memory, { names: job.hint.names, remember: true });
      expect(answers[i]!.hint).toEqual(here);
      expect(answers[i]!.decision.command).toEqual(here.command);
      expect(plain(answers[i]!.memory)).toEqual(plain(memory));
    }
    expect(answers.filter((a) => a.hint?.command).length).toBeGreaterThan(20);
    expect(new Set(answers.map((a) => a.hint?.why)).size).toBeGreaterThan(5);
  });

  it("a question the bot cannot answer is told and decides nothing; the thread answers the next one", async () => {
    const failures: unknown[] = [];
    const t = thread(failures);
    const [good] = questions(1);
    const broken = { ...good!, view: { ...good!.view, seats: null } } as unknown as ThinkJob;
    const refused = await t.think(broken);
    expect(refused.decision).toEqual({ command: null });
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toContain("a bot failed to decide");
    const answered = await t.think(good!);
    expect(answered.decision).toEqual(thinkHere(structuredClone(good!)).decision);
    expect(failures).toHaveLength(1);
  });

  it("stopped with questions open, answers them in the calling thread, and every later one there", async () => {
    const t = thread();
    const jobs = questions(3);
    const open = jobs.map((job) => t.think(job));
    await t.stop();
    const answers = await Promise.all(open);
    expect(answers.map((a) => a.decision)).toEqual(jobs.map((job) => thinkHere(structuredClone(job)).decision));
    expect((await t.think(jobs[0]!)).decision).toEqual(answers[0]!.decision);
  });

  it("thinks nicer than the thread that asks, which keeps its own level", async () => {
    const mine = os.getPriority(); // the calling thread's own level (Linux)
    const nicer = Math.min(19, mine + BOTS_NICER_BY);
    const atNicer = () => niceLevels().filter((n) => n === nicer).length;
    const before = atNicer();
    const t = thread();
    await t.think(questions(1)[0]!);
    expect(atNicer()).toBe(before + 1);
    expect(os.getPriority()).toBe(mine);
  });

  it("a thread that fails (out of memory here) is replaced; after three failures the bots think in the calling thread", async () => {
    const failures: unknown[] = [];
    const t = thread(failures, 48);
    const [good] = questions(1);
    const expected = thinkHere(structuredClone(good!)).decision;
    // 100 MB of shown lines: more than the thread's heap may hold
    const huge: ThinkJob = { ...good!, events: Array.from({ length: 50 }, (_, i) => ({ type: "private", text: `${i}`.padEnd(2 ** 21, "x"), to: [0] })) };
    for (let crash = 1; crash <= 3; crash++) {
      const waiting = t.think(good!);
      expect(t.open).toBe(1); // on a thread, not decided here at once
      expect((await waiting).decision).toEqual(expected);
      const answered = await t.think(huge);
      expect(answered.decision).toBeTruthy(); // decided here once the thread failed
      expect(failures).toHaveLength(crash);
      expect(t.open).toBe(0);
    }
    // no fourth thread: decided here, at once
    const here = t.think(good!);
    expect(t.open).toBe(0);
    expect((await here).decision).toEqual(expected);
  }, 60_000);
});
