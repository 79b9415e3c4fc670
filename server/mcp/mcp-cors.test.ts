import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../test-support/server/mcp-test-server.ts';

// CORS for browser MCP clients, header by header (mcp-sign-in-browser.test.ts runs the same flow in
// Chromium): `/mcp` answers the origins its guard accepts, the development authorization server's
// registration and token endpoints any origin; the REST API none (api8-security-misconfiguration).

const APP = 'https://app.example';
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
};

let t: McpTestServer;
let key: string;
beforeAll(async () => {
  t = await startMcpTestServer({ MCP_ALLOWED_ORIGINS: APP });
  key = await t.apiKey('cora');
});
afterAll(() => t.close());

function preflight(path: string, origin: string | undefined, requestHeaders?: string): Promise<Response> {
  return fetch(new URL(path, t.server.url), {
    method: 'OPTIONS',
    headers: {
      ...(origin && { origin }),
      'access-control-request-method': 'POST',
      ...(requestHeaders && { 'access-control-request-headers': requestHeaders }),
    },
  });
}

function post(origin: string, bearer?: string): Promise<Response> {
  return fetch(t.mcpUrl, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(bearer && { authorization: `Bearer ${bearer}` }),
    },
    body: JSON.stringify(INITIALIZE),
  });
}

/** The response's `Access-Control-*` headers, by lower-case name. */
const corsOf = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));

describe('/mcp for a page on an accepted origin', () => {
  it.each([
    ['a listed origin', APP],
    ['a loopback origin of a loopback server', 'http://localhost:6274'],
  ])('answers the preflight of %s with 204, allowing POST and the headers it named', async (_, origin) => {
    const response = await preflight('/mcp', origin, 'authorization, content-type, mcp-protocol-version');
    expect(response.status).toBe(204);
    expect(corsOf(response)).toEqual({
      'access-control-allow-origin': origin,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization, content-type, mcp-protocol-version',
      'access-control-max-age': '600',
    });
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('lets the page read the answer and the headers a client needs, errors included', async () => {
    const answered = await post(APP, key);
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as { result: object }).result).toHaveProperty('serverInfo');
    const unauthenticated = await post(APP);
    expect(unauthenticated.status).toBe(401);
    for (const response of [answered, unauthenticated]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(APP);
      expect(response.headers.get('access-control-expose-headers')).toBe(
        'WWW-Authenticate, Mcp-Session-Id, RateLimit, RateLimit-Policy, Retry-After, retry-after-ms, X-Request-Id, Course-Environment',
      );
    }
    expect(unauthenticated.headers.get('www-authenticate')).toMatch(/resource_metadata="/);
  });

  it("lets the page read the 405 of a method /mcp does not take (the SDK's GET for a stream)", async () => {
    const asked = await fetch(t.mcpUrl, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(asked.status).toBe(204);
    const refused = await fetch(t.mcpUrl, { headers: { origin: APP, authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('POST');
    expect(refused.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('allows no headers that are not a list of header names', async () => {
    const response = await preflight('/mcp', APP, 'authorization, x y');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });
});

describe('/mcp for anyone else', () => {
  it('refuses the preflight and the call of a page on another origin, allowing nothing', async () => {
    const refusedPreflight = await preflight('/mcp', 'https://evil.example', 'authorization');
    const refusedCall = await post('https://evil.example', key);
    for (const response of [refusedPreflight, refusedCall]) {
      expect(response.status).toBe(403);
      expect(corsOf(response)).toEqual({});
    }
  });

  it('answers an OPTIONS without Origin or without Access-Control-Request-Method 405', async () => {
    const withoutOrigin = await preflight('/mcp', undefined);
    expect(withoutOrigin.status).toBe(405);
    expect(withoutOrigin.headers.get('allow')).toBe('POST');
    expect(corsOf(withoutOrigin)).toEqual({});
    const notAPreflight = await fetch(t.mcpUrl, { method: 'OPTIONS', headers: { origin: APP } });
    expect(notAPreflight.status).toBe(405);
    expect(notAPreflight.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('echoes only an origin: an Origin header with a path gets no CORS header', async () => {
    const odd = 'http://localhost:6274/x';
    expect(corsOf(await post(odd, key))).toEqual({});
    const refused = await preflight('/mcp', odd, 'authorization');
    expect(refused.status).toBe(405);
    expect(corsOf(refused)).toEqual({});
  });

  it('adds nothing to the answers of a client that sends no Origin', async () => {
    const response = await fetch(t.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify(INITIALIZE),
    });
    expect(response.status).toBe(200);
    expect(corsOf(response)).toEqual({});
  });
});

describe('the development authorization server', () => {
  it.each(['/oauth/register', '/oauth/token'])('answers the preflight of any page for %s', async (path) => {
    const response = await preflight(path, 'https://anywhere.example', 'content-type');
    expect(response.status).toBe(204);
    expect(corsOf(response)).toEqual({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
      'access-control-max-age': '600',
    });
  });

  it('lets any page read its answers, errors included', async () => {
    const registered = await fetch(new URL('/oauth/register', t.server.url), {
      method: 'POST',
      headers: { origin: 'https://anywhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ redirect_uris: ['http://127.0.0.1:9/callback'] }),
    });
    expect(registered.status).toBe(201);
    const refused = await fetch(new URL('/oauth/token', t.server.url), {
      method: 'POST',
      headers: { origin: 'https://anywhere.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=password',
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'unsupported_grant_type' });
    for (const response of [registered, refused]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Request-Id');
    }
  });

  it('keeps the sign-in form out of it: /oauth/authorize is a page, not an API', async () => {
    const response = await preflight('/oauth/authorize', 'https://anywhere.example');
    expect(response.status).toBe(405);
    expect(corsOf(response)).toEqual({});
  });
});
