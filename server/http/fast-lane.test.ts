import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/harness.ts';

// The fast lane answers hot reads without Koa and hands every failure to Koa: these check that
// nothing is counted twice and that answers look the same either way.
let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '50', AUTH_FAILURE_LIMIT_MAX: '3' });
  key = await server.apiKey('lane-owner');
});
afterAll(() => server.close());

/** The raw response head, as Node's client parses it (fetch hides how the body was framed). */
function rawHead(method: string, path: string, body?: string): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = request(`${server.url}${path}`, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ...res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const remaining = (headers: Headers) => Number(/;r=(\d+);/.exec(headers.get('ratelimit') ?? '')?.[1]);

describe('fast lane', () => {
  it('spends one unit of quota per read, also when the read ends in a 404 rendered by Koa', async () => {
    const first = await server.call('GET', '/api/v1/courses', { bearer: key });
    const missing = await server.call('GET', '/api/v1/courses/crs_0000000000000000', { bearer: key });
    const last = await server.call('GET', '/api/v1/courses', { bearer: key });
    expect([first.status, missing.status, last.status]).toEqual([200, 404, 200]);
    expect(remaining(missing.headers)).toBe(remaining(first.headers) - 1);
    expect(remaining(last.headers)).toBe(remaining(first.headers) - 2);
    expect(missing.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('keeps one request id: the client’s when well-formed, the same in header and problem body', async () => {
    const headers = { 'x-request-id': 'lane-trace-1' };
    const ok = await server.call('GET', '/api/v1/courses', { bearer: key, headers });
    expect(ok.headers.get('x-request-id')).toBe('lane-trace-1');
    const bad = await server.call('GET', '/api/v1/courses?limit=0', { bearer: key });
    expect(bad.status).toBe(400);
    expect(bad.body.requestId).toBe(bad.headers.get('x-request-id'));
    expect(bad.headers.get('ratelimit')).toMatch(/^"courses";r=\d+;t=\d+$/);
  });

  it('counts each failed authentication once against the client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await server.call('GET', '/api/v1/courses', { bearer: 'cms_prod_wrong' })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('leaves writes and other credentials to Koa, answering them as before', async () => {
    const created = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'N', description: '' },
    });
    expect(created.status).toBe(201);
    const idToken = await server.idToken('lane-owner');
    expect((await server.call('GET', '/api/v1/api-keys', { bearer: idToken })).status).toBe(200);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  });

  it('frames its answers with Content-Length, never chunked, so head and body leave in one write', async () => {
    const created = await rawHead(
      'POST',
      '/api/v1/courses',
      JSON.stringify({ name: 'Framed', description: '' }),
    );
    const listed = await rawHead('GET', '/api/v1/courses?limit=5');
    for (const head of [created, listed]) {
      expect(head['transfer-encoding']).toBeUndefined();
      expect(Number(head['content-length'])).toBeGreaterThan(0);
    }
    expect([created.status, listed.status]).toEqual([201, 200]);
  });
});
