import type { Context, Next } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countedRoutes } from '../../test-support/server/prometheus-text.ts';
import type { RunningServer } from '../http-server.ts';
import { startServer } from '../start-server.ts';

// The MCP endpoint's browser concerns (Origin refusal, CORS, preflights, the sign-in challenge)
// are Koa middleware in front of the service on `/mcp`, not the core's: an embedder's middleware
// sees their answers as it sees any other, and metrics name them by the endpoint's route.
// Header by header, mcp-cors.test.ts and mcp-security.test.ts hold what they answer.

const APP = 'https://app.example';
const seen: string[] = [];
let server: RunningServer;
beforeAll(async () => {
  const watch = async (ctx: Context, next: Next) => {
    await next();
    if (ctx.path.startsWith('/mcp'))
      seen.push(`${ctx.method} ${ctx.status} ${ctx.response.get('Access-Control-Allow-Origin') || '-'}`);
  };
  server = await startServer({ env: { METRICS: 'on', MCP_ALLOWED_ORIGINS: APP }, middleware: [watch] });
});
afterAll(() => server.close());

const preflight = (origin: string, path = '/mcp') =>
  fetch(`${server.url}${path}`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST' },
  });
const call = (headers: Record<string, string>) =>
  fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });

describe('the MCP browser guard', () => {
  it("answers in front of the service, and the embedder's middleware sees each answer after next()", async () => {
    seen.length = 0;
    expect((await preflight(APP)).status).toBe(204);
    expect((await preflight('https://evil.example')).status).toBe(403);
    const refused = await call({ origin: 'https://evil.example' });
    expect([refused.status, await refused.json()]).toEqual([
      403,
      {
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message:
            "Origin 'https://evil.example' is not allowed to call this MCP endpoint (see MCP_ALLOWED_ORIGINS).",
        },
        id: null,
      },
    ]);
    const challenged = await call({ origin: APP });
    expect(challenged.status).toBe(401);
    expect(challenged.headers.get('www-authenticate')).toMatch(
      /^Bearer realm="course-service", resource_metadata="http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
    expect(seen).toEqual([`OPTIONS 204 ${APP}`, 'OPTIONS 403 -', 'POST 403 -', `POST 401 ${APP}`]);
  });

  it('guards the path the spec routes to MCP, a trailing slash included, and no other', async () => {
    expect((await preflight(APP, '/mcp/')).status).toBe(204);
    const api = await preflight(APP, '/api/v1/courses');
    expect(api.status).toBe(405);
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("names its answers by the endpoint's route for metrics; the 405 of other methods is unmatched", async () => {
    await fetch(`${server.url}/mcp`, { method: 'OPTIONS' });
    const counted = await countedRoutes(server.url);
    expect(counted).toEqual(
      expect.arrayContaining(['OPTIONS /mcp 204', 'OPTIONS /mcp 403', 'POST /mcp 403', 'POST /mcp 401']),
    );
    expect(counted).toContain('OPTIONS unmatched 405');
  });
});
