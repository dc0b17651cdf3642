// The latency benchmark, side by side with a bare Colyseus room (the floor).
//   npm run bench -- [--tables 8] [--commands 250] [--seed 1] [--floor-delay-ms 0] [--no-pin]
//   npm run bench -- --views [--tables 8] [--commands 250] [--seed 1]   (no sockets: see viewsOnly)
// Starts a server in this process on a free loopback port. SDK clients run in a worker thread (so the
// server's heap and CPU are its own): each table has 6 players and a spectator; one player at a time
// sends a random legal command, and a sample is the time from that send until all 7 clients have
// decoded the resulting patch. The floor does the same on a room that only increments a counter.
// The server's thread keeps a CPU of its own, the clients' thread and V8's helpers use the others
// (lib/pin.ts; --no-pin leaves them to the scheduler).
// Tables are played one after another (one command in flight) and stay open until the end, when
// the server's heap is weighed. Every 100 commands a player reclaims its seat with its seat token and
// a spectator joins late: the full states they receive give fullStateBytesPerClient (the largest).
// The LAST line is JSON:
//   {p50Ms, p99Ms, floorP50Ms, floorP99Ms, ratioP50, serverMsPerCommand, viewsSendMsPerCommand,
//    patchBytesAvg, fullStateBytesPerClient, heapPerRoomKB, socketWriteMsPerCommand,
//    floorPatchMsPerCommand, serverLessWritesMsPerCommand, viewsSendLessWritesMsPerCommand,
//    serverCpuMsPerCommand, serverCpuMsPerAccepted, answeredByTables, floorCpuMsPerCommand, ratioP99,
//    cpuRatio, wireBytesPerCommandPerClient, allocatedKBPerCommand, floorAllocatedKBPerCommand}
// A client's command may be followed, in the same patch, by one the table plays for the next seat (an
// answer in advance): the latencies and the CPU per command include it; the stages, and the CPU per
// accepted command, count it as a command of its own.
// Before it, each target of issue #32 beside its figure (see TARGETS). Exits 1 when a target is missed
// or when a command was refused or went unanswered.
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import { runInNewContext } from "node:vm";
import v8 from "node:v8";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { createTable, freePort, joinRoom, mySecret, myLegal, percentile, round, sleep, usage, type SdkRoom } from "./lib/clients.ts";
import { makeRandom, randomCommand } from "../bots/random.ts";
import { reportTargets, type Target } from "./lib/targets.ts";
import { viewsOnly } from "./lib/bench-views.ts";
import { allocationMeter } from "./lib/allocation.ts";
import { pinClientThread, pinServerThread } from "./lib/pin.ts";
import { installWireFieldTally, wireFieldTally } from "./lib/wire-fields.ts";

/**
 * The bench's targets (issue #32): each is printed beside its figure, and a miss fails the run. Times are
 * ratios to the bare room (the floor) measured in the same run: the machine moves the floor itself by
 * half within an evening, the ratio holds.
 */
const TARGETS = {
  /** The server thread's CPU per command over the floor's CPU per message. */
  cpuRatio: 2.5,
  /** Game p50 over the floor's p50. */
  ratioP50: 3,
  /** Game p99 over the floor's p99. */
  ratioP99: 2,
  /** What a command costs each client on the wire, its patches and messages together, bytes on average. */
  wireBytesPerCommandPerClient: 120,
  /** Heap per live room, KB: judged when at least HEAP_ROOMS rooms are held (--tables). */
  heapPerRoomKB: 150,
  /** Full state of a late joiner (the largest), bytes. */
  fullStateBytesPerClient: 3072,
} as const;
/** The heap per room is judged with this many rooms held (fewer leave the heap's own overhead too large a share). */
const HEAP_ROOMS = 500;
const WATCHERS = 7; // 6 seats and a spectator
const ANSWER_TIMEOUT_MS = 2000;
const FULL_STATE_EVERY = 100;
/**
 * Tables played before the measured phases (of --commands each), game and floor. V8 optimizes a function
 * after some 3,000 calls: with 4 tables (1,000 commands), `apply`, `play`, the views and the projection
 * were still baseline code when the measured phase began, and were optimized in the middle of it
 * (`node --trace-opt`); with 16 they are optimized before it.
 */
