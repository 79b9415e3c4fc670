import { isNotModified, NotModified } from '@course-service/sdk';
import { describe, expect, test } from 'vitest';
import type { Contract } from '../contract.ts';

const ETAG = /^"[A-Za-z0-9_-]+"$/;

/** `ETag` and `If-None-Match` → `304 Not Modified` on `getCourse` and `listCourses`. */
export function conditionalRequestsSuite(c: Contract): void {
  describe('conditional requests', () => {
    test('getCourse: an ETag, 304 without a body for it (also weak, listed or *), 200 for another', async () => {
      const { key, client } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Tagged', description: 'ETag' });
      const auth = { Authorization: `Bearer ${key}` };
      const first = await c.call(`/api/v1/courses/${id}`, { headers: auth });
      const etag = first.headers.get('ETag') as string;
      expect(first.status).toBe(200);
      expect(etag).toMatch(ETAG);
      for (const validator of [etag, `W/${etag}`, `"stale", ${etag}`, '*']) {
        const again = await c.call(`/api/v1/courses/${id}`, {
          headers: { ...auth, 'If-None-Match': validator },
        });
        expect([again.status, again.body, again.headers.get('ETag')]).toEqual([304, '', etag]);
      }
      const other = await c.call(`/api/v1/courses/${id}`, {
        headers: { ...auth, 'If-None-Match': '"stale"' },
      });
      expect([other.status, other.body?.id]).toEqual([200, id]);
    });

    test('getCourse: a change gives a new ETag, and the old one then gets the new course', async () => {
      const { client } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Before', description: '' });
      const { etag } = await client.courses.get(id).withResponse();
      expect(await client.courses.get(id, { ifNoneMatch: etag as string })).toEqual(
        new NotModified(etag as string),
      );
      await client.courses.update(id, { name: 'After' });
      const changed = await client.courses.get(id, { ifNoneMatch: etag as string }).withResponse();
      expect(changed.data).toMatchObject({ id, name: 'After' });
      expect(changed.etag).toMatch(ETAG);
      expect(changed.etag).not.toBe(etag);
    });

    test('listCourses: a page is tagged, 304 while unchanged, 200 with a new tag after a create', async () => {
      const { client } = await c.newKey();
      await client.courses.create({ name: 'Listed', description: '' });
      const page = await client.courses.listPage({ limit: 10 }).withResponse();
      expect(page.etag).toMatch(ETAG);
      const same = await client.courses
        .listPage({ limit: 10 }, { ifNoneMatch: page.etag as string })
        .withResponse();
      expect([isNotModified(same.data), same.response.status, same.etag]).toEqual([true, 304, page.etag]);
      expect(same.rateLimit).toBeDefined();
      await client.courses.create({ name: 'Newer', description: '' });
      const fresh = await client.courses.listPage({ limit: 10 }, { ifNoneMatch: page.etag as string });
      expect(isNotModified(fresh) ? [] : fresh.data.map((course) => course.name)).toEqual([
        'Newer',
        'Listed',
      ]);
    });

    test('a 304 is only for the caller: another account gets 404, no credential 401', async () => {
      const { client } = await c.newKey();
      const { key: strangerKey } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Mine', description: '' });
      const stranger = await c.call(`/api/v1/courses/${id}`, {
        headers: { Authorization: `Bearer ${strangerKey}`, 'If-None-Match': '*' },
      });
      expect(stranger.status).toBe(404);
      const anonymous = await c.call(`/api/v1/courses/${id}`, { headers: { 'If-None-Match': '*' } });
      expect(anonymous.status).toBe(401);
    });
  });
}
