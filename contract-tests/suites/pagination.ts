import { describe, expect, test } from 'vitest';
import type { Contract } from '../contract.ts';

/** Cursor pagination under concurrent inserts: every item that existed is returned exactly once. */
export function paginationSuite(c: Contract): void {
  describe('pagination under concurrent inserts', () => {
    test('courses: every existing course exactly once while others are created', async () => {
      const { client } = await c.newKey();
      const existing: string[] = [];
      for (let i = 0; i < 12; i++)
        existing.push((await client.courses.create({ name: `Old ${i}`, description: '' })).id);
      const seen: string[] = [];
      const inserting = (async () => {
        for (let i = 0; i < 8; i++) await client.courses.create({ name: `New ${i}`, description: '' });
      })();
      for await (const course of client.courses.list({ limit: 3 })) seen.push(course.id);
      await inserting;
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => existing.includes(id))).toEqual([...existing].reverse());
    });

    test('api keys: every existing key exactly once while others are created', async () => {
      const admin = c.client({ idToken: await c.target.issueIdToken(c.subject()) });
      const existing: string[] = [];
      for (let i = 0; i < 7; i++) existing.push((await admin.apiKeys.create({ name: `Old ${i}` })).id);
      const seen: string[] = [];
      const inserting = (async () => {
        for (let i = 0; i < 5; i++) await admin.apiKeys.create({ name: `New ${i}` });
      })();
      for await (const key of admin.apiKeys.list({ limit: 2 })) seen.push(key.id);
      await inserting;
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen.filter((id) => existing.includes(id))).toEqual([...existing].reverse());
    });
  });
}