const WARM_UP_TABLES = 16;

/** `tally`: the clients count their patches' bytes by field (lib/wire-fields.ts), which slows their decoding. */
interface Job { kind: "game" | "floor"; httpUrl: string; wsUrl: string; tables: number; commands: number; seed: number; clientCpus: number[]; tally?: boolean }
interface PhaseResult {
  samples: number[]; refused: number; unanswered: number; stalls: number; finished: number; lateSessions: string[];
  /** The patches' bytes as the clients decoded them, by field (lib/wire-fields.ts). */
  patchFields: Record<string, number>;
}

/**
 * A ROOM_DATA frame's message type: its code byte, then the type as MessagePack (a string, or a number for
 * a type the client registered as one), then the payload. A `log` history (sent on every (re)join) is
 * told apart from the lines a change adds: `log history`. It runs on the server's thread for every
 * message sent, so it reads bytes: the history is a map, the lines a change adds an array.
 */
const typeDecoder = new TextDecoder();
function messageType(data: Uint8Array): string {
  const head = data[1]!;
  let type: string;
  let end: number;
  if (head >= 0xa0 && head <= 0xbf) { end = 2 + (head & 0x1f); type = typeDecoder.decode(data.subarray(2, end)); }
  else if (head === 0xd9) { end = 3 + data[2]!; type = typeDecoder.decode(data.subarray(3, end)); }
  else return `#${head}`;
  const payload = data[end];
  const isMap = payload !== undefined && ((payload >= 0x80 && payload <= 0x8f) || payload === 0xde || payload === 0xdf);
  if (type === "log" && isMap) return "log history";
  return type;
}

