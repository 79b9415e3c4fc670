import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from './migrations.ts';

const SQL = await initSqlJs();
const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0;
const userVersion = (db: InstanceType<typeof SQL.Database>) =>
  db.exec('PRAGMA user_version')[0]?.values[0]?.[0];

/** A database brought up to the first `steps` migrations, holding one course (`crs_old`) made then. */
function databaseAfter(steps: number, status: string) {
  const db = new SQL.Database();
  applyMigrations(db, MIGRATIONS.slice(0, steps));
  db.run(
    `INSERT INTO courses (id, owner_id, name, description, status, created_at, updated_at, seq)
      VALUES ('crs_old', 'a', 'Old', '', ?, 't', 't', 1)`,
    [status],
  );
  return db;
}

describe('applyMigrations', () => {
  it('brings a new database to the latest version, once', () => {
    const db = new SQL.Database();
    expect(applyMigrations(db)).toBe(MIGRATIONS.length);
    expect(userVersion(db)).toBe(SCHEMA_VERSION);
    expect(applyMigrations(db)).toBe(0);
  });

  it('runs only the steps after the current version, each atomically', () => {
    const db = new SQL.Database();
    const steps = [
      { version: 1, name: 'one', statements: ['CREATE TABLE a (x)'] },
      { version: 2, name: 'two', statements: ['CREATE TABLE b (x)', 'CREATE TABLE a (x)'] },
    ];
    expect(() => applyMigrations(db, steps)).toThrow(/migration 2 \(two\) failed/);
    expect(userVersion(db)).toBe(1);
    expect(db.exec("SELECT name FROM sqlite_master WHERE name = 'b'")).toEqual([]);
  });

  it('puts courses made before environments existed in production (version 2)', () => {
    const db = databaseAfter(1, 'draft');
    expect(applyMigrations(db)).toBe(MIGRATIONS.length - 1);
    expect(db.exec("SELECT environment FROM courses WHERE id = 'crs_old'")[0]?.values).toEqual([['prod']]);
  });

  it('drops the index of courses by status, keeping the courses and the index by owner (version 3)', () => {
    const db = databaseAfter(2, 'published');
    expect(applyMigrations(db)).toBe(MIGRATIONS.length - 2);
    const indexes = db.exec(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'courses' AND sql IS NOT NULL",
    );
    expect(indexes[0]?.values).toEqual([['courses_owner_env_seq']]);
    expect(db.exec("SELECT status FROM courses WHERE id = 'crs_old'")[0]?.values).toEqual([['published']]);
  });

  it('refuses a database from newer code', () => {
    const db = new SQL.Database();
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => applyMigrations(db)).toThrow(/newer than this code/);
  });
});
