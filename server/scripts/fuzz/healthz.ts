// The /healthz probe: asks every 50 ms, from a thread of its own, and counts slow answers as hangs.
import { Worker } from "node:worker_threads";
import os from "node:os";
import { out, problem } from "./common.ts";
import { httpUrl } from "./server.ts";

/**
 * Asks /healthz every 50 ms until stopped, from a thread of its own (so that neither the clients here nor
 * the server's work delay its clock); an answer slower than 100 ms is a hang. While the server thread
 * checks the games for the fuzzer (replays and all, in one go) the answers are not judged.
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
  const stopped = new Promise<void>((resolve) => {
    probe.on("message", (m: { status: number; ms: number } | "stopped") => {
      if (m === "stopped") return resolve();
      out.healthzMaxMs = Math.max(out.healthzMaxMs, Math.round(m.ms));
      if (m.status === 0 && m.ms >= 5000) problem("hangs", `/healthz did not answer in 5 s`);
      else if (m.status !== 200) problem("crashes", `/healthz answered ${m.status} during the run`);
      else if (m.ms > 100) problem("hangs", `/healthz took ${Math.round(m.ms)} ms (load average ${os.loadavg()[0]!.toFixed(1)})`);
    });
  });
  return {
    judge: (on) => probe.postMessage(on ? "judge" : "pause"),
    stop: async () => {
      probe.postMessage("stop");
      await stopped;
      await probe.terminate();
    },
  };
}