// ---- the server side (main thread) ---------------------------------------------------------------

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tables: { type: "string", default: "8" },
      commands: { type: "string", default: "250" },
      seed: { type: "string", default: "1" },
      views: { type: "boolean", default: false },
      "floor-delay-ms": { type: "string", default: "0" },
      pin: { type: "boolean", default: true },
    },
    allowNegative: true,
  });
  const tables = Number(values.tables);
  const commands = Number(values.commands);
  const seed = Number(values.seed);
  if (!Number.isInteger(tables) || tables < 1) usage("--tables must be a whole number of at least 1");
  if (!Number.isInteger(commands) || commands < 10) usage("--commands must be a whole number of at least 10");
  if (!Number.isInteger(seed)) usage("--seed must be a whole number");
  // The floor busy-waits this long before its patch: how the sockets' writes cost more the longer the
  // clients have waited (their threads sleep, and waking them is part of the write).
  const floorDelayMs = Number(values["floor-delay-ms"]);
  if (!(floorDelayMs >= 0 && floorDelayMs <= 10)) usage("--floor-delay-ms must be a number from 0 to 10");
  if (values.views) return viewsOnly(tables, commands, seed);

  v8.setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  const heapUsed = () => { gc(); gc(); return process.memoryUsage().heapUsed; };

  const pino = (await import("pino")).default;
  const { Room } = await import("@colyseus/core");
  const { schema, t } = await import("@colyseus/schema");
  const { tapFrames } = await import("../rooms/colyseus-internals.ts");
  const { createServer } = await import("../app.ts");
  const { registry } = await import("../metrics.ts");
  /** Sum and count of the server's own command latency (receive -> patch sent), from /metrics. */
  const serverLatency = async () => {
    const values = (await registry.getSingleMetric("newangeles_command_latency_seconds")!.get()).values;
    const of = (name: string) => values.find((v) => (v as { metricName?: string }).metricName === name)?.value ?? 0;
    return { sum: of("newangeles_command_latency_seconds_sum"), count: of("newangeles_command_latency_seconds_count") };
  };
  /** Commands accepted so far: the clients', and those the tables played for them (answers in advance). */
  const accepted = async () => (await registry.getSingleMetric("newangeles_commands_total")!.get()).values[0]?.value ?? 0;
  /** Seconds spent in each stage of the room's command handling so far (engine, store, views, send), from /metrics. */
  const serverStages = async () => {
    const values = (await registry.getSingleMetric("newangeles_command_stage_seconds_total")!.get()).values as { labels: { stage?: string }; value: number }[];
    const sums: Record<string, number> = {};
    for (const v of values) sums[v.labels.stage!] = v.value;
    return sums;
  };
  /** Seconds spent in the sockets' writes so far (system calls at uncork, part of the send stage), from /metrics. */
  const socketWrites = async () => (await registry.getSingleMetric("newangeles_socket_write_seconds_total")!.get()).values[0]?.value ?? 0;

  // The floor: a bare room whose only work is one state change per message, sent at once. Its patch
  // (encoding one field, and one write per socket) is timed, to set beside the game's socket writes.
  const FloorState = schema({ n: t.uint32().default(0) }, "FloorState");
  let floorPatchMs = 0;
  class FloorRoom extends Room {
    state = new FloorState();
    patchRate = null;
    onCreate() {
      this.onMessage("echo", () => {
        this.state.n++;
        for (const until = performance.now() + floorDelayMs; performance.now() < until;);
        const start = performance.now();
        this.broadcastPatch();
        floorPatchMs += performance.now() - start;
      });
    }
  }

  // Every byte the server sends, by protocol code (the low 5 bits of the first byte).
  const ROOM_STATE = 14;
  const ROOM_STATE_PATCH = 15;
  const ROOM_DATA = 13;
  let patchBytes = 0;
  let patches = 0;
  let messageBytes = 0;
  /** Message bytes by type (a `log` history, sent on (re)joins, apart from the lines a change adds). */
  let messageBytesByType = new Map<string, { bytes: number; count: number }>();
  const fullStateBySession = new Map<string, number>();
  const untap = tapFrames((sessionId, data) => {
    const code = data[0]! & 0x1f;
    if (code === ROOM_STATE_PATCH) { patchBytes += data.byteLength; patches++; }
    else if (code === ROOM_DATA) {
      messageBytes += data.byteLength;
      const type = messageType(data);
      const was = messageBytesByType.get(type) ?? { bytes: 0, count: 0 };
      messageBytesByType.set(type, { bytes: was.bytes + data.byteLength, count: was.count + 1 });
    }
    else if (code === ROOM_STATE) fullStateBySession.set(sessionId, data.byteLength);
  });

  const port = await freePort();
  // Game tables are seeded on the server side (clients cannot choose a seed): the n-th game table of a
  // phase gets --seed + n, as when the seed travelled in the request.
  let tableInPhase = 0;
  // Every bench client comes from 127.0.0.1: the per-address limits are lifted (the server's own setting).
  const perAddress = {
    tablesPerAddressPerHour: 100_000, lobbyTablesPerAddress: 100_000, websocketsPerAddress: 100_000, reservationsPerAddress: 100_000,
    spectatorsPerTable: 100_000, spectatorsPerAddress: 100_000, unfinishedConnectionsPerAddress: 100_000,
  };
  const server = createServer({ logger: pino({ level: "warn" }), seeds: () => seed + tableInPhase++, limits: perAddress });
  server.define("bench_floor", FloorRoom);
  await server.listen(port, "127.0.0.1");
  const pinned = values.pin ? pinServerThread() : { said: "threads not pinned (--no-pin)", clientCpus: [] };
  const job = { httpUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}`, tables, commands, seed, clientCpus: pinned.clientCpus };
  console.log(`server on ${job.httpUrl}; ${tables} tables of ${WATCHERS} clients, up to ${commands} commands each`);
  console.log(pinned.said);

  // Warm-up, not measured: a server that has been up a while, its hot code optimized by V8 (see
  // WARM_UP_TABLES).
  tableInPhase = 1000; // other games than the measured ones
  // Its games also tally the patches' bytes by field: that work slows the clients' decoding, so it stays
  // out of the measured phase, whose samples end when the last client has decoded the patch.
  const warmUp = await runPhase({ ...job, kind: "game", tables: WARM_UP_TABLES, seed: seed + 2000, tally: true });
  tableInPhase = 0;
  await runPhase({ ...job, kind: "floor", tables: WARM_UP_TABLES, seed: seed + 3000 });

  const heapBefore = heapUsed();
  patchBytes = 0;
  patches = 0;
  messageBytes = 0;
  messageBytesByType = new Map();
  const serverBefore = await serverLatency();
  const acceptedBefore = await accepted();
  const stagesBefore = await serverStages();
  const writesBefore = await socketWrites();
  let heapAfterGame = 0;
  // The server thread's CPU time over a phase (joins and all): unlike the stages' clock time, it hardly
  // grows when other work on the machine takes the core away. And what the thread allocated meanwhile
  // (the clients' heap is their thread's own).
  let cpu = process.threadCpuUsage();
  let gameCpu = cpu;
  let allocation = allocationMeter();
  let gameAllocated = 0;
  const game = await runPhase({ ...job, kind: "game" }, () => {
    gameCpu = process.threadCpuUsage(cpu);
    gameAllocated = allocation.stop();
    heapAfterGame = heapUsed();
  });
  const gamePatchBytes = patchBytes;
  const gamePatches = patches;
  const gameMessageBytes = messageBytes;
  const gameMessagesByType = [...messageBytesByType].sort((a, b) => b[1].bytes - a[1].bytes);
  const serverAfter = await serverLatency();
  const acceptedInGame = (await accepted()) - acceptedBefore;
  const stagesAfter = await serverStages();
  const writesAfter = await socketWrites();
  cpu = process.threadCpuUsage();
  let floorCpu = cpu;
  floorPatchMs = 0;
  allocation = allocationMeter();
  let floorAllocated = 0;
  const floor = await runPhase({ ...job, kind: "floor", seed: seed + 1000 }, () => {
    floorCpu = process.threadCpuUsage(cpu);
    floorAllocated = allocation.stop();
  });
  const cpuMs = (used: NodeJS.CpuUsage, samples: number) => round((used.user + used.system) / 1000 / Math.max(1, samples), 3);
  untap();

  const fullStates = game.lateSessions.map((id) => fullStateBySession.get(id) ?? 0);
  const commandsCounted = Math.max(1, serverAfter.count - serverBefore.count);
  // Each accepted command's stages are its own (metrics.stages): per accepted command, the tables' own answers included.
  const stageMs = (k: string) => ((stagesAfter[k]! - (stagesBefore[k] ?? 0)) * 1000) / Math.max(1, acceptedInGame);
  const result = {
    p50Ms: round(percentile(game.samples, 50), 3),
    p99Ms: round(percentile(game.samples, 99), 3),
    floorP50Ms: round(percentile(floor.samples, 50), 3),
    floorP99Ms: round(percentile(floor.samples, 99), 3),
    ratioP50: 0,
    ratioP99: 0,
    cpuRatio: 0,
    wireBytesPerCommandPerClient: round((gamePatchBytes + gameMessageBytes) / Math.max(1, game.samples.length) / WATCHERS, 1),
    serverMsPerCommand: round(((serverAfter.sum - serverBefore.sum) * 1000) / commandsCounted, 3),
    viewsSendMsPerCommand: round(stageMs("views") + stageMs("send"), 3),
    patchBytesAvg: round(gamePatches ? gamePatchBytes / gamePatches : 0, 1),
    fullStateBytesPerClient: fullStates.length ? Math.max(...fullStates) : 0,
    heapPerRoomKB: round((heapAfterGame - heapBefore) / tables / 1024, 1),
    socketWriteMsPerCommand: round(((writesAfter - writesBefore) * 1000) / commandsCounted, 3),
    floorPatchMsPerCommand: round(floorPatchMs / Math.max(1, floor.samples.length), 3),
    serverLessWritesMsPerCommand: 0,
    viewsSendLessWritesMsPerCommand: 0,
    serverCpuMsPerCommand: cpuMs(gameCpu, game.samples.length),
    serverCpuMsPerAccepted: cpuMs(gameCpu, acceptedInGame),
    answeredByTables: Math.max(0, acceptedInGame - game.samples.length),
    floorCpuMsPerCommand: cpuMs(floorCpu, floor.samples.length),
    allocatedKBPerCommand: round(gameAllocated / 1024 / Math.max(1, game.samples.length), 1),
    floorAllocatedKBPerCommand: round(floorAllocated / 1024 / Math.max(1, floor.samples.length), 1),
  };
  // What this process does itself: the sockets' system calls are the kernel's (on loopback they include
  // the receiving clients' side of TCP).
  result.serverLessWritesMsPerCommand = round(result.serverMsPerCommand - result.socketWriteMsPerCommand, 3);
  // the stages are per accepted command: so are the writes taken from them here
  result.viewsSendLessWritesMsPerCommand = round(result.viewsSendMsPerCommand - ((writesAfter - writesBefore) * 1000) / Math.max(1, acceptedInGame), 3);
  result.ratioP50 = round(result.floorP50Ms > 0 ? result.p50Ms / result.floorP50Ms : 0, 2);
  result.ratioP99 = round(result.floorP99Ms > 0 ? result.p99Ms / result.floorP99Ms : 0, 2);
  result.cpuRatio = round(result.floorCpuMsPerCommand > 0 ? result.serverCpuMsPerCommand / result.floorCpuMsPerCommand : 0, 2);

  console.log(`game: ${game.samples.length} samples, ${game.finished} games finished, ${game.refused} refused, ${game.unanswered} unanswered, ${game.stalls} stalls`);
  console.log(`floor: ${floor.samples.length} samples`);
  console.log(`patches: ${gamePatches} sent to clients, ${gamePatchBytes} bytes; messages (game log, seats, errors): ${gameMessageBytes} bytes, ${(gameMessageBytes / Math.max(1, game.samples.length) / WATCHERS).toFixed(1)} per command per client`);
  const perCommandPerClient = (bytes: number) => (bytes / Math.max(1, game.samples.length) / WATCHERS).toFixed(1);
  console.log(`  messages by type (bytes per command per client; count, average bytes): ${gameMessagesByType.map(([type, m]) => `${type} ${perCommandPerClient(m.bytes)} (${m.count}, ${(m.bytes / m.count).toFixed(0)})`).join(", ")}`);
  const fields = Object.entries(warmUp.patchFields).sort((a, b) => b[1] - a[1]);
  const perWarmUpCommand = (bytes: number) => (bytes / Math.max(1, warmUp.samples.length) / WATCHERS).toFixed(1);
  const shown = fields.filter(([, bytes]) => bytes / Math.max(1, warmUp.samples.length) / WATCHERS >= 0.5);
  const rest = fields.slice(shown.length).reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`  patches by field, as the clients decoded them in the warm-up's ${WARM_UP_TABLES} games (bytes per command per client; their sum ${perWarmUpCommand(fields.reduce((sum, [, b]) => sum + b, 0))}): ${shown.map(([path, bytes]) => `${path} ${perWarmUpCommand(bytes)}`).join(", ")}, the rest ${perWarmUpCommand(rest)}`);
  console.log(`in the server (receive -> patch sent, from /metrics): ${result.serverMsPerCommand.toFixed(3)} ms per command on average`);
  console.log(`commands accepted: ${acceptedInGame}, of them ${result.answeredByTables} played by the tables for their seats (answers in advance, in the same patch as the command before them)`);
  console.log(`  by stage (ms per accepted command on average): ${Object.keys(stagesAfter).map((k) => `${k} ${stageMs(k).toFixed(3)}`).join(", ")}`);
  console.log(`  of send, the sockets' writes (system calls; on loopback the kernel delivers to the client inside them): ${result.socketWriteMsPerCommand.toFixed(3)} ms per command`);
  console.log(`  outside those system calls: server time ${result.serverLessWritesMsPerCommand.toFixed(3)} ms per command; views + send ${result.viewsSendLessWritesMsPerCommand.toFixed(3)} ms per accepted command`);
  console.log(`  the floor's patch, encoded and written to the same number of sockets${floorDelayMs ? ` after ${floorDelayMs} ms of busy work` : ""}: ${result.floorPatchMsPerCommand.toFixed(3)} ms per command`);
  console.log(`the server thread's CPU time per command (whole phase, joins included): game ${result.serverCpuMsPerCommand.toFixed(3)} ms, floor ${result.floorCpuMsPerCommand.toFixed(3)} ms; per accepted command ${result.serverCpuMsPerAccepted.toFixed(3)} ms`);
  console.log(`the server thread's heap allocation per command (whole phase, joins included): game ${result.allocatedKBPerCommand} KB, floor ${result.floorAllocatedKBPerCommand} KB`);
  console.log(`full states of late joiners (bytes): min ${Math.min(...fullStates)}, median ${percentile(fullStates, 50)}, max ${Math.max(...fullStates)}`);
  const targets: Target[] = [
    [`server thread's CPU per command / floor's (${result.serverCpuMsPerCommand} / ${result.floorCpuMsPerCommand} ms)`, result.cpuRatio, TARGETS.cpuRatio],
    [`game p50 / floor p50 (${result.p50Ms} / ${result.floorP50Ms} ms)`, result.ratioP50, TARGETS.ratioP50],
    [`game p99 / floor p99 (${result.p99Ms} / ${result.floorP99Ms} ms)`, result.ratioP99, TARGETS.ratioP99],
    ["bytes a command costs each client (patches + messages)", result.wireBytesPerCommandPerClient, TARGETS.wireBytesPerCommandPerClient],
    ["full state of a late joiner, largest (bytes)", result.fullStateBytesPerClient, TARGETS.fullStateBytesPerClient],
  ];
  if (tables >= HEAP_ROOMS) targets.push([`heap per live room, ${tables} held (KB)`, result.heapPerRoomKB, TARGETS.heapPerRoomKB]);
  else console.log(`heap per live room: ${result.heapPerRoomKB} KB with ${tables} held (the target of ${TARGETS.heapPerRoomKB} KB is judged with --tables ${HEAP_ROOMS})`);
  const misses = reportTargets(targets, "issue #32");
  if (game.refused + game.unanswered + floor.refused + floor.unanswered > 0) misses.push("some commands were refused or unanswered");
  if (game.samples.length === 0 || floor.samples.length === 0) misses.push("no samples");
  for (const m of misses) console.log(`MISSED: ${m}`);

  await server.gracefullyShutdown(false);
  console.log(JSON.stringify(result));
  process.exit(misses.length ? 1 : 0);
}

