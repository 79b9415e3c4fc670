import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import {
  type HostileIdentityProvider,
  startHostileIdentityProvider,
} from '../../test-support/server/hostile-identity-provider.ts';
import { loadConfig } from '../config.ts';

// API8:2023 Security misconfiguration: security headers on every API answer, nothing that names
// the stack, a stated CORS policy (none: the API is not for other web origins; see openapi.yaml's
// "Browsers and CORS"), and production mode without the development identity provider.
describe('API8 security misconfiguration', () => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer();
    key = await server.apiKey('alice');
  });
  afterAll(() => server.close());

  const answers = () => [
    server.call('GET', '/healthz'),
    server.call('GET', '/api/v1/courses', { bearer: key }),
    server.call('GET', '/api/v1/courses'),
    server.call('GET', '/api/v1/nothing'),
    server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: '{',
      headers: { 'content-type': 'application/json' },
    }),
  ];

  it('every API answer, success or error, carries the security headers and no x-powered-by or Server', async () => {
    for (const response of await Promise.all(answers())) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('server')).toBeNull();
    }
  });

  it('error answers hold no stack, file path or library name', async () => {
    for (const response of await Promise.all(answers())) {
      expect(JSON.stringify(response.body)).not.toMatch(
        /\n\s+at |node_modules|\.ts:\d+|koa|openapi-backend/i,
      );
    }
  });

  it('CORS: a preflight is refused (405, no Access-Control-Allow-*), and no answer allows another origin', async () => {
    const preflight = await server.call('OPTIONS', '/api/v1/courses', {
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(405);
    const simple = await server.call('GET', '/api/v1/courses', {
      bearer: key,
      headers: { Origin: 'https://evil.example' },
    });
    expect(simple.status).toBe(200);
    for (const response of [preflight, simple]) {
      const allowing = [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
      expect(allowing).toEqual([]);
    }
  });

  it('production mode refuses to start on the development identity provider', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', API_KEY_HASH_SECRET: 'x'.repeat(32) })).toThrow(
      /IDP_ISSUER, IDP_AUDIENCE and IDP_JWKS_URL are required/,
    );
  });

  describe('in production, with a real identity provider', () => {
    let idp: HostileIdentityProvider;
    let production: TestServer;
    beforeAll(async () => {
      idp = await startHostileIdentityProvider();
      production = await startTestServer({
        NODE_ENV: 'production',
        API_KEY_HASH_SECRET: 's'.repeat(32),
        ...idp.env(),
      });
    });
    afterAll(async () => {
      await production.close();
      await idp.close();
    });

    it('has no development token endpoint or JWKS, and takes only the real provider’s tokens', async () => {
      expect((await production.call('POST', '/dev/token', { body: { sub: 'mallory' } })).status).toBe(404);
      expect((await production.call('GET', '/dev/.well-known/jwks.json')).status).toBe(404);
      const created = await production.call('POST', '/api/v1/api-keys', {
        bearer: await idp.sign(),
        body: { name: 'prod' },
      });
      expect(created.status).toBe(201);
    });
  });
});
