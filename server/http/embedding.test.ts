import type { Middleware } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../http-server.ts';
import { startServer } from '../start-server.ts';

// What an embedder adds through the documented extension point (`createApp`'s or `startServer`'s
// `middleware`) runs for every request, API included, before and after the service, as Koa does.
const seen: string[] = [];
const embedder: Middleware = async (ctx, next) => {
  ctx.set('X-Before', 'set before the service');
  await next();
  seen.push(`${ctx.method} ${ctx.path} ${ctx.status}`);
  ctx.set('X-Served-By', 'embedder');
};

let server: RunningServer;
let key: string;
beforeAll(async () => {
  server = await startServer({ middleware: [embedder], env: { MCP_MASTER_API_KEY: 'm'.repeat(40) } });
  const post = (path: string, body: unknown, bearer?: string) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(bearer && { Authorization: `Bearer ${bearer}` }) },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const { idToken } = await post('/dev/token', { sub: 'embedder' });
  key = (await post('/api/v1/api-keys', { name: 'embedding' }, idToken)).key;
});
afterAll(() => server.close());

describe('middleware added by an embedder', () => {
  it('runs for every request, sees its status and may add headers before and after the service', async () => {
    seen.length = 0;
    const calls: Array<[string, RequestInit, number]> = [
      ['/api/v1/courses', { headers: { 'X-API-Key': key } }, 200],
      ['/api/v1/courses', { method: 'POST', headers: { 'X-API-Key': key }, body: '{}' }, 415],
      ['/api/v1/courses', {}, 401],
      ['/healthz', {}, 200],
      ['/nowhere', {}, 404],
      ['/api/v1/courses', { method: 'PUT' }, 405],
      ['/dashboard/config.json', {}, 200],
      [
        '/mcp',
        {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${'m'.repeat(40)}`,
            'Content-Type': 'application/json',
            Accept: 'application/json, text/event-stream',
            'MCP-Protocol-Version': '2025-11-25',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
        },
        200,
      ],
    ];
    for (const [path, init, status] of calls) {
      const response = await fetch(`${server.url}${path}`, init);
      await response.arrayBuffer();
      expect([path, response.status]).toEqual([path, status]);
      expect(response.headers.get('x-before')).toBe('set before the service');
      expect(response.headers.get('x-served-by')).toBe('embedder');
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(seen).toEqual(calls.map(([path, init, status]) => `${init.method ?? 'GET'} ${path} ${status}`));
  });
});