/**
 * Runs one phase in a worker; `whileOpen` runs while its clients are still connected, before their
 * results (a sample a command) reach this thread: its heap and CPU are then the server's alone.
 */
function runPhase(job: Job, whileOpen: () => void = () => {}): Promise<PhaseResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: job });
    let result: PhaseResult | null = null;
    worker.once("message", () => {
      whileOpen();
      worker.once("message", (r: PhaseResult) => { result = r; });
      worker.postMessage("leave");
    });
    worker.once("error", reject);
    worker.once("exit", (code) => {
      if (code !== 0 || !result) reject(new Error(`bench worker exited with ${code}`));
      else resolve(result);
    });
  });
}

// ---- the client side (worker thread) -------------------------------------------------------------

async function runWorker(job: Job): Promise<void> {
  pinClientThread(job.clientCpus);
  if (job.tally) installWireFieldTally();
  const result: PhaseResult = { samples: [], refused: 0, unanswered: 0, stalls: 0, finished: 0, lateSessions: [], patchFields: {} };
  const open: SdkRoom[] = [];
  for (let i = 0; i < job.tables; i++) {
    if (job.kind === "game") await playGameTable(job, i, result, open);
    else await playFloorTable(job, result, open);
  }
  if (job.tally) result.patchFields = wireFieldTally();
  // The main thread weighs the server's heap while every table is still open, then lets us go.
  parentPort!.postMessage("played");
  await new Promise((resolve) => parentPort!.once("message", resolve));
  parentPort!.postMessage(result);
  await Promise.all(open.map((r) => r.leave().catch(() => 0)));
  process.exit(0);
}

