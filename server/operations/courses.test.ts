import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/server/harness.ts';

let server: TestServer;
let key: string;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_MAX: '100000' });
  key = await server.apiKey('alice');
});
afterAll(() => server.close());

const create = async (name: string, bearer = key) =>
  (await server.call('POST', '/api/v1/courses', { bearer, body: { name, description: `About ${name}` } }))
    .body;

describe('courses', () => {
  it('creates a draft course with Location, and gets it', async () => {
    const response = await server.call('POST', '/api/v1/courses', {
      bearer: key,
      body: { name: 'Algebra', description: 'Linear' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Algebra',
      description: 'Linear',
      status: 'draft',
      publishedAt: null,
      archivedAt: null,
    });
    expect(response.headers.get('location')).toBe(`/api/v1/courses/${response.body.id}`);
    expect((await server.call('GET', `/api/v1/courses/${response.body.id}`, { bearer: key })).body).toEqual(
      response.body,
    );
  });

  it('updates only the fields sent', async () => {
    const course = await create('Geometry');
    const response = await server.call('PATCH', `/api/v1/courses/${course.id}`, {
      bearer: key,
      body: { name: 'Geometry II' },
    });
    expect(response.body).toMatchObject({ name: 'Geometry II', description: course.description });
    expect(response.body.updatedAt >= course.updatedAt).toBe(true);
    // Reads serve cached JSON per version of a course: they must show the new version at once.
    expect((await server.call('GET', `/api/v1/courses/${course.id}`, { bearer: key })).body).toEqual(
      response.body,
    );
    const listed = (await server.call('GET', '/api/v1/courses?limit=100', { bearer: key })).body.data;
    expect(listed.find((c: { id: string }) => c.id === course.id)).toEqual(response.body);
    const empty = await server.call('PATCH', `/api/v1/courses/${course.id}`, { bearer: key, body: {} });
    expect(empty.status).toBe(400);
  });

  it('follows the lifecycle draft → published → archived → draft', async () => {
    const { id } = await create('Lifecycle');
    const publish = await server.call('POST', `/api/v1/courses/${id}/publish`, { bearer: key });
    expect(publish.body).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    const archive = await server.call('POST', `/api/v1/courses/${id}/archive`, { bearer: key });
    expect(archive.body).toMatchObject({ status: 'archived', archivedAt: expect.any(String) });
    const restore = await server.call('POST', `/api/v1/courses/${id}/restore`, { bearer: key });
    expect(restore.body).toMatchObject({
      status: 'draft',
      archivedAt: null,
      publishedAt: publish.body.publishedAt,
    });
  });

  it('answers an illegal transition with 409 naming the allowed ones', async () => {
    const { id } = await create('Illegal');
    await server.call('POST', `/api/v1/courses/${id}/archive`, { bearer: key });
    const response = await server.call('POST', `/api/v1/courses/${id}/publish`, { bearer: key });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'invalid_transition',
      currentStatus: 'archived',
      allowedTransitions: ['restore'],
    });
    const restoreDraft = await server.call('POST', `/api/v1/courses/${(await create('Draft')).id}/restore`, {
      bearer: key,
    });
    expect(restoreDraft.body.allowedTransitions).toEqual(['publish', 'archive']);
  });

  it('keeps archived courses read-only and published ones undeletable', async () => {
    const archived = await create('Archived');
    await server.call('POST', `/api/v1/courses/${archived.id}/archive`, { bearer: key });
    const edit = await server.call('PATCH', `/api/v1/courses/${archived.id}`, {
      bearer: key,
      body: { name: 'x' },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('course_archived');
    const published = await create('Published');
    await server.call('POST', `/api/v1/courses/${published.id}/publish`, { bearer: key });
    const remove = await server.call('DELETE', `/api/v1/courses/${published.id}`, { bearer: key });
    expect(remove.status).toBe(409);
    expect(remove.body.code).toBe('invalid_course_state');
  });

  it('deletes a draft for good', async () => {
    const { id } = await create('Doomed');
    const response = await server.call('DELETE', `/api/v1/courses/${id}`, { bearer: key });
    expect(response.status).toBe(204);
    expect(response.body).toBe('');
    expect((await server.call('GET', `/api/v1/courses/${id}`, { bearer: key })).status).toBe(404);
  });

  it('isolates owners: another account’s course answers 404 like a missing one', async () => {
    const mine = await create('Private');
    const bob = await server.apiKey('bob');
    const missing = await server.call('GET', '/api/v1/courses/crs_0000000000000000', { bearer: bob });
    for (const [method, path, body] of [
      ['GET', `/api/v1/courses/${mine.id}`, undefined],
      ['PATCH', `/api/v1/courses/${mine.id}`, { name: 'stolen' }],
      ['DELETE', `/api/v1/courses/${mine.id}`, undefined],
      ['POST', `/api/v1/courses/${mine.id}/publish`, undefined],
    ] as const) {
      const response = await server.call(method, path, { bearer: bob, body });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe(missing.body.detail.replace('crs_0000000000000000', mine.id));
    }
    const list = await server.call('GET', '/api/v1/courses?limit=100', { bearer: bob });
    expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(mine.id);
    expect((await server.call('GET', `/api/v1/courses/${mine.id}`, { bearer: key })).body.name).toBe(
      'Private',
    );
  });
});

describe('course list', () => {
  it('pages newest first, every item exactly once under concurrent inserts', async () => {
    const carol = await server.apiKey('carol');
    const before = [];
    for (let i = 0; i < 25; i++) before.push((await create(`Course ${i}`, carol)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const query: string = cursor ? `?limit=7&cursor=${cursor}` : '?limit=7';
      const response = await server.call('GET', `/api/v1/courses${query}`, { bearer: carol });
      seen.push(...response.body.data.map((c: { id: string }) => c.id));
      cursor = response.body.nextCursor;
      expect(response.body.hasMore).toBe(cursor !== null);
      if (page++ === 1) await Promise.all([create('Late 1', carol), create('Late 2', carol)]);
    } while (cursor);
    expect(seen).toEqual([...before].reverse());
  });

  it('filters by status', async () => {
    const dave = await server.apiKey('dave');
    const published = await create('Pub', dave);
    await create('Draft', dave);
    await server.call('POST', `/api/v1/courses/${published.id}/publish`, { bearer: dave });
    const response = await server.call('GET', '/api/v1/courses?status=published', { bearer: dave });
    expect(response.body.data.map((c: { id: string }) => c.id)).toEqual([published.id]);
  });

  it('refuses a cursor it did not issue', async () => {
    const response = await server.call('GET', '/api/v1/courses?cursor=Zm9vYmFy', { bearer: key });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_cursor');
  });
});
