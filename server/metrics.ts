// Prometheus metrics for GET /metrics: rooms, clients, messages, commands, command latency, refusals.
// The room calls the small functions below; this file is the only place that knows about prom-client.
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { matchMaker } from "@colyseus/core";

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: "newangeles_" });

new Gauge({
  name: "newangeles_rooms",
  help: "Game rooms open in this process.",
  registers: [registry],
  collect() { this.set(matchMaker.stats.local.roomCount); },
});

new Gauge({
  name: "newangeles_clients",
  help: "Clients (players and spectators) connected to this process.",
  registers: [registry],
  collect() { this.set(matchMaker.stats.local.ccu); },
});

// The event loop's delay at the 99.9th percentile since the previous scrape (prom-client's own lag
// figures stop at p99): what a long turn, such as a bot's decision, costs everything else in the process.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
new Gauge({
  name: "newangeles_eventloop_delay_p999_seconds",
  help: "The event loop's delay at the 99.9th percentile since the previous scrape.",
  registers: [registry],
  collect() {
    this.set(loopDelay.count > 0 ? loopDelay.percentile(99.9) / 1e9 : 0);
    loopDelay.reset();
  },
});

/** A bot's decision and its thinking, in seconds: fine below 10 ms, where the 5 ms target (#32) lies. */
const botHistogram = (name: string, help: string) => new Histogram({ name, help, buckets: [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.02, 0.05, 0.1, 0.5], registers: [registry] });
const botDecisionSeconds = botHistogram("newangeles_bot_decision_seconds", "What a bot's decision for one seat held the tables' event loop: all of it in the room's thread; with BOT_THREADS, its view and the message to the bots' thread.");
const botThinkingSeconds = botHistogram("newangeles_bot_thinking_seconds", "A bot's thinking for one seat on the bots' own thread (BOT_THREADS), apart from the tables' event loop.");

/** A bot's decision for a seat held the event loop this many ms. */
export function botDecided(ms: number): void {
  botDecisionSeconds.observe(ms / 1000);
}

/** A bot thought this many ms on the bots' own thread. */
export function botThought(ms: number): void {
  botThinkingSeconds.observe(ms / 1000);
}

const messages = new Counter({
  name: "newangeles_messages_total",
  help: "Messages received from clients, by message type.",
  labelNames: ["type"] as const,
  registers: [registry],
});

const commands = new Counter({
  name: "newangeles_commands_total",
  help: "Game commands accepted and applied (from players, bots and deadlines).",
  registers: [registry],
});

const rejections = new Counter({
  name: "newangeles_rejections_total",
  help: "Messages refused with an error, by error code.",
  labelNames: ["code"] as const,
  registers: [registry],
});

