import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/harness.ts';
import {
  type HostileIdentityProvider,
  startHostileIdentityProvider,
} from '../test-support/hostile-identity-provider.ts';

// API7:2023 Server-side request forgery. The server makes one kind of outbound request: the JWKS
// fetch, to the URL in its configuration. URLs a client puts anywhere (token headers `jku`/`x5u`,
// bodies, Host and forwarding headers, MCP arguments) are never fetched.
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
