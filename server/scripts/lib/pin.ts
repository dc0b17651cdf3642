// Keeps a measuring tool's clients off the server's core (Linux, with `taskset`). On a 2-core machine
// the scheduler otherwise moves the server's thread to the core its clients just woke it from, and each
// command starts on a core whose caches hold the clients' data: in the bench the same views took a
// third longer. Where the server has a core to itself and its clients are on other machines, as in
// production, this does not arise.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";

/** The CPUs this process may run on, from /proc (e.g. "0-3,6" -> [0, 1, 2, 3, 6]); [] when unknown. */
function allowedCpus(): number[] {
  try {
    const line = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? "";
    return line.split(",").flatMap((part) => {
      const [a, b] = part.split("-").map(Number);
      return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
    }).filter(Number.isInteger);
  } catch {
    return [];
  }
}

function setAffinity(tid: string, cpus: number[]): void {
  execFileSync("taskset", ["-p", "-c", cpus.join(","), tid], { stdio: "ignore" });
}

/**
 * Called by the server's thread: it keeps the first allowed CPU, every other thread of the process
 * (V8's helpers, workers already started) gets the others. Returns what was done, to print.
 */
export function pinServerThread(): string {
  const cpus = allowedCpus();
  if (process.platform !== "linux" || cpus.length < 2) return "threads not pinned (needs Linux and 2 CPUs)";
  try {
    const self = readlinkSync("/proc/thread-self").split("/").pop()!;
    for (const tid of readdirSync("/proc/self/task")) setAffinity(tid, tid === self ? cpus.slice(0, 1) : cpus.slice(1));
    return `server thread on CPU ${cpus[0]}, clients and helper threads on CPU ${cpus.slice(1).join(",")}`;
  } catch {
    return "threads not pinned (taskset failed)";
  }
}

/** Called by a clients' thread (it inherits the server thread's CPU when started): moves to the others. */
export function pinClientThread(): void {
  const cpus = allowedCpus();
  if (process.platform !== "linux" || cpus.length < 2) return;
  try {
    setAffinity(readlinkSync("/proc/thread-self").split("/").pop()!, cpus.slice(1));
  } catch {
    // not pinned: the figures are the machine's scheduler's
  }
}
