import { readdir } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreConflictError } from '../errors.ts';
import { newApiKey, newCourse, tempDir } from '../test-support.ts';
import { openSqljsStore } from './open-sqljs-store.ts';
import type { SqljsStore } from './sqljs-store.ts';

const open: SqljsStore[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((store) => store.close()));
});

describe.each(['memory', 'disk'] as const)('the sql.js store (%s)', (mode) => {
  async function fresh(): Promise<SqljsStore> {
    const store = await openSqljsStore({ dataDir: mode === 'memory' ? ':memory:' : await tempDir() });
    open.push(store);
    return store;
  }

  it('creates, reads, updates and deletes a course', async () => {
    const store = await fresh();
    const created = await store.insertCourse(newCourse('a', 1));
    expect(created).toMatchObject({ id: 'crs_a_1', seq: 1 });
    expect(await store.getCourse('a', 'crs_a_1')).toEqual(created);

    const changes = {
      name: 'Renamed',
      status: 'published' as const,
      publishedAt: '2026-02-01T00:00:00.000Z',
    };
    const updated = await store.updateCourse('a', 'crs_a_1', changes);
    expect(updated).toEqual({ ...created, ...changes });
    expect(await store.getCourse('a', 'crs_a_1')).toEqual(updated);
    expect(await store.updateCourse('a', 'crs_a_1', { publishedAt: null })).toMatchObject({
      publishedAt: null,
    });

    expect(await store.deleteCourse('a', 'crs_a_1')).toBe(true);
    expect(await store.getCourse('a', 'crs_a_1')).toBeUndefined();
    expect(await store.deleteCourse('a', 'crs_a_1')).toBe(false);
  });

  it("keeps owners apart: B cannot see, change or delete A's course", async () => {
    const store = await fresh();
    await store.insertCourse(newCourse('a', 1));
    expect(await store.getCourse('b', 'crs_a_1')).toBeUndefined();
    expect(await store.updateCourse('b', 'crs_a_1', { name: 'Stolen' })).toBeUndefined();
    expect(await store.deleteCourse('b', 'crs_a_1')).toBe(false);
    expect(await store.listCourses({ ownerId: 'b', limit: 10 })).toEqual([]);
    expect(await store.getCourse('a', 'crs_a_1')).toMatchObject({ name: 'Course 1' });
  });

  it('lists newest first, pages by seq and filters by status', async () => {
    const store = await fresh();
    for (let n = 1; n <= 7; n++) await store.insertCourse(newCourse('a', n, n % 2 ? 'draft' : 'published'));
    await store.insertCourse(newCourse('b', 99));
    const ids = (courses: { id: string }[]) => courses.map((c) => c.id.replace('crs_a_', ''));

    const first = await store.listCourses({ ownerId: 'a', limit: 3 });
    expect(ids(first)).toEqual(['7', '6', '5']);
    const second = await store.listCourses({ ownerId: 'a', limit: 3, beforeSeq: first.at(-1)?.seq });
    expect(ids(second)).toEqual(['4', '3', '2']);
    const published = await store.listCourses({ ownerId: 'a', limit: 10, status: 'published' });
    expect(ids(published)).toEqual(['6', '4', '2']);
    const olderDrafts = await store.listCourses({ ownerId: 'a', limit: 10, status: 'draft', beforeSeq: 5 });
    expect(ids(olderDrafts)).toEqual(['3', '1']);
  });

  it('never reuses a seq, even after deleting the newest course', async () => {
    const store = await fresh();
    await store.insertCourse(newCourse('a', 1));
    const second = await store.insertCourse(newCourse('a', 2));
    await store.deleteCourse('a', second.id);
    expect((await store.insertCourse(newCourse('a', 3))).seq).toBe(3);
  });

  it('stores the idempotent response with the insert, or neither', async () => {
    const store = await fresh();
    const response = { scope: 'a createCourse', key: 'k1', requestHash: 'h', status: 201, createdAt: 'x' };
    await store.insertCourse(newCourse('a', 1), { ...response, body: { id: 'crs_a_1' } });
    expect(await store.getIdempotentResponse('a createCourse', 'k1')).toEqual({
      ...response,
      body: { id: 'crs_a_1' },
    });

    // Same Idempotency-Key again: the course insert is rolled back with the failed response insert.
    await expect(store.insertCourse(newCourse('a', 2), { ...response, body: {} })).rejects.toThrow(
      StoreConflictError,
    );
    expect(await store.getCourse('a', 'crs_a_2')).toBeUndefined();
    expect((await store.insertCourse(newCourse('a', 3))).seq).toBe(2);
  });

  it('purges idempotent responses older than a time', async () => {
    const store = await fresh();
    const base = { scope: 's', requestHash: 'h', status: 201, body: null };
    await store.insertCourse(newCourse('a', 1), { ...base, key: 'old', createdAt: '2026-01-01T00:00:00Z' });
    await store.insertCourse(newCourse('a', 2), { ...base, key: 'new', createdAt: '2026-01-03T00:00:00Z' });
    await store.purgeIdempotentResponses('2026-01-02T00:00:00Z');
    expect(await store.getIdempotentResponse('s', 'old')).toBeUndefined();
    expect(await store.getIdempotentResponse('s', 'new')).toMatchObject({ body: null });
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

  it('refuses writes after close and closes only once', async () => {
    const store = await fresh();
    expect(store.isWritable()).toBe(true);
    await Promise.all([store.close(), store.close()]);
    expect(store.isWritable()).toBe(false);
    await expect(store.insertCourse(newCourse('a', 1))).rejects.toThrow('closed');
  });
});

describe('the sql.js store in :memory: mode', () => {
  it('creates no directory, snapshot or journal', async () => {
    const store = await openSqljsStore({ dataDir: ':memory:' });
    await store.insertCourse(newCourse('a', 1));
    await store.close();
    const names = await readdir('.');
    expect(names).not.toContain(':memory:');
    expect(names.filter((name) => /^(snapshot|journal)/.test(name))).toEqual([]);
    expect(store.stats()).toBeUndefined();
  });
});
