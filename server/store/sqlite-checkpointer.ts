// Copies the SQLite write-ahead log into the database file from a worker thread, on a connection of its
// own. SQLite would otherwise do it inside a game's write on the main thread every 1,000 pages: a
// several-millisecond stall of every table, and a third of the time writes take. PASSIVE never waits
// for nor blocks the writer; the writer starts the log over once everything in it has been copied.
import { DatabaseSync } from "node:sqlite";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const EVERY_MS = 500;

/** Starts checkpointing `file` in the background; stop() ends it and runs one last checkpoint. */
export function startCheckpointer(file: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { file } });
  worker.unref(); // never what keeps the process alive
  return {
    async stop() {
      worker.postMessage("stop");
      await new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}

if (!isMainThread && (workerData as { file?: string })?.file) {
  const db = new DatabaseSync((workerData as { file: string }).file);
  db.exec("PRAGMA busy_timeout = 5000;");
  const checkpoint = () => {
    try {
      db.exec("PRAGMA wal_checkpoint(PASSIVE);");
    } catch {
      // busy or closing: the next round copies what this one could not
    }
  };
  const timer = setInterval(checkpoint, EVERY_MS);
  parentPort!.on("message", (m) => {
    if (m !== "stop") return;
    clearInterval(timer);
    checkpoint();
    db.close();
    process.exit(0);
  });
}
