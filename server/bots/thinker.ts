// Bots think on a thread of their own, so that a bot imagining a dozen cards never holds the tables'
// event loop (issue #32: a decision may hold it at most 5 ms at the 99.9th percentile). The room's
// thread builds the seat's view and sends it, with the seat's legal commands, the lines it was shown
// and the bot's memory, to the worker; the worker runs botDecision and answers with the decision and
// the memory as the decision left it. A person's hint (hint.ts) is the same decision in words, asked the
// same way. The worker is given only what the seat may know, as the bot in the room's thread is. A
// worker that fails is replaced; its jobs are decided in the room's thread.
import os from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { performance } from "node:perf_hooks";
import type { LegalCommand } from "../../shared/protocol.ts";
import type { GameEvent } from "../../shared/view.ts";
import { botDecision, type BotDecision, type BotMemory, type BotView } from "./index.ts";
import { hintFor, type Hint } from "./hint.ts";
import { makeRandom } from "./random.ts";

/** What the bot of one seat is asked: its view, legal commands and shown lines, the seed of this decision's randomness, its memory. */
export interface ThinkJob {
  view: BotView;
  legal: LegalCommand[];
  events: GameEvent[];
  seed: number;
  memory: BotMemory;
  /** A hint for the seat's person (hint.ts), not the bot's move: the players' names for its words. */
  hint?: { names: string[] };
}

/** The bot's answer: its decision, its memory after it, and how long it thought (ms, on its own thread). */
export interface Thought {
  decision: BotDecision;
  memory: BotMemory;
  ms: number;
  /** The hint, when one was asked for. */
  hint?: Hint;
}

export interface BotThinker {
  think(job: ThinkJob): Promise<Thought>;
  /** Questions asked and not answered yet. */
  readonly open: number;
  /** Ends the worker; jobs still open are decided in the calling thread. */
  stop(): Promise<void>;
}

/**
 * How much nicer than the tables' thread the bots' thread runs (Linux nice levels). Woken by a question, a
 * thread of equal priority would often take the CPU from the thread that asked, for as long as it thinks:
 * the tables' event loop then waits on the bot all the same (docs/performance.md, "The bots' thread,
 * niced"). Nicer, it mostly thinks on the CPU the tables leave.
 */
export const BOTS_NICER_BY = 10;

/** A worker that fails this many times is not started again: the bots then think in the room's thread. */
const MAX_RESTARTS = 3;
/** The worker's old generation, MB: a bot needs a few; past this the worker fails and is replaced. */
const HEAP_MB = 256;

/** The same decision in the calling thread (the worker's stand-in when it has failed, and the tests' reference). */
export function thinkHere(job: ThinkJob): Thought {
  const started = performance.now();
  if (job.hint) {
    const hint = hintFor(job.view, job.legal, job.events, makeRandom(job.seed), job.memory, { names: job.hint.names, remember: true });
    return { decision: { command: hint.command }, hint, memory: job.memory, ms: performance.now() - started };
  }
  const decision = botDecision(job.view, job.legal, job.events, makeRandom(job.seed), job.memory);
  return { decision, memory: job.memory, ms: performance.now() - started };
}

/** A bot that throws decides nothing (its seat then takes the simplest way out: bot-turn.ts), and the error is told. */
function thinkSafely(job: ThinkJob, told: (err: unknown) => void): Thought {
  try {
    return thinkHere(job);
  } catch (err) {
    told(err);
    return { decision: { command: null }, memory: job.memory, ms: 0 };
  }
}

/**
 * A thread for the bots' decisions. Jobs are answered in order; each bot-driven seat has at most one
 * open (server/table/bot-turn.ts), so the queue is bounded by the tables' seats, and hints are refused
 * past a bound (guide.ts). `heapMb`: the worker's heap limit (tests make it fail with a small one).
 */
export function botThread(onFailure: (err: unknown) => void = () => {}, { heapMb = HEAP_MB }: { heapMb?: number } = {}): BotThinker {
  let worker: Worker | null = null;
  let restarts = 0;
  let nextId = 0;
  const open = new Map<number, { job: ThinkJob; resolve: (t: Thought) => void }>();

  const failed = (err: unknown) => {
    onFailure(err);
    worker = null;
    restarts++;
    // What the failed worker was asked is decided here, in order: no seat waits on a dead thread.
    for (const [id, { job, resolve }] of open) {
      open.delete(id);
      resolve(thinkSafely(job, onFailure));
    }
  };
  const start = (): Worker | null => {
    if (worker || restarts >= MAX_RESTARTS) return worker;
    const w = new Worker(new URL(import.meta.url), { workerData: { botThinker: true }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    w.unref(); // never what keeps the process alive
    w.on("message", ({ id, thought, error }: { id: number; thought?: Thought; error?: string }) => {
      const asked = open.get(id);
      if (!asked) return;
      open.delete(id);
      if (thought) return asked.resolve(thought);
      onFailure(new Error(`a bot failed to decide: ${error}`));
      asked.resolve({ decision: { command: null }, memory: asked.job.memory, ms: 0 });
    });
    w.on("error", (err) => { if (worker === w) failed(err); });
    w.on("exit", (code) => { if (worker === w) failed(new Error(`the bots' thread exited (${code})`)); });
    return (worker = w);
  };

  return {
    get open() { return open.size; },
    think(job) {
      return new Promise<Thought>((resolve) => {
        const w = start();
        if (!w) return resolve(thinkSafely(job, onFailure));
        const id = nextId++;
        open.set(id, { job, resolve });
        w.postMessage({ id, job });
      });
    },
    async stop() {
      const w = worker;
      worker = null;
      restarts = MAX_RESTARTS;
      for (const [id, { job, resolve }] of open) {
        open.delete(id);
        resolve(thinkSafely(job, onFailure));
      }
      if (w) await w.terminate();
    },
  };
}

if (!isMainThread && (workerData as { botThinker?: boolean })?.botThinker) {
  // Linux sets a nice level per thread: this one only (elsewhere it would be the whole process's, left alone).
  if (process.platform === "linux") {
    try {
      os.setPriority(Math.min(19, os.getPriority() + BOTS_NICER_BY));
    } catch {
      // not allowed here (a container's policy): the thread thinks at the tables' priority
    }
  }
  parentPort!.on("message", ({ id, job }: { id: number; job: ThinkJob }) => {
    let thought: Thought;
    try {
      thought = thinkHere(job);
    } catch (err) {
      return parentPort!.postMessage({ id, error: err instanceof Error ? err.stack ?? err.message : String(err) });
    }
    parentPort!.postMessage({ id, thought });
  });
}
