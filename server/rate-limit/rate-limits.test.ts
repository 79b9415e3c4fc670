import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_SECONDS: '30' });
});
afterAll(() => server.close());

const parse = (value: string | null) =>
  Object.fromEntries(
    (value ?? '')
      .split(';')
      .slice(1)
      .map((p) => p.split('=')),
  );

describe('rate limits', () => {
  it('announces the policy and what is left, then answers 429 with Retry-After and retry-after-ms', async () => {
    const key = await server.apiKey('alice');
    const remaining = [];
    for (let i = 0; i < 3; i++) {
      const response = await server.call('GET', '/api/v1/courses', { bearer: key });
      expect(response.headers.get('ratelimit-policy')).toBe('"courses";q=3;w=30');
      remaining.push(parse(response.headers.get('ratelimit')).r);
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await server.call('GET', '/api/v1/courses', { bearer: key });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    const reset = Number(parse(limited.headers.get('ratelimit')).t);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBe(reset);
    expect(limited.headers.get('retry-after-ms')).toBe(String(retryAfter * 1000));
    expect(parse(limited.headers.get('ratelimit')).r).toBe('0');
  });

  it('counts each key separately', async () => {
    const [a, b] = [await server.apiKey('bob'), await server.apiKey('bob')];
    for (let i = 0; i < 3; i++) await server.call('GET', '/api/v1/courses', { bearer: a });
    expect((await server.call('GET', '/api/v1/courses', { bearer: a })).status).toBe(429);
    expect((await server.call('GET', '/api/v1/courses', { bearer: b })).status).toBe(200);
  });

  it('spends no quota on a 403', async () => {
    const token = await server.idToken('carol');
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      body: { name: 'r', scopes: ['courses:read'] },
    });
    for (let i = 0; i < 5; i++) {
      const forbidden = await server.call('POST', '/api/v1/courses', {
        bearer: created.body.key,
        body: { name: 'x', description: '' },
      });
      expect(forbidden.status).toBe(403);
    }
    const allowed = await server.call('GET', '/api/v1/courses', { bearer: created.body.key });
    expect(allowed.status).toBe(200);
    expect(parse(allowed.headers.get('ratelimit')).r).toBe('2');
  });

  it('limits key management per subject', async () => {
    const token = await server.idToken('dave');
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.call('GET', '/api/v1/api-keys', { bearer: token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
