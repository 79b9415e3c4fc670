import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/services/test-backend.ts';
import { account, at, draft, newCourse, newEndpoint } from '../../../test-support/store/records.ts';
import { openPostgresStore } from './open-postgres-store.ts';
import type { PostgresStore } from './postgres-store.ts';

// Two instances on one database share the delivery work: each claim leases what it takes, so a
// delivery is never handed to both, however their claims interleave.
const databases: TestDatabase[] = [];
const opened: PostgresStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await Promise.all(databases.map((database) => database.drop()));
});

/** Two instances on one fresh database. */
async function twoInstances(): Promise<[PostgresStore, PostgresStore]> {
  const database = await createTestDatabase();
  databases.push(database);
  const [a, b] = await Promise.all([1, 2].map(() => openPostgresStore({ url: database.url, poolSize: 4 })));
  opened.push(a as PostgresStore, b as PostgresStore);
  return [a as PostgresStore, b as PostgresStore];
}

/** Claims a few at a time until a claim finds nothing; every delivery id it was handed. */
async function claimAll(store: PostgresStore): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const jobs = await store.claimWebhookDeliveries({
      now: at(200),
      leaseUntil: at(500),
      limit: 7,
    });
    if (jobs.length === 0) return claimed;
    claimed.push(...jobs.map((job) => job.delivery.id));
  }
}

it('never hands one delivery to two instances claiming at once', async () => {
  const [a, b] = await twoInstances();
  await a.insertWebhookEndpoint(newEndpoint('a', 1));
  await b.insertWebhookEndpoint(newEndpoint('a', 2));
  const insert = (n: number) =>
    (n % 2 ? a : b).insertCourse(newCourse('a', n), undefined, draft('course.created', n));
  await Promise.all(Array.from({ length: 150 }, (_, n) => insert(n)));
  expect(await a.countPendingWebhookDeliveries()).toBe(300);

  // Two claim loops per instance, all four at once.
  const claims = await Promise.all([a, b, a, b].map(claimAll));
  const all = claims.flat();
  expect(all).toHaveLength(300);
  expect(new Set(all).size).toBe(300);
  for (const id of all) expect(id).toMatch(/^dlv_[0-9A-Za-z]{16}$/);
  // Both instances took a share.
  expect((claims[0]?.length ?? 0) + (claims[2]?.length ?? 0)).toBeGreaterThan(0);
  expect((claims[1]?.length ?? 0) + (claims[3]?.length ?? 0)).toBeGreaterThan(0);
});

it('disables an endpoint from many attempts and an update at once: every write succeeds, nothing stays pending', async () => {
  const [a, b] = await twoInstances();
  await a.insertWebhookEndpoint(newEndpoint('b', 1));
  const insert = (n: number) => a.insertCourse(newCourse('b', n), undefined, draft('course.created', n));
  await Promise.all(Array.from({ length: 40 }, (_, n) => insert(n)));
  const jobs = await a.claimWebhookDeliveries({ now: at(200), leaseUntil: at(500), limit: 40 });
  expect(jobs).toHaveLength(40);

  const gone = { attemptedAt: at(300), responseStatus: 410, durationMs: 5, error: null, nextAttemptAt: null };
  const writes = await Promise.allSettled([
    ...jobs.map(({ delivery }, i) =>
      (i % 2 ? a : b).completeWebhookAttempts([
        {
          ...gone,
          deliveryId: delivery.id,
          status: 'failed',
          disableEndpoint: 'endpoint_gone',
        },
      ]),
    ),
    b.updateWebhookEndpoint(account('b'), 'we_b_1', { enabled: false, updatedAt: at(300) }),
  ]);

  expect(writes.filter((write) => write.status === 'rejected')).toEqual([]);
  expect(await a.getWebhookEndpoint(account('b'), 'we_b_1')).toMatchObject({ enabled: false });
  expect(await a.countPendingWebhookDeliveries()).toBe(0);
});
