import type { Store } from '@course-service/runtime';
import type { OpenSqljsStoreOptions } from './sqljs/open-sqljs-store.ts';
import type { StoreProbe } from './store-probe.ts';

/**
 * Which store to open: PostgreSQL when `database` is given, else sql.js in `dataDir`, with its
 * `checkpointEntries` (set high to measure writes without checkpoints).
 */
export interface OpenStoreOptions
  extends Pick<OpenSqljsStoreOptions, 'dataDir' | 'logger' | 'checkpointEntries'> {
  database?: { url: string; poolSize: number; waitSeconds: number } | undefined;
  /** Told of journal writes, checkpoints, statements and the pool (metrics, traces). */
  probe?: StoreProbe | undefined;
}

/**
 * Opens the configured backend: the one place that chooses between them. Each backend is
 * imported only when chosen, so a server on one never loads (or waits for) the other's driver.
 *
 * @example const store = await openStore({ dataDir: './data', database: config.database, logger });
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const { database, dataDir, logger, probe, checkpointEntries } = options;
  if (database) {
    const { openPostgresStore } = await import('./postgres/open-postgres-store.ts');
    return openPostgresStore({ ...database, waitMs: database.waitSeconds * 1000, logger, probe });
  }
  const { openSqljsStore } = await import('./sqljs/open-sqljs-store.ts');
  return openSqljsStore({ dataDir, logger, probe, checkpointEntries });
}
