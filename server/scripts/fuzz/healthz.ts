// The /healthz probe: asks every 50 ms, from a thread of its own. Its latency is a printed figure (max
// and p99): on a busy machine it measures the operating system as much as the server, which is judged by
// its own work instead (server-thread.ts: the longest event-loop turn and the loop's delay). Only an
// answer slower than HEALTHZ_HANG_MS, or none in 5 s, is a hang; any answer but 200 is a crash.
import { Worker } from "node:worker_threads";
import os from "node:os";
import { out, problem } from "./common.ts";
import { httpUrl } from "./server.ts";

/** A /healthz answer slower than this is a hang, however busy the machine (recorded runs: 500–750 ms at load 20 on 2 cores). */
export const HEALTHZ_HANG_MS = 3000;

/**
 * Asks /healthz every 50 ms until stopped, from a thread of its own (so that neither the clients here nor
 * the server's work delay its clock). While the server thread checks the games for the fuzzer (replays
 * and all, in one go) the answers are not judged.
 */
const PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
let judging = true, running = true;
parentPort.on("message", (m) => { if (m === "stop") running = false; else judging = m === "judge"; });
(async () => {
  while (running) {
    const judged = judging, t0 = performance.now();
    // a server that never answers (an endless loop) shows as a failure after 5 s
    const status = await fetch(workerData.url, { headers: { "x-forwarded-for": "10.250.0.1" }, signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    const ms = performance.now() - t0;
    if (judged && judging) parentPort.postMessage({ status, ms });
    await new Promise((r) => setTimeout(r, 50));
  }
  parentPort.postMessage("stopped");
})();`;
export function probeHealth(): { judge(on: boolean): void; stop(): Promise<void> } {
  const probe = new Worker(PROBE, { eval: true, workerData: { url: `${httpUrl}/healthz` } });
  const times: number[] = [];
  const stopped = new Promise<void>((resolve) => {
    probe.on("message", (m: { status: number; ms: number } | "stopped") => {
      if (m === "stopped") return resolve();
      times.push(m.ms);
      out.healthzMaxMs = Math.max(out.healthzMaxMs, Math.round(m.ms));
      if (m.status === 0 && m.ms >= 5000) problem("hangs", `/healthz did not answer in 5 s`);
      else if (m.status !== 200) problem("crashes", `/healthz answered ${m.status} during the run`);
      else if (m.ms > HEALTHZ_HANG_MS) problem("hangs", `/healthz took ${Math.round(m.ms)} ms (load average ${os.loadavg()[0]!.toFixed(1)})`);
    });
  });
  return {
    judge: (on) => probe.postMessage(on ? "judge" : "pause"),
    stop: async () => {
      probe.postMessage("stop");
      await stopped;
      await probe.terminate();
      const sorted = times.sort((a, b) => a - b);
      out.healthzP99Ms = Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0);
      const over100 = sorted.filter((ms) => ms > 100).length;
      console.log(`/healthz: ${sorted.length} answers, p99 ${out.healthzP99Ms} ms, slowest ${out.healthzMaxMs} ms, ${over100} over 100 ms (printed; a hang only over ${HEALTHZ_HANG_MS} ms)`);
    },
  };
}
