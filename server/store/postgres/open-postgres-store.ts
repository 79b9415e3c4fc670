import pg from 'pg';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger.ts';
import { migrate } from './migrations.ts';
import { PostgresStore } from './postgres-store.ts';

/** Where and how to open the PostgreSQL store. */
export interface OpenPostgresStoreOptions {
  /** `postgres://user[:password]@host[:port]/database[?sslmode=…]`. */
  url: string;
  /** Connections this instance keeps at most. */
  poolSize: number;
  logger?: StoreLogger;
}

/**
 * Opens the PostgreSQL store: a connection pool, then the schema migrations under an advisory
 * lock (instances starting together migrate once). Fails with a clear message when the database
 * does not answer, rather than starting an instance that cannot serve.
 *
 * @example const store = await openPostgresStore({ url: process.env.DATABASE_URL, poolSize: 10 });
 */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const logger = options.logger ?? SILENT_LOGGER;
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    connectionTimeoutMillis: 5000,
    // Ends a query that hangs (a lock held by a stuck peer, a lost network) instead of the request.
    query_timeout: 30_000,
  });
  // An idle connection that breaks (a database restart) is dropped by the pool; without a listener
  // the error would end the process. Once open, the store reports such losses with its outages.
  const whileOpening = (err: Error) => logger.warn({ err }, 'postgres: idle connection lost');
  pool.on('error', whileOpening);
  try {
    const started = performance.now();
    const client = await pool.connect();
    let migrated: number;
    try {
      migrated = await migrate(client);
    } finally {
      client.release();
    }
    const ms = Math.round(performance.now() - started);
    logger.info({ backend: 'postgres', migrated, ms, poolSize: options.poolSize }, 'store opened');
    const store = new PostgresStore(pool, logger);
    pool.off('error', whileOpening);
    return store;
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`PostgreSQL at DATABASE_URL could not be opened: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
