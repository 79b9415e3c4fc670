import type { CourseClient } from '@course-service/sdk';
import { describe, expect, test } from 'vitest';
import { expectProblem, MISSING_COURSE_ID, MISSING_KEY_ID } from '../assertions.ts';
import type { Contract } from '../contract.ts';

/**
 * Every course operation that takes an id, as thunks, so each call starts only when awaited and no
 * rejection goes unhandled.
 */
export const byId = (client: CourseClient, id: string) => [
  () => client.courses.get(id),
  () => client.courses.update(id, { name: 'taken over' }),
  () => client.courses.publish(id),
  () => client.courses.archive(id),
  () => client.courses.restore(id),
  () => client.courses.delete(id),
];

/** 404 for missing ids and other owners' ids, which must look alike; isolation between two subjects. */
export function ownershipSuite(c: Contract): void {
  describe('ownership', () => {
    test('404 for a missing course id on every course operation', async () => {
      const { client } = await c.newKey();
      for (const call of byId(client, MISSING_COURSE_ID)) await expectProblem(call(), 404, 'not_found');
    });

    test("another subject's course answers exactly like a missing one, and stays untouched", async () => {
      const alice = await c.newKey({ subject: c.subject('alice') });
      const bob = await c.newKey({ subject: c.subject('bob') });
      const course = await alice.client.courses.create({ name: "Alice's", description: 'private' });
      const missing = await expectProblem(bob.client.courses.get(MISSING_COURSE_ID), 404, 'not_found');
      for (const call of byId(bob.client, course.id)) {
        const error = await expectProblem(call(), 404, 'not_found');
        expect(error.problem?.title).toBe(missing.problem?.title);
        expect(error.detail.replace(course.id, MISSING_COURSE_ID)).toBe(missing.detail);
      }
      expect((await bob.client.courses.listPage()).data).toEqual([]);
      expect(await alice.client.courses.get(course.id)).toEqual(course);
    });

    test("keys are the subject's own: a second key of one subject sees its courses, another subject's key cannot be revoked", async () => {
      const alice = await c.newKey({ subject: c.subject('alice') });
      const second = await c.newKey({ subject: alice.subject });
      const course = await alice.client.courses.create({ name: 'Shared by keys', description: '' });
      expect(await second.client.courses.get(course.id)).toEqual(course);
      const bob = c.client({ idToken: await c.target.issueIdToken(c.subject('bob')) });
      await expectProblem(bob.apiKeys.revoke(alice.id), 404, 'not_found');
      await expectProblem(bob.apiKeys.revoke(MISSING_KEY_ID), 404, 'not_found');
      expect((await bob.apiKeys.listPage()).data).toEqual([]);
      expect(await alice.client.courses.listPage()).toMatchObject({ data: [course] });
    });
  });
}
