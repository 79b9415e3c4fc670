import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer();
});
afterAll(() => t.close());

const LOOPBACK = 'http://127.0.0.1:9/callback';
const HOSTED = 'https://app.example.com:8443/callback';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

async function register(redirectUris: string[]): Promise<string> {
  const response = await t.rest('POST', '/oauth/register', undefined, { redirect_uris: redirectUris });
  expect(response.status).toBe(201);
  return response.body.client_id as string;
}
const post = (path: string, contentType: string, body: string) =>
  fetch(`${t.server.url}${path}`, { method: 'POST', headers: { 'content-type': contentType }, body });
const form = (path: string, params: Record<string, string>) =>
  post(path, 'application/x-www-form-urlencoded', new URLSearchParams(params).toString());
const authorization = (clientId: string, redirectUri: string) => ({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  code_challenge: challenge,
  code_challenge_method: 'S256',
});
/** A code for `clientId`, from a signed-in authorization request to `redirectUri`. */
async function codeFor(clientId: string, redirectUri: string): Promise<string> {
  const answer = await fetch(`${t.server.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...authorization(clientId, redirectUri), sub: 'pat' }),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') as string).searchParams.get('code') as string;
}
const redeem = (params: Record<string, string>) =>
  form('/oauth/token', { grant_type: 'authorization_code', code_verifier: verifier, ...params });

/** Expects an OAuth error answer (RFC 6749 §5.2): JSON `error`, never cached. */
async function expectOAuthError(response: Response, status: number, error: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json(;|$)/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ error });
  expect(typeof body.error_description).toBe('string');
}

describe('GET and HEAD /oauth/authorize', () => {
  it('answers HEAD like GET, without a body, and lists HEAD in Allow', async () => {
    const clientId = await register([LOOPBACK]);
    const url = `${t.server.url}/oauth/authorize?${new URLSearchParams(authorization(clientId, LOOPBACK))}`;
    const get = await fetch(url);
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
    expect(await head.text()).toBe('');
    const put = await fetch(url, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});

describe('redirect URIs (RFC 8252 §7.3)', () => {
  it('accepts a registered loopback URI on any port, everything else compared exactly', async () => {
    const clientId = await register([LOOPBACK]);
    const otherPort = 'http://127.0.0.1:53817/callback';
    expect(
      (
        await fetch(
          `${t.server.url}/oauth/authorize?${new URLSearchParams(authorization(clientId, otherPort))}`,
        )
      ).status,
    ).toBe(200);
    const code = await codeFor(clientId, otherPort);
    expect((await redeem({ client_id: clientId, code, redirect_uri: otherPort })).status).toBe(200);
    for (const refused of [
      'http://127.0.0.1:53817/other',
      'http://[::1]:9/callback',
      'http://127.0.0.1:9/callback?x=1',
    ]) {
      expect(
        (
          await fetch(
            `${t.server.url}/oauth/authorize?${new URLSearchParams(authorization(clientId, refused))}`,
          )
        ).status,
        refused,
      ).toBe(400);
    }
  });

  it('refuses a non-loopback URI on another port', async () => {
    const clientId = await register([HOSTED]);
    const url = (uri: string) =>
      `${t.server.url}/oauth/authorize?${new URLSearchParams(authorization(clientId, uri))}`;
    expect((await fetch(url(HOSTED))).status).toBe(200);
    expect((await fetch(url('https://app.example.com:9443/callback'))).status).toBe(400);
    expect((await fetch(url('https://app.example.com/callback'))).status).toBe(400);
  });
});

describe('codes are bound to their client and redirect URI, and redeemed once', () => {
  it('refuses a code redeemed by another client', async () => {
    const [owner, other] = [await register([LOOPBACK]), await register([LOOPBACK])];
    const code = await codeFor(owner, LOOPBACK);
    await expectOAuthError(
      await redeem({ client_id: other, code, redirect_uri: LOOPBACK }),
      400,
      'invalid_grant',
    );
    // The refused attempt spent the code: not even its own client can redeem it now.
    await expectOAuthError(
      await redeem({ client_id: owner, code, redirect_uri: LOOPBACK }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a code redeemed with another redirect_uri', async () => {
    const clientId = await register([LOOPBACK, 'http://127.0.0.1:9/other']);
    const code = await codeFor(clientId, LOOPBACK);
    await expectOAuthError(
      await redeem({ client_id: clientId, code, redirect_uri: 'http://127.0.0.1:9/other' }),
      400,
      'invalid_grant',
    );
  });

  it('refuses a code used twice', async () => {
    const clientId = await register([LOOPBACK]);
    const code = await codeFor(clientId, LOOPBACK);
    expect((await redeem({ client_id: clientId, code, redirect_uri: LOOPBACK })).status).toBe(200);
    await expectOAuthError(
      await redeem({ client_id: clientId, code, redirect_uri: LOOPBACK }),
      400,
      'invalid_grant',
    );
  });
});

describe('client errors at the token and registration endpoints are OAuth errors, not problems', () => {
  it('answers the token endpoint’s refused bodies as invalid_request', async () => {
    await expectOAuthError(await post('/oauth/token', 'application/json', '{}'), 415, 'invalid_request');
    await expectOAuthError(await redeem({ code: 'x'.repeat(100_000) }), 413, 'invalid_request');
  });

  it('answers a token request without client_id 400 invalid_request', async () => {
    const clientId = await register([LOOPBACK]);
    const code = await codeFor(clientId, LOOPBACK);
    await expectOAuthError(await redeem({ code, redirect_uri: LOOPBACK }), 400, 'invalid_request');
    await expectOAuthError(
      await redeem({ client_id: 'dev_unknown', code, redirect_uri: LOOPBACK }),
      401,
      'invalid_client',
    );
  });

  it('answers the registration endpoint’s refused bodies as invalid_client_metadata', async () => {
    const register = (contentType: string, body: string) => post('/oauth/register', contentType, body);
    await expectOAuthError(
      await register('application/x-www-form-urlencoded', 'a=b'),
      415,
      'invalid_client_metadata',
    );
    await expectOAuthError(
      await register('application/json', `{"x":"${'x'.repeat(20_000)}"}`),
      413,
      'invalid_client_metadata',
    );
    await expectOAuthError(
      await register('application/json', '{"redirect_uris": ['),
      400,
      'invalid_client_metadata',
    );
    await expectOAuthError(await register('application/json', '[]'), 400, 'invalid_client_metadata');
  });
});

describe('a quota per client address', () => {
  it('answers 429 with Retry-After once an address has registered and signed in 60 times a minute', async () => {
    const own = await startMcpTestServer();
    try {
      const registerOnce = () =>
        fetch(`${own.server.url}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ redirect_uris: [LOOPBACK] }),
        });
      const first = await registerOnce();
      const { client_id: clientId } = (await first.json()) as { client_id: string };
      for (let i = 1; i < 59; i++) expect((await registerOnce()).status).toBe(201);
      const signIn = () =>
        fetch(`${own.server.url}/oauth/authorize`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ ...authorization(clientId, LOOPBACK), sub: 'pat' }),
          redirect: 'manual',
        });
      expect((await signIn()).status).toBe(302);
      const refused = await signIn();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await registerOnce()).status).toBe(429);
    } finally {
      await own.close();
    }
  });
});
