import { readFileSync } from 'node:fs';
import { getHealth, getOpenApiDocument } from '@course-service/sdk';
import { describe, expect, test } from 'vitest';
import { expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { SPEC_FILE } from '../spec.ts';

/** `getHealth`, `getOpenApiDocument`, and the answers of the server itself (unknown path, wrong method). */
export function serviceSuite(c: Contract): void {
  describe('service', () => {
    test('getHealth answers 200 ok', async () => {
      const { data } = await getHealth({ client: c.client().raw, throwOnError: true });
      expect(data.status).toBe('ok');
    });

    test('getOpenApiDocument serves the contract itself, and 304 for its ETag', async () => {
      const { data, response } = await getOpenApiDocument({ client: c.client().raw, throwOnError: true });
      expect(data).toEqual(c.spec.document);
      expect(readFileSync(SPEC_FILE, 'utf8')).toContain(
        `version: ${(data.info as { version: string }).version}`,
      );
      const etag = response.headers.get('ETag') as string;
      for (const validator of [etag, `W/${etag}`, '*']) {
        const again = await c.call('/api/openapi', { headers: { 'If-None-Match': validator } });
        expect(again.status).toBe(304);
        expect(again.headers.get('ETag')).toBe(etag);
      }
      const other = await c.call('/api/openapi', { headers: { 'If-None-Match': '"not-this-one"' } });
      expect(other.status).toBe(200);
    });

    test('a query parameter the operation does not take answers 400 naming it (found by fuzzing)', async () => {
      const health = await c.call('/healthz?verbose=1');
      expectRawProblem(health, 400, 'validation_failed');
      expect(health.body.errors).toEqual([
        expect.objectContaining({ location: 'query', pointer: '/verbose' }),
      ]);
      const { idToken } = await c.newKey();
      const reset = await c.call('/api/v1/test-data?all=1', {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${idToken}` },
      });
      expectRawProblem(reset, 400, 'validation_failed');
    });

    test('an unknown path answers a 404 problem', async () => {
      expectRawProblem(await c.call('/api/v1/nothing-here'), 404, 'not_found');
    });

    test('a method the path does not define answers 405 with Allow', async () => {
      const reply = await c.call('/api/v1/courses', { method: 'PUT' });
      expectRawProblem(reply, 405, 'method_not_allowed');
      // HEAD is implied wherever GET is served (RFC 9110), so Allow names it too.
      expect(reply.headers.get('Allow')?.split(/,\s*/).sort()).toEqual(['GET', 'HEAD', 'POST']);
    });

    test('HEAD answers as GET does: the same status and headers, no body', async () => {
      const { key, client } = await c.newKey();
      const { id } = await client.courses.create({ name: 'Headed', description: '' });
      const auth = { Authorization: `Bearer ${key}` };
      const paths: Array<[string, Record<string, string>]> = [
        ['/healthz', {}],
        ['/api/openapi', {}],
        ['/api/v1/courses', auth],
        [`/api/v1/courses/${id}`, auth],
      ];
      for (const [path, headers] of paths) {
        // The GET goes through the validating fetch; the HEAD must answer as it did, headers alone.
        const get = await c.call(path, { headers });
        const head = await c.target.fetch(
          new Request(`${c.target.baseUrl}${path}`, { method: 'HEAD', headers }),
        );
        expect({ path, status: head.status, body: await head.text() }).toEqual({
          path,
          status: get.status,
          body: '',
        });
        for (const name of [
          'content-type',
          'etag',
          'cache-control',
          'course-environment',
          'ratelimit-policy',
        ])
          expect({ path, name, value: head.headers.get(name) }).toEqual({
            path,
            name,
            value: get.headers.get(name),
          });
      }
    });

    test('a well-formed X-Request-Id is echoed, a forged one replaced', async () => {
      const echoed = await c.call('/healthz', { headers: { 'X-Request-Id': 'trace-123.abc' } });
      expect(echoed.headers.get('X-Request-Id')).toBe('trace-123.abc');
      const forged = await c.call('/healthz', { headers: { 'X-Request-Id': 'bad id with spaces' } });
      expect(forged.headers.get('X-Request-Id')).not.toBe('bad id with spaces');
    });
  });
}
