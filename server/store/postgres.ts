// The game store in PostgreSQL (when DATABASE_URL is set), shared by every server process.
// A write is done when its promise resolves; the room awaits it before it sends the result.
import pg from "pg";
import { CREATE_MIGRATIONS_TABLE, MIGRATIONS, SqlStore, type ClockOffset, type Param } from "./sql-store.ts";
import { StoreConflict } from "./types.ts";

/** Any number will do, as long as it is the same in every process: it serializes migrations. */
const MIGRATION_LOCK = 724_031_2016;
const UNIQUE_VIOLATION = "23505";

/** `?` placeholders become PostgreSQL's `$1, $2, …`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export class PostgresStore extends SqlStore {
  readonly kind = "postgres";
  private pool: pg.Pool;
  private pending = new Set<Promise<unknown>>();

  private constructor(pool: pg.Pool, instance: string, leaseMs: number, clockOffsetMs: ClockOffset) {
    super(instance, leaseMs, clockOffsetMs);
    this.pool = pool;
  }

  static async open(url: string, instance: string, leaseMs: number, clockOffsetMs: ClockOffset = 0): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    // An idle client that loses its connection must not crash the process: the pool replaces it.
    pool.on("error", () => {});
    const store = new PostgresStore(pool, instance, leaseMs, clockOffsetMs);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      // Processes starting together wait here in turn, so each migration runs once.
      await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await client.query(CREATE_MIGRATIONS_TABLE);
      const done = new Set((await client.query("SELECT version FROM schema_migrations")).rows.map((r) => Number(r.version)));
      for (const [i, statements] of MIGRATIONS.entries()) {
        if (done.has(i + 1)) continue;
        for (const sql of statements) await client.query(sql);
        await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", [i + 1, Date.now()]);
      }
      await client.query("COMMIT");
    } catch (e) {
      await client.query("ROLLBACK").catch(() => {});
      throw e;
    } finally {
      client.release();
    }
  }

  /** Every query is tracked until it settles, so close() can wait for the writes in flight. */
  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    const forget = () => { this.pending.delete(p); };
    p.then(forget, forget);
    return p;
  }

  protected run(sql: string, params: Param[]): Promise<void> {
    return this.track(
      this.pool.query(numbered(sql), params).then(
        () => undefined,
        (e: { code?: string; message: string }) => {
          throw e.code === UNIQUE_VIOLATION ? new StoreConflict(e.message) : e;
        },
      ),
    );
  }

  protected transaction(statements: [string, Param[]][]): Promise<void> {
    return this.track((async () => {
      const client = await this.pool.connect();
      try {
        await client.query("BEGIN");
        for (const [sql, params] of statements) await client.query(numbered(sql), params);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        throw (e as { code?: string }).code === UNIQUE_VIOLATION ? new StoreConflict((e as Error).message) : e;
      } finally {
        client.release();
      }
    })());
  }

  protected async all<T>(sql: string, params: Param[]): Promise<T[]> {
    const result = await this.track(this.pool.query(numbered(sql), params));
    return result.rows as T[];
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    await this.pool.end();
  }
}
