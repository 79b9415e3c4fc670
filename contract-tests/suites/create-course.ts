import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { raceDuplicates } from './duplicate-race.ts';

/** `createCourse`: creation, idempotency, and every way a body can be refused. */
export function createCourseSuite(c: Contract): void {
  describe('createCourse', () => {
    test('creates a draft with a Location that finds it', async () => {
      const { client } = await c.newKey();
      const { data, response } = await client.courses
        .create({ name: 'Databases', description: 'SQL' })
        .withResponse();
      expect(data).toMatchObject({
        name: 'Databases',
        description: 'SQL',
        status: 'draft',
        publishedAt: null,
      });
      const location = response.headers.get('Location') as string;
      expect(location.endsWith(`/api/v1/courses/${data.id}`)).toBe(true);
      expect(await client.courses.get(data.id)).toEqual(data);
    });

    test('an idempotent retry returns the same course, once', async () => {
      const { client } = await c.newKey();
      const idempotencyKey = crypto.randomUUID();
      const body = { name: 'Once', description: 'only once' };
      const first = await client.courses.create(body, { idempotencyKey }).withResponse();
      const retry = await client.courses
        .create({ description: 'only once', name: 'Once' }, { idempotencyKey })
        .withResponse();
      expect(retry.data).toEqual(first.data);
      expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
      expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();
      expect((await client.courses.listPage()).data).toHaveLength(1);
    });

    test('422 when an Idempotency-Key comes back with another body', async () => {
      const { key } = await c.newKey();
      const headers = { Authorization: `Bearer ${key}`, 'Idempotency-Key': crypto.randomUUID() };
      expect(
        (await c.call('/api/v1/courses', { method: 'POST', headers, json: { name: 'A', description: '' } }))
          .status,
      ).toBe(201);
      const reused = await c.call('/api/v1/courses', {
        method: 'POST',
        headers,
        json: { name: 'B', description: '' },
      });
      expectRawProblem(reused, 422, 'idempotency_key_reused');
    });

    test('409 while a request with the same Idempotency-Key is still running', async () => {
      // The server holds the key only while the first request runs, so concurrent duplicates are
      // sent until one of them lands in that window, within each key's quota.
      const statuses = await raceDuplicates(
        async () => ({ Authorization: `Bearer ${(await c.newKey()).key}` }),
        (headers) =>
          c.call('/api/v1/courses', { method: 'POST', headers, json: { name: 'Race', description: '' } }),
      );
      expect([...statuses].sort()).toEqual([201, 409]);
    });

    const badBodies: Array<[string, string, string]> = [
      ['a missing name', JSON.stringify({ description: '' }), 'validation_failed'],
      ['a blank name', JSON.stringify({ name: '   ', description: '' }), 'validation_failed'],
      [
        'a name over 200 characters',
        JSON.stringify({ name: 'n'.repeat(201), description: '' }),
        'validation_failed',
      ],
      [
        'a description over 5000 characters',
        JSON.stringify({ name: 'n', description: 'd'.repeat(5001) }),
        'validation_failed',
      ],
      [
        'an unknown field',
        JSON.stringify({ name: 'n', description: '', status: 'published' }),
        'validation_failed',
      ],
      ['a wrong type', JSON.stringify({ name: 42, description: '' }), 'validation_failed'],
      ['an array body', '[]', 'validation_failed'],
      ['malformed JSON', '{"name": "n",', 'malformed_json'],
    ];
    test.each(badBodies)('400 for %s', async (_kind, body, code) => {
      const { key } = await c.newKey();
      const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      expectRawProblem(await c.call('/api/v1/courses', { method: 'POST', headers, body }), 400, code);
    });

    test('400 for a missing body and for a malformed Idempotency-Key', async () => {
      const { key } = await c.newKey();
      const auth = { Authorization: `Bearer ${key}` };
      expectRawProblem(
        await c.call('/api/v1/courses', { method: 'POST', headers: auth }),
        400,
        'validation_failed',
      );
      for (const idempotencyKey of ['has space', 'k'.repeat(256)]) {
        const headers = { ...auth, 'Idempotency-Key': idempotencyKey };
        const reply = await c.call('/api/v1/courses', {
          method: 'POST',
          headers,
          json: { name: 'n', description: '' },
        });
        expectRawProblem(reply, 400, 'validation_failed');
        expect(reply.body.errors[0]).toMatchObject({ location: 'header' });
      }
    });
  });
}
