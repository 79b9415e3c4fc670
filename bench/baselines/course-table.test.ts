import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@course-service/server';
import initSqlJs, { type Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_TABLE, courseRow, INSERT_COURSE } from './course-table.ts';

// koa-sqljs.ts is the store's floor only if its rows cost what ours do: the same columns (an index
// entry per index, a value per column) in the same table shape. The store's schema is read from
// the database file a real store writes, through the server's public entry.

const SQLITE_HEADER = 'SQLite format 3\0';

let dir: string;
let ours: Database;
let baseline: Database;

/** The database file a store left in `dataDir`: the one file that begins with SQLite's header. */
async function databaseFile(dataDir: string): Promise<Uint8Array> {
  for (const name of await readdir(dataDir)) {
    const bytes = await readFile(join(dataDir, name));
    if (bytes.subarray(0, SQLITE_HEADER.length).toString('latin1') === SQLITE_HEADER) return bytes;
  }
  throw new Error(`no SQLite database in ${dataDir}`);
}

/** The `courses` table as SQLite describes it: each column, and each index with its columns. */
function shapeOf(db: Database) {
  const rows = (sql: string) => db.exec(sql)[0]?.values ?? [];
  const indexes = rows('PRAGMA index_list(courses)').map(([, name, unique, origin, partial]) => ({
    // SQLite names the indexes behind PRIMARY KEY and UNIQUE itself; those created by name keep it.
    name: origin === 'c' ? name : origin,
    unique,
    partial,
    columns: rows(`PRAGMA index_info('${String(name)}')`).map(([, , column]) => column),
  }));
  return {
    columns: rows('PRAGMA table_info(courses)'),
    indexes: indexes.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bench-course-table-'));
  const store = await openStore({ dataDir: dir });
  await store.close();
  const sqlJs = await initSqlJs();
  ours = new sqlJs.Database(await databaseFile(dir));
  baseline = new sqlJs.Database();
  for (const statement of COURSE_TABLE) baseline.exec(statement);
});

afterAll(async () => {
  ours?.close();
  baseline?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the koa-sql baseline's course table", () => {
  it("has our store's columns and indexes", () => {
    expect(shapeOf(baseline)).toEqual(shapeOf(ours));
    expect(shapeOf(ours).indexes.length).toBeGreaterThan(0);
  });

  it("inserts a course into our store's own table", () => {
    const course = {
      id: 'crs_0000000000000001',
      name: 'A course',
      description: 'Inserted by the baseline statement.',
      status: 'draft' as const,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: null,
      archivedAt: null,
    };
    ours.run(INSERT_COURSE, courseRow(course, 'owner', 1));
    expect(ours.exec('SELECT id, owner_id, environment, seq FROM courses')[0]?.values).toEqual([
      [course.id, 'owner', 'prod', 1],
    ]);
  });
});