const commandLatency = new Histogram({
  name: "newangeles_command_latency_seconds",
  help: "A player's command, from the room receiving it to its patch being sent.",
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** Known message types keep their name; anything else is one label, so a client cannot grow the label set. */
const MESSAGE_TYPES = new Set(["command", "chat", "host"]);

export function messageReceived(type: unknown): void {
  messages.inc({ type: typeof type === "string" && MESSAGE_TYPES.has(type) ? type : "other" });
}

export function commandAccepted(): void {
  commands.inc();
}

/** Rejection codes come from our own code, never from clients, so they are a bounded label set. */
export function rejected(code: string): void {
  rejections.inc({ code });
}

const roomExceptions = new Counter({
  name: "newangeles_room_exceptions_total",
  help: "Exceptions thrown in a room's own code (a bug), by where: onMessage, onJoin, onLeave, ...",
  labelNames: ["method"] as const,
  registers: [registry],
});

/** A room's code threw (reported by Colyseus to onUncaughtException). */
export function roomException(method: string): void {
  roomExceptions.inc({ method });
}

/** A start mark for commandPatched(). */
export function now(): number {
  return performance.now();
}

/** The patch for a player's command (received at `startedAt`) has been sent. */
export function commandPatched(startedAt: number): void {
  commandLatency.observe((performance.now() - startedAt) / 1000);
}

export const STAGES = ["engine", "store", "views", "send"] as const;
export type Stage = (typeof STAGES)[number];

// Plain sums, added per command and handed to prom-client only when /metrics is read (a labelled
// observe() per stage per command cost more than some of the stages it timed).
const stageSeconds: Record<Stage, number> = { engine: 0, store: 0, views: 0, send: 0 };
const stageReported: Record<Stage, number> = { engine: 0, store: 0, views: 0, send: 0 };
new Counter({
  name: "newangeles_command_stage_seconds_total",
  help: "Where accepted commands' time goes in the room: engine (apply), store (write), views (views and projection into the state), send (encode and write the patch).",
  labelNames: ["stage"] as const,
  registers: [registry],
  collect() {
    for (const stage of STAGES) {
      this.inc({ stage }, stageSeconds[stage] - stageReported[stage]);
      stageReported[stage] = stageSeconds[stage];
    }
  },
});

// The sockets' writes: the time corked frames take to reach the kernel (the system calls at uncork). On
// loopback the kernel delivers to the receiving socket inside the sender's call, so this includes part of
// the receiver's work; the bench prints it beside the send stage it belongs to.
let socketWriteSeconds = 0;
let socketWriteReported = 0;
new Counter({
  name: "newangeles_socket_write_seconds_total",
  help: "Time spent in the sockets' writes of corked frames (the system calls), part of the send stage for commands.",
  registers: [registry],
  collect() {
    this.inc(socketWriteSeconds - socketWriteReported);
    socketWriteReported = socketWriteSeconds;
  },
});

/** Adds the time (ms) of one round of socket writes. */
export function socketWrites(ms: number): void {
  socketWriteSeconds += ms / 1000;
}

/** All the stage time recorded so far (seconds), by every stopwatch. */
let stagesRecorded = 0;

/**
 * A stopwatch over one command's stages: each call adds the time since the previous one to that stage,
 * less what other commands' stopwatches recorded meanwhile. A command the table plays inside another's
 * stage (an answer in advance, played before the patch leaves) counts in its own stages, not again in
 * the other's.
 */
export function stages(): (stage: Stage) => void {
  let last = performance.now();
  let recordedAtLast = stagesRecorded;
  return (stage) => {
    const t = performance.now();
    // (never below zero: a stage that waits on PostgreSQL overlaps other commands' stages)
    const own = Math.max(0, (t - last) / 1000 - (stagesRecorded - recordedAtLast));
    stageSeconds[stage] += own;
    stagesRecorded += own;
    recordedAtLast = stagesRecorded;
    last = t;
  };
}

// ---- several processes: claims on games, and the round trips to Redis and to the store ----------------

const ROUND_TRIP_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

const gamesClaimed = new Gauge({
  name: "newangeles_games_claimed",
  help: "Unfinished games this process holds the claim (lease) on, as of its last renewal.",
  registers: [registry],
});

const claims = new Counter({
  name: "newangeles_game_claims_total",
  help: "Games this process claimed: at start (its own, or ones nobody held), taken over from a process that stopped or died (takeover), or woken by a look-up (wake).",
  labelNames: ["how"] as const,
  registers: [registry],
});

const renewals = new Counter({
  name: "newangeles_lease_renewals_total",
  help: "Renewals of this process's claims on its games, by result (ok, failed).",
  labelNames: ["result"] as const,
  registers: [registry],
});

const redisSeconds = new Histogram({
  name: "newangeles_redis_round_trip_seconds",
  help: "Round trips to Redis for the shared limits and their heartbeat.",
  buckets: ROUND_TRIP_BUCKETS,
  registers: [registry],
});

const storeSeconds = new Histogram({
  name: "newangeles_store_round_trip_seconds",
  help: "Statements run by the game store (SQLite or PostgreSQL), by kind: read (returns rows) or write.",
  labelNames: ["op"] as const,
  buckets: ROUND_TRIP_BUCKETS,
  registers: [registry],
});

/** The claims were renewed (`held`: games this process now holds), or the renewal failed (null). */
export function leaseRenewed(held: number | null): void {
  renewals.inc({ result: held === null ? "failed" : "ok" });
  if (held !== null) gamesClaimed.set(held);
}

export function gamesClaimedBy(how: "start" | "takeover" | "wake", n = 1): void {
  if (n > 0) claims.inc({ how }, n);
}

export function redisRoundTrip(seconds: number): void {
  redisSeconds.observe(seconds);
}

export function storeRoundTrip(op: "read" | "write", seconds: number): void {
  storeSeconds.observe({ op }, seconds);
}
