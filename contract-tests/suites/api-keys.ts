import { describe, expect, test } from 'vitest';
import { expectProblem, expectRawProblem } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { raceDuplicates } from './duplicate-race.ts';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** `listApiKeys`, `createApiKey`, `revokeApiKey`: the key shown once, revocation, expiry, bad input. */
export function apiKeysSuite(c: Contract): void {
  describe('api keys', () => {
    test('the key value is shown once, at creation, and never again', async () => {
      const admin = c.client({ idToken: await c.target.issueIdToken(c.subject()) });
      const { data: created, response } = await admin.apiKeys
        .create({ name: 'Reporting', scopes: ['courses:read'], expiresAt: inDays(30) })
        .withResponse();
      expect(response.headers.get('Cache-Control')).toBe('no-store');
      expect(created.key.startsWith(created.start)).toBe(true);
      expect(created).toMatchObject({
        status: 'active',
        scopes: ['courses:read'],
        lastUsedAt: null,
        revokedAt: null,
      });
      const { key, ...record } = created;
      const listed = await admin.apiKeys.listPage();
      expect(listed.data).toEqual([record]);
      expect(JSON.stringify(listed)).not.toContain(key);
      const revoked = await admin.apiKeys.revoke(created.id);
      expect(JSON.stringify(revoked)).not.toContain(key);
    });

    test('a revoked key stops working on the very next request; revoking again changes nothing', async () => {
      const { client, id, idToken } = await c.newKey();
      await client.courses.listPage();
      const admin = c.client({ idToken });
      const revoked = await admin.apiKeys.revoke(id);
      expect(revoked).toMatchObject({ id, status: 'revoked', revokedAt: expect.any(String) });
      await expectProblem(client.courses.listPage(), 401, 'api_key_revoked');
      expect(await admin.apiKeys.revoke(id)).toEqual(revoked);
      expect((await admin.apiKeys.listPage()).data[0]).toMatchObject({ id, status: 'revoked' });
    });

    test('an idempotent retry of a key creation returns the same key, value included', async () => {
      const admin = c.client({ idToken: await c.target.issueIdToken(c.subject()) });
      const idempotencyKey = crypto.randomUUID();
      const first = await admin.apiKeys.create({ name: 'Retried' }, { idempotencyKey });
      const retry = await admin.apiKeys.create({ name: 'Retried' }, { idempotencyKey }).withResponse();
      expect(retry.data).toEqual(first);
      expect(retry.response.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await admin.apiKeys.listPage()).data).toHaveLength(1);
      await expectProblem(
        admin.apiKeys.create({ name: 'Other' }, { idempotencyKey }),
        422,
        'idempotency_key_reused',
      );
    });

    test('409 while a key creation with the same Idempotency-Key is still running', async () => {
      // Within each subject's key-creation quota: a new subject when one has too little left.
      const statuses = await raceDuplicates(
        async () => ({ Authorization: `Bearer ${await c.target.issueIdToken(c.subject())}` }),
        (headers) => c.call('/api/v1/api-keys', { method: 'POST', headers, json: { name: 'Race' } }),
      );
      expect([...statuses].sort()).toEqual([201, 409]);
    });

    test('a key expires at its expiresAt', async () => {
      const expiresAt = new Date(Date.now() + 2_000).toISOString();
      const { client, idToken, id } = await c.newKey({ expiresAt });
      await client.courses.listPage();
      await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 1_000));
      await expectProblem(client.courses.listPage(), 401, 'api_key_expired');
      const keys = await c.client({ idToken }).apiKeys.listPage();
      expect(keys.data.find((key) => key.id === id)).toMatchObject({
        status: 'expired',
        lastUsedAt: expect.any(String),
      });
    });

    const badKeys: Array<[string, unknown]> = [
      ['a missing name', { scopes: ['courses:read'] }],
      ['a blank name', { name: '  ' }],
      ['a name over 100 characters', { name: 'n'.repeat(101) }],
      ['an unknown scope', { name: 'k', scopes: ['courses:admin'] }],
      ['no scopes', { name: 'k', scopes: [] }],
      ['a repeated scope', { name: 'k', scopes: ['courses:read', 'courses:read'] }],
      ['expiresAt in the past', { name: 'k', expiresAt: '2020-01-01T00:00:00Z' }],
      ['expiresAt over 366 days ahead', { name: 'k', expiresAt: inDays(400) }],
      ['expiresAt not a date-time', { name: 'k', expiresAt: 'tomorrow' }],
      ['an unknown field', { name: 'k', key: 'cms_prod_chosen' }],
    ];
    test.each(badKeys)('createApiKey answers 400 for %s', async (_kind, json) => {
      const headers = { Authorization: `Bearer ${await c.target.issueIdToken(c.subject())}` };
      expectRawProblem(
        await c.call('/api/v1/api-keys', { method: 'POST', headers, json }),
        400,
        'validation_failed',
      );
    });

    test('400 for malformed JSON, bad paging and a malformed key id', async () => {
      const headers = { Authorization: `Bearer ${await c.target.issueIdToken(c.subject())}` };
      const malformed = await c.call('/api/v1/api-keys', {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: '{',
      });
      expectRawProblem(malformed, 400, 'malformed_json');
      for (const query of ['limit=0', 'limit=1000', 'cursor=%2F%2F']) {
        expectRawProblem(await c.call(`/api/v1/api-keys?${query}`, { headers }), 400, 'validation_failed');
      }
      expectRawProblem(await c.call('/api/v1/api-keys?cursor=Zm9v', { headers }), 400, 'invalid_cursor');
      for (const id of ['key_short', 'crs_0000000000000000']) {
        expectRawProblem(
          await c.call(`/api/v1/api-keys/${id}`, { method: 'DELETE', headers }),
          400,
          'validation_failed',
        );
      }
    });
  });
}
