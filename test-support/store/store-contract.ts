// Over 300 lines on purpose: the one suite every backend runs, a test per promise of the Store
// port; split, a backend's test file would have to list every part.

import type { ApiKeyEventRecord, Store } from '@course-service/runtime';
import { StoreConflictError } from '@course-service/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import { eventStoreContract } from './event-store-contract.ts';
import { account, claimRequest, newApiKey, newCourse, newEndpoint, storedResponse } from './records.ts';

/**
 * The behaviour every backend owes the operations: one suite, run by each backend's test file
 * with a function that opens a fresh, empty store. Extend it here, never in a backend's copy.
 */
export function storeContract(name: string, open: () => Promise<Store>): void {
  const opened: Store[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
  });
  const fresh = async () => {
    const store = await open();
    opened.push(store);
    return store;
  };

  describe(`${name}: the store contract`, () => {
    it('creates, reads, updates and deletes a course', async () => {
      const store = await fresh();
      const created = await store.insertCourse(newCourse('a', 1));
      expect(created).toMatchObject({ id: 'crs_a_1', seq: expect.any(Number) });
      expect(await store.getCourse(account('a'), 'crs_a_1')).toEqual(created);

      const changes = {
        name: 'Renamed',
        status: 'published' as const,
        publishedAt: '2026-02-01T00:00:00.000Z',
      };
      const updated = await store.updateCourse(account('a'), 'crs_a_1', changes);
      expect(updated).toEqual({ ...created, ...changes });
      expect(await store.getCourse(account('a'), 'crs_a_1')).toEqual(updated);
      expect(await store.updateCourse(account('a'), 'crs_a_1', { publishedAt: null })).toMatchObject({
        publishedAt: null,
      });

      expect(await store.deleteCourse(account('a'), 'crs_a_1')).toBe(true);
      expect(await store.getCourse(account('a'), 'crs_a_1')).toBeUndefined();
      expect(await store.deleteCourse(account('a'), 'crs_a_1')).toBe(false);
    });

    it('never alters a course it handed out: a change hands out a new record', async () => {
      const store = await fresh();
      await store.insertCourse(newCourse('a', 1));
      const read = await store.getCourse(account('a'), 'crs_a_1');
      const listed = (await store.listCourses({ ...account('a'), limit: 10 }))[0];
      const before = structuredClone(read);
      const renamed = await store.updateCourse(account('a'), 'crs_a_1', { name: 'Renamed' });
      const publish = { status: 'published' as const, publishedAt: '2026-02-01T00:00:00.000Z' };
      const published = await store.updateCourse(account('a'), 'crs_a_1', publish, 'draft');

      expect(read).toEqual(before);
      expect(listed).toEqual(before);
      expect(renamed).toMatchObject({ name: 'Renamed', status: 'draft' });
      expect(published).toMatchObject({ name: 'Renamed', ...publish });
      expect(await store.getCourse(account('a'), 'crs_a_1')).toEqual(published);
      expect((await store.listCourses({ ...account('a'), limit: 10, status: 'published' }))[0]).toEqual(
        published,
      );
    });

    it('changes or deletes a course only in the expected status (compare-and-set)', async () => {
      const store = await fresh();
      await store.insertCourse(newCourse('a', 1));
      const publish = { status: 'published' as const, publishedAt: '2026-02-01T00:00:00.000Z' };
      expect(await store.updateCourse(account('a'), 'crs_a_1', publish, 'archived')).toBeUndefined();
      expect(await store.getCourse(account('a'), 'crs_a_1')).toMatchObject({ status: 'draft' });
      expect(await store.updateCourse(account('a'), 'crs_a_1', publish, 'draft')).toMatchObject(publish);
      // The second of two racing publishes read 'draft' too: it must lose.
      expect(await store.updateCourse(account('a'), 'crs_a_1', publish, 'draft')).toBeUndefined();
      expect(await store.deleteCourse(account('a'), 'crs_a_1', 'draft')).toBe(false);
      expect(await store.getCourse(account('a'), 'crs_a_1')).toMatchObject({ status: 'published' });
      expect(await store.deleteCourse(account('a'), 'crs_a_1', 'published')).toBe(true);
    });

    it("keeps owners apart: B cannot see, change or delete A's course", async () => {
      const store = await fresh();
      await store.insertCourse(newCourse('a', 1));
      expect(await store.getCourse(account('b'), 'crs_a_1')).toBeUndefined();
      expect(await store.updateCourse(account('b'), 'crs_a_1', { name: 'Stolen' })).toBeUndefined();
      expect(await store.deleteCourse(account('b'), 'crs_a_1')).toBe(false);
      expect(await store.listCourses({ ...account('b'), limit: 10 })).toEqual([]);
      expect(await store.getCourse(account('a'), 'crs_a_1')).toMatchObject({ name: 'Course 1' });
    });

    it('keeps environments apart: a test scope never reads, changes, lists or deletes a production course', async () => {
      const store = await fresh();
      await store.insertCourse(newCourse('a', 1));
      await store.insertCourse(newCourse('a', 2, 'draft', 'test'));
      await store.insertCourse(newCourse('a', 3, 'published', 'test'));
      const test = account('a', 'test');
      expect(await store.getCourse(test, 'crs_a_1')).toBeUndefined();
      expect(await store.updateCourse(test, 'crs_a_1', { name: 'Sandboxed' })).toBeUndefined();
      expect(await store.deleteCourse(test, 'crs_a_1')).toBe(false);
      expect((await store.listCourses({ ...test, limit: 10 })).map((c) => c.id)).toEqual([
        'crs_a_3',
        'crs_a_2',
      ]);
      expect((await store.listCourses({ ...account('a'), limit: 10 })).map((c) => c.id)).toEqual(['crs_a_1']);
      expect(await store.getCourse(account('a'), 'crs_a_2')).toBeUndefined();

      expect(await store.deleteAllCourses(test)).toBe(2);
      expect(await store.listCourses({ ...test, limit: 10 })).toEqual([]);
      expect(await store.getCourse(account('a'), 'crs_a_1')).toMatchObject({
        name: 'Course 1',
        environment: 'prod',
      });
      expect(await store.deleteAllCourses(test)).toBe(0);
    });

    it('lists API keys of one environment, paging within it', async () => {
      const store = await fresh();
      const prod = await store.insertApiKey(newApiKey('a', 1));
      const test1 = await store.insertApiKey(newApiKey('a', 2, 'test'));
      const test2 = await store.insertApiKey(newApiKey('a', 3, 'test'));
      expect(await store.listApiKeys({ ownerId: 'a', environment: 'prod', limit: 10 })).toEqual([prod]);
      expect(await store.listApiKeys({ ownerId: 'a', environment: 'test', limit: 1 })).toEqual([test2]);
      expect(
        await store.listApiKeys({ ownerId: 'a', environment: 'test', limit: 10, beforeSeq: test2.seq }),
      ).toEqual([test1]);
      const revoked = await store.revokeApiKey('a', test1.id, '2026-03-01T00:00:00Z');
      expect(await store.listApiKeys({ ownerId: 'a', environment: 'test', limit: 10 })).toEqual([
        test2,
        revoked,
      ]);
      expect((await store.listApiKeys({ ownerId: 'a', limit: 10 })).length).toBe(3);
    });

    it('lists newest first, pages by seq and filters by status', async () => {
      const store = await fresh();
      const seqs: number[] = [];
      for (let n = 1; n <= 7; n++) {
        seqs.push((await store.insertCourse(newCourse('a', n, n % 2 ? 'draft' : 'published'))).seq);
      }
      await store.insertCourse(newCourse('b', 99));
      const ids = (courses: { id: string }[]) => courses.map((c) => c.id.replace('crs_a_', ''));

      const first = await store.listCourses({ ...account('a'), limit: 3 });
      expect(ids(first)).toEqual(['7', '6', '5']);
      const second = await store.listCourses({ ...account('a'), limit: 3, beforeSeq: first.at(-1)?.seq });
      expect(ids(second)).toEqual(['4', '3', '2']);
      const published = await store.listCourses({ ...account('a'), limit: 10, status: 'published' });
      expect(ids(published)).toEqual(['6', '4', '2']);
      const olderDrafts = await store.listCourses({
        ...account('a'),
        limit: 10,
        status: 'draft',
        beforeSeq: seqs[4],
      });
      expect(ids(olderDrafts)).toEqual(['3', '1']);
    });

    it('pages stably while courses are inserted between pages', async () => {
      const store = await fresh();
      for (let n = 1; n <= 6; n++) await store.insertCourse(newCourse('a', n));
      const first = await store.listCourses({ ...account('a'), limit: 3 });
      await store.insertCourse(newCourse('a', 7));
      const second = await store.listCourses({ ...account('a'), limit: 3, beforeSeq: first.at(-1)?.seq });
      expect([...first, ...second].map((c) => c.id)).toEqual([6, 5, 4, 3, 2, 1].map((n) => `crs_a_${n}`));
    });

    it('never reuses a seq, even after deleting the newest course', async () => {
      const store = await fresh();
      await store.insertCourse(newCourse('a', 1));
      const second = await store.insertCourse(newCourse('a', 2));
      await store.deleteCourse(account('a'), second.id);
      expect((await store.insertCourse(newCourse('a', 3))).seq).toBeGreaterThan(second.seq);
    });

    it('stores the idempotent response with the insert, or neither', async () => {
      const store = await fresh();
      const response = { scope: 'a createCourse', key: 'k1', requestHash: 'h', status: 201, createdAt: 'x' };
      const first = await store.insertCourse(newCourse('a', 1), { ...response, body: { id: 'crs_a_1' } });
      expect(await storedResponse(store, 'a createCourse', 'k1')).toEqual({
        ...response,
        body: { id: 'crs_a_1' },
      });

      // Same Idempotency-Key again: the course insert is rolled back with the failed response insert.
      await expect(store.insertCourse(newCourse('a', 2), { ...response, body: {} })).rejects.toThrow(
        StoreConflictError,
      );
      expect(await store.getCourse(account('a'), 'crs_a_2')).toBeUndefined();
      expect((await store.insertCourse(newCourse('a', 3))).seq).toBeGreaterThan(first.seq);
    });

    it('stores a webhook endpoint with its idempotent response, or neither', async () => {
      const store = await fresh();
      const response = {
        scope: 'a createWebhookEndpoint',
        key: 'k1',
        requestHash: 'h',
        status: 201,
        createdAt: 'x',
      };
      await store.insertWebhookEndpoint(newEndpoint('a', 1), { ...response, body: { id: 'we_a_1' } });
      expect(await storedResponse(store, 'a createWebhookEndpoint', 'k1')).toEqual({
        ...response,
        body: { id: 'we_a_1' },
      });
      // Same Idempotency-Key again: the endpoint is not stored either.
      await expect(
        store.insertWebhookEndpoint(newEndpoint('a', 2), { ...response, body: {} }),
      ).rejects.toThrow(StoreConflictError);
      expect(await store.listWebhookEndpoints({ ...account('a'), limit: 10 })).toHaveLength(1);
    });

    it('claims an Idempotency-Key once, replays it once completed, and frees it on release', async () => {
      const store = await fresh();
      const claim = claimRequest('a createCourse');
      expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'claimed' });
      expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'busy' });
      expect(await storedResponse(store, 'a createCourse', 'k')).toBeUndefined();
      await store.releaseIdempotencyKey('a createCourse', 'k');
      expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'claimed' });

      const stored = { ...claim, status: 201, body: { id: 'crs_a_1' }, createdAt: claim.now };
      const { now: _now, leaseUntil: _lease, expiredBefore: _expired, ...response } = stored;
      await store.insertCourse(newCourse('a', 1), response);
      await store.releaseIdempotencyKey('a createCourse', 'k');
      expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'stored', response });
      // A day later the response has expired: the key may be claimed afresh.
      const later = { ...claim, expiredBefore: '2026-01-02T00:00:00.001Z', now: '2026-01-03T00:00:00.000Z' };
      expect(await store.claimIdempotencyKey(later)).toEqual({ kind: 'claimed' });
    });

    it('purges idempotent responses older than a time', async () => {
      const store = await fresh();
      const base = { scope: 's', requestHash: 'h', status: 201, body: null };
      await store.insertCourse(newCourse('a', 1), { ...base, key: 'old', createdAt: '2026-01-01T00:00:00Z' });
      await store.insertCourse(newCourse('a', 2), { ...base, key: 'new', createdAt: '2026-01-03T00:00:00Z' });
      await store.purgeIdempotentResponses('2026-01-02T00:00:00Z');
      expect(await storedResponse(store, 's', 'old')).toBeUndefined();
      expect(await storedResponse(store, 's', 'new')).toMatchObject({ body: null });
    });

    it('stores, finds, lists, revokes and touches API keys', async () => {
      const store = await fresh();
      const first = await store.insertApiKey(newApiKey('a', 1));
      const second = await store.insertApiKey(newApiKey('a', 2));
      expect(await store.findApiKeyByHash('hash-a-1')).toEqual(first);
      expect(await store.findApiKeyByHash('nope')).toBeUndefined();
      expect((await store.listApiKeys({ ownerId: 'a', limit: 10 })).map((k) => k.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(await store.listApiKeys({ ownerId: 'a', limit: 10, beforeSeq: second.seq })).toEqual([first]);
      await expect(store.insertApiKey({ ...newApiKey('a', 3), hash: 'hash-a-1' })).rejects.toThrow(
        StoreConflictError,
      );

      expect(await store.revokeApiKey('b', first.id, '2026-03-01T00:00:00Z')).toBeUndefined();
      const revoked = await store.revokeApiKey('a', first.id, '2026-03-01T00:00:00Z');
      expect(revoked).toEqual({ ...first, revokedAt: '2026-03-01T00:00:00Z' });
      expect(await store.revokeApiKey('a', first.id, '2026-04-01T00:00:00Z')).toEqual(revoked);

      await store.recordApiKeyUse([
        { id: first.id, lastUsedAt: '2026-05-02T00:00:00Z' },
        { id: second.id, lastUsedAt: '2026-05-01T00:00:00Z' },
      ]);
      await store.recordApiKeyUse([{ id: first.id, lastUsedAt: '2026-05-01T00:00:00Z' }]);
      expect((await store.findApiKeyByHash('hash-a-1'))?.lastUsedAt).toBe('2026-05-02T00:00:00Z');
      expect((await store.findApiKeyByHash('hash-a-2'))?.lastUsedAt).toBe('2026-05-01T00:00:00Z');
    });

    it('rolls an API key: the old key expires, links to its replacement, and the replacement is stored, in one write', async () => {
      const store = await fresh();
      const old = await store.insertApiKey(newApiKey('a', 1));
      expect(await store.getApiKey('a', old.id)).toEqual(old);
      expect(await store.getApiKey('b', old.id)).toBeUndefined();
      const roll = {
        ownerId: 'a',
        id: old.id,
        now: '2026-02-01T00:00:00.000Z',
        expiresAt: '2026-02-02T00:00:00.000Z',
        replacement: { ...newApiKey('a', 2), rolledFrom: old.id },
      };
      const response = {
        scope: 'a rollApiKey',
        key: 'r1',
        requestHash: 'h',
        status: 201,
        createdAt: 'x',
        body: {},
      };
      const rolled = await store.rollApiKey(roll, response);
      expect(rolled?.old).toEqual({ ...old, expiresAt: roll.expiresAt, rolledTo: roll.replacement.id });
      expect(rolled?.replacement).toEqual({ ...roll.replacement, seq: expect.any(Number) });
      expect(await store.findApiKeyByHash(old.hash)).toEqual(rolled?.old);
      expect(await store.findApiKeyByHash(roll.replacement.hash)).toEqual(rolled?.replacement);
      expect(await storedResponse(store, 'a rollApiKey', 'r1')).toEqual(response);
      expect((await store.listApiKeys({ ownerId: 'a', limit: 10 })).map((k) => k.id)).toEqual([
        roll.replacement.id,
        old.id,
      ]);

      // Rolled already: the compare-and-set refuses, changing nothing.
      const again = { ...roll, replacement: { ...newApiKey('a', 3), rolledFrom: old.id } };
      expect(await store.rollApiKey(again)).toBeUndefined();
      expect(await store.getApiKey('a', again.replacement.id)).toBeUndefined();
      // Another owner's key, a revoked key and an expired key are not rolled either.
      expect(await store.rollApiKey({ ...again, ownerId: 'b' })).toBeUndefined();
      const revoked = await store.insertApiKey(newApiKey('a', 4));
      await store.revokeApiKey('a', revoked.id, '2026-01-15T00:00:00.000Z');
      expect(await store.rollApiKey({ ...again, id: revoked.id })).toBeUndefined();
      const expired = await store.insertApiKey({
        ...newApiKey('a', 5),
        expiresAt: '2026-02-01T00:00:00.000Z',
      });
      expect(await store.rollApiKey({ ...again, id: expired.id })).toBeUndefined();
      expect(await store.getApiKey('a', again.replacement.id)).toBeUndefined();
    });

    it('keeps an append-only history per key, newest first, paged, for its owner only', async () => {
      const store = await fresh();
      const user = { actorType: 'user', actorSubject: 'a', requestId: 'req-1' } as const;
      const master = { actorType: 'master', actorSubject: null, requestId: 'req-3' } as const;
      const key = await store.insertApiKey(newApiKey('a', 1), undefined, user);
      const replacement = { ...newApiKey('a', 2), rolledFrom: key.id };
      const roll = {
        ownerId: 'a',
        id: key.id,
        now: '2026-02-01T00:00:00.000Z',
        expiresAt: '2026-02-02T00:00:00.000Z',
      };
      await store.rollApiKey({ ...roll, replacement }, undefined, { ...user, requestId: 'req-2' });
      await store.revokeApiKey('a', key.id, '2026-02-01T01:00:00.000Z', master);
      // Revoking again records nothing, and neither does a failed roll.
      await store.revokeApiKey('a', key.id, '2026-02-01T02:00:00.000Z', user);
      await store.rollApiKey(
        { ...roll, replacement: { ...newApiKey('a', 3), rolledFrom: key.id } },
        undefined,
        user,
      );
      const seen = (events: ApiKeyEventRecord[]) =>
        events.map((e) => [e.type, e.at, e.actorType, e.actorSubject, e.requestId, e.relatedKeyId]);
      const history = await store.listApiKeyEvents({ ownerId: 'a', keyId: key.id, limit: 10 });
      expect(seen(history)).toEqual([
        ['revoked', '2026-02-01T01:00:00.000Z', 'master', null, 'req-3', null],
        ['rolled_to', roll.now, 'user', 'a', 'req-2', replacement.id],
        ['created', key.createdAt, 'user', 'a', 'req-1', null],
      ]);
      const [newest, next] = history;
      expect(
        await store.listApiKeyEvents({ ownerId: 'a', keyId: key.id, limit: 1, beforeSeq: newest?.seq }),
      ).toEqual([next]);
      expect(seen(await store.listApiKeyEvents({ ownerId: 'a', keyId: replacement.id, limit: 10 }))).toEqual([
        ['rolled_from', roll.now, 'user', 'a', 'req-2', key.id],
      ]);
      expect(await store.listApiKeyEvents({ ownerId: 'b', keyId: key.id, limit: 10 })).toEqual([]);

      // An expiry is recorded once, by the service, at the key's expiresAt.
      const expiring = await store.insertApiKey({
        ...newApiKey('a', 4),
        expiresAt: '2026-03-01T00:00:00.000Z',
      });
      await store.recordApiKeyExpiry(expiring);
      await store.recordApiKeyExpiry(expiring);
      expect(seen(await store.listApiKeyEvents({ ownerId: 'a', keyId: expiring.id, limit: 10 }))).toEqual([
        ['expired', '2026-03-01T00:00:00.000Z', 'service', null, null, null],
      ]);
    });

    it('adds usage per key and hour (never overwrites), keeps the latest client, lists a range oldest first', async () => {
      const store = await fresh();
      const hour = (h: number) => `2026-02-01T${String(h).padStart(2, '0')}:00:00.000Z`;
      const none = { success: 0, forbidden: 0, rateLimited: 0, clientError: 0, serverError: 0 };
      const latest = { keyId: 'k1', at: '2026-02-01T03:10:00.000Z', address: '10.0.0.1', userAgent: 'a' };
      await store.recordApiKeyUsage(
        [
          { keyId: 'k1', hour: hour(1), ...none, success: 2, forbidden: 1 },
          { keyId: 'k1', hour: hour(3), ...none, serverError: 1 },
          { keyId: 'k2', hour: hour(1), ...none, success: 5 },
        ],
        [latest],
      );
      // A second instance's batch: its counts add up; its older client does not replace the newer.
      await store.recordApiKeyUsage(
        [{ keyId: 'k1', hour: hour(1), ...none, success: 3, rateLimited: 4, clientError: 1 }],
        [{ keyId: 'k1', at: '2026-02-01T02:00:00.000Z', address: '10.0.0.2', userAgent: null }],
      );
      expect(await store.listApiKeyUsage({ keyId: 'k1', from: hour(0), to: hour(3) })).toEqual([
        {
          keyId: 'k1',
          hour: hour(1),
          success: 5,
          forbidden: 1,
          rateLimited: 4,
          clientError: 1,
          serverError: 0,
        },
      ]);
      const all = await store.listApiKeyUsage({ keyId: 'k1', from: hour(0), to: hour(4) });
      expect(all.map((u) => u.hour)).toEqual([hour(1), hour(3)]);
      expect(await store.getApiKeyClient('k1')).toEqual(latest);
      expect(await store.getApiKeyClient('k3')).toBeUndefined();
    });

    it('records the first secret fingerprint and tells later ones apart from it', async () => {
      const store = await fresh();
      expect(await store.checkSecretFingerprint('f1')).toBe('recorded');
      expect(await store.checkSecretFingerprint('f1')).toBe('matches');
      expect(await store.checkSecretFingerprint('f2')).toBe('differs');
      // A mismatch records nothing: the first fingerprint stays the one to match.
      expect(await store.checkSecretFingerprint('f1')).toBe('matches');
    });

    it('reports healthy, then refuses writes after close and closes only once', async () => {
      const store = await fresh();
      expect(await store.checkHealth()).toEqual({ status: 'up' });
      await Promise.all([store.close(), store.close()]);
      expect(await store.checkHealth()).toMatchObject({ status: 'down' });
      await expect(store.insertCourse(newCourse('a', 1))).rejects.toThrow('closed');
    });

    eventStoreContract(fresh);
  });
}
