import { openPostgresStore } from './postgres/open-postgres-store.ts';
import { openSqljsStore } from './sqljs/open-sqljs-store.ts';
import type { Store } from './store.ts';
import type { StoreLogger } from './store-logger.ts';

/** Which store to open: PostgreSQL when `database` is given, else sql.js in `dataDir`. */
export interface OpenStoreOptions {
  dataDir: string;
  database?: { url: string; poolSize: number } | undefined;
  logger?: StoreLogger;
}

/**
 * Opens the configured backend: the one place that chooses between them.
 *
 * @example const store = await openStore({ dataDir: './data', database: config.database, logger });
 */
export function openStore(options: OpenStoreOptions): Promise<Store> {
  const { database, dataDir, logger } = options;
  return database ? openPostgresStore({ ...database, logger }) : openSqljsStore({ dataDir, logger });
}