/** Watches a set of clients: when each last decoded a patch, and how many patches each has decoded. */
class Watch {
  seenAt: number[];
  count: number[];
  error: { code: string; message: string } | null = null;
  private wake: (() => void) | null = null;
  private clients: SdkRoom[];

  constructor(clients: SdkRoom[]) {
    this.clients = clients;
    this.seenAt = clients.map(() => 0);
    this.count = clients.map(() => 0);
    clients.forEach((_, i) => this.attach(i));
  }

  /** Starts watching client i (again, after it was replaced by a new connection). */
  attach(i: number): void {
    const client = this.clients[i]!;
    client.onStateChange(() => {
      if (this.clients[i] !== client) return;
      this.seenAt[i] = performance.now();
      this.count[i]!++;
      this.wake?.();
    });
    client.onMessage("error", (e: { code: string; message: string }) => {
      if (this.clients[i] !== client) return;
      this.error = e;
      this.wake?.();
    });
  }

  replace(i: number, client: SdkRoom): void {
    this.clients[i] = client;
    this.attach(i);
  }

  /** Sends through `send` and resolves with the ms until every client decoded a patch, or null. */
  async measure(send: () => void): Promise<{ ms: number | null; error: boolean }> {
    const before = [...this.count];
    this.error = null;
    const t0 = performance.now();
    send();
    const all = () => this.count.every((c, i) => c > before[i]!);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, ANSWER_TIMEOUT_MS);
      function done() { clearTimeout(timer); resolve(); }
      this.wake = () => { if (this.error || all()) done(); };
    });
    this.wake = null;
    if (this.error) return { ms: null, error: true };
    return { ms: all() ? Math.max(...this.seenAt) - t0 : null, error: false };
  }

  /** Resolves at the next patch any client decodes, or after ms. */
  next(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(timer); this.wake = null; resolve(); };
    });
  }
}

