import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { deleteRedisKeys, withRedis } from './redis-keys.ts';

/** A throwaway database: its URL, and dropping it. */
export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates `cs_test_<random>` on the run's PostgreSQL (see `global-services.ts`). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = new URL(inject('services').postgresUrl);
  const name = `cs_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    // FORCE ends connections a killed test server left behind.
    drop: () => adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** A Redis key prefix of its own, and deleting every key under it. */
export interface TestRedis {
  url: string;
  keyPrefix: string;
  /** Every key under the prefix now. */
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

/** A unique key prefix on the run's Redis, so parallel tests never share a counter. */
export function createTestRedis(): TestRedis {
  const url = inject('services').redisUrl;
  const keyPrefix = `cs-test-${randomBytes(6).toString('hex')}:`;
  return {
    url,
    keyPrefix,
    keys: () => withRedis(url, (redis) => redis.keys(`${keyPrefix}*`)),
    clear: () => deleteRedisKeys(url, keyPrefix),
  };
}

/**
 * The variables that put a test server on PostgreSQL and Redis when the test project asks for it
 * (`TEST_BACKEND=postgres`), with a cleanup that drops the database and the keys; nothing for sql.js.
 */
export async function testBackendEnv(): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  if (process.env.TEST_BACKEND !== 'postgres') return { env: {}, cleanup: async () => undefined };
  const database = await createTestDatabase();
  const redis = createTestRedis();
  return {
    env: { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix },
    async cleanup() {
      await Promise.all([database.drop(), redis.clear()]);
    },
  };
}

async function adminQuery(admin: URL, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
