import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, inject, test } from 'vitest';
import { createTestDatabase, createTestRedis } from '../services/test-backend.ts';
import { startBuiltInTarget } from './built-in-target.ts';

test('on PostgreSQL and Redis, the built-in server counts under the prefix it is given and deletes its keys as it closes', async () => {
  const database = await createTestDatabase();
  const redis = createTestRedis();
  const target = await startBuiltInTarget(
    {},
    { DATABASE_URL: database.url, REDIS_URL: redis.url, REDIS_KEY_PREFIX: redis.keyPrefix },
  );
  let closed = false;
  try {
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

    closed = true;
    await target.close();
    expect(await redis.keys()).toEqual([]);
  } finally {
    if (!closed) await target.close();
    await redis.clear();
    await database.drop();
  }
});

test('a built-in server that cannot start leaves no data directory behind', async () => {
  // The data directory is made under the temporary directory, which this test makes its own.
  const tmp = await mkdtemp(join(tmpdir(), 'built-in-target-test-'));
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    // A database that does not exist on the run's PostgreSQL: the start fails at once.
    const database = new URL(inject('services').postgresUrl);
    database.pathname = `/cs_none_${Date.now()}`;
    await expect(startBuiltInTarget({}, { DATABASE_URL: database.href })).rejects.toThrow(/does not exist/);
    expect(await readdir(tmp)).toEqual([]);
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    await rm(tmp, { recursive: true, force: true });
  }
});
