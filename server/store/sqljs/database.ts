import { StoreConflictError } from '@course-service/runtime';
import type { Database, SqlValue, Statement } from 'sql.js';
import type { SqlOp } from './journal-codec.ts';

/** A row as sql.js returns it: values in column order. */
export type Row = SqlValue[];

/** The most writes one transaction collects before it is committed regardless. */
const MAX_WRITES_PER_TRANSACTION = 256;

/** How long a transaction collects writes before it is committed (it is memory either way). */
const COMMIT_DELAY_MS = 50;

/**
 * A sql.js database with every statement prepared once and cached by its text, so the hot paths
 * and journal replay skip SQLite's parser.
 *
 * Writes share transactions: the first write opens one, later writes join it, and it is committed
 * {@link COMMIT_DELAY_MS} later (or at {@link MAX_WRITES_PER_TRANSACTION}, before a snapshot, or at
 * close). Committing writes the changed pages into the database file, so forty creates committed
 * together write the same table and index pages once instead of forty times. Under load a turn of
 * the event loop holds only a few writes, so committing each turn's cost a create more CPU than
 * committing on a delay (decision 0002). Durability is the journal's job, not the commit's: a write
 * is acknowledged once its journal entry is on disk, and everything here is memory; this connection
 * reads its own open transaction.
 */
export class SqlDatabase {
  readonly #statements = new Map<string, Statement>();
  /** The writes of the open transaction, in order; `undefined` when none is open. */
  #writes: Array<readonly SqlOp[]> | undefined;
  #commitScheduled = false;
  #failure: Error | undefined;

  /** Wraps `db`, a database sql.js opened (`new SQL.Database(bytes)`), which this then owns. */
  constructor(readonly db: Database) {
    // The database is in wasm memory; durability is the journal's job, so SQLite's own rollback
    // journal only needs to support ROLLBACK, and memory does that fastest. Holding the lock for
    // good keeps SQLite from re-checking the (emulated) file and dropping its page cache at every
    // statement, which made an indexed lookup many times dearer (decision 0002).
    this.db.exec('PRAGMA locking_mode = EXCLUSIVE; PRAGMA journal_mode = MEMORY');
  }

  /** The rows `sql` returns, mapped by `map`. */
  all<T>(sql: string, params: readonly SqlValue[], map: (row: Row) => T): T[] {
    const out: T[] = [];
    this.each(sql, params, (row) => out.push(map(row)));
    return out;
  }

  /** Calls `visit` with each row `sql` returns, holding none of them. */
  each(sql: string, params: readonly SqlValue[], visit: (row: Row) => void): void {
    const statement = this.#prepare(sql, params);
    try {
      while (statement.step()) visit(statement.get());
    } finally {
      statement.reset();
    }
  }

  /** The first row `sql` returns, mapped, or `undefined`. */
  one<T>(sql: string, params: readonly SqlValue[], map: (row: Row) => T): T | undefined {
    const statement = this.#prepare(sql, params);
    try {
      return statement.step() ? map(statement.get()) : undefined;
    } finally {
      statement.reset();
    }
  }

  /**
   * Applies `ops` as one write, all or nothing, in the open transaction (see the class). When one
   * fails, the transaction is rolled back and the writes before it applied again, so the database
   * is as it was, and the error is thrown; a uniqueness violation as a {@link StoreConflictError}.
   */
  transact(ops: readonly SqlOp[]): void {
    if (this.#failure) throw this.#failure;
    const writes = this.#writes ?? this.#begin();
    try {
      for (const [sql, params] of ops) this.#run(sql, params);
    } catch (error) {
      this.#undo(writes);
      if (error instanceof Error && /constraint failed/i.test(error.message)) {
        throw new StoreConflictError(error.message, { cause: error });
      }
      throw error;
    }
    writes.push(ops);
    if (writes.length >= MAX_WRITES_PER_TRANSACTION) this.commit();
  }

  /**
   * Commits the open transaction, if any, now. After a failed commit the database may have lost
   * writes that are already journaled, so it refuses everything from then on (see {@link failure}):
   * the journal still holds them for the next start.
   */
  commit(): void {
    if (!this.#writes) return;
    this.#writes = undefined;
    try {
      this.#run('COMMIT', []);
    } catch (error) {
      this.#fail(error);
    }
  }

  /** How many writes the open transaction holds, not committed yet (0 when none is open). */
  get pendingWrites(): number {
    return this.#writes?.length ?? 0;
  }

  /** Why this database refuses writes and snapshots, if it does: a transaction it could not keep. */
  get failure(): Error | undefined {
    return this.#failure;
  }

  /** A value from the `meta` table, 0 when unset or when the table does not exist yet. */
  meta(key: string): number {
    const hasMeta = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'";
    if (!this.one(hasMeta, [], () => true)) return 0;
    return this.one('SELECT value FROM meta WHERE key = ?', [key], (row) => Number(row[0])) ?? 0;
  }

  /**
   * The database file as it is now, for a snapshot: the open transaction is committed first, and
   * sql.js's `export()` copies the file into a fresh buffer that no later write changes.
   */
  snapshot(): Uint8Array {
    this.commit();
    if (this.#failure) throw this.#failure;
    return this.db.export();
  }

  /** Frees every statement and the database. */
  close(): void {
    // After a failure nothing is open, so this commits only writes that can still be kept.
    this.commit();
    for (const statement of this.#statements.values()) statement.free();
    this.#statements.clear();
    this.db.close();
  }

  /** Opens a transaction, committed {@link COMMIT_DELAY_MS} from now at the latest. */
  #begin(): Array<readonly SqlOp[]> {
    // Prepared like any statement: `exec` would parse BEGIN and COMMIT again every time.
    this.#run('BEGIN', []);
    this.#writes = [];
    if (!this.#commitScheduled) {
      this.#commitScheduled = true;
      // Unreferenced: a pending commit keeps no process alive (`close` commits what is open).
      setTimeout(() => {
        this.#commitScheduled = false;
        this.commit();
      }, COMMIT_DELAY_MS).unref();
    }
    return this.#writes;
  }

  /** Rolls the open transaction back and applies `writes`, the ones before the failed write, again. */
  #undo(writes: Array<readonly SqlOp[]>): void {
    this.#rollback();
    if (writes.length === 0) return;
    try {
      const again = this.#begin();
      for (const ops of writes) {
        for (const [sql, params] of ops) this.#run(sql, params);
        again.push(ops);
      }
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    this.#failure ??= new Error('the in-memory database lost a transaction', { cause: error });
    this.#rollback();
  }

  #rollback(): void {
    this.#writes = undefined;
    try {
      this.#run('ROLLBACK', []);
    } catch {
      // Nothing was open: SQLite rolls a transaction back by itself after some errors.
    }
  }

  #run(sql: string, params: readonly SqlValue[]): void {
    this.one(sql, params, () => undefined);
  }

  #prepare(sql: string, params: readonly SqlValue[]): Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    statement.bind(params as SqlValue[]);
    return statement;
  }
}
