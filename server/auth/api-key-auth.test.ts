import { formatApiKey } from '@course-service/runtime/domain/api-key-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function expect401(response: Promise<TestResponse>, code: string) {
  const { status, headers, body } = await response;
  expect(status).toBe(401);
  expect(body.code).toBe(code);
  expect(headers.get('www-authenticate')).toMatch(/^Bearer realm="course-service"/);
}

describe('API key authentication', () => {
  it('accepts the key as Authorization: Bearer and as X-API-Key', async () => {
    const key = await server.apiKey('alice');
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    expect((await server.call('GET', '/api/v1/courses', { headers: { 'x-api-key': key } })).status).toBe(200);
  });

  it('answers a missing key with 401 authentication_required', async () => {
    await expect401(server.call('GET', '/api/v1/courses'), 'authentication_required');
  });

  it('refuses malformed, mistyped (bad checksum) and unknown keys', async () => {
    await expect401(server.call('GET', '/api/v1/courses', { bearer: 'not-a-key' }), 'invalid_api_key');
    const real = await server.apiKey('alice');
    const mistyped = real.slice(0, 12) + (real[12] === 'a' ? 'b' : 'a') + real.slice(13);
    await expect401(server.call('GET', '/api/v1/courses', { bearer: mistyped }), 'invalid_api_key');
    await expect401(
      server.call('GET', '/api/v1/courses', { bearer: formatApiKey('cms', 'prod') }),
      'invalid_api_key',
    );
    await expect401(
      server.call('GET', '/api/v1/courses', { headers: { authorization: `Basic ${real}` } }),
      'invalid_api_key',
    );
  });

  it('refuses two different keys in the two headers', async () => {
    const [a, b] = [await server.apiKey('alice'), await server.apiKey('alice')];
    await expect401(
      server.call('GET', '/api/v1/courses', { bearer: a, headers: { 'x-api-key': b } }),
      'invalid_api_key',
    );
  });

  it('refuses an ID token on course calls, naming the expected credential', async () => {
    const response = server.call('GET', '/api/v1/courses', { bearer: await server.idToken('alice') });
    await expect401(response, 'wrong_credential_type');
    expect((await response).body.detail).toMatch(/API key/);
  });

  it('stops a revoked key on the very next request', async () => {
    const token = await server.idToken('alice');
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'short-lived' },
    });
    const { key, id } = created.body;
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    expect((await server.call('DELETE', `/api/v1/api-keys/${id}`, { bearer: token })).body.status).toBe(
      'revoked',
    );
    await expect401(server.call('GET', '/api/v1/courses', { bearer: key }), 'api_key_revoked');
  });

  it('stops an expired key', async () => {
    const expiresAt = new Date(Date.now() + 3000).toISOString();
    const key = await server.apiKey('alice', { name: 'expiring', expiresAt });
    expect((await server.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    await expect401(server.call('GET', '/api/v1/courses', { bearer: key }), 'api_key_expired');
  });

  it('answers a key without the needed scope with 403 naming it', async () => {
    const readOnly = await server.apiKey('alice', { name: 'reader', scopes: ['courses:read'] });
    expect((await server.call('GET', '/api/v1/courses', { bearer: readOnly })).status).toBe(200);
    const response = await server.call('POST', '/api/v1/courses', {
      bearer: readOnly,
      body: { name: 'x', description: '' },
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'insufficient_scope', missingScopes: ['courses:write'] });
    expect(response.body.detail).toContain('courses:write');
  });

  it('limits failed attempts per client address', async () => {
    const strict = await startTestServer({ AUTH_FAILURE_LIMIT_MAX: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await strict.call('GET', '/api/v1/courses', { bearer: 'guess' })).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const key = await strict.apiKey('alice');
      expect((await strict.call('GET', '/api/v1/courses', { bearer: key })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('never writes a key value or token to the logs', async () => {
    const token = await server.idToken('carol');
    const key = await server.apiKey('carol');
    await server.call('GET', '/api/v1/courses', { bearer: key });
    await server.call('GET', '/api/v1/courses', { headers: { 'x-api-key': key } });
    const logs = server.logs.join('');
    expect(logs).toContain('"path":"/api/v1/courses"');
    expect(logs).not.toContain(key);
    expect(logs).not.toContain(token);
  });
});
