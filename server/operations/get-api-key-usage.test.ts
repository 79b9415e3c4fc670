import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
});
afterAll(() => server.close());

const usage = (token: string, keyId: string, query = '') =>
  server.call('GET', `/api/v1/api-keys/${keyId}/usage${query}`, { bearer: token });

describe('getApiKeyUsage', () => {
  it('200: the requests a key made, by outcome, per day and per hour, and where it was used from', async () => {
    const token = await server.idToken('usage');
    const reader = await server.apiKey('usage', { name: 'Reader', scopes: ['courses:read'] });
    const headers = { 'user-agent': 'usage-test/1.0' };
    await server.call('GET', '/api/v1/courses', { bearer: reader, headers });
    await server.call('GET', '/api/v1/courses', { bearer: reader, headers });
    await server.call('POST', '/api/v1/courses', {
      bearer: reader,
      headers,
      body: { name: 'No', description: '' },
    });
    await server.call('GET', '/api/v1/courses/crs_0000000000000000', { bearer: reader, headers });
    const keyId = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[0].id;
    const daily = await usage(token, keyId);
    expect(daily.status).toBe(200);
    expect(daily.body).toMatchObject({
      granularity: 'day',
      data: [{ success: 2, forbidden: 1, rateLimited: 0, clientError: 1, serverError: 0 }],
      lastUsedFrom: { address: expect.stringMatching(/127\.0\.0\.1/), userAgent: 'usage-test/1.0' },
    });
    expect(Date.parse(daily.body.to) - Date.parse(daily.body.from)).toBe(8 * 86_400_000);
    expect(daily.body.data[0].start).toMatch(/T00:00:00\.000Z$/);
    const hourly = await usage(token, keyId, '?granularity=hour');
    expect(hourly.body.data).toEqual([
      expect.objectContaining({ start: expect.stringMatching(/:00:00\.000Z$/), success: 2, forbidden: 1 }),
    ]);
    // The key list's last use is never before the key was made.
    const listed = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[0];
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(listed.createdAt));
  });

  it('400 for a range backwards or over 90 days; 404 for another account’s key', async () => {
    const token = await server.idToken('usage-bad');
    await server.apiKey('usage-bad');
    const keyId = (await server.call('GET', '/api/v1/api-keys', { bearer: token })).body.data[0].id;
    const backwards = await usage(token, keyId, '?from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z');
    expect([backwards.status, backwards.body.code, backwards.body.errors[0].pointer]).toEqual([
      400,
      'validation_failed',
      '/from',
    ]);
    const long = await usage(token, keyId, '?from=2026-01-01T00:00:00Z&to=2026-06-01T00:00:00Z');
    expect(long.body.code).toBe('validation_failed');
    expect((await usage(token, keyId, '?granularity=week')).body.code).toBe('validation_failed');
    const stranger = await server.idToken('usage-stranger');
    expect((await usage(stranger, keyId)).body.code).toBe('not_found');
  });
});
