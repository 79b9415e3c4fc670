import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { readIfExists } from '../../read-if-exists.ts';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { SqlDatabase } from './database.ts';
import { Durability, type DurabilityOptions } from './durability.ts';
import { FILES, resetJournal, writeSnapshot } from './files.ts';
import { entriesAfter, type JournalEntry, parseJournal } from './journal-codec.ts';
import { applyMigrations } from './migrations.ts';
import { SqljsStore } from './sqljs-store.ts';
import { META, SQL as SQL_TEXT } from './statements.ts';

/** Where and how to open the store: the journal's checkpoint thresholds and probe as {@link Durability}'s. */
export interface OpenSqljsStoreOptions extends Omit<DurabilityOptions, 'dir' | 'logger'> {
  /** Directory for the snapshot and journal, created if missing; `':memory:'` keeps nothing on disk. */
  dataDir: string;
  logger?: StoreLogger;
}

let sqlJs: Promise<SqlJsStatic> | undefined;

/**
 * Opens the sql.js store: loads the last snapshot, replays the journal written after it (a torn
 * last line from a crash is dropped; damage before the end throws), migrates the schema, and
 * checkpoints when anything was replayed or migrated so the next start is fast.
 *
 * @example const store = await openSqljsStore({ dataDir: './data', logger });
 */
export async function openSqljsStore(options: OpenSqljsStoreOptions): Promise<SqljsStore> {
  sqlJs ??= initSqlJs();
  const SQL = await sqlJs;
  const logger = options.logger ?? SILENT_LOGGER;
  if (options.dataDir === ':memory:') {
    const sql = new SqlDatabase(new SQL.Database());
    applyMigrations(sql.db);
    return new SqljsStore(sql, undefined);
  }

  const started = performance.now();
  const dir = options.dataDir;
  await mkdir(dir, { recursive: true });
  const unlock = await lockDataDir(dir, logger);
  let sql: SqlDatabase | undefined;
  try {
    await rm(join(dir, FILES.snapshotTemp), { force: true });
    const snapshot = await readIfExists(join(dir, FILES.snapshot));
    sql = new SqlDatabase(new SQL.Database(snapshot));
    const hasSnapshot = snapshot !== undefined;
    const baseSeq = sql.meta(META.journalSeq);
    const { entries, dirty } = await readJournals(dir, logger);
    if (!hasSnapshot && entries.length > 0) throw new Error(`${dir}: journal entries but no snapshot`);
    const replay = entriesAfter(entries, baseSeq);
    // One transaction for the lot: each entry committed once already, so this is equivalent.
    sql.transact(replay.flatMap((entry) => entry.ops));
    sql.commit();
    const lastSeq = replay.at(-1)?.seq ?? baseSeq;
    const migrated = applyMigrations(sql.db);
    if (replay.length > 0 || migrated > 0 || dirty || !hasSnapshot) {
      // Snapshot first, then empty the journal: a crash between the two replays nothing twice,
      // because entries up to `lastSeq` are skipped.
      sql.transact([[SQL_TEXT.setMeta, [META.journalSeq, lastSeq]]]);
      await writeSnapshot(dir, sql.snapshot());
      await resetJournal(dir);
    }
    const durability = await Durability.open(sql, lastSeq, { ...options, dir, logger });
    const store = new SqljsStore(sql, durability, unlock);
    const ms = Math.round(performance.now() - started);
    logger.info({ dataDir: dir, replayed: replay.length, migrated, ms }, 'store opened');
    return store;
  } catch (error) {
    sql?.close();
    await unlock();
    throw error;
  }
}

/** The entries of both journal files, oldest first, and whether either holds anything. */
async function readJournals(dir: string, logger: StoreLogger) {
  const entries: JournalEntry[] = [];
  let dirty = false;
  // A crash during a checkpoint can leave both files; the older one's entries come first.
  for (const name of [FILES.journal, FILES.nextJournal]) {
    const bytes = await readIfExists(join(dir, name));
    if (!bytes || bytes.length === 0) continue;
    dirty = true;
    const { entries: read, tornBytes } = parseJournal(bytes, join(dir, name));
    if (tornBytes > 0) logger.warn({ file: name, tornBytes }, 'store journal: dropped a torn last write');
    entries.push(...read);
  }
  return { entries, dirty };
}
