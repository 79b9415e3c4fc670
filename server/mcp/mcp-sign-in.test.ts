import {
  Client,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  REVISIONS,
  startMcpTestServer,
} from '../../test-support/server/mcp-test-server.ts';

let t: McpTestServer;
beforeAll(async () => {
  t = await startMcpTestServer();
});
afterAll(() => t.close());

const REDIRECT = 'http://127.0.0.1:9/callback';

/** An MCP client's OAuth state, in memory; the authorization URL it is sent to is kept for the test. */
function memoryProvider() {
  const state: {
    client?: unknown;
    tokens?: unknown;
    verifier?: string;
    discovery?: unknown;
    authorizationUrl?: URL;
  } = {};
  const provider: OAuthClientProvider = {
    redirectUrl: REDIRECT,
    clientMetadata: {
      client_name: 'course-service sign-in test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    clientInformation: () => state.client as never,
    saveClientInformation: (info) => {
      state.client = info;
    },
    tokens: () => state.tokens as never,
    saveTokens: (tokens) => {
      state.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      state.authorizationUrl = url;
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier;
    },
    codeVerifier: () => state.verifier as string,
    saveDiscoveryState: (discovery) => {
      state.discovery = discovery;
    },
    discoveryState: () => state.discovery as never,
  };
  return { provider, state };
}

/** The user's part of the authorization step: the sign-in form, submitted as `subject`. */
async function signIn(authorizationUrl: URL, subject: string): Promise<URLSearchParams> {
  const page = await fetch(authorizationUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Development sign-in');
  const form = new URLSearchParams(authorizationUrl.searchParams);
  form.set('sub', subject);
  const answer = await fetch(new URL('/oauth/authorize', authorizationUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get('location') as string);
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
  return location.searchParams;
}

describe('an MCP client signs in through the development identity provider', () => {
  it('follows the 401 to the metadata, registers, gets a token with PKCE and calls tools as the user', async () => {
    const { provider, state } = memoryProvider();
    const first = new StreamableHTTPClientTransport(t.mcpUrl, { authProvider: provider });
    await expect(new Client({ name: 'sign-in', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    // The client found the authorization server through the 401's resource_metadata and registered.
    expect(state.authorizationUrl?.pathname).toBe('/oauth/authorize');
    expect(state.authorizationUrl?.searchParams.get('code_challenge_method')).toBe('S256');
    const callback = await signIn(state.authorizationUrl as URL, 'olivia');
    expect(callback.get('state')).toBe(state.authorizationUrl?.searchParams.get('state'));
    await first.finishAuth(callback.get('code') as string);
    expect(state.tokens).toMatchObject({ token_type: 'Bearer' });

    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    for (const { mode } of REVISIONS) {
      const client = new Client({ name: 'sign-in', version: '1.0.0' }, { versionNegotiation: { mode } });
      await client.connect(new StreamableHTTPClientTransport(t.mcpUrl, { authProvider: provider }));
      const { tools } = await client.listTools();
      // A signed-in user gets every tool, without the master key's `owner`.
      expect(tools.map((tool) => tool.name)).toContain('create_api_key');
      const create = tools.find((tool) => tool.name === 'create_course');
      expect(create?.inputSchema.properties).not.toHaveProperty('owner');
      const result = await client.callTool({
        name: 'create_course',
        arguments: { name: 'Signed in', description: 'x' },
      });
      expect(result.isError).toBeFalsy();
      const validate = ajv.compile(create?.outputSchema ?? {});
      expect(validate(result.structuredContent), JSON.stringify(validate.errors)).toBe(true);
      const course = result.structuredContent as { id: string; name: string };

      // The course is the user's: readable as a resource, and listed.
      const read = await client.readResource({ uri: `course://${course.id}` });
      expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual(course);
      const listed = await client.listResources();
      expect(listed.resources.map((resource) => resource.uri)).toContain(`course://${course.id}`);

      // Key management acts on the user's own keys.
      const key = await client.callTool({ name: 'create_api_key', arguments: { name: 'from MCP' } });
      expect(key.isError).toBeFalsy();
      const idToken = (await t.rest('POST', '/dev/token', undefined, { sub: 'olivia' })).body
        .idToken as string;
      const keys = await t.rest('GET', '/api/v1/api-keys', idToken);
      expect(keys.body.data.map((k: { id: string }) => k.id)).toContain(
        (key.structuredContent as { id: string }).id,
      );
      const courses = await t.rest('GET', `/api/v1/courses/${course.id}`, await t.apiKey('olivia'));
      expect(courses.status).toBe(200);
      await client.close();
    }
  });

  it('publishes the protected resource metadata and the authorization server metadata', async () => {
    const origin = new URL(t.mcpUrl).origin;
    for (const path of [
      '/.well-known/oauth-protected-resource',
      '/.well-known/oauth-protected-resource/mcp',
    ]) {
      const metadata = await t.rest('GET', path);
      expect(metadata.status).toBe(200);
      expect(metadata.body).toMatchObject({
        resource: `${origin}/mcp`,
        authorization_servers: [`${origin}/oauth`],
      });
    }
    const server = await t.rest('GET', '/.well-known/oauth-authorization-server/oauth');
    expect(server.body).toMatchObject({
      issuer: `${origin}/oauth`,
      code_challenge_methods_supported: ['S256'],
      registration_endpoint: `${origin}/oauth/register`,
    });
    expect(server.body).not.toHaveProperty('scopes_supported');
  });
});

describe('the development authorization server refuses what OAuth 2.1 forbids', () => {
  async function registered() {
    const response = await t.rest('POST', '/oauth/register', undefined, { redirect_uris: [REDIRECT] });
    expect(response.status).toBe(201);
    return response.body.client_id as string;
  }
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const authorize = (params: Record<string, string>) =>
    fetch(`${t.server.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ response_type: 'code', redirect_uri: REDIRECT, sub: 'pat', ...params }),
      redirect: 'manual',
    });
  const token = (params: Record<string, string>) =>
    fetch(`${t.server.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        ...params,
      }),
    });

  it('requires PKCE S256, a registered client and its exact redirect URI', async () => {
    const clientId = await registered();
    expect((await authorize({ client_id: clientId })).status).toBe(400);
    expect(
      (await authorize({ client_id: clientId, code_challenge: challenge, code_challenge_method: 'plain' }))
        .status,
    ).toBe(400);
    const other = { client_id: clientId, code_challenge: challenge, code_challenge_method: 'S256' };
    expect((await authorize({ ...other, redirect_uri: `${REDIRECT}/x` })).status).toBe(400);
    expect((await authorize({ ...other, client_id: 'dev_unknown' })).status).toBe(400);
    const refused = await t.rest('POST', '/oauth/register', undefined, {
      redirect_uris: ['http://evil.example/cb'],
    });
    expect(refused.body).toMatchObject({ error: 'invalid_redirect_uri' });
  });

  it('redeems a code once, with the verifier of its challenge', async () => {
    const clientId = await registered();
    const params = { client_id: clientId, code_challenge: challenge, code_challenge_method: 'S256' };
    const codeOf = async () =>
      new URL((await authorize(params)).headers.get('location') as string).searchParams.get('code') as string;
    const wrong = await token({ client_id: clientId, code: await codeOf(), code_verifier: `${verifier}x` });
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const code = await codeOf();
    const granted = await token({ client_id: clientId, code });
    expect(granted.status).toBe(200);
    const grant = (await granted.json()) as { access_token: string };
    // OAuth 2.1's answer only: the development ID token is no OIDC ID token for this client.
    expect(Object.keys(grant).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
    const accessToken = grant.access_token;
    const again = await token({ client_id: clientId, code });
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    // The token is the user's ID token: key management accepts it.
    expect((await t.rest('GET', '/api/v1/api-keys', accessToken)).status).toBe(200);
  });

  it('answers malformed requests with clear errors, never a 500', async () => {
    const json = await fetch(`${t.server.url}/oauth/token`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect((await token({ grant_type: 'password' })).status).toBe(400);
    const large = await token({ code: 'x'.repeat(100_000) });
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: 'invalid_request' });
    expect((await t.rest('POST', '/oauth/register', undefined, { redirect_uris: 'x' })).status).toBe(400);
    expect((await t.rest('GET', '/oauth/token')).status).toBe(405);
    expect((await t.rest('POST', '/.well-known/oauth-protected-resource')).status).toBe(405);
  });
});

describe('with a configured identity provider', () => {
  it('names it in the metadata and runs no development authorization server', async () => {
    const issuer = 'https://idp.example.com';
    const configured = await startMcpTestServer({
      IDP_ISSUER: issuer,
      IDP_AUDIENCE: 'course-service',
      IDP_JWKS_URL: `${issuer}/jwks.json`,
    });
    try {
      const metadata = await configured.rest('GET', '/.well-known/oauth-protected-resource/mcp');
      expect(metadata.body.authorization_servers).toEqual([issuer]);
      for (const path of [
        '/.well-known/oauth-authorization-server/oauth',
        '/oauth/authorize',
        '/dev/token',
      ]) {
        expect((await configured.rest('GET', path)).status, path).toBe(404);
      }
      expect(
        (await configured.rest('POST', '/oauth/register', undefined, { redirect_uris: [REDIRECT] })).status,
      ).toBe(404);
    } finally {
      await configured.close();
    }
  });
});
