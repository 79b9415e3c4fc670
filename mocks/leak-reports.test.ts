import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';
import { mockApiKey } from './index.ts';

// The scanner's key pair; the mock is given its public key, as the service fetches it.
const scanner = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const key = mockApiKey('leaked');
const mock = useCourseServiceMock({
  apiKeys: [{ key }],
  secretScanningKeys: { 'scanner-1': scanner.publicKey.export({ type: 'spki', format: 'pem' }) as string },
});

const post = (items: unknown, keyId = 'scanner-1') => {
  const body = JSON.stringify(items);
  return fetch(`${mock.baseUrl}/api/v1/secret-scanning/reports`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Github-Public-Key-Identifier': keyId,
      'Github-Public-Key-Signature': sign('sha256', Buffer.from(body), scanner.privateKey).toString('base64'),
    },
    body,
  });
};

describe('leaked-key reports, as the server takes them', () => {
  it('revokes a reported key when the report is signed by a key given in the options', async () => {
    const answer = await post([{ token: key, type: 'course_service_api_key' }]);
    expect(await answer.json()).toEqual([
      { token_raw: key, token_type: 'course_service_api_key', label: 'true_positive' },
    ]);
    const refused = await fetch(`${mock.baseUrl}/api/v1/courses`, { headers: { 'X-API-Key': key } });
    expect(((await refused.json()) as { code: string }).code).toBe('api_key_revoked');
  });

  it('refuses a report signed under an identifier it was not given', async () => {
    const answer = await post([{ token: key, type: 'course_service_api_key' }], 'constructor');
    expect([answer.status, ((await answer.json()) as { code: string }).code]).toEqual([
      401,
      'invalid_report_signature',
    ]);
  });
});
