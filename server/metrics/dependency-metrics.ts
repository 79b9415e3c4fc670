import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { RedisProbe } from '../rate-limit/redis-probe.ts';
import type { StoreProbe } from '../store/store-probe.ts';

/** Buckets for disk and database steps, in seconds: from half a millisecond to ten seconds. */
const STEP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * The store's metrics: the sql.js journal's fsync'd group writes and its checkpoints, PostgreSQL
 * statements by name and, once a pool is watched, its connections (the OpenTelemetry database
 * conventions' names).
 */
function storeMetrics(registry: Registry): StoreProbe {
  const registers = [registry];
  const flushes = new Histogram({
    name: 'course_service_journal_fsync_duration_seconds',
    help: 'sql.js journal group writes (one write and one fdatasync), by duration.',
    buckets: STEP_BUCKETS,
    registers,
  });
  const checkpoints = new Histogram({
    name: 'course_service_checkpoint_duration_seconds',
    help: 'sql.js checkpoints (a snapshot written and synced, the journal dropped), by duration.',
    buckets: STEP_BUCKETS,
    registers,
  });
  const queries = new Histogram({
    name: 'db_client_operation_duration_seconds',
    help: 'PostgreSQL statements, by prepared statement name, by duration.',
    labelNames: ['db_query_summary'],
    buckets: STEP_BUCKETS,
    registers,
  });
  return {
    journalFlush: () => flushes.startTimer(),
    checkpoint: () => checkpoints.startTimer(),
    query: (statement) => queries.startTimer({ db_query_summary: statement }),
    watchPool(read) {
      new Gauge({
        name: 'db_client_connection_count',
        help: 'PostgreSQL pool connections open, by state (idle or used).',
        labelNames: ['db_client_connection_state'],
        registers,
        collect() {
          const pool = read();
          this.set({ db_client_connection_state: 'idle' }, pool.idle);
          this.set({ db_client_connection_state: 'used' }, pool.total - pool.idle);
        },
      });
      new Gauge({
        name: 'db_client_connection_max',
        help: 'PostgreSQL pool connections allowed at most.',
        registers,
        collect() {
          this.set(read().max);
        },
      });
      new Gauge({
        name: 'db_client_connection_pending_requests',
        help: 'Callers waiting for a PostgreSQL pool connection.',
        registers,
        collect() {
          this.set(read().waiting);
        },
      });
    },
  };
}

/** The Redis connection's metrics, registered once a connection is watched (REDIS_URL set). */
function redisMetrics(registry: Registry): RedisProbe {
  let errors: Counter | undefined;
  return {
    failed: () => errors?.inc(),
    watchFallback(read) {
      errors = new Counter({
        name: 'course_service_redis_errors_total',
        help: 'Connection errors the Redis client raised (lost, refused, reset).',
        registers: [registry],
      });
      new Gauge({
        name: 'course_service_rate_limit_memory_fallback',
        help: "1 while Redis is away and rate limits are kept in this instance's memory, else 0.",
        registers: [registry],
        collect() {
          this.set(read() ? 1 : 0);
        },
      });
    },
  };
}

/** The metrics of the store and of Redis, as the probes they are told through. */
export function dependencyMetrics(registry: Registry): { storeProbe: StoreProbe; redisProbe: RedisProbe } {
  return { storeProbe: storeMetrics(registry), redisProbe: redisMetrics(registry) };
}
