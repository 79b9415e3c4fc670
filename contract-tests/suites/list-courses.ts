import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';

/** `listCourses`: filters, pages, and each kind of bad query. */
export function listCoursesSuite(c: Contract): void {
  describe('listCourses', () => {
    test('lists the caller’s courses newest first, filtered by status', async () => {
      const { client } = await c.newKey();
      const first = await client.courses.create({ name: 'First', description: '' });
      const second = await client.courses.create({ name: 'Second', description: '' });
      await client.courses.publish(first.id);
      const all = await client.courses.listPage();
      expect(all.data.map((course) => course.id)).toEqual([second.id, first.id]);
      expect(all).toMatchObject({ hasMore: false, nextCursor: null });
      const published = await client.courses.listPage({ status: 'published' });
      expect(published.data.map((course) => course.id)).toEqual([first.id]);
    });

    test('pages with limit and nextCursor, every course exactly once', async () => {
      const { client } = await c.newKey();
      const made = [];
      for (let i = 0; i < 5; i++)
        made.push((await client.courses.create({ name: `C${i}`, description: '' })).id);
      const firstPage = await client.courses.listPage({ limit: 2 });
      expect(firstPage).toMatchObject({ hasMore: true });
      expect(firstPage.nextCursor).toEqual(expect.any(String));
      const ids: string[] = [];
      for await (const course of client.courses.list({ limit: 2 })) ids.push(course.id);
      expect(ids).toEqual(made.reverse());
    });

    const badQueries: Array<[string, string, string]> = [
      ['limit below 1', 'limit=0', 'validation_failed'],
      ['limit above 100', 'limit=101', 'validation_failed'],
      ['limit not a number', 'limit=many', 'validation_failed'],
      ['unknown status', 'status=deleted', 'validation_failed'],
      ['cursor with forbidden characters', 'cursor=%21%21', 'validation_failed'],
      ['cursor too long', `cursor=${'a'.repeat(201)}`, 'validation_failed'],
      ['cursor this service never issued', 'cursor=bm90LWEtY3Vyc29y', 'invalid_cursor'],
    ];
    test.each(badQueries)('400 for %s', async (_kind, query, code) => {
      const { key } = await c.newKey();
      const reply = await c.call(`/api/v1/courses?${query}`, { headers: { Authorization: `Bearer ${key}` } });
      expectRawProblem(reply, 400, code);
      expect(reply.body.errors?.[0]).toMatchObject({ location: 'query' });
    });
  });
}
