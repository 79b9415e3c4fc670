import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type McpTestServer, startMcpTestServer } from '../../test-support/server/mcp-test-server.ts';

// Behind a reverse proxy the sign-in metadata must name the URL clients use, not the one the proxy
// used: the MCP client refuses metadata whose `resource` is not the endpoint it called.

const PROXIED = {
  'x-forwarded-host': 'courses.example.com, internal-lb:8080',
  'x-forwarded-proto': 'https, http',
};

let trusted: McpTestServer;
let direct: McpTestServer;
beforeAll(async () => {
  [trusted, direct] = await Promise.all([startMcpTestServer({ TRUST_PROXY: 'true' }), startMcpTestServer()]);
});
afterAll(() => Promise.all([trusted?.close(), direct?.close()]));

async function metadata(t: McpTestServer, headers: Record<string, string>) {
  const response = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', t.mcpUrl), { headers });
  return (await response.json()) as { resource: string; authorization_servers: string[] };
}

async function challenge(t: McpTestServer, headers: Record<string, string>) {
  const response = await fetch(t.mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.arrayBuffer();
  return response.headers.get('www-authenticate');
}

describe('the sign-in metadata behind a reverse proxy', () => {
  it('names the first forwarded host and scheme when TRUST_PROXY is set', async () => {
    expect(await metadata(trusted, PROXIED)).toMatchObject({
      resource: 'https://courses.example.com/mcp',
      authorization_servers: ['https://courses.example.com/oauth'],
    });
    expect(await challenge(trusted, PROXIED)).toContain(
      'resource_metadata="https://courses.example.com/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('ignores forwarded headers otherwise, and a forwarded host that is not a host name', async () => {
    const own = new URL(direct.mcpUrl).host;
    expect((await metadata(direct, PROXIED)).resource).toBe(`http://${own}/mcp`);
    expect(await challenge(direct, PROXIED)).toContain(`resource_metadata="http://${own}/.well-known/`);
    const odd = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', trusted.mcpUrl), {
      headers: { 'x-forwarded-host': 'evil.example/"x' },
    });
    expect(odd.status).toBe(400);
  });
});
