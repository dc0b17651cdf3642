// A consistent copy of the SQLite game store while the server runs (docs/operations.md):
//   node server/scripts/backup.ts /backups/new-angeles-2026-12-02.sqlite     (DATA_DIR as the server's)
// SQLite's VACUUM INTO reads one snapshot of the database (the WAL lets the server write meanwhile) and
// writes it as a new, compact file. Restore: stop the server, put the copy in DATA_DIR as
// new-angeles.sqlite (and remove the old -wal and -shm files), start it again.
import fs from "node:fs";
import path from "node:path";
import { DatabaseSync } from "../store/node-sqlite.ts";
import { SQLITE_FILE } from "../store/index.ts";

const target = process.argv[2];
if (!target || process.argv.length > 3) {
  console.error("usage: node server/scripts/backup.ts <copy.sqlite>   (reads DATA_DIR, default ./data)");
  process.exit(2);
}
const source = path.join(path.resolve(process.env.DATA_DIR ?? "./data"), SQLITE_FILE);
if (!fs.existsSync(source)) {
  console.error(`no game store at ${source} (set DATA_DIR to the server's)`);
  process.exit(1);
}
if (fs.existsSync(target)) {
  console.error(`${target} exists already: a backup never overwrites a file`);
  process.exit(1);
}
const db = new DatabaseSync(source, { readOnly: true });
try {
  db.exec("PRAGMA busy_timeout = 5000;");
  db.prepare("VACUUM INTO ?").run(path.resolve(target));
} finally {
  db.close();
}
console.log(`backed up ${source} to ${path.resolve(target)} (${fs.statSync(target).size} bytes)`);
