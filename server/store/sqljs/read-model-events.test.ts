import type { CourseRecord } from '@course-service/runtime';
import type { KeyEnvironment } from '@course-service/runtime/domain/api-key-format';
import { describe, expect, it } from 'vitest';
import {
  account,
  draft,
  at as eventAt,
  newCourse,
  newDelivery,
  newEndpoint,
  testEvent,
} from '../../../test-support/store/records.ts';
import { SqlDatabase } from './database.ts';
import { openWithHandle, random, sqlJs } from './read-model-harness.fixture.ts';
import { SqljsStore } from './sqljs-store.ts';

// The events, endpoints and deliveries of the read model against its SQL tables.
const ENVIRONMENTS: KeyEnvironment[] = ['prod', 'test'];
const OWNERS = ['a', 'b', 'c'];

/**
 * Random writes to events, endpoints and deliveries, failed ones included, on the event tests'
 * clock (`eventAt`, as the fixtures'); returns every id used.
 */
async function randomEventWrites(store: SqljsStore, seed: number, count: number) {
  const pick = random(seed);
  const endpointIds: string[] = [];
  const eventIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = account(OWNERS[pick(2)] as string, ENVIRONMENTS[pick(2)] as KeyEnvironment);
    const endpointId = endpointIds[pick(endpointIds.length + 1)] ?? 'we_missing';
    const op = pick(100);
    if (op < 10) {
      const types = [['*'], ['course.created'], ['course.updated', 'course.deleted']][pick(3)] as string[];
      const endpoint = newEndpoint(owner.ownerId, i, { environment: owner.environment, eventTypes: types });
      endpointIds.push(endpoint.id);
      await store.insertWebhookEndpoint(endpoint);
    } else if (op < 40) {
      // A taken course id sometimes: the course and its event fail together.
      const course = newCourse(owner.ownerId, pick(60), 'draft', owner.environment);
      const event = draft<CourseRecord>('course.created', i);
      eventIds.push(event.id);
      await store.insertCourse(course, undefined, event).catch(() => undefined);
    } else if (op < 50) {
      const changes = pick(2) ? { enabled: pick(2) === 1, updatedAt: eventAt(i) } : { secret: `whsec_${i}` };
      await store.updateWebhookEndpoint(owner, endpointId, changes);
    } else if (op < 53) {
      await store.deleteWebhookEndpoint(owner, endpointId);
    } else if (op < 63) {
      const endpoint = await store.getWebhookEndpoint(owner, endpointId);
      if (!endpoint) continue;
      const event = testEvent(endpoint, i);
      eventIds.push(event.id);
      await store.queueWebhookDelivery({ delivery: newDelivery(endpoint, event.id, i), event });
    } else if (op < 80) {
      const leaseUntil = eventAt(i + pick(20));
      await store.claimWebhookDeliveries({ now: eventAt(i), leaseUntil, limit: pick(4) });
    } else if (op < 97) {
      const claim = { now: eventAt(i), leaseUntil: eventAt(i + 5), limit: 1 };
      const [job] = await store.claimWebhookDeliveries(claim);
      if (!job) continue;
      const status = (['pending', 'succeeded', 'failed'] as const)[pick(3)] ?? 'pending';
      await store.completeWebhookAttempts([
        {
          deliveryId: job.delivery.id,
          attemptedAt: eventAt(i),
          responseStatus: pick(2) ? 200 + pick(400) : null,
          durationMs: pick(1000),
          error: null,
          status,
          nextAttemptAt: status === 'pending' ? eventAt(i + pick(30)) : null,
          ...(status === 'failed' && pick(2) ? { disableEndpoint: 'retries_exhausted' as const } : {}),
        },
      ]);
    } else {
      await store.purgeEvents(eventAt(i - pick(100)));
    }
  }
  return { endpointIds, eventIds };
}

/** `read` with every delivery in it free of its lease. */
function freeLeases(read: unknown): unknown {
  if (Array.isArray(read)) return read.map(freeLeases);
  return read && typeof read === 'object' && 'leaseUntil' in read ? { ...read, leaseUntil: null } : read;
}

/** Every read of events, endpoints and deliveries of `ids` through `store`. */
async function readEvents(store: SqljsStore, ids: Awaited<ReturnType<typeof randomEventWrites>>) {
  const out: unknown[] = [await store.countPendingWebhookDeliveries()];
  for (const ownerId of OWNERS) {
    for (const environment of ENVIRONMENTS) {
      const owner = { ownerId, environment };
      out.push(await store.listEvents({ ...owner, limit: 1000, since: eventAt(0) }));
      out.push(await store.listWebhookEndpoints({ ...owner, limit: 1000 }));
      for (const id of ids.eventIds) out.push(await store.getEvent(owner, id));
    }
    for (const endpointId of ids.endpointIds) {
      out.push(await store.listWebhookDeliveries({ ownerId, endpointId, limit: 1000 }));
    }
  }
  return out;
}

describe('the read model of events', () => {
  it.each([1, 2])(
    'holds events, endpoints and deliveries as the SQL tables do after random writes (seed %i)',
    async (seed) => {
      const { sql, store } = await openWithHandle(undefined);
      const ids = await randomEventWrites(store, seed, 400);
      sql.commit();
      // Loaded from the tables alone, as a start loads a snapshot.
      const loaded = new SqljsStore(new SqlDatabase(new sqlJs.Database(sql.db.export())), undefined);
      // But for leases, which live in memory only (a start frees them all).
      const held = await readEvents(store, ids);
      expect(JSON.stringify(held)).toMatch(/"leaseUntil":"/);
      expect(await readEvents(loaded, ids)).toEqual(held.map(freeLeases));
      await loaded.close();
      await store.close();
    },
  );
});
