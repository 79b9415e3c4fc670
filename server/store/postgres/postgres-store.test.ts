import { StoreConflictError } from '@course-service/runtime';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startTcpProxy } from '../../../test-support/server/tcp-proxy.ts';
import { createTestDatabase, type TestDatabase } from '../../../test-support/services/test-backend.ts';
import {
  account,
  at,
  draft,
  newCourse,
  newEndpoint,
  storedResponse,
} from '../../../test-support/store/records.ts';
import { storeContract } from '../../../test-support/store/store-contract.ts';
import { SILENT_LOGGER } from '../store-logger.ts';
import { openPostgresStore } from './open-postgres-store.ts';

const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
});
async function freshDatabase(): Promise<string> {
  const database = await createTestDatabase();
  databases.push(database);
  return database.url;
}

storeContract('PostgreSQL', async () => openPostgresStore({ url: await freshDatabase(), poolSize: 4 }));

describe('the PostgreSQL store', () => {
  it('migrates once when several instances start together, and keeps their data', async () => {
    const url = await freshDatabase();
    const stores = await Promise.all(
      Array.from({ length: 4 }, () => openPostgresStore({ url, poolSize: 2 })),
    );
    try {
      await stores[0]?.insertCourse(newCourse('a', 1));
      // Visible from every instance at once: nothing is cached per process.
      for (const store of stores)
        expect(await store.getCourse(account('a'), 'crs_a_1')).toMatchObject({ name: 'Course 1' });
      const again = await openPostgresStore({ url, poolSize: 1 });
      expect(await again.listCourses({ ...account('a'), limit: 5 })).toHaveLength(1);
      await again.close();
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('lets exactly one of many concurrent compare-and-set transitions win', async () => {
    const url = await freshDatabase();
    const [a, b] = await Promise.all([
      openPostgresStore({ url, poolSize: 4 }),
      openPostgresStore({ url, poolSize: 4 }),
    ]);
    try {
      await a.insertCourse(newCourse('a', 1));
      const publish = { status: 'published' as const, publishedAt: '2026-02-01T00:00:00.000Z' };
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? a : b).updateCourse(account('a'), 'crs_a_1', publish, 'draft'),
        ),
      );
      expect(results.filter((result) => result !== undefined)).toHaveLength(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("stores an endpoint's idempotent response with it, or neither", async () => {
    const store = await openPostgresStore({ url: await freshDatabase(), poolSize: 2 });
    try {
      const response = {
        scope: 'a createWebhookEndpoint',
        key: 'k',
        requestHash: 'h',
        status: 201,
        body: {},
        createdAt: at(1),
      };
      await store.insertWebhookEndpoint(newEndpoint('a', 1), response);
      expect(await storedResponse(store, response.scope, 'k')).toEqual(response);
      await expect(store.insertWebhookEndpoint(newEndpoint('a', 2), response)).rejects.toThrow(
        StoreConflictError,
      );
      expect(await store.getWebhookEndpoint(account('a'), 'we_a_2')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('answers 503 from the event and webhook methods while the database is away, and serves again after', async () => {
    const url = await freshDatabase();
    const proxy = await startTcpProxy(new URL(url).hostname, Number(new URL(url).port));
    const store = await openPostgresStore({ url: proxy.through(url), poolSize: 2 });
    try {
      await store.insertWebhookEndpoint(newEndpoint('a', 1));
      proxy.cut('reset');
      const calls = [
        store.insertCourse(newCourse('a', 1), undefined, draft('course.created', 1)),
        store.listEvents({ ...account('a'), limit: 10, since: at(0) }),
        store.claimWebhookDeliveries({ now: at(9), leaseUntil: at(99), limit: 10 }),
        store.updateWebhookEndpoint(account('a'), 'we_a_1', { enabled: false }),
      ];
      for (const result of await Promise.allSettled(calls))
        expect(result).toMatchObject({ status: 'rejected', reason: { code: 'service_unavailable' } });
      proxy.restore();
      // Retried until the pool has a connection again.
      await vi.waitFor(() => store.insertCourse(newCourse('a', 2), undefined, draft('course.created', 2)), {
        timeout: 10_000,
      });
      expect(await store.countPendingWebhookDeliveries()).toBe(1);
    } finally {
      await store.close();
      await proxy.close();
    }
  });

  it('refuses to open with a clear message when the database does not answer', async () => {
    await expect(
      openPostgresStore({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 }),
    ).rejects.toThrow(/PostgreSQL at DATABASE_URL could not be opened/);
  });

  it('waits for a database that answers later (a warning, once), and not past its wait', async () => {
    const url = await freshDatabase();
    const { hostname, port } = new URL(url);
    const proxy = await startTcpProxy(hostname, Number(port));
    const warnings: string[] = [];
    const logger = { ...SILENT_LOGGER, warn: (_: object, msg?: string) => warnings.push(msg ?? '') };
    try {
      proxy.cut('reset');
      await expect(
        openPostgresStore({ url: proxy.through(url), poolSize: 1, waitMs: 600, logger }),
      ).rejects.toThrow(/could not be opened: .*(ECONNRESET|Connection terminated)/);
      expect(warnings).toHaveLength(1);
      warnings.length = 0;
      setTimeout(() => proxy.restore(), 1500);
      const store = await openPostgresStore({ url: proxy.through(url), poolSize: 1, waitMs: 20_000, logger });
      await store.insertCourse(newCourse('w', 1));
      expect(await store.getCourse(account('w'), 'crs_w_1')).toMatchObject({ name: 'Course 1' });
      await store.close();
      expect(warnings).toEqual([
        expect.stringMatching(
          /^PostgreSQL at 127\.0\.0\.1:\d+ does not answer .*; waiting up to 20 s for it/,
        ),
      ]);
    } finally {
      await proxy.close();
    }
  });
});
