import { expect, test } from 'vitest';
import { createTestDatabase, createTestRedis } from '../../server/test-support/test-backend.ts';
import { startBuiltInTarget } from './built-in-target.ts';

test('on PostgreSQL and Redis, the built-in server counts under the prefix it is given and deletes its keys as it closes', async () => {
  const database = await createTestDatabase();
  const redis = createTestRedis();
  try {
    const target = await startBuiltInTarget(
      {},
      { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix },
    );
    // A failed authentication counts against the client address; a key listing against the subject.
    const anonymous = await target.fetch(new Request(`${target.baseUrl}/api/v1/courses`));
    const token = await target.issueIdToken('prefix-owner');
    const listed = await target.fetch(
      new Request(`${target.baseUrl}/api/v1/api-keys`, { headers: { authorization: `Bearer ${token}` } }),
    );
    expect([anonymous.status, listed.status]).toEqual([401, 200]);
    const counted = await redis.keys();
    expect(counted.filter((key) => key.includes(':rl:auth-failures:')).length).toBe(1);
    expect(counted.filter((key) => key.endsWith(':rl:api-keys:prefix-owner')).length).toBe(1);

    await target.close();
    expect(await redis.keys()).toEqual([]);
  } finally {
    await redis.clear();
    await database.drop();
  }
});
