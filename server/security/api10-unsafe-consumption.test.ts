import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import {
  type HostileIdentityProvider,
  startHostileIdentityProvider,
} from '../../test-support/server/hostile-identity-provider.ts';

// API10:2023 Unsafe consumption of APIs. The one third-party API the server consumes is the identity
// provider's JWKS. Whatever it answers (huge, silent, dripping, not JSON, not a JWKS, a redirect, a
// 500), the token is refused with a clean 401 in bounded time, and the server keeps serving.
describe('API10 unsafe consumption: hostile JWKS answers fail closed', () => {
  let idp: HostileIdentityProvider;
  let server: TestServer;
  beforeAll(async () => {
    idp = await startHostileIdentityProvider();
    server = await startTestServer({ ...idp.env(), IDP_JWKS_TIMEOUT_MS: '500' });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  const behaviours = ['huge', 'slow', 'drip', 'malformed', 'not-a-jwks', 'redirect', 'error'] as const;
  it.each(behaviours)(
    'a %s JWKS answer refuses the token with 401 and leaves the server serving',
    async (behaviour) => {
      idp.behaviour = behaviour;
      // A fresh server each time: jose caches a good key set, and this must be the first fetch.
      const fresh = await startTestServer({ ...idp.env(), IDP_JWKS_TIMEOUT_MS: '500' });
      try {
        const pending = fresh.call('GET', '/api/v1/api-keys', { bearer: await idp.sign() });
        // While the JWKS fetch is pending or failing, other requests are answered.
        expect((await fresh.call('GET', '/healthz')).status).toBe(200);
        const response = await pending;
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('invalid_id_token');
        expect(response.body.detail).toMatch(/identity provider's keys could not be fetched/);
        expect(JSON.stringify(response.body)).not.toMatch(/\bat \S+:\d+|JWKS|169\.254/);
      } finally {
        await fresh.close();
      }
    },
  );

  it('with a well-behaved provider the same token is accepted (the failures above are the answers)', async () => {
    idp.behaviour = 'normal';
    const response = await server.call('GET', '/api/v1/api-keys', { bearer: await idp.sign() });
    expect(response.status).toBe(200);
  });

  it('never follows the redirect it was sent', () => {
    expect(idp.requests.every((request) => request === 'GET /jwks.json')).toBe(true);
  });
});
