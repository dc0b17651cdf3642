// What the load test measures of the server it drives: its /metrics (command latency, GC pauses,
// event-loop delay) and, by process id, its CPU and resident set from /proc.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";

export interface ServerMetrics {
  /** The command-latency histogram (receive -> patch sent): cumulative counts by bucket bound (s). */
  buckets: Map<number, number>;
  /** Garbage-collection pause sums and counts by kind (prom-client's default metrics). */
  gc: Record<string, number>;
  /** Event-loop delay since the previous scrape (prom-client restarts it at every scrape). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** The same delay at the 99.9th percentile (the server's own monitorEventLoopDelay). */
  loopDelayP999Ms: number;
  /** What the bots' decisions held the event loop: cumulative counts by bucket bound (s). */
  botBuckets: Map<number, number>;
  /** The bots' thinking on their own thread (BOT_THREADS): cumulative counts by bucket bound (s). */
  thinkingBuckets: Map<number, number>;
  /** Commands the server accepted so far: the clients', the bots' and those its tables played for their seats. */
  accepted: number;
}

/** What the load test reads from the server's /metrics (empty when it cannot be read). */
export async function serverMetrics(httpUrl: string): Promise<ServerMetrics> {
  const text = await fetch(`${httpUrl}/metrics`).then((r) => r.text(), () => "");
  const histogram = (name: string) => {
    const buckets = new Map<number, number>();
    for (const m of text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\d+)`, "gm"))) {
      buckets.set(m[1] === "+Inf" ? Infinity : Number(m[1]), Number(m[2]));
    }
    return buckets;
  };
  const buckets = histogram("newangeles_command_latency_seconds");
  const gc: Record<string, number> = {};
  for (const m of text.matchAll(/^newangeles_nodejs_gc_duration_seconds_(sum|count)\{kind="([a-z]+)"\} ([0-9.e+-]+)/gm)) gc[`${m[2]}_${m[1]}`] = Number(m[3]);
  const seconds = (name: string) => Number(text.match(new RegExp(`^newangeles_nodejs_eventloop_lag_${name}_seconds ([0-9.e+-]+)`, "m"))?.[1] ?? 0);
  const p999 = Number(text.match(/^newangeles_eventloop_delay_p999_seconds ([0-9.e+-]+)/m)?.[1] ?? 0);
  return {
    buckets, gc, loopDelayP99Ms: seconds("p99") * 1000, loopDelayMaxMs: seconds("max") * 1000,
    loopDelayP999Ms: p999 * 1000, botBuckets: histogram("newangeles_bot_decision_seconds"),
    thinkingBuckets: histogram("newangeles_bot_thinking_seconds"),
    accepted: Number(text.match(/^newangeles_commands_total ([0-9.e+-]+)/m)?.[1] ?? 0),
  };
}

/** The bucket bound (ms) under which p% of the commands between two scrapes fell. */
export function bucketPercentile(before: Map<number, number>, after: Map<number, number>, p: number): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  for (const le of bounds) if ((after.get(le) ?? 0) - (before.get(le) ?? 0) >= (p / 100) * total) return le * 1000;
  return Infinity;
}

/** utime+stime (clock ticks) and resident set (bytes) of a process, from /proc. */
export function processStats(pid: number): { ticks: number; rss: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // After "pid (comm) ": state is field 3, utime 14, stime 15, rss (pages) 24.
    return { ticks: Number(fields[11]) + Number(fields[12]), rss: Number(fields[21]) * 4096 };
  } catch {
    return null;
  }
}

/** Peak RSS and CPU share of each server (by pid; the largest of each) or of this process, from now until stop(). */
export function resourceSampler(pids: number[]) {
  const started = performance.now();
  let peakRss = 0;
  let ticksPerSecond = 100;
  try { ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100; } catch { /* Linux default */ }
  const startTicks = pids.map((pid) => processStats(pid)?.ticks ?? 0);
  const startCpu = process.cpuUsage();
  const sample = () => {
    const rss = pids.length === 0 ? process.memoryUsage().rss : Math.max(...pids.map((pid) => processStats(pid)?.rss ?? 0));
    peakRss = Math.max(peakRss, rss);
  };
  sample();
  const timer = setInterval(sample, 1000);
  return {
    elapsed: () => (performance.now() - started) / 1000,
    peakRssMB: () => peakRss / 2 ** 20,
    stop(): { rssMB: number; cpuPct: number } {
      clearInterval(timer);
      sample();
      const seconds = (performance.now() - started) / 1000;
      let cpuSeconds: number;
      if (pids.length === 0) {
        const used = process.cpuUsage(startCpu);
        cpuSeconds = (used.user + used.system) / 1e6;
      } else {
        cpuSeconds = Math.max(...pids.map((pid, i) => ((processStats(pid)?.ticks ?? startTicks[i]!) - startTicks[i]!) / ticksPerSecond));
      }
      return { rssMB: peakRss / 2 ** 20, cpuPct: (100 * cpuSeconds) / seconds };
    },
  };
}
