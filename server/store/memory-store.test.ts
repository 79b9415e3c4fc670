import { createMemoryStore } from '@course-service/runtime/embedded-store';
import { describe, expect, it } from 'vitest';
import {
  account,
  claimRequest,
  newApiKey,
  newCourse,
  storedResponse,
} from '../../test-support/store/records.ts';
import { storeContract } from '../../test-support/store/store-contract.ts';

storeContract('memory', async () => createMemoryStore());

describe('the memory store', () => {
  it('keeps a duplicate busy until the request that stored the response releases its key', async () => {
    const store = createMemoryStore();
    const claim = claimRequest('s');
    expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'claimed' });
    const response = { scope: 's', key: 'k', requestHash: 'h', status: 201, body: {}, createdAt: claim.now };
    await store.insertCourse(newCourse('a', 1), response);
    expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'busy' });
    await store.releaseIdempotencyKey('s', 'k');
    expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'stored', response });
  });

  it('hands out frozen courses: a reader cannot change the one it stores', async () => {
    const store = createMemoryStore();
    const created = await store.insertCourse(newCourse('a', 1));
    expect(Object.isFrozen(created)).toBe(true);
    expect(Object.isFrozen(await store.getCourse(account('a'), created.id))).toBe(true);
    expect(Object.isFrozen((await store.listCourses({ ...account('a'), limit: 10 }))[0])).toBe(true);
    const renamed = await store.updateCourse(account('a'), created.id, { name: 'Renamed' });
    expect(Object.isFrozen(renamed)).toBe(true);
  });

  it("keeps no caller's object: records, scopes and stored bodies are copies", async () => {
    const store = createMemoryStore();
    const input = newApiKey('a', 1);
    const key = await store.insertApiKey(input);
    input.scopes.push('admin');
    expect(key.scopes).toEqual(['courses:read', 'courses:write']);
    expect(Object.isFrozen(key.scopes)).toBe(true);

    const body = { id: 'crs_a_1' };
    const response = { scope: 's', key: 'k', requestHash: 'h', status: 201, body, createdAt: 'x' };
    await store.insertCourse(newCourse('a', 1), response);
    body.id = 'changed';
    const stored = await storedResponse(store, 's', 'k');
    expect(stored?.body).toEqual({ id: 'crs_a_1' });
    (stored?.body as { id: string }).id = 'changed by a reader';
    expect((await storedResponse(store, 's', 'k'))?.body).toEqual({ id: 'crs_a_1' });
  });

  it('moves a course between status lists as its status changes; deleting all empties them', async () => {
    const store = createMemoryStore();
    for (let n = 1; n <= 3; n++) await store.insertCourse(newCourse('a', n));
    const publish = { status: 'published' as const, publishedAt: '2026-02-01T00:00:00.000Z' };
    await store.updateCourse(account('a'), 'crs_a_2', publish, 'draft');
    const ids = async (status: 'draft' | 'published') =>
      (await store.listCourses({ ...account('a'), limit: 10, status })).map((c) => c.id);
    expect(await ids('draft')).toEqual(['crs_a_3', 'crs_a_1']);
    expect(await ids('published')).toEqual(['crs_a_2']);

    expect(await store.deleteAllCourses(account('a'))).toBe(3);
    expect(await ids('draft')).toEqual([]);
    expect(await ids('published')).toEqual([]);
    await store.insertCourse(newCourse('a', 2));
    expect(await ids('draft')).toEqual(['crs_a_2']);
    expect((await store.getCourse(account('a'), 'crs_a_2'))?.seq).toBe(4);
  });

  it('numbers courses and keys from one counter', async () => {
    const store = createMemoryStore();
    const course = await store.insertCourse(newCourse('a', 1));
    const key = await store.insertApiKey(newApiKey('a', 1));
    const next = await store.insertCourse(newCourse('a', 2));
    expect([course.seq, key.seq, next.seq]).toEqual([1, 2, 3]);
  });

  it('lets a claim be taken over once its lease has passed, and release drops only a claim', async () => {
    const store = createMemoryStore();
    const claim = claimRequest('s');
    expect(await store.claimIdempotencyKey(claim)).toEqual({ kind: 'claimed' });
    expect(await store.claimIdempotencyKey({ ...claim, now: '2026-01-02T00:01:00.000Z' })).toEqual({
      kind: 'busy',
    });
    const later = { ...claim, now: '2026-01-02T00:01:00.001Z', leaseUntil: '2026-01-02T00:02:00.000Z' };
    expect(await store.claimIdempotencyKey(later)).toEqual({ kind: 'claimed' });

    const response = {
      scope: 's',
      key: 'k',
      requestHash: 'h',
      status: 201,
      body: null,
      createdAt: later.now,
    };
    await store.insertCourse(newCourse('a', 1), response);
    await store.releaseIdempotencyKey('s', 'k');
    expect(await storedResponse(store, 's', 'k')).toEqual(response);
    // The stored response is not a claim: a second insert under the key conflicts, changing nothing.
    await expect(store.insertApiKey(newApiKey('a', 1), response)).rejects.toThrow('already stored');
    expect(await store.findApiKeyByHash('hash-a-1')).toBeUndefined();
  });
});
