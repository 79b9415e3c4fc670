import { type CallToolResult, ProtocolError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type McpTestServer,
  startMcpTestServer,
  TEST_MASTER_KEY,
} from '../../test-support/server/mcp-test-server.ts';

const ALLOWED_ORIGIN = 'https://console.example.com';
let t: McpTestServer;
let readOnlyKey: string;
beforeAll(async () => {
  t = await startMcpTestServer({ MCP_ALLOWED_ORIGINS: ALLOWED_ORIGIN });
  readOnlyKey = await t.apiKey('ivan', ['courses:read']);
});
afterAll(() => t.close());

const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

/** A raw POST to /mcp, as the 2025-11-25 revision sends it. */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(t.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe('authentication in front of MCP', () => {
  it('answers a request without a credential with 401 and a Bearer challenge naming the sign-in metadata', async () => {
    const response = await post(LIST_TOOLS);
    expect(response.status).toBe(401);
    const { host } = new URL(t.mcpUrl);
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer realm="course-service", resource_metadata="http://${host}/.well-known/oauth-protected-resource/mcp"`,
    );
    expect(response.body).toMatchObject({ code: 'authentication_required' });
  });

  it('answers an unknown or malformed key with 401 invalid_token', async () => {
    for (const bearer of ['cms_prod_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `${TEST_MASTER_KEY}x`, 'nonsense']) {
      const response = await post(LIST_TOOLS, { authorization: `Bearer ${bearer}` });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('keeps master mode off when MCP_MASTER_API_KEY is empty', async () => {
    const off = await startMcpTestServer({ MCP_MASTER_API_KEY: '' });
    try {
      const response = await fetch(off.mcpUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_MASTER_KEY}` },
      });
      expect(response.status).toBe(401);
    } finally {
      await off.close();
    }
  });

  it('refuses a read-only key a write tool with a tool error, even though the tool is not listed (403 path)', async () => {
    const client = await t.connect(readOnlyKey);
    const result = (await client.callTool({
      name: 'create_course',
      arguments: { name: 'x', description: '' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/^insufficient_scope: .*'courses:write'/);
    // The same problem as the REST API's 403, missing scopes included.
    expect(result.structuredContent).toMatchObject({
      status: 403,
      code: 'insufficient_scope',
      missingScopes: ['courses:write'],
    });
    expect((await t.rest('GET', '/api/v1/courses', readOnlyKey)).body.data).toEqual([]);
  });

  it('answers an ordinary key calling an administrative tool, and anyone calling an unknown tool, with a protocol error', async () => {
    const client = await t.connect(readOnlyKey);
    for (const name of ['list_api_keys', 'no_such_tool']) {
      const error = await client
        .callTool({ name, arguments: { owner: 'ivan' } })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProtocolError);
      expect((error as ProtocolError).code).toBe(-32602);
    }
  });
});

describe('Origin and Host validation', () => {
  it('answers 403 to an Origin that is not allowed, before authentication', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const response = await post(LIST_TOOLS, { origin, authorization: `Bearer ${TEST_MASTER_KEY}` });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    }
    expect((await post(LIST_TOOLS, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('lets an allowed Origin through, and loopback origins to a loopback-bound server', async () => {
    for (const origin of [ALLOWED_ORIGIN, 'http://localhost:6274', 'http://127.0.0.1:3000']) {
      const response = await post(LIST_TOOLS, { origin, authorization: `Bearer ${TEST_MASTER_KEY}` });
      expect(response.status).toBe(200);
      expect(response.body.result.tools.length).toBeGreaterThan(0);
    }
  });

  it('answers 403 to a rebound Host on a loopback-bound server', async () => {
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        t.mcpUrl,
        { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject).end(JSON.stringify(LIST_TOOLS));
    });
    expect(status).toBe(403);
  });
});

describe('malformed requests', () => {
  const auth = { authorization: `Bearer ${TEST_MASTER_KEY}` };

  it('answers a body that is not JSON with a JSON-RPC parse error', async () => {
    const response = await post('{"jsonrpc": "2.0", "id": 1, "method": ', auth);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
  });

  it('answers JSON that is not a JSON-RPC message with an invalid-request error', async () => {
    const response = await post({ hello: 'world' }, auth);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(-32600);
  });

  it('answers a GET (no sessions, no SSE stream) with 405', async () => {
    const response = await fetch(t.mcpUrl, { headers: { ...auth, accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
  });
});

describe('rate limits', () => {
  it('counts MCP requests against the same quota as REST calls of the same key', async () => {
    const limited = await startMcpTestServer({ RATE_LIMIT_MAX: '3' });
    try {
      const key = await limited.apiKey('judy');
      expect((await limited.rest('GET', '/api/v1/courses', key)).status).toBe(200);
      const request = () =>
        fetch(limited.mcpUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify(LIST_TOOLS),
        });
      const first = await request();
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit')).toMatch(/^"courses";r=1;t=\d+$/);
      expect((await request()).status).toBe(200);
      const refused = await request();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.rest('GET', '/api/v1/courses', key)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it("counts a signed-in user's MCP requests against the subject's course quota, apart from key management", async () => {
    const limited = await startMcpTestServer({ RATE_LIMIT_MAX: '2' });
    try {
      const { idToken } = (await limited.rest('POST', '/dev/token', undefined, { sub: 'kate' })).body as {
        idToken: string;
      };
      const listKeys = () => limited.rest('GET', '/api/v1/api-keys', idToken);
      expect((await listKeys()).status).toBe(200);
      const first = await limited.rpc(idToken, LIST_TOOLS);
      expect([first.status, first.headers.get('ratelimit-policy')]).toEqual([200, '"courses";q=2;w=60']);
      expect(first.headers.get('ratelimit')).toMatch(/^"courses";r=1;t=\d+$/);
      expect((await limited.rpc(idToken, LIST_TOOLS)).status).toBe(200);
      expect((await limited.rpc(idToken, LIST_TOOLS)).status).toBe(429);
      // Key management keeps its own quota: one request of two spent.
      const keys = await listKeys();
      expect([keys.status, keys.headers.get('ratelimit')]).toEqual([
        200,
        expect.stringMatching(/^"api-keys";r=0;/),
      ]);
    } finally {
      await limited.close();
    }
  });
});
