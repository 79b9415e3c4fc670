import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendJson, startHttpServer } from '../test-support/sdk/servers.ts';
import { createCourseClient, listCourses } from './index.ts';

// A real server that answers an empty page to everything, so only the request headers matter.
let stub: Awaited<ReturnType<typeof startHttpServer>>;
beforeAll(async () => {
  stub = await startHttpServer((_req, res) =>
    sendJson(res, 200, { data: [], hasMore: false, nextCursor: null }),
  );
});
afterAll(() => stub.close());

const lastHeaders = () => stub.seen.at(-1)?.headers ?? {};

describe('credentials', () => {
  it('sends the API key as a single Bearer header by default', async () => {
    await createCourseClient({ baseUrl: stub.url, apiKey: 'cms_key' }).courses.listPage();
    expect(lastHeaders().authorization).toBe('Bearer cms_key');
    expect(lastHeaders()['x-api-key']).toBeUndefined();
  });

  it('sends the API key as X-API-Key only, when asked to', async () => {
    await createCourseClient({ baseUrl: stub.url, apiKey: 'cms_key', apiKeyHeader: true }).courses.listPage();
    expect(lastHeaders()['x-api-key']).toBe('cms_key');
    expect(lastHeaders().authorization).toBeUndefined();
  });

  it('sends the ID token, not the API key, for key management', async () => {
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'cms_key', idToken: 'id.token' });
    await client.apiKeys.listPage();
    expect(lastHeaders().authorization).toBe('Bearer id.token');
    await client.courses.listPage();
    expect(lastHeaders().authorization).toBe('Bearer cms_key');
  });

  it('asks a credential function for a fresh value on every request', async () => {
    let n = 0;
    const client = createCourseClient({ baseUrl: stub.url, idToken: async () => `token-${++n}` });
    await client.apiKeys.listPage();
    await client.apiKeys.listPage();
    expect(lastHeaders().authorization).toBe('Bearer token-2');
  });

  it('keeps the credentials of several clients apart', async () => {
    const a = createCourseClient({ baseUrl: stub.url, apiKey: 'key_a' });
    const b = createCourseClient({ baseUrl: stub.url, apiKey: 'key_b', apiKeyHeader: true });
    await Promise.all([a.courses.listPage(), b.courses.listPage()]);
    const sent = stub.seen.slice(-2).map((r) => r.headers.authorization ?? r.headers['x-api-key']);
    expect(sent.sort()).toEqual(['Bearer key_a', 'key_b']);
  });

  it('lends its setup to the generated functions through `raw`', async () => {
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'cms_key', headers: { 'X-Trace': 't1' } });
    const { data } = await listCourses({ client: client.raw, query: { limit: 5 }, throwOnError: true });
    expect(data).toEqual({ data: [], hasMore: false, nextCursor: null });
    expect(stub.seen.at(-1)?.url).toBe('/api/v1/courses?limit=5');
    expect(lastHeaders().authorization).toBe('Bearer cms_key');
    expect(lastHeaders()['x-trace']).toBe('t1');
  });
});

describe('the Request it builds', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has no `client` in its init, which Deno takes for its own HttpClient and refuses', async () => {
    // Deno's check, on any runtime: the generated client spreads its options into the init.
    class DenoRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        if (init && 'client' in init) throw new TypeError("Argument 2 'client' must be a Deno.HttpClient");
        super(input, init);
      }
    }
    vi.stubGlobal('Request', DenoRequest);
    const client = createCourseClient({ baseUrl: stub.url, apiKey: 'cms_key' });
    await expect(client.courses.listPage()).resolves.toMatchObject({ hasMore: false });
    const { data } = await listCourses({ client: client.raw, throwOnError: true });
    expect(data).toMatchObject({ hasMore: false });
  });
});
