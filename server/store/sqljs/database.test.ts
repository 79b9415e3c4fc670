import { setImmediate as nextTurn } from 'node:timers/promises';
import { StoreConflictError } from '@course-service/runtime';
import initSqlJs from 'sql.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqlDatabase } from './database.ts';
import type { SqlOp } from './journal-codec.ts';

const SQL = await initSqlJs();
const insert = (n: number, name = `row ${n}`): SqlOp => ['INSERT INTO t (n, name) VALUES (?, ?)', [n, name]];

function newDatabase(): { sql: SqlDatabase } {
  const sql = new SqlDatabase(new SQL.Database());
  sql.db.exec(
    'CREATE TABLE t (n INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE); CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER)',
  );
  return { sql };
}

const rows = (sql: SqlDatabase): number[] =>
  sql.all('SELECT n FROM t ORDER BY n', [], (row) => Number(row[0]));

/** Rows of committed transactions: all of them but the open transaction's. */
const committedRows = (sql: SqlDatabase): number => rows(sql).length - sql.pendingWrites;

describe('SqlDatabase: writes share a transaction', () => {
  // Only `setTimeout` is faked: the commit's timer. Turns of the event loop still pass for real.
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout'] }));
  afterEach(() => void vi.useRealTimers());

  it('commits the writes of 50 ms together, across turns of the event loop', async () => {
    const { sql } = newDatabase();
    for (let n = 1; n <= 20; n++) sql.transact([insert(n)]);
    await nextTurn();
    for (let n = 21; n <= 40; n++) sql.transact([insert(n)]);
    // Visible at once to this connection, but not yet in the file.
    expect(rows(sql)).toHaveLength(40);
    expect(committedRows(sql)).toBe(0);
    vi.advanceTimersByTime(49);
    expect(committedRows(sql)).toBe(0);
    vi.advanceTimersByTime(1);
    expect(committedRows(sql)).toBe(40);
    sql.close();
  });

  it('commits a long run of writes 256 at a time, without waiting', () => {
    const { sql } = newDatabase();
    for (let n = 1; n <= 600; n++) sql.transact([insert(n)]);
    expect(committedRows(sql)).toBe(512);
    sql.close();
  });

  it('undoes a failed write alone: the writes before it in the transaction stay, and later ones join', () => {
    const { sql } = newDatabase();
    sql.transact([insert(1, 'a')]);
    sql.transact([insert(2, 'b')]);
    // Its first statement succeeds and its second breaks a uniqueness rule: neither may stay.
    expect(() => sql.transact([insert(3, 'c'), insert(4, 'a')])).toThrow(StoreConflictError);
    expect(rows(sql)).toEqual([1, 2]);
    sql.transact([insert(5, 'e')]);
    vi.advanceTimersByTime(50);
    expect(committedRows(sql)).toBe(3);
    expect(rows(sql)).toEqual([1, 2, 5]);
    expect(sql.failure).toBeUndefined();
    sql.close();
  });

  it('rethrows an error that is not a conflict, changing nothing', () => {
    const { sql } = newDatabase();
    sql.transact([insert(1)]);
    expect(() => sql.transact([['INSERT INTO missing VALUES (?)', [1]]])).toThrow(/no such table/);
    expect(rows(sql)).toEqual([1]);
    sql.close();
  });

  it('commits before a snapshot, so the snapshot holds every write made so far', () => {
    const { sql } = newDatabase();
    for (let n = 1; n <= 10; n++) sql.transact([insert(n)]);
    const image = new SQL.Database(sql.snapshot());
    expect(image.exec('SELECT count(*) FROM t')[0]?.values[0]?.[0]).toBe(10);
    image.close();
    sql.close();
  });
});
