// Run by pin.test.ts as a process of its own (pinning changes the threads of the process that pins):
// pins its main thread as the bench's server thread, then starts a thread as the bench starts its
// clients' thread, and prints each one's allowed CPUs as JSON.
import { readFileSync } from "node:fs";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { pinClientThread, pinServerThread } from "../../server/scripts/lib/pin.ts";

const allowed = () => /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/thread-self/status", "utf8"))?.[1] ?? "";

if (isMainThread) {
  const pinned = pinServerThread();
  const worker = new Worker(new URL(import.meta.url), { workerData: pinned.clientCpus });
  worker.once("message", (client: string) => {
    console.log(JSON.stringify({ pinned, server: allowed(), client }));
    void worker.terminate();
  });
} else {
  pinClientThread(workerData as number[]);
  parentPort!.postMessage(allowed());
}
