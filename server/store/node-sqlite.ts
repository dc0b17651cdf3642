// node:sqlite without its start-up notice. Node 22 prints "ExperimentalWarning: SQLite is an experimental
// feature" when the module is first loaded (once per thread: twice with the checkpointer), a line an
// operator can do nothing about. The module is loaded here with that one warning held back; every other
// warning still prints.
import type * as Sqlite from "node:sqlite";

function loadQuietly(): typeof Sqlite {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: unknown, warning: string | Error, ...rest: unknown[]) {
    const text = typeof warning === "string" ? warning : warning.message;
    if (/SQLite is an experimental feature/.test(text)) return;
    return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return process.getBuiltinModule("node:sqlite") as typeof Sqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
}

export const { DatabaseSync } = loadQuietly();
export type DatabaseSync = Sqlite.DatabaseSync;
