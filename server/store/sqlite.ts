// The game store in an embedded SQLite file (Node 22's built-in node:sqlite: no native build).
// Writes are synchronous: when a write returns, it is in the database file and survives `kill -9`.
import fs from "node:fs";
import path from "node:path";
import type { StatementSync } from "node:sqlite";
import { DatabaseSync } from "./node-sqlite.ts";
import { CREATE_MIGRATIONS_TABLE, MIGRATIONS, SqlStore, type ClockOffset, type Param } from "./sql-store.ts";
import { startCheckpointer } from "./sqlite-checkpointer.ts";
import { StoreConflict } from "./types.ts";

/** The WAL size (pages of 4 KB) at which the writer checkpoints itself: a backstop for the checkpointer. */
const WRITER_CHECKPOINT_PAGES = 4000;

export class SqliteStore extends SqlStore {
  readonly kind = "sqlite";
  private db: DatabaseSync;
  private statements = new Map<string, StatementSync>();
  private checkpointer: { stop(): Promise<void> } | null = null;

  /** `file` is a path, or ":memory:" for a store that lives as long as the process. */
  constructor(file: string, instance: string, leaseMs: number, clockOffsetMs: ClockOffset = 0) {
    super(instance, leaseMs, clockOffsetMs);
    if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new DatabaseSync(file);
    // WAL: a committed write survives a crash of the process; NORMAL skips the fsync per commit
    // (only a power cut could lose the last commits, never a process crash).
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;");
    this.migrate();
    if (file !== ":memory:") {
      // Checkpoints run beside the game's writes, not inside them (see sqlite-checkpointer.ts). The log
      // starts over only when a write finds every frame copied, which a checkpointer on another thread
      // rarely sees under steady writes: past 4,000 pages (16 MB) the writer checkpoints itself, and as
      // the checkpointer has copied nearly everything by then, that is quick.
      this.db.exec(`PRAGMA wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES};`);
      this.checkpointer = startCheckpointer(file);
    }
  }

  private migrate(): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      this.db.exec(CREATE_MIGRATIONS_TABLE);
      const done = new Set(this.db.prepare("SELECT version FROM schema_migrations").all().map((r) => Number(r.version)));
      MIGRATIONS.forEach((statements, i) => {
        if (done.has(i + 1)) return;
        for (const sql of statements) this.db.exec(sql);
        this.db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)").run(i + 1, Date.now());
      });
      this.db.exec("COMMIT");
    } catch (e) {
      this.db.exec("ROLLBACK");
      throw e;
    }
  }

  private statement(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  protected run(sql: string, params: Param[]): void {
    try {
      this.statement(sql).run(...params);
    } catch (e) {
      if (/UNIQUE constraint failed/.test((e as Error).message)) throw new StoreConflict((e as Error).message);
      throw e;
    }
  }

  protected transaction(statements: [string, Param[]][]): void {
    this.db.exec("BEGIN IMMEDIATE");
    try {
      for (const [sql, params] of statements) this.run(sql, params);
      this.db.exec("COMMIT");
    } catch (e) {
      this.db.exec("ROLLBACK");
      throw e;
    }
  }

  protected async all<T>(sql: string, params: Param[]): Promise<T[]> {
    return this.statement(sql).all(...params) as T[];
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    this.checkpointer = null;
    if (this.db.isOpen) this.db.close();
  }
}
