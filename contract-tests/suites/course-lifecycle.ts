import { describe, expect, test } from 'vitest';
import { expectProblem, expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';

const BAD_IDS = ['crs_short', 'key_0000000000000000', 'crs_00000000000000!0'];

/** `getCourse`, `updateCourse`, `deleteCourse` and the transitions: success, 400 ids and bodies, 409 states. */
export function courseLifecycleSuite(c: Contract): void {
  describe('course lifecycle', () => {
    test('get, update (partial), and delete a draft', async () => {
      const { client } = await c.newKey();
      const course = await client.courses.create({ name: 'Old', description: 'kept' });
      expect(await client.courses.get(course.id)).toEqual(course);
      const renamed = await client.courses.update(course.id, { name: 'New' });
      expect(renamed).toMatchObject({
        id: course.id,
        name: 'New',
        description: 'kept',
        createdAt: course.createdAt,
      });
      const { response } = await client.courses.delete(course.id).withResponse();
      expect(response.status).toBe(204);
      await expectProblem(client.courses.get(course.id), 404, 'not_found');
    });

    test('draft → published → archived → draft, and each illegal step answers 409', async () => {
      const { client } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Lifecycle', description: '' });
      const conflict = await expectProblem(client.courses.restore(id), 409, 'invalid_transition');
      expect(conflict.problem).toMatchObject({
        currentStatus: 'draft',
        allowedTransitions: expect.arrayContaining(['publish', 'archive']),
      });
      const published = await client.courses.publish(id);
      expect(published).toMatchObject({
        status: 'published',
        publishedAt: expect.any(String),
        archivedAt: null,
      });
      await expectProblem(client.courses.publish(id), 409, 'invalid_transition');
      await expectProblem(client.courses.delete(id), 409, 'invalid_course_state');
      const archived = await client.courses.archive(id);
      expect(archived).toMatchObject({ status: 'archived', archivedAt: expect.any(String) });
      await expectProblem(client.courses.archive(id), 409, 'invalid_transition');
      await expectProblem(client.courses.update(id, { name: 'Nope' }), 409, 'course_archived');
      expect(await client.courses.restore(id)).toMatchObject({ status: 'draft', archivedAt: null });
      await client.courses.archive(id);
      await client.courses.delete(id);
      expect((await client.courses.listPage()).data).toEqual([]);
    });

    test.each(BAD_IDS)('400 for the malformed course id %s on every course operation', async (badId) => {
      const { key } = await c.newKey();
      const headers = { Authorization: `Bearer ${key}` };
      const path = `/api/v1/courses/${encodeURIComponent(badId)}`;
      const calls: Array<[string, string, unknown]> = [
        ['GET', path, undefined],
        ['PATCH', path, { name: 'x' }],
        ['DELETE', path, undefined],
        ['POST', `${path}/publish`, undefined],
        ['POST', `${path}/archive`, undefined],
        ['POST', `${path}/restore`, undefined],
      ];
      for (const [method, at, json] of calls) {
        const reply = await c.call(at, { method, headers, json });
        expectRawProblem(reply, 400, 'validation_failed');
        expect(reply.body.errors[0]).toMatchObject({ location: 'path', pointer: '/courseId' });
      }
    });

    const badUpdates: Array<[string, string | undefined, string]> = [
      ['an empty object', '{}', 'validation_failed'],
      ['a blank name', JSON.stringify({ name: ' ' }), 'validation_failed'],
      ['a read-only field', JSON.stringify({ status: 'published' }), 'validation_failed'],
      ['a null description', JSON.stringify({ description: null }), 'validation_failed'],
      ['malformed JSON', '{name:', 'malformed_json'],
      ['no body at all', undefined, 'validation_failed'],
    ];
    test.each(badUpdates)('updateCourse answers 400 for %s', async (_kind, body, code) => {
      const { key, client } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Target', description: '' });
      const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      expectRawProblem(await c.call(`/api/v1/courses/${id}`, { method: 'PATCH', headers, body }), 400, code);
      expect(await client.courses.get(id)).toMatchObject({ name: 'Target' });
    });
  });
}
