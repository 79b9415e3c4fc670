import DataLoader from 'dataloader';
import { isPostgresOutage } from './outage-errors.ts';

/** Calls gathered into one statement at most; a bound on the arrays sent and the rows returned. */
const MAX_BATCH = 256;

/**
 * Gathers the calls made in one turn of the event loop and hands them to `run` together, so they
 * reach PostgreSQL as one statement (the DataLoader pattern). The batch is sent from
 * `setImmediate`, after every request read in the same poll phase has made its call; a call made
 * later waits for the next batch, so no result is ever shared with a call that arrived after its
 * statement was sent. Nothing is cached.
 *
 * `run` answers one value per key, in order. When the statement fails for a batch of several, each
 * call runs again alone, so a caller only ever sees the error of its own item; unless the database
 * is away, which every call of the batch then meets.
 *
 * @example const find = perTickBatch((hashes) => findKeysByHash(pool, hashes)); await find.load(hash);
 */
export function perTickBatch<K, V>(run: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  return new DataLoader<K, V>(
    async (keys) => {
      if (keys.length === 1) return run(keys);
      try {
        return await run(keys);
      } catch (error) {
        // The database is away: each call alone would only meet the same outage, slower.
        if (isPostgresOutage(error)) throw error;
        return Promise.all(keys.map((key) => run([key]).then(([value]) => value as V, asError)));
      }
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send) => setImmediate(send) },
  );
}

// DataLoader rejects a caller whose slot holds an Error instance.
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
