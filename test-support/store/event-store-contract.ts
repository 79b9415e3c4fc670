// Over 300 lines on purpose: the EventStore half of the one suite every backend runs (called by
// store-contract.ts), a test per promise of runtime/core/model/event-store.ts and the course and key
// writes' event drafts.

import type { ApiKeyRecord, CourseRecord, Store, WebhookEndpointRecord } from '@course-service/runtime';
import { describe, expect, it } from 'vitest';
import { account, at, draft, newApiKey, newCourse, newDelivery, newEndpoint, testEvent } from './records.ts';

const SINCE = '2026-01-01T00:00:00.000Z';
const courseDraft = (type: Parameters<typeof draft>[0], n: number) => draft<CourseRecord>(type, n);
const keyDraft = (type: Parameters<typeof draft>[0], n: number) => draft<ApiKeyRecord>(type, n);

/** Queues a delivery to `endpoint` with a test event of its own, due at `at(n)` unless said. */
function queueTest(
  store: Store,
  endpoint: WebhookEndpointRecord,
  n: number,
  fields: Parameters<typeof newDelivery>[3] = {},
) {
  const event = testEvent(endpoint, n);
  return store.queueWebhookDelivery({ delivery: newDelivery(endpoint, event.id, n, fields), event });
}

/** The EventStore promises, run inside {@link storeContract} with its `fresh` store. */
export function eventStoreContract(fresh: () => Promise<Store>): void {
  const feed = (store: Store, query: Partial<Parameters<Store['listEvents']>[0]> = {}) =>
    store.listEvents({ ...account('a'), limit: 50, since: SINCE, ...query });
  const types = (events: { type: string }[]) => events.map((event) => event.type);

  describe('events and webhooks', () => {
    it('records an event in the same write as each course and key change, owner and environment from the record', async () => {
      const store = await fresh();
      const course = newCourse('a', 1, 'draft', 'test');
      const test = account('a', 'test');
      await store.insertCourse(course, undefined, courseDraft('course.created', 1));
      await store.updateCourse(
        test,
        course.id,
        { name: 'Renamed' },
        'draft',
        courseDraft('course.updated', 2),
      );
      await store.deleteCourse(test, course.id, undefined, courseDraft('course.deleted', 3));
      const key = await store.insertApiKey(
        newApiKey('a', 1),
        undefined,
        undefined,
        keyDraft('api_key.created', 4),
      );
      const roll = {
        ownerId: 'a',
        id: key.id,
        now: at(5),
        expiresAt: at(5),
        replacement: { ...newApiKey('a', 2), rolledFrom: key.id },
      };
      await store.rollApiKey(roll, undefined, undefined, keyDraft('api_key.rolled', 5));
      await store.revokeApiKey('a', roll.replacement.id, at(6), undefined, keyDraft('api_key.revoked', 6));

      const testEvents = await feed(store, test);
      expect(testEvents).toEqual([
        {
          id: 'evt_course.created_1',
          ownerId: 'a',
          environment: 'test',
          type: 'course.created',
          createdAt: at(1),
          payload: JSON.stringify({
            id: 'evt_course.created_1',
            type: 'course.created',
            timestamp: at(1),
            environment: 'test',
            data: { id: course.id },
          }),
          seq: expect.any(Number),
        },
        expect.objectContaining({ type: 'course.updated', environment: 'test' }),
        // A delete's payload is the course as it was.
        expect.objectContaining({ type: 'course.deleted', payload: expect.stringContaining(course.id) }),
      ]);
      const prodEvents = await feed(store);
      expect(types(prodEvents)).toEqual(['api_key.created', 'api_key.rolled', 'api_key.revoked']);
      // A roll's payload is the replacement key.
      expect(JSON.parse(prodEvents[1]?.payload ?? '{}').data).toEqual({ id: roll.replacement.id });
      expect(prodEvents.every((event) => event.ownerId === 'a' && event.environment === 'prod')).toBe(true);
    });

    it('records nothing for a write that changes nothing or loses its compare-and-set', async () => {
      const store = await fresh();
      const course = await store.insertCourse(newCourse('a', 1));
      const same = await store.updateCourse(
        account('a'),
        course.id,
        { name: course.name },
        undefined,
        courseDraft('course.updated', 1),
      );
      expect(same).toEqual(course);
      const publish = { status: 'published' as const, publishedAt: at(2) };
      expect(
        await store.updateCourse(
          account('a'),
          course.id,
          publish,
          'archived',
          courseDraft('course.published', 2),
        ),
      ).toBeUndefined();
      expect(
        await store.deleteCourse(account('a'), course.id, 'archived', courseDraft('course.deleted', 3)),
      ).toBe(false);
      expect(
        await store.deleteCourse(account('a'), 'crs_missing', undefined, courseDraft('course.deleted', 4)),
      ).toBe(false);

      const key = await store.insertApiKey(newApiKey('a', 1));
      await store.revokeApiKey('a', key.id, at(5));
      await store.revokeApiKey('a', key.id, at(6), undefined, keyDraft('api_key.revoked', 6));
      const roll = { ownerId: 'a', id: key.id, now: at(7), expiresAt: at(7), replacement: newApiKey('a', 2) };
      expect(
        await store.rollApiKey(roll, undefined, undefined, keyDraft('api_key.rolled', 7)),
      ).toBeUndefined();
      expect(await feed(store)).toEqual([]);
    });

    it('queues a pending delivery, due at once, for each enabled endpoint of the owner and environment subscribed to the type', async () => {
      const store = await fresh();
      const all = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const created = await store.insertWebhookEndpoint(
        newEndpoint('a', 2, { eventTypes: ['course.created'] }),
      );
      const keys = await store.insertWebhookEndpoint(
        newEndpoint('a', 3, { eventTypes: ['api_key.created'] }),
      );
      const disabled = await store.insertWebhookEndpoint(
        newEndpoint('a', 4, { enabled: false, disabledReason: 'manual' }),
      );
      const test = await store.insertWebhookEndpoint(newEndpoint('a', 5, { environment: 'test' }));
      const other = await store.insertWebhookEndpoint(newEndpoint('b', 1));
      await store.insertCourse(newCourse('a', 1), undefined, courseDraft('course.created', 1));
      await store.updateCourse(
        account('a'),
        'crs_a_1',
        { name: 'Renamed' },
        undefined,
        courseDraft('course.updated', 2),
      );

      const deliveries = async (endpoint: WebhookEndpointRecord) =>
        store.listWebhookDeliveries({ ownerId: endpoint.ownerId, endpointId: endpoint.id, limit: 10 });
      expect(await deliveries(all)).toEqual([
        expect.objectContaining({ eventId: 'evt_course.updated_2' }),
        {
          id: expect.stringMatching(/^dlv_/),
          endpointId: all.id,
          ownerId: 'a',
          eventId: 'evt_course.created_1',
          eventType: 'course.created',
          status: 'pending',
          attempts: 0,
          createdAt: at(1),
          lastAttemptAt: null,
          responseStatus: null,
          durationMs: null,
          error: null,
          nextAttemptAt: at(1),
          leaseUntil: null,
          seq: expect.any(Number),
        },
      ]);
      expect((await deliveries(created)).map((d) => d.eventId)).toEqual(['evt_course.created_1']);
      for (const endpoint of [keys, disabled, test, other]) expect(await deliveries(endpoint)).toEqual([]);
      expect(await store.countPendingWebhookDeliveries()).toBe(3);
    });

    it('serves the feed oldest first, after a cursor, by type, since a time, never test events, per owner and environment', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      for (let n = 1; n <= 4; n++) {
        await store.insertCourse(newCourse('a', n), undefined, courseDraft('course.created', n));
      }
      await queueTest(store, endpoint, 5);
      await store.updateCourse(
        account('a'),
        'crs_a_1',
        { name: 'Renamed' },
        undefined,
        courseDraft('course.updated', 6),
      );
      await store.insertCourse(
        newCourse('a', 7, 'draft', 'test'),
        undefined,
        courseDraft('course.created', 7),
      );
      await store.insertCourse(newCourse('b', 8), undefined, courseDraft('course.created', 8));

      const all = await feed(store);
      expect(all.map((event) => event.id)).toEqual(
        [1, 2, 3, 4].map((n) => `evt_course.created_${n}`).concat('evt_course.updated_6'),
      );
      const first = await feed(store, { limit: 2 });
      expect(first).toEqual(all.slice(0, 2));
      expect(await feed(store, { limit: 2, afterSeq: first[1]?.seq })).toEqual(all.slice(2, 4));
      expect(await feed(store, { afterSeq: all[4]?.seq })).toEqual([]);
      expect(types(await feed(store, { type: 'course.updated' }))).toEqual(['course.updated']);
      expect((await feed(store, { since: at(3) })).map((event) => event.createdAt)).toEqual([
        at(3),
        at(4),
        at(6),
      ]);
      expect(types(await feed(store, account('a', 'test')))).toEqual(['course.created']);
      expect(await feed(store, account('c'))).toEqual([]);
    });

    it('reads one event for its owner and environment only, test events included', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      await store.insertCourse(newCourse('a', 1), undefined, courseDraft('course.created', 1));
      await queueTest(store, endpoint, 2);
      const [event] = await feed(store);
      expect(await store.getEvent(account('a'), 'evt_course.created_1')).toEqual(event);
      expect(await store.getEvent(account('a'), 'evt_test_a_2')).toMatchObject({ type: 'webhook.test' });
      expect(await store.getEvent(account('b'), 'evt_course.created_1')).toBeUndefined();
      expect(await store.getEvent(account('a', 'test'), 'evt_course.created_1')).toBeUndefined();
      expect(await store.getEvent(account('a'), 'evt_missing')).toBeUndefined();
    });

    it('creates, reads, lists newest first, updates and deletes webhook endpoints, per owner and environment', async () => {
      const store = await fresh();
      const one = await store.insertWebhookEndpoint(
        newEndpoint('a', 1, { eventTypes: ['course.created', 'api_key.created'] }),
      );
      expect(one).toEqual({
        ...newEndpoint('a', 1, { eventTypes: ['course.created', 'api_key.created'] }),
        seq: expect.any(Number),
      });
      const two = await store.insertWebhookEndpoint(newEndpoint('a', 2));
      const three = await store.insertWebhookEndpoint(newEndpoint('a', 3));
      await store.insertWebhookEndpoint(newEndpoint('a', 4, { environment: 'test' }));
      await store.insertWebhookEndpoint(newEndpoint('b', 5));
      expect(await store.getWebhookEndpoint(account('a'), one.id)).toEqual(one);
      expect(await store.getWebhookEndpoint(account('b'), one.id)).toBeUndefined();
      expect(await store.getWebhookEndpoint(account('a', 'test'), one.id)).toBeUndefined();

      const list = (query: { limit: number; beforeSeq?: number }) =>
        store.listWebhookEndpoints({ ...account('a'), ...query });
      expect(await list({ limit: 2 })).toEqual([three, two]);
      expect(await list({ limit: 2, beforeSeq: two.seq })).toEqual([one]);

      const rotated = {
        secret: 'whsec_new',
        previousSecret: one.secret,
        previousSecretExpiresAt: at(9),
        updatedAt: at(9),
      };
      // A field given as `undefined` stays as it is.
      const updated = await store.updateWebhookEndpoint(account('a'), one.id, {
        ...rotated,
        url: 'https://new.example.com/',
        description: undefined,
      });
      expect(updated).toEqual({ ...one, ...rotated, url: 'https://new.example.com/' });
      expect(await store.getWebhookEndpoint(account('a'), one.id)).toEqual(updated);
      expect(
        await store.updateWebhookEndpoint(account('b'), one.id, { description: 'Stolen' }),
      ).toBeUndefined();
      expect(
        await store.updateWebhookEndpoint(account('a', 'test'), one.id, { description: 'Stolen' }),
      ).toBeUndefined();

      expect(await store.deleteWebhookEndpoint(account('b'), one.id)).toBe(false);
      expect(await store.deleteWebhookEndpoint(account('a'), one.id)).toBe(true);
      expect(await store.deleteWebhookEndpoint(account('a'), one.id)).toBe(false);
      expect(await store.getWebhookEndpoint(account('a'), one.id)).toBeUndefined();
      expect(await list({ limit: 10 })).toEqual([three, two]);
    });

    it('fails the pending deliveries of an endpoint it disables, and clears the reason when it is enabled again', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const done = await queueTest(store, endpoint, 1);
      await store.completeWebhookAttempts([
        {
          deliveryId: done.id,
          attemptedAt: at(2),
          responseStatus: 200,
          durationMs: 5,
          error: null,
          status: 'succeeded',
          nextAttemptAt: null,
        },
      ]);
      const pending = await queueTest(store, endpoint, 3);
      const disabled = await store.updateWebhookEndpoint(account('a'), endpoint.id, {
        enabled: false,
        disabledReason: 'manual',
        updatedAt: at(4),
      });
      expect(disabled).toMatchObject({ enabled: false, disabledReason: 'manual' });
      expect(await store.getWebhookDelivery('a', endpoint.id, pending.id)).toMatchObject({
        status: 'failed',
        nextAttemptAt: null,
        attempts: 0,
      });
      expect(await store.getWebhookDelivery('a', endpoint.id, done.id)).toMatchObject({
        status: 'succeeded',
      });
      expect(await store.countPendingWebhookDeliveries()).toBe(0);

      const enabled = await store.updateWebhookEndpoint(account('a'), endpoint.id, {
        enabled: true,
        updatedAt: at(5),
      });
      expect(enabled).toMatchObject({ enabled: true, disabledReason: null });
    });

    it('deletes an endpoint with its deliveries', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const delivery = await queueTest(store, endpoint, 1);
      await store.deleteWebhookEndpoint(account('a'), endpoint.id);
      expect(await store.getWebhookDelivery('a', endpoint.id, delivery.id)).toBeUndefined();
      expect(await store.listWebhookDeliveries({ ownerId: 'a', endpointId: endpoint.id, limit: 10 })).toEqual(
        [],
      );
      expect(await store.countPendingWebhookDeliveries()).toBe(0);
      expect(await store.claimWebhookDeliveries({ now: at(30), leaseUntil: at(40), limit: 10 })).toEqual([]);
    });

    it('queues a delivery by hand, with its test event or of an event already recorded', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(
        newEndpoint('a', 1, { eventTypes: ['course.deleted'] }),
      );
      const tested = await queueTest(store, endpoint, 1);
      expect(tested).toEqual({ ...newDelivery(endpoint, 'evt_test_a_1', 1), seq: expect.any(Number) });
      expect(await store.getEvent(account('a'), 'evt_test_a_1')).toEqual({
        ...testEvent(endpoint, 1),
        seq: expect.any(Number),
      });

      await store.insertCourse(newCourse('a', 1), undefined, courseDraft('course.created', 2));
      const again = await store.queueWebhookDelivery({
        delivery: newDelivery(endpoint, 'evt_course.created_2', 3, { eventType: 'course.created' }),
      });
      expect(again.seq).toBeGreaterThan(tested.seq);
      expect(await store.listWebhookDeliveries({ ownerId: 'a', endpointId: endpoint.id, limit: 10 })).toEqual(
        [again, tested],
      );
      expect(await store.countPendingWebhookDeliveries()).toBe(2);
    });

    it('lists and reads deliveries of an endpoint newest first, by status, for its owner only', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const d1 = await queueTest(store, endpoint, 1);
      const d2 = await queueTest(store, endpoint, 2, { status: 'failed', nextAttemptAt: null });
      const d3 = await queueTest(store, endpoint, 3);
      const list = (query: object) =>
        store.listWebhookDeliveries({ ownerId: 'a', endpointId: endpoint.id, limit: 10, ...query });
      expect(await list({ limit: 2 })).toEqual([d3, d2]);
      expect(await list({ beforeSeq: d2.seq })).toEqual([d1]);
      expect(await list({ status: 'pending' })).toEqual([d3, d1]);
      expect(await list({ status: 'failed' })).toEqual([d2]);
      expect(await list({ ownerId: 'b' })).toEqual([]);
      expect(await store.getWebhookDelivery('a', endpoint.id, d1.id)).toEqual(d1);
      expect(await store.getWebhookDelivery('b', endpoint.id, d1.id)).toBeUndefined();
      expect(await store.getWebhookDelivery('a', 'we_other', d1.id)).toBeUndefined();
    });

    it('claims due deliveries of enabled endpoints, oldest due first, up to the limit, each once while its lease runs', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const off = await store.insertWebhookEndpoint(newEndpoint('a', 2));
      const later = await queueTest(store, endpoint, 1, { nextAttemptAt: at(20) });
      const first = await queueTest(store, endpoint, 2, { nextAttemptAt: at(5) });
      const second = await queueTest(store, endpoint, 3, { nextAttemptAt: at(8) });
      const future = await queueTest(store, endpoint, 4, { nextAttemptAt: at(50) });
      await queueTest(store, endpoint, 6, { status: 'succeeded', nextAttemptAt: null });
      await queueTest(store, off, 7, { nextAttemptAt: at(1) });
      await store.updateWebhookEndpoint(account('a'), off.id, { enabled: false, updatedAt: at(9) });
      await queueTest(store, off, 8, { nextAttemptAt: at(1) });

      const claim = { now: at(30), leaseUntil: at(0, 5), limit: 2 };
      const jobs = await store.claimWebhookDeliveries(claim);
      expect(jobs.map((job) => job.delivery.id)).toEqual([first.id, second.id]);
      expect(jobs[0]).toEqual({
        delivery: { ...first, leaseUntil: at(0, 5) },
        endpoint: await store.getWebhookEndpoint(account('a'), endpoint.id),
        payload: testEvent(endpoint, 2).payload,
      });
      expect(await store.getWebhookDelivery('a', endpoint.id, first.id)).toMatchObject({
        leaseUntil: at(0, 5),
      });

      // Another instance, before the leases end, gets what is left and nothing twice.
      expect((await store.claimWebhookDeliveries(claim)).map((job) => job.delivery.id)).toEqual([later.id]);
      expect(await store.claimWebhookDeliveries({ ...claim, now: at(40) })).toEqual([]);
      // Once a lease has run out, the delivery can be claimed again.
      const retaken = await store.claimWebhookDeliveries({ now: at(0, 6), leaseUntil: at(0, 10), limit: 10 });
      expect(retaken.map((job) => job.delivery.id)).toEqual([first.id, second.id, later.id, future.id]);
    });

    it('completes an attempt: counts it, frees the lease, records the outcome and an endpoint success', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const delivery = await queueTest(store, endpoint, 1);
      await store.claimWebhookDeliveries({ now: at(2), leaseUntil: at(30), limit: 1 });

      const retry = {
        deliveryId: delivery.id,
        attemptedAt: at(3),
        responseStatus: 500,
        durationMs: 12,
        error: null,
        status: 'pending' as const,
        nextAttemptAt: at(8),
      };
      await store.completeWebhookAttempts([retry]);
      const afterRetry = await store.getWebhookDelivery('a', endpoint.id, delivery.id);
      expect(afterRetry).toEqual({
        ...delivery,
        attempts: 1,
        lastAttemptAt: at(3),
        responseStatus: 500,
        durationMs: 12,
        nextAttemptAt: at(8),
        leaseUntil: null,
      });
      expect(await store.getWebhookEndpoint(account('a'), endpoint.id)).toEqual(endpoint);
      // Freed: due again at its next attempt, lease or not.
      expect(await store.claimWebhookDeliveries({ now: at(9), leaseUntil: at(30), limit: 1 })).toHaveLength(
        1,
      );

      await store.completeWebhookAttempts([
        {
          ...retry,
          attemptedAt: at(10),
          responseStatus: null,
          error: 'timeout',
          status: 'succeeded',
          nextAttemptAt: at(99),
        },
      ]);
      expect(await store.getWebhookDelivery('a', endpoint.id, delivery.id)).toMatchObject({
        status: 'succeeded',
        attempts: 2,
        error: 'timeout',
        nextAttemptAt: null,
        leaseUntil: null,
      });
      expect(await store.getWebhookEndpoint(account('a'), endpoint.id)).toMatchObject({
        lastSuccessAt: at(10),
        enabled: true,
      });
      expect(await store.countPendingWebhookDeliveries()).toBe(0);
    });

    it('disables the endpoint with the last attempt when told, failing its other pending deliveries', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const gone = await queueTest(store, endpoint, 1);
      const other = await queueTest(store, endpoint, 2);
      await store.completeWebhookAttempts([
        {
          deliveryId: gone.id,
          attemptedAt: at(3),
          responseStatus: 410,
          durationMs: 4,
          error: null,
          status: 'failed',
          nextAttemptAt: null,
          disableEndpoint: 'endpoint_gone',
        },
      ]);
      expect(await store.getWebhookEndpoint(account('a'), endpoint.id)).toMatchObject({
        enabled: false,
        disabledReason: 'endpoint_gone',
        lastSuccessAt: null,
      });
      expect(await store.getWebhookDelivery('a', endpoint.id, gone.id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        responseStatus: 410,
      });
      expect(await store.getWebhookDelivery('a', endpoint.id, other.id)).toMatchObject({
        status: 'failed',
        attempts: 0,
      });
      expect(await store.countPendingWebhookDeliveries()).toBe(0);
      // A disabled endpoint gets no more deliveries of new events.
      await store.insertCourse(newCourse('a', 1), undefined, courseDraft('course.created', 4));
      expect(
        await store.listWebhookDeliveries({
          ownerId: 'a',
          endpointId: endpoint.id,
          limit: 10,
          status: 'pending',
        }),
      ).toEqual([]);
    });

    it('purges events, and deliveries no longer pending, created before a time', async () => {
      const store = await fresh();
      const endpoint = await store.insertWebhookEndpoint(newEndpoint('a', 1));
      const oldDone = await queueTest(store, endpoint, 1, { status: 'failed', nextAttemptAt: null });
      const oldPending = await queueTest(store, endpoint, 2);
      await store.insertCourse(newCourse('a', 1), undefined, courseDraft('course.created', 3));
      await store.insertCourse(newCourse('a', 2), undefined, courseDraft('course.created', 10));
      const kept = await feed(store, { since: at(10) });
      await store.purgeEvents(at(10));
      expect(await feed(store)).toEqual(kept);
      expect(await store.getEvent(account('a'), 'evt_test_a_1')).toBeUndefined();
      expect(await store.getWebhookDelivery('a', endpoint.id, oldDone.id)).toBeUndefined();
      expect(await store.getWebhookDelivery('a', endpoint.id, oldPending.id)).toEqual(oldPending);
      // Cursors stay valid: a seq is never reused after a purge.
      await store.insertCourse(newCourse('a', 3), undefined, courseDraft('course.created', 11));
      expect(await feed(store, { afterSeq: kept.at(-1)?.seq })).toEqual([
        expect.objectContaining({ createdAt: at(11) }),
      ]);
    });
  });
}
