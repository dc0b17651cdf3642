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

/** What pinning did: a line to print, and the CPUs left for the clients' threads ([] when nothing was pinned). */
export interface Pinned { said: string; clientCpus: number[] }

/**
 * Called by the server's thread: it keeps the first allowed CPU, every other thread of the process
 * (V8's helpers, workers already started) gets the others.
 */
export function pinServerThread(): Pinned {
  const cpus = allowedCpus();
  if (process.platform !== "linux" || cpus.length < 2) return { said: "threads not pinned (needs Linux and 2 CPUs)", clientCpus: [] };
  try {
    const self = readlinkSync("/proc/thread-self").split("/").pop()!;
    for (const tid of readdirSync("/proc/self/task")) setAffinity(tid, tid === self ? cpus.slice(0, 1) : cpus.slice(1));
    return { said: `server thread on CPU ${cpus[0]}, clients and helper threads on CPU ${cpus.slice(1).join(",")}`, clientCpus: cpus.slice(1) };
  } catch {
    return { said: "threads not pinned (taskset failed)", clientCpus: [] };
  }
}

/**
 * Called by a clients' thread with the CPUs pinServerThread left for it. A thread started after the
 * pinning inherits the server thread's one CPU, and so does what it reads of the process's allowed CPUs
 * (/proc/self is the server's thread): the CPUs have to be handed to it.
 */
export function pinClientThread(cpus: readonly number[]): void {
  if (process.platform !== "linux" || cpus.length === 0) return;
  try {
    setAffinity(readlinkSync("/proc/thread-self").split("/").pop()!, [...cpus]);
  } catch {
    // not pinned: the figures are the machine's scheduler's
  }
}
