import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';
import {
  type HostileIdentityProvider,
  startHostileIdentityProvider,
} from '../../test-support/server/hostile-identity-provider.ts';

// API7:2023 Server-side request forgery. The server makes two kinds of outbound request: the JWKS
// fetch, to the URL in its configuration, and webhook deliveries, to the endpoints a client saves,
// which must be https on public addresses (checked on save and again at each delivery:
// server/webhooks/address-refused-at-delivery.test.ts, node-webhook-transport.test.ts). URLs a
// client puts anywhere else (token headers `jku`/`x5u`, bodies, Host and forwarding headers, MCP
// arguments) are never fetched.
describe('API7 SSRF: the configured JWKS URL is the only outbound request', () => {
  let idp: HostileIdentityProvider;
  let server: TestServer;
  let trap: ReturnType<typeof createServer>;
  let trapUrl: string;
  const trapHits: string[] = [];
  const outbound: string[] = [];
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    trap = createServer((req, res) => {
      trapHits.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    idp = await startHostileIdentityProvider();
    server = await startTestServer(idp.env());
    // Observes (does not change) every fetch made in this process, the server's included.
    globalThis.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.startsWith(server.url)) outbound.push(url);
      return realFetch(input, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await server.close();
    await idp.close();
    trap.closeAllConnections();
    trap.close();
  });

  it('fetches nothing a client names, in tokens, bodies, headers or MCP calls', async () => {
    const token = await idp.sign({}, { jku: `${trapUrl}/jku`, x5u: `${trapUrl}/x5u` });
    const headers = { 'X-Forwarded-Host': `${trapUrl.slice(7)}`, Referer: `${trapUrl}/referer` };
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: token,
      headers,
      body: { name: `${trapUrl}/name` },
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    const course = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      headers: { ...headers, Host: trapUrl.slice(7) },
      body: { name: 'SSRF', description: `${trapUrl}/description http://169.254.169.254/latest/meta-data/` },
    });
    expect(course.status).toBe(201);
    await server.call('GET', `/api/v1/courses?cursor=${encodeURIComponent(`${trapUrl}/cursor`)}`, {
      bearer: key,
    });
    await server.call('POST', '/mcp', {
      bearer: key,
      headers: { Accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_course', arguments: { courseId: `${trapUrl}/x` } },
      },
    });
    expect(trapHits).toEqual([]);
    expect(new Set(outbound)).toEqual(new Set([idp.jwksUrl]));
    expect(idp.requests.every((request) => request === 'GET /jwks.json')).toBe(true);
  });
});

// In production: a development server lets endpoints reach the developer's own machine.
describe('API7 SSRF: a webhook endpoint cannot point the server at itself or its network', () => {
  let idp: HostileIdentityProvider;
  let server: TestServer;
  let trap: ReturnType<typeof createServer>;
  let trapPort: number;
  const trapHits: string[] = [];

  beforeAll(async () => {
    trap = createServer((req, res) => {
      trapHits.push(`${req.method} ${req.url}`);
      res.end();
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapPort = (trap.address() as AddressInfo).port;
    idp = await startHostileIdentityProvider();
    server = await startTestServer({
      NODE_ENV: 'production',
      API_KEY_HASH_SECRET: 's'.repeat(32),
      ...idp.env(),
    });
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
    trap.closeAllConnections();
    trap.close();
  });

  /** A key with every scope for a subject of the production server's identity provider. */
  const apiKeyOf = async (subject: string) => {
    const created = await server.call('POST', '/api/v1/api-keys', {
      bearer: await idp.sign({ sub: subject }),
      body: { name: 'ssrf' },
    });
    return created.body.key as string;
  };

  it.each([
    ['loopback', () => `https://127.0.0.1:${trapPort}/hook`],
    ['loopback by name', () => `https://localhost:${trapPort}/hook`],
    ['loopback as a decimal number', () => `https://2130706433:${trapPort}/hook`],
    ['IPv6 loopback', () => `https://[::1]:${trapPort}/hook`],
    ['IPv4-mapped IPv6', () => `https://[::ffff:127.0.0.1]:${trapPort}/hook`],
    ['a private range', () => 'https://10.0.0.7/hook'],
    ['a private range (192.168)', () => 'https://192.168.1.1/hook'],
    ['link-local', () => 'https://169.254.10.10/hook'],
    ['cloud metadata', () => 'https://169.254.169.254/latest/meta-data/'],
    ['plain http', () => 'http://93.184.216.34/hook'],
    ['credentials in the URL', () => 'https://user:secret@93.184.216.34/hook'],
  ])('refuses %s with 400 naming /url, and never calls it', async (_case, url) => {
    const key = await apiKeyOf(`ssrf-${_case}`);
    const created = await server.call('POST', '/api/v1/webhook-endpoints', {
      bearer: key,
      body: { url: url() },
    });
    expect(created.status).toBe(400);
    expect(created.body.code).toBe('validation_failed');
    expect(created.body.errors).toEqual([expect.objectContaining({ location: 'body', pointer: '/url' })]);
    // A course change queues nothing towards it.
    await server.call('POST', '/api/v1/courses', { bearer: key, body: { name: 'SSRF', description: '' } });
    const endpoints = await server.call('GET', '/api/v1/webhook-endpoints', { bearer: key });
    expect(endpoints.body.data).toEqual([]);
    expect(trapHits).toEqual([]);
  });
});