async function playGameTable(job: Job, index: number, result: PhaseResult, open: SdkRoom[]): Promise<void> {
  const { code, roomId } = await createTable(job.httpUrl, { seats: 6, bots: 0, stepSeconds: 0, private: true });
  const players: SdkRoom[] = [];
  for (let k = 0; k < 6; k++) players.push(await joinRoom(job.wsUrl, roomId, { code, name: `Player ${k + 1}` }));
  const clients = [...players, await joinRoom(job.wsUrl, roomId, { code, spectator: true })];
  const watch = new Watch(clients);
  const status = () => (clients[WATCHERS - 1]!.state as any).status as string;
  while (status() !== "playing" || players.some((p) => (p.state as any).status !== "playing")) await watch.next(200);

  const random = makeRandom(job.seed * 7919 + index);
  let sent = 0;
  let turn = 0;
  while (sent < job.commands && status() === "playing") {
    // The next seat (in turn order from a rotating start) that owes something sends one command.
    let mover = -1;
    let command = null;
    for (let j = 0; j < 6 && !command; j++) {
      const k = (turn + j) % 6;
      command = randomCommand(myLegal(clients[k]!), random);
      if (command) mover = k;
    }
    turn++;
    if (!command) { result.stalls++; await watch.next(500); continue; }
    const sample = await watch.measure(() => clients[mover]!.send("command", command));
    sent++;
    if (sample.error) result.refused++;
    else if (sample.ms === null) result.unanswered++;
    else result.samples.push(sample.ms);

    if (sent % FULL_STATE_EVERY === 0) {
      // A player reloads: a new connection takes the seat back with the seat token.
      const k = (sent / FULL_STATE_EVERY) % 6;
      const token = mySecret(clients[k]!)?.seatToken as string;
      const again = await joinRoom(job.wsUrl, roomId, { code, seatToken: token });
      result.lateSessions.push(again.sessionId);
      watch.replace(k, again);
      await sleep(50); // let the join's own patch pass before the next sample
    } else if (sent % FULL_STATE_EVERY === FULL_STATE_EVERY / 2) {
      const late = await joinRoom(job.wsUrl, roomId, { code, spectator: true });
      result.lateSessions.push(late.sessionId);
      await late.leave();
      await sleep(50);
    }
  }
  if (status() === "finished") result.finished++;
  open.push(...clients);
}

async function playFloorTable(job: Job, result: PhaseResult, open: SdkRoom[]): Promise<void> {
  const { Client } = await import("@colyseus/sdk");
  const first = await new Client(job.wsUrl).create("bench_floor");
  await new Promise<void>((resolve) => first.onStateChange.once(() => resolve()));
  const clients = [first];
  while (clients.length < WATCHERS) clients.push(await joinRoom(job.wsUrl, first.roomId, {}));
  const watch = new Watch(clients);
  await sleep(50);
  for (let i = 0; i < job.commands; i++) {
    const sample = await watch.measure(() => clients[i % 6]!.send("echo"));
    if (sample.error) result.refused++;
    else if (sample.ms === null) result.unanswered++;
    else result.samples.push(sample.ms);
  }
  open.push(...clients);
}

// Last, so that every class above is initialized before either side starts.
if (isMainThread) await main();
else await runWorker(workerData as Job);
