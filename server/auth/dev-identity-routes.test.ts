import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestResponse, type TestServer } from '../../test-support/server/harness.ts';
import { countedRoutes } from '../../test-support/server/prometheus-text.ts';

// The development identity provider is a Koa route of the server (mounted at `/dev` while no
// identity provider is configured), not the core's: its answers, its body read as the API reads
// bodies, and the route names metrics and traces get.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS: 'on', BODY_LIMIT_BYTES: '1024' });
});
afterAll(() => server.close());

const SUBJECT_ERROR = {
  location: 'body',
  pointer: '/sub',
  detail: 'must be a non-empty string of at most 255 characters, without control characters',
};

function expectProblem(response: TestResponse, status: number, code: string, instance: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(response.body).toMatchObject({ status, code, instance });
  expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
}

describe('POST /dev/token', () => {
  it('issues an ID token that key management accepts, never cached', async () => {
    const response = await server.call('POST', '/dev/token', { body: { sub: 'dora' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.body).toEqual({ idToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    const keys = await server.call('GET', '/api/v1/api-keys', { bearer: response.body.idToken });
    expect(keys.status).toBe(200);
  });

  it.each([[''], ['   '], ['a\u0001b'], ['x'.repeat(256)], [42]])(
    'answers the subject %j with 400 validation_failed naming /sub',
    async (sub) => {
      const response = await server.call('POST', '/dev/token', { body: { sub } });
      expectProblem(response, 400, 'validation_failed', '/dev/token');
      expect(response.body.errors).toEqual([SUBJECT_ERROR]);
    },
  );

  it('answers other methods 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'OPTIONS']) {
      const response = await server.call(method, '/dev/token');
      expectProblem(response, 405, 'method_not_allowed', '/dev/token');
      expect(response.body.detail).toBe('Use POST /dev/token.');
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers bodies as the API does: 415, 413, malformed JSON, no body', async () => {
    const text = { headers: { 'content-type': 'text/plain' }, body: 'sub=alice' };
    expectProblem(await server.call('POST', '/dev/token', text), 415, 'unsupported_media_type', '/dev/token');
    const large = { body: { sub: 'x'.repeat(2000) } };
    expectProblem(await server.call('POST', '/dev/token', large), 413, 'payload_too_large', '/dev/token');
    const cut = { headers: { 'content-type': 'application/json' }, body: '{"sub":' };
    expectProblem(await server.call('POST', '/dev/token', cut), 400, 'malformed_json', '/dev/token');
    const none = await server.call('POST', '/dev/token');
    expectProblem(none, 400, 'validation_failed', '/dev/token');
  });
});

describe('GET /dev/.well-known/jwks.json', () => {
  it('publishes the keys that verify the tokens it issues', async () => {
    const jwks = await server.call('GET', '/dev/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const token = (await server.call('POST', '/dev/token', { body: { sub: 'erin' } })).body.idToken;
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks.body));
    expect(payload.sub).toBe('erin');
  });

  it('leaves every other path and method under /dev to the service: 404', async () => {
    const refused = [
      await server.call('GET', '/dev'),
      await server.call('GET', '/dev/keys'),
      await server.call('POST', '/dev/token/', { body: { sub: 'x' } }),
      await server.call('POST', '/dev/.well-known/jwks.json'),
    ];
    for (const response of refused) expect(response.body.code).toBe('not_found');
  });
});

describe('metrics and traces', () => {
  it('name each answer by its route, errors included; what the service refused is unmatched', async () => {
    const counted = await countedRoutes(server.url);
    expect(counted).toEqual(
      expect.arrayContaining([
        'POST /dev/token 200',
        'POST /dev/token 400',
        'POST /dev/token 413',
        'POST /dev/token 415',
        'GET /dev/token 405',
        'GET /dev/.well-known/jwks.json 200',
        'GET unmatched 404',
        'POST unmatched 404',
      ]),
    );
    expect(counted.filter((line) => line.includes('/dev/*') || / \/dev /.test(line))).toEqual([]);
  });
});
