import { describe, expect, it } from 'vitest';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';
import { mockApiKey } from './index.ts';

const key = mockApiKey('service-test');
const mock = useCourseServiceMock({ apiKeys: [{ key }], idTokens: { 'admin-token': 'mock-user' } });
const url = (path: string) => `${mock.baseUrl}${path}`;
const json = (body: unknown, credential = key) => ({
  method: 'POST',
  headers: { Authorization: `Bearer ${credential}`, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe('HTTP behaviour, as the server shows it', () => {
  it('serves its OpenAPI document with an ETag, and 304 for a matching If-None-Match', async () => {
    const first = await fetch(url('/api/openapi'));
    expect(first.status).toBe(200);
    expect(((await first.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./);
    const etag = first.headers.get('ETag') as string;
    const again = await fetch(url('/api/openapi'), { headers: { 'If-None-Match': etag } });
    expect([again.status, again.headers.get('ETag')]).toEqual([304, etag]);
  });

  it('is healthy, and echoes a well-formed X-Request-Id', async () => {
    const response = await fetch(url('/healthz'), { headers: { 'X-Request-Id': 'trace-42' } });
    expect(await response.json()).toEqual({
      status: 'ok',
      version: expect.any(String),
      checks: { database: { status: 'up' } },
    });
    expect(response.headers.get('X-Request-Id')).toBe('trace-42');
    const generated = await fetch(url('/healthz'), { headers: { 'X-Request-Id': 'not well formed!' } });
    expect(generated.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 404 for unknown paths and 405 with Allow for unknown methods', async () => {
    const missing = await fetch(url('/api/v2/nothing'));
    expect([missing.status, ((await missing.json()) as { code: string }).code]).toEqual([404, 'not_found']);
    const wrong = await fetch(url('/api/v1/courses'), { method: 'PUT' });
    expect([wrong.status, wrong.headers.get('Allow')]).toEqual([405, 'GET, HEAD, POST']);
  });

  it('answers HEAD as GET, without a body', async () => {
    const head = await fetch(url('/healthz'), { method: 'HEAD' });
    expect([head.status, head.headers.get('Content-Type'), await head.text()]).toEqual([
      200,
      'application/json; charset=utf-8',
      '',
    ]);
  });

  it('sets Location on a created course and Cache-Control: no-store on a created key', async () => {
    const course = await fetch(url('/api/v1/courses'), json({ name: 'Located', description: '' }));
    const { id } = (await course.json()) as { id: string };
    expect([course.status, course.headers.get('Location')]).toEqual([201, `/api/v1/courses/${id}`]);
    const created = await fetch(url('/api/v1/api-keys'), json({ name: 'k' }, 'admin-token'));
    expect([created.status, created.headers.get('Cache-Control')]).toEqual([201, 'no-store']);
  });

  it('refuses bodies that are too large (413) or not JSON (415)', async () => {
    const large = await fetch(url('/api/v1/courses'), json({ name: 'x', description: 'y'.repeat(70_000) }));
    expect(large.status).toBe(413);
    const text = await fetch(url('/api/v1/courses'), {
      ...json({}),
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'text/plain' },
    });
    expect(((await text.json()) as { code: string }).code).toBe('unsupported_media_type');
  });

  it('answers MCP requests with a JSON-RPC error saying MCP is not mocked', async () => {
    const response = await fetch(url('/mcp'), json({ jsonrpc: '2.0', id: 7, method: 'tools/list' }));
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: expect.stringContaining('not MCP') },
    });
  });
});
