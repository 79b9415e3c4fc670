import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

// API6:2023 Unrestricted access to sensitive business flows. The sensitive flow is minting API keys:
// a stolen ID token must not mint them by the thousand. KEY_CREATION_LIMIT_MAX keys per subject per
// KEY_CREATION_WINDOW_SECONDS, apart from the general request quota, each subject on its own.
describe('API6 sensitive flows: key creation is limited per subject per window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ KEY_CREATION_LIMIT_MAX: '3', KEY_CREATION_WINDOW_SECONDS: '3600' });
  });
  afterAll(() => server.close());

  const create = async (subject: string, headers: Record<string, string> = {}) =>
    server.call('POST', '/api/v1/api-keys', {
      bearer: await server.idToken(subject),
      headers,
      body: { name: 'k' },
    });

  it('answers 429 rate_limited with its own policy and Retry-After past the limit', async () => {
    for (let i = 0; i < 3; i++) expect((await create('alice')).status).toBe(201);
    const refused = await create('alice');
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.headers.get('ratelimit-policy')).toBe('"key-creation";q=3;w=3600');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused attempt created nothing.
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: await server.idToken('alice') });
    expect(keys.body.data).toHaveLength(3);
  });

  it('limits each subject on its own, and leaves the other key-management calls alone', async () => {
    expect((await create('bob')).status).toBe(201);
    const list = await server.call('GET', '/api/v1/api-keys', { bearer: await server.idToken('alice') });
    expect(list.status).toBe(200);
  });

  it('counts an idempotent replay as the one creation it is', async () => {
    const headers = { 'Idempotency-Key': 'carol-1' };
    for (let i = 0; i < 5; i++) expect((await create('carol', headers)).status).toBe(201);
    expect((await create('carol')).status).toBe(201);
  });

  it('refuses invalid creations without spending the quota', async () => {
    const token = await server.idToken('dave');
    for (let i = 0; i < 5; i++) {
      const bad = await server.call('POST', '/api/v1/api-keys', {
        bearer: token,
        body: { name: 'k', expiresAt: '2000-01-01T00:00:00Z' },
      });
      expect(bad.status).toBe(400);
    }
    expect((await create('dave')).status).toBe(201);
  });
});
