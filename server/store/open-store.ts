import type { Store } from '../../core/index.ts';
import type { StoreLogger } from './store-logger.ts';

/** Which store to open: PostgreSQL when `database` is given, else sql.js in `dataDir`. */
export interface OpenStoreOptions {
  dataDir: string;
  database?: { url: string; poolSize: number; waitSeconds: number } | undefined;
  logger?: StoreLogger;
}

/**
 * Opens the configured backend: the one place that chooses between them. Each backend is
 * imported only when chosen, so a server on one never loads (or waits for) the other's driver.
 *
 * @example const store = await openStore({ dataDir: './data', database: config.database, logger });
 */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const { database, dataDir, logger } = options;
  if (database) {
    const { openPostgresStore } = await import('./postgres/open-postgres-store.ts');
    return openPostgresStore({ ...database, waitMs: database.waitSeconds * 1000, logger });
  }
  const { openSqljsStore } = await import('./sqljs/open-sqljs-store.ts');
  return openSqljsStore({ dataDir, logger });
}
