import { describe, test } from 'vitest';
import { expectRawProblem, MISSING_KEY_ID } from '../assertions.ts';
import type { Contract } from '../contract.ts';
import { coverage } from '../coverage.ts';
import { forgeries } from './id-token-forgeries.ts';

const KEY_CALLS: Array<[string, string, unknown]> = [
  ['GET', '/api/v1/api-keys', undefined],
  ['POST', '/api/v1/api-keys', { name: 'Refused' }],
  ['DELETE', `/api/v1/api-keys/${MISSING_KEY_ID}`, undefined],
];

/**
 * Every key-management operation refuses each kind of bad ID-token credential with 401; paced like
 * the API-key suite, one operation per kind (taking turns) unless the server's failed-authentication
 * quota holds the full plan.
 */
export function idTokenAuthSuite(c: Contract): void {
  describe('ID-token authentication (401)', () => {
    let turn = 0;
    async function expectEveryKeyCall(headers: Record<string, string>, code: string) {
      const calls = c.budget.full
        ? KEY_CALLS
        : [KEY_CALLS[turn++ % KEY_CALLS.length] as (typeof KEY_CALLS)[number]];
      for (const [method, path, json] of calls)
        expectRawProblem(await c.call(path, { method, headers, json }), 401, code);
    }

    test('missing credential: authentication_required', async () => {
      await expectEveryKeyCall({}, 'authentication_required');
    });

    test('an API key where an ID token belongs, as Bearer or X-API-Key: wrong_credential_type', async () => {
      const { key } = await c.newKey();
      await expectEveryKeyCall({ Authorization: `Bearer ${key}` }, 'wrong_credential_type');
      await expectEveryKeyCall({ 'X-API-Key': key }, 'wrong_credential_type');
    });

    test('not a token, or not Bearer: invalid_id_token', async () => {
      const token = await c.target.issueIdToken(c.subject());
      await expectEveryKeyCall({ Authorization: 'Bearer not-a-token' }, 'invalid_id_token');
      await expectEveryKeyCall({ Authorization: `Token ${token}` }, 'invalid_id_token');
    });

    for (const forgery of forgeries(c.target)) {
      if ('unsupported' in forgery) {
        coverage.limitation(`ID token ${forgery.name}`, forgery.unsupported);
        continue;
      }
      test(`${forgery.name}: invalid_id_token`, async () => {
        const token = await forgery.make(await c.target.issueIdToken(c.subject()));
        await expectEveryKeyCall({ Authorization: `Bearer ${token}` }, 'invalid_id_token');
      });
    }
  });
}
