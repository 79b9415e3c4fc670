import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import { parseExposition, type Sample, sampleValue } from '../../test-support/server/prometheus-text.ts';
import {
  createTestDatabase,
  createTestRedis,
  type TestDatabase,
} from '../../test-support/services/test-backend.ts';

// The store's and Redis's metrics, on a real PostgreSQL and Redis, and with a Redis that is away.

let database: TestDatabase;
let shared: TestServer;
let away: TestServer;

/** The samples of a scrape of `server`. */
async function scrape(server: TestServer): Promise<Sample[]> {
  return parseExposition(await (await fetch(`${server.url}/metrics`)).text()).samples;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const redis = createTestRedis();
  // Both at once: the server whose Redis is away waits for it a moment before it starts.
  [shared, away] = await Promise.all([
    startTestServer({
      METRICS: 'on',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '3',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
    }),
    startTestServer({ METRICS: 'on', REDIS_URL: 'redis://127.0.0.1:1' }),
  ]);
});

afterAll(async () => {
  await Promise.all([shared?.close(), away?.close()]);
  await database?.drop();
});

describe('store and Redis metrics', () => {
  it('times PostgreSQL statements by name and reads the pool at each scrape', async () => {
    const key = await shared.apiKey('carol');
    for (let i = 0; i < 3; i++) await shared.call('GET', '/api/v1/courses', { bearer: key });
    const samples = await scrape(shared);
    const statement = (name: string) =>
      sampleValue(samples, 'db_client_operation_duration_seconds_count', { db_query_summary: name });
    expect(statement('insert-api-key')).toBe(1);
    expect(statement('find-api-keys')).toBeGreaterThanOrEqual(1);
    expect(statement('list-courses')).toBe(3);
    expect(sampleValue(samples, 'db_client_connection_max')).toBe(3);
    const idle =
      sampleValue(samples, 'db_client_connection_count', { db_client_connection_state: 'idle' }) ?? -1;
    const used =
      sampleValue(samples, 'db_client_connection_count', { db_client_connection_state: 'used' }) ?? -1;
    expect(idle).toBeGreaterThanOrEqual(1);
    expect(idle + used).toBeLessThanOrEqual(3);
    expect(sampleValue(samples, 'db_client_connection_pending_requests')).toBe(0);
    expect(sampleValue(samples, 'course_service_rate_limit_memory_fallback')).toBe(0);
    expect(sampleValue(samples, 'course_service_redis_errors_total')).toBe(0);
  });

  it('shows the limits kept in memory, and the errors, while Redis is away', async () => {
    const samples = await scrape(away);
    expect(sampleValue(samples, 'course_service_rate_limit_memory_fallback')).toBe(1);
    expect(sampleValue(samples, 'course_service_redis_errors_total')).toBeGreaterThanOrEqual(1);
    // No PostgreSQL here: no pool to read.
    expect(sampleValue(samples, 'db_client_connection_max')).toBeUndefined();
  });
});
