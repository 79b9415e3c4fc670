import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CourseRecord, EventDraft, WebhookEndpointRecord } from '../../../core/index.ts';
import { newEventId } from '../../../domain/ids.ts';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-backend.ts';
import { account, newCourse } from '../test-support/records.ts';
import { openPostgresStore } from './open-postgres-store.ts';
import type { PostgresStore } from './postgres-store.ts';

// Two instances on one database share the delivery work: each claim leases what it takes, so a
// delivery is never handed to both, however their claims interleave.
let database: TestDatabase;
let stores: PostgresStore[];
beforeAll(async () => {
  database = await createTestDatabase();
  stores = await Promise.all([1, 2].map(() => openPostgresStore({ url: database.url, poolSize: 4 })));
});
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await database.drop();
});

const AT = '2026-01-01T00:00:00.000Z';
function endpoint(n: number): Omit<WebhookEndpointRecord, 'seq'> {
  return {
    id: `we_claims${n}`,
    ...account('a'),
    url: `https://example.com/hooks/${n}`,
    description: '',
    eventTypes: ['*'],
    enabled: true,
    disabledReason: null,
    secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    previousSecret: null,
    previousSecretExpiresAt: null,
    lastSuccessAt: null,
    createdAt: AT,
    updatedAt: AT,
  };
}
const created = (course: { createdAt: string }): EventDraft<CourseRecord> => ({
  id: newEventId(),
  type: 'course.created',
  createdAt: course.createdAt,
  payload: (after) => JSON.stringify({ type: 'course.created', data: { id: after.id } }),
});

/** Claims a few at a time until a claim finds nothing; every delivery id it was handed. */
async function claimAll(store: PostgresStore): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const jobs = await store.claimWebhookDeliveries({
      now: '2026-02-01T00:00:00.000Z',
      leaseUntil: '2026-02-01T00:05:00.000Z',
      limit: 7,
    });
    if (jobs.length === 0) return claimed;
    claimed.push(...jobs.map((job) => job.delivery.id));
  }
}

it('never hands one delivery to two instances claiming at once', async () => {
  const [a, b] = stores as [PostgresStore, PostgresStore];
  await a.insertWebhookEndpoint(endpoint(1));
  await b.insertWebhookEndpoint(endpoint(2));
  const courses = Array.from({ length: 150 }, (_, i) => newCourse('a', i + 1));
  await Promise.all(
    courses.map((course, i) => (i % 2 ? a : b).insertCourse(course, undefined, created(course))),
  );
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
