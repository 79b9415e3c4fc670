import { describe, expect, test } from 'vitest';
import { expectProblem, MISSING_COURSE_ID } from '../assertions.ts';
import type { Contract } from '../contract.ts';

/** 403 `insufficient_scope` for a key without the scope, which spends no quota. */
export function forbiddenSuite(c: Contract): void {
  describe('scopes (403)', () => {
    test('a read-only key may read but not write, and is told which scope it lacks', async () => {
      const { client, subject } = await c.newKey({ scopes: ['courses:read'] });
      const writer = await c.newKey({ subject, scopes: ['courses:write'] });
      const course = await writer.client.courses.create({ name: 'Scoped', description: '' });
      expect(await client.courses.get(course.id)).toEqual(course);
      const writes = [
        () => client.courses.create({ name: 'No', description: '' }),
        () => client.courses.update(course.id, { name: 'No' }),
        () => client.courses.delete(course.id),
        () => client.courses.publish(course.id),
        () => client.courses.archive(course.id),
        () => client.courses.restore(course.id),
      ];
      for (const call of writes) {
        const error = await expectProblem(call(), 403, 'insufficient_scope');
        expect(error.problem?.missingScopes).toEqual(['courses:write']);
      }
      expect(await client.courses.get(course.id)).toEqual(course);
    });

    test('a write-only key may not read, whether the course exists or not', async () => {
      const { client } = await c.newKey({ scopes: ['courses:write'] });
      const course = await client.courses.create({ name: 'Blind', description: '' });
      const reads = [
        () => client.courses.listPage(),
        () => client.courses.get(course.id),
        () => client.courses.get(MISSING_COURSE_ID),
      ];
      for (const call of reads) {
        const error = await expectProblem(call(), 403, 'insufficient_scope');
        expect(error.problem?.missingScopes).toEqual(['courses:read']);
      }
    });

    test('a 403 does not consume quota', async () => {
      const { client } = await c.newKey({ scopes: ['courses:read'] });
      const before = (await client.courses.listPage().withResponse()).rateLimit;
      for (let i = 0; i < 3; i++)
        await expectProblem(
          client.courses.create({ name: 'No', description: '' }),
          403,
          'insufficient_scope',
        );
      const after = (await client.courses.listPage().withResponse()).rateLimit;
      expect(before?.remaining).toEqual(expect.any(Number));
      // One request (the second list) was spent, unless the window rolled over in between.
      expect([(before?.remaining ?? 0) - 1, before?.limit ? before.limit - 1 : -1]).toContain(
        after?.remaining,
      );
    });
  });
}
