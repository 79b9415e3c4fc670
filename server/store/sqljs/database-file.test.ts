import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import initSqlJs, { type Database } from 'sql.js';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test-support.ts';
import { SqlDatabase } from './database.ts';
import { DatabaseFile, readWithRoom } from './database-file.ts';

const SQL = await initSqlJs();
const MARKER = 'marker';

function rowsIn(image: Uint8Array): number {
  const db = new SQL.Database(image);
  try {
    return Number(db.exec('SELECT count(*) FROM t')[0]?.values[0]?.[0]);
  } finally {
    db.close();
  }
}

/** Inserts `count` rows of about 1 KiB, writes the marker a snapshot must hold, and commits. */
function grow(sql: SqlDatabase, from: number, count: number): void {
  const ops = Array.from(
    { length: count },
    (_, i) => ['INSERT INTO t VALUES (?, ?)', [from + i, 'x'.repeat(1000)]] as const,
  );
  sql.transact(ops);
  sql.transact([
    [
      'INSERT INTO meta VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      [MARKER, from + count],
    ],
  ]);
  sql.commit();
}

function newDatabase(minRoom?: number): { sql: SqlDatabase; file: DatabaseFile } {
  const file = new DatabaseFile(SQL, undefined, minRoom);
  const sql = new SqlDatabase(file);
  sql.db.exec(
    'CREATE TABLE t (n INTEGER PRIMARY KEY, body TEXT); CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER)',
  );
  return { sql, file };
}

const holds = (value: number) => (image: Database) =>
  Number(image.exec('SELECT value FROM meta WHERE key = ?', [MARKER])[0]?.values[0]?.[0]) === value;

describe('DatabaseFile', () => {
  it('hands out the live file, grown in place, checked against what was just written', () => {
    const { sql, file } = newDatabase();
    const buffers = new Set<ArrayBufferLike>();
    for (let round = 1; round <= 5; round++) {
      grow(sql, (round - 1) * 2000, 2000);
      const live = file.current(holds(round * 2000));
      expect(live && rowsIn(live)).toBe(round * 2000);
      if (live) buffers.add(live.buffer);
      expect(rowsIn(sql.snapshot({ key: MARKER, value: round * 2000 }).bytes)).toBe(round * 2000);
    }
    // 10 MiB written, and the file never left the buffer it was opened in.
    expect(buffers.size).toBe(1);
    // Bytes that do not hold the marker just written are refused.
    expect(file.current(holds(1))).toBeUndefined();
    sql.close();
  });

  it('copies the file into a buffer made ready beforehand, and only into one that is big enough', async () => {
    const { sql, file } = newDatabase();
    grow(sql, 0, 1000);
    expect(file.copy(holds(1000))).toBeUndefined();
    await sql.prepareSnapshot(file.size() / 2);
    expect(file.copy(holds(1000))).toBeUndefined();
    await sql.prepareSnapshot(4 * file.size());
    const copy = file.copy(holds(1000));
    expect(copy && rowsIn(copy)).toBe(1000);
    // The copy stays as it was while the database moves on, until it is released.
    grow(sql, 1000, 1000);
    expect(copy && rowsIn(copy)).toBe(1000);
    expect(sql.snapshot({ key: MARKER, value: 2000 })).toMatchObject({ live: false });
    sql.releaseSnapshot();
    const { bytes, live } = sql.snapshot({ key: MARKER, value: 2000 });
    expect(live).toBe(true);
    expect(rowsIn(bytes)).toBe(2000);
    sql.close();
  });

  it('falls back to sql.js export once the file outgrows its room, losing nothing', () => {
    const { sql, file } = newDatabase(64 * 1024);
    grow(sql, 0, 500);
    // 500 KiB of rows in a buffer with 64 KiB of room to start with: the file system has moved it.
    expect(file.current(() => true)).toBeUndefined();
    const { bytes, live } = sql.snapshot({ key: MARKER, value: 500 });
    expect(live).toBe(false);
    expect(rowsIn(bytes)).toBe(500);
    sql.close();
  });

  it('reads a file with room behind it, and nothing for a missing file', async () => {
    const dir = await tempDir();
    const { sql: source } = newDatabase();
    grow(source, 0, 100);
    const path = join(dir, 'db.sqlite');
    await writeFile(path, source.db.export());
    source.close();

    const image = await readWithRoom(path);
    expect(image?.length).toBeGreaterThan(100 * 1000);
    expect(image?.buffer.byteLength).toBeGreaterThan(256 * 1024 * 1024);
    const file = new DatabaseFile(SQL, image);
    const sql = new SqlDatabase(file);
    grow(sql, 100, 100);
    const copy = file.current(holds(200));
    expect(copy && rowsIn(copy)).toBe(200);
    sql.close();

    expect(await readWithRoom(join(dir, 'missing.sqlite'))).toBeUndefined();
  });
});
