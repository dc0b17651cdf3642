// Copies the SQLite write-ahead log into the database file from a worker thread, on a connection of its
// own. SQLite would otherwise do it inside a game's write on the main thread every 1,000 pages: a
// several-millisecond stall of every table, and a third of the time writes take. PASSIVE never waits
// for nor blocks the writer. (The writer keeps a higher autocheckpoint as a backstop: see sqlite.ts.)
import { DatabaseSync } from "./node-sqlite.ts";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { logger } from "@colyseus/core";

const EVERY_MS = 500;

/** Starts checkpointing `file` in the background; stop() ends it after one last checkpoint. */
export function startCheckpointer(file: string): { stop(): Promise<void> } {
  const worker = new Worker(new URL(import.meta.url), { workerData: { file } });
  worker.unref(); // never what keeps the process alive
  // A checkpointer that fails costs speed, not data (the writer's backstop checkpoints): log it, go on.
  worker.on("error", (err) => logger.warn({ err, file }, "the SQLite checkpointer stopped"));
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  return {
    async stop() {
      // Waiting for the last checkpoint must keep the process alive: at shutdown nothing else may.
      worker.ref();
      worker.postMessage("stop");
      await exited;
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
