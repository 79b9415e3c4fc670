import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  key = await server.apiKey('etag-owner');
});
afterAll(() => server.close());

const create = async (name: string) =>
  (await server.call('POST', '/api/v1/courses', { bearer: key, body: { name, description: 'ETags' } })).body;
const get = (path: string, ifNoneMatch?: string, bearer = key) =>
  server.call('GET', path, { bearer, ...(ifNoneMatch ? { headers: { 'if-none-match': ifNoneMatch } } : {}) });

describe('conditional reads (ETag, If-None-Match → 304)', () => {
  it('answers getCourse with a strong ETag, and 304 without a body while the course is unchanged', async () => {
    const { id } = await create('Etag course');
    const first = await get(`/api/v1/courses/${id}`);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    for (const validator of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`/api/v1/courses/${id}`, validator);
      expect([again.status, again.body, again.headers.get('etag')]).toEqual([304, '', etag]);
      expect(again.headers.get('ratelimit')).toMatch(/^"courses";r=\d+;t=\d+$/);
      expect(again.headers.get('x-request-id')).toBeTruthy();
    }
    expect((await get(`/api/v1/courses/${id}`, '"not-this-one"')).status).toBe(200);
  });

  it('changes the ETag when the course changes, so an old one gets the new body', async () => {
    const { id } = await create('Changing course');
    const before = (await get(`/api/v1/courses/${id}`)).headers.get('etag') as string;
    await server.call('PATCH', `/api/v1/courses/${id}`, { bearer: key, body: { name: 'Changed course' } });
    const after = await get(`/api/v1/courses/${id}`, before);
    expect(after.status).toBe(200);
    expect(after.body.name).toBe('Changed course');
    expect(after.headers.get('etag')).not.toBe(before);
  });

  it('tags list pages: 304 while the page is unchanged, 200 with a new tag after a create', async () => {
    for (const n of [1, 2, 3, 4, 5, 6]) await create(`List ${n}`);
    const page = await get('/api/v1/courses?limit=5');
    const etag = page.headers.get('etag') as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await get('/api/v1/courses?limit=5', etag)).status).toBe(304);
    // A page of another size holds other bytes, so its tag differs.
    expect((await get('/api/v1/courses?limit=4', etag)).status).toBe(200);
    await create('List newest');
    const changed = await get('/api/v1/courses?limit=5', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.data[0].name).toBe('List newest');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('checks credentials, scope and existence before answering 304', async () => {
    const { id } = await create('Guarded course');
    const etag = (await get(`/api/v1/courses/${id}`)).headers.get('etag') as string;
    const stranger = await server.apiKey('etag-stranger');
    expect((await get(`/api/v1/courses/${id}`, etag, stranger)).status).toBe(404);
    expect((await get(`/api/v1/courses/${id}`, '*', 'cms_prod_notakey')).status).toBe(401);
    expect((await get('/api/v1/courses/crs_0000000000000000', '*')).status).toBe(404);
  });

  it('refuses an If-None-Match longer than the spec allows with a problem, not a 500', async () => {
    const response = await get('/api/v1/courses', `"${'a'.repeat(1100)}"`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(response.body.code).toBe('validation_failed');
  });
});
