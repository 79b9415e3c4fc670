// Test support for the read-model tests: a store whose database handle the SQL oracle can read,
// and replayable pseudo-random numbers for their random writes.
import initSqlJs from 'sql.js';
import { SILENT_LOGGER } from '../store-logger.ts';
import { SqlDatabase } from './database.ts';
import { Durability } from './durability.ts';
import { writeSnapshot } from './files.ts';
import { applyMigrations } from './migrations.ts';
import { SqljsStore } from './sqljs-store.ts';

export const sqlJs = await initSqlJs();

/** A store built as `openSqljsStore` builds it, but with the database handle kept for the SQL oracle. */
export async function openWithHandle(dir: string | undefined, checkpointEntries?: number) {
  const sql = new SqlDatabase(new sqlJs.Database());
  applyMigrations(sql.db);
  if (dir === undefined) return { sql, store: new SqljsStore(sql, undefined) };
  await writeSnapshot(dir, sql.db.export());
  const options = { dir, logger: SILENT_LOGGER, ...(checkpointEntries ? { checkpointEntries } : {}) };
  const durability = await Durability.open(sql, 0, options);
  return { sql, store: new SqljsStore(sql, durability), durability };
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
export function random(seed: number): (n: number) => number {
  let a = seed;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}
