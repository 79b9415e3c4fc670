import type { DependencyHealth, IdempotentResponse } from '@course-service/runtime';
import { StoreConflictError, serviceUnavailable } from '@course-service/runtime';
import type DataLoader from 'dataloader';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { createOutageLog, type OutageLog } from '../../outages/outage-log.ts';
import { SILENT_LOGGER, type StoreLogger } from '../store-logger.ts';
import { NO_STORE_PROBE, type StoreProbe } from '../store-probe.ts';
import { inTransaction, run } from './batched-statements.ts';
import { isPostgresOutage } from './outage-errors.ts';
import * as S from './statements.ts';

const HEALTH_TIMEOUT_MS = 2000;
/** A `beforeSeq` past every row: the first page. */
export const NO_CURSOR = Number.MAX_SAFE_INTEGER;

/**
 * What every part of the PostgreSQL store runs its statements through: the pool, the calls in
 * flight (which `close` waits for), and the outage log that turns a database away into `503`.
 */
export class PostgresSession {
  #closed: Promise<void> | undefined;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #outage: OutageLog;

  /** Use `openPostgresStore`; this wires a pool whose database is already migrated. */
  constructor(
    protected readonly pool: Pool,
    logger: StoreLogger = SILENT_LOGGER,
    protected readonly probe: StoreProbe = NO_STORE_PROBE,
  ) {
    this.#outage = createOutageLog(logger, 'postgres', 'requests that need the database answer 503');
    // A pooled connection that breaks while idle is the first sign of an outage.
    pool.on('error', (err) => this.#outage.failed(err));
    probe.watchPool(() => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
  }

  async checkHealth(): Promise<DependencyHealth> {
    if (this.#closed) return { status: 'down', detail: 'The store is closed.' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), timeout]);
      return { status: 'up' };
    } catch {
      return { status: 'down', detail: 'PostgreSQL does not answer.' };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Refuses new calls at once, lets every call already made finish, then ends the pool. */
  close(): Promise<void> {
    this.#closed ??= this.#drain().then(() => this.pool.end());
    return this.#closed;
  }

  async #drain(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled(this.#inFlight);
  }

  /** Each row of the answer, as `read` makes it. */
  protected async read<T>(name: string, text: string, values: unknown[], read: (row: S.Row) => T) {
    return (await this.query(name, text, values)).rows.map(read);
  }

  /** The first row `read` makes of the answer, if any. */
  protected async first<T>(name: string, text: string, values: unknown[], read: (row: S.Row) => T) {
    return (await this.read(name, text, values, read))[0];
  }

  protected transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    this.assertOpen();
    return this.track(inTransaction(this.pool, work));
  }

  /**
   * Inserts one row and answers its `seq`; with `idempotent` (its claim completed) or `then` (more
   * writes, given the new `seq`), in one transaction.
   */
  protected async insert(
    name: string,
    text: string,
    values: unknown[],
    idempotent: IdempotentResponse | undefined,
    then?: (client: PoolClient, seq: number) => Promise<void>,
  ): Promise<number> {
    if (!idempotent && !then) return seqOf(await this.query(name, text, values));
    return this.transaction(async (client) => {
      const seq = await this.insertIn(client, name, text, values, idempotent);
      await then?.(client, seq);
      return seq;
    });
  }

  /** Inserts one row within `client`'s transaction and, with `idempotent`, completes its claim. */
  protected async insertIn(
    client: PoolClient,
    name: string,
    text: string,
    values: unknown[],
    idempotent: IdempotentResponse | undefined,
  ): Promise<number> {
    const inserted = await run(client, this.probe, name, text, values);
    if (idempotent) {
      const params = S.idempotentParams(idempotent);
      const stored = await run(client, this.probe, 'complete-idempotent', S.SQL.completeIdempotent, params);
      if (stored.rowCount !== 1) throw new StoreConflictError('a response is already stored under this key');
    }
    return seqOf(inserted);
  }

  protected query(name: string, text: string, values: unknown[]): Promise<QueryResult> {
    this.assertOpen();
    return this.track(run(this.pool, this.probe, name, text, values));
  }

  /** Joins the batch of this turn of the event loop. */
  protected load<K, V>(loader: DataLoader<K, V>, key: K): Promise<V> {
    this.assertOpen();
    return this.track(loader.load(key));
  }

  /**
   * Keeps `work` in the set {@link close} waits for, until it settles. A failure that means the
   * database is away becomes `503 service_unavailable` (logged once per outage); any other stays
   * as it is, a 500 unless a caller knows better.
   */
  protected track<T>(work: Promise<T>): Promise<T> {
    const startedIn = this.#outage.epoch;
    const tracked = work.then(
      (value) => {
        this.#outage.succeeded(startedIn);
        return value;
      },
      (error: unknown) => {
        if (!isPostgresOutage(error)) throw error;
        this.#outage.failed(error, startedIn);
        throw serviceUnavailable('The database', { cause: error });
      },
    );
    this.#inFlight.add(tracked);
    const forget = () => this.#inFlight.delete(tracked);
    tracked.then(forget, forget);
    return tracked;
  }

  protected assertOpen(): void {
    if (this.#closed) throw new Error('the store is closed');
  }
}

/** The `seq` an insert returned (a bigint, as text). */
export function seqOf(result: QueryResult): number {
  return Number(result.rows[0]?.seq);
}
