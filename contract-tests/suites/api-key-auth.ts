import { formatApiKey } from '@course-service/runtime/domain/api-key-format';
import { describe, expect, test } from 'vitest';
import { expectRawProblem, MISSING_COURSE_ID } from '../assertions.ts';
import type { Contract } from '../contract.ts';

const COURSE_CALLS: Array<[string, string]> = [
  ['GET', '/api/v1/courses'],
  ['POST', '/api/v1/courses'],
  ['GET', `/api/v1/courses/${MISSING_COURSE_ID}`],
  ['PATCH', `/api/v1/courses/${MISSING_COURSE_ID}`],
  ['DELETE', `/api/v1/courses/${MISSING_COURSE_ID}`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/publish`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/archive`],
  ['POST', `/api/v1/courses/${MISSING_COURSE_ID}/restore`],
];
const BODY = { name: 'Refused', description: '' };

/**
 * Every course operation refuses, with 401 before anything else, each kind of bad API-key credential.
 * Each refusal is a failed authentication: unless the server's failed-authentication quota holds
 * the full plan (see `auth-budget.ts`), each kind is tried on one operation, the operations taking
 * turns (the generic `credential-required` check probes each of them).
 */
export function apiKeyAuthSuite(c: Contract): void {
  describe('API-key authentication (401)', () => {
    let turn = 0;
    async function expectEveryCourseCall(
      headers: Record<string, string>,
      code: string,
      challengeError: boolean,
    ) {
      const calls = c.budget.full
        ? COURSE_CALLS
        : [COURSE_CALLS[turn++ % COURSE_CALLS.length] as [string, string]];
      for (const [method, path] of calls) {
        const json = method === 'POST' || method === 'PATCH' ? BODY : undefined;
        const reply = await c.call(path, { method, headers, json });
        expectRawProblem(reply, 401, code);
        expect(reply.headers.get('WWW-Authenticate')?.includes('error="invalid_token"')).toBe(challengeError);
      }
    }

    test('missing credential: authentication_required, with a plain challenge', async () => {
      await expectEveryCourseCall({}, 'authentication_required', false);
    });

    test('malformed key (bad checksum, wrong shape) and non-Bearer Authorization: invalid_api_key', async () => {
      const { key } = await c.newKey();
      const mistyped = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
      await expectEveryCourseCall({ Authorization: `Bearer ${mistyped}` }, 'invalid_api_key', true);
      await expectEveryCourseCall({ 'X-API-Key': 'hunter2' }, 'invalid_api_key', true);
      await expectEveryCourseCall({ Authorization: `Basic ${btoa(`user:${key}`)}` }, 'invalid_api_key', true);
    });

    test('well-formed but unknown key, and two different keys at once: invalid_api_key', async () => {
      const { key, client } = await c.newKey();
      const [prefix, environment] = key.split('_') as [string, 'prod' | 'test'];
      await expectEveryCourseCall(
        { 'X-API-Key': formatApiKey(prefix, environment) },
        'invalid_api_key',
        true,
      );
      const other = await c.newKey();
      await expectEveryCourseCall(
        { Authorization: `Bearer ${key}`, 'X-API-Key': other.key },
        'invalid_api_key',
        true,
      );
      expect((await client.courses.listPage()).data).toEqual([]);
    });

    test('revoked key: api_key_revoked on every course operation', async () => {
      const { key, id, idToken } = await c.newKey();
      await c.client({ idToken }).apiKeys.revoke(id);
      await expectEveryCourseCall({ 'X-API-Key': key }, 'api_key_revoked', true);
    });

    test('an ID token where an API key belongs: wrong_credential_type', async () => {
      const idToken = await c.target.issueIdToken(c.subject());
      await expectEveryCourseCall({ Authorization: `Bearer ${idToken}` }, 'wrong_credential_type', true);
    });

    test('the same key works as X-API-Key and as Bearer, and both at once when equal', async () => {
      const { key } = await c.newKey();
      const viaHeader = c.client({ apiKey: key, apiKeyHeader: true });
      const course = await viaHeader.courses.create(BODY);
      expect(await c.client({ apiKey: key }).courses.get(course.id)).toEqual(course);
      const both = await c.call(`/api/v1/courses/${course.id}`, {
        headers: { Authorization: `Bearer ${key}`, 'X-API-Key': key },
      });
      expect(both.status).toBe(200);
    });
  });
}
