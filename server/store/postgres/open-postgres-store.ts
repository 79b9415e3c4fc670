import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger.ts';
import type { StoreProbe } from '../store-probe.ts';
import { migrate } from './migrations.ts';
import { isPostgresOutage } from './outage-errors.ts';
import { PostgresStore } from './postgres-store.ts';

/** Where and how to open the PostgreSQL store. */
export interface OpenPostgresStoreOptions {
  /** `postgres://user[:password]@host[:port]/database[?sslmode=…]`. */
  url: string;
  /** Connections this instance keeps at most. */
  poolSize: number;
  /**
   * How long to wait for a database that does not answer yet (one started beside this server),
   * retrying with a growing pause up to 5 s; 0 fails at once. Other failures never wait.
   */
  waitMs?: number;
  logger?: StoreLogger;
  /** Told of each statement and of the pool's state. */
  probe?: StoreProbe | undefined;
}

/**
 * Opens the PostgreSQL store: a connection pool, then the schema migrations under an advisory
 * lock (instances starting together migrate once). A database that does not answer is waited for
 * up to `waitMs` (logged once, as a warning); past that, or on any other failure, it fails with a
 * clear message rather than starting an instance that cannot serve.
 *
 * @example const store = await openPostgresStore({ url: process.env.DATABASE_URL, poolSize: 10, waitMs: 30_000 });
 */
export async function openPostgresStore(options: OpenPostgresStoreOptions): Promise<PostgresStore> {
  const logger = options.logger ?? SILENT_LOGGER;
  const waitMs = options.waitMs ?? 0;
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
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      const migrated = await migrate(pool);
      const ms = Math.round(performance.now() - started);
      logger.info({ backend: 'postgres', migrated, ms, poolSize: options.poolSize }, 'store opened');
      const store = new PostgresStore(pool, logger, options.probe);
      pool.off('error', whileOpening);
      return store;
    } catch (error) {
      const reason = (error as Error).message;
      const left = waitMs - (performance.now() - started);
      if (isPostgresOutage(error) && left > 0) {
        if (attempt === 1) {
          const { host } = new URL(options.url);
          logger.warn(
            { dependency: 'database', reason },
            `PostgreSQL at ${host} does not answer (${reason}); waiting up to ${Math.round(waitMs / 1000)} s for it (DATABASE_WAIT_SECONDS) before listening`,
          );
        }
        await sleep(Math.min(250 * 2 ** attempt, 5000, left));
        continue;
      }
      await pool.end().catch(() => undefined);
      throw new Error(`PostgreSQL at DATABASE_URL could not be opened: ${reason}`, { cause: error });
    }
  }
}
