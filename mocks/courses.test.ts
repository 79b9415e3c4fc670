import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ConflictError, createCourseClient, NotFoundError, NotModified } from '../sdk/index.ts';
import { useCourseServiceMock } from '../test-support/mocks/mock-server.ts';
import { createCourseServiceMock, mockApiKey } from './index.ts';

const key = mockApiKey('courses-test');
const other = mockApiKey('someone-else');
const mock = useCourseServiceMock({
  apiKeys: [{ key }, { key: other, owner: 'bob' }],
  seed: { courses: [{ name: 'Seeded', description: 'From the seed', status: 'published' }] },
});
const client = createCourseClient({ baseUrl: mock.baseUrl, apiKey: key, maxRetries: 0 });

describe('courses against the mock', () => {
  it('lists a created course, newest first after the seed', async () => {
    const created = await client.courses.create({ name: 'Databases', description: 'SQL' });
    expect(created).toMatchObject({ name: 'Databases', status: 'draft', publishedAt: null });
    const page = await client.courses.listPage();
    expect(page.data.map((c) => c.name)).toEqual(['Databases', 'Seeded']);
  });

  it('shows an update on get, and keeps other owners apart', async () => {
    const { id } = await client.courses.create({ name: 'Old', description: 'd' });
    await client.courses.update(id, { name: 'New' });
    expect(await client.courses.get(id)).toMatchObject({ name: 'New', description: 'd' });
    const bob = createCourseClient({ baseUrl: mock.baseUrl, apiKey: other, maxRetries: 0 });
    await expect(bob.courses.get(id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('follows the lifecycle and refuses illegal transitions with the allowed ones', async () => {
    const { id } = await client.courses.create({ name: 'Life', description: '' });
    expect((await client.courses.publish(id)).status).toBe('published');
    const error = await client.courses.publish(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).problem).toMatchObject({
      code: 'invalid_transition',
      currentStatus: 'published',
      allowedTransitions: ['archive'],
    });
    await expect(client.courses.delete(id)).rejects.toMatchObject({ code: 'invalid_course_state' });
    const archived = await client.courses.archive(id);
    expect(archived.archivedAt).not.toBeNull();
    await expect(client.courses.update(id, { name: 'x' })).rejects.toMatchObject({ code: 'course_archived' });
    expect(await client.courses.restore(id)).toMatchObject({ status: 'draft', archivedAt: null });
    await client.courses.delete(id);
    await expect(client.courses.get(id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('pages for real, with a status filter and a cursor', async () => {
    for (const name of ['A', 'B', 'C']) await client.courses.create({ name, description: '' });
    const first = await client.courses.listPage({ limit: 2, status: 'draft' });
    expect(first).toMatchObject({ hasMore: true, data: [{ name: 'C' }, { name: 'B' }] });
    const second = await client.courses.listPage({
      limit: 2,
      status: 'draft',
      cursor: first.nextCursor as string,
    });
    expect(second).toEqual({
      data: [expect.objectContaining({ name: 'A' })],
      hasMore: false,
      nextCursor: null,
    });
    const all = [];
    for await (const course of client.courses.list({ limit: 1 })) all.push(course.name);
    expect(all).toEqual(['C', 'B', 'A', 'Seeded']);
    await expect(client.courses.listPage({ cursor: 'bm9wZQ' })).rejects.toMatchObject({
      code: 'invalid_cursor',
    });
  });

  it('restores the seed on reset', async () => {
    await client.courses.create({ name: 'Temporary', description: '' });
    mock.reset();
    expect((await client.courses.listPage()).data.map((c) => c.name)).toEqual(['Seeded']);
  });

  it('resets at once after creation, while its first seed is still going in', async () => {
    const fresh = createCourseServiceMock({
      baseUrl: 'http://fresh.test',
      apiKeys: [{ key }],
      seed: { courses: [{ name: 'Seeded' }] },
    });
    fresh.reset();
    const request = new Request('http://fresh.test/api/v1/courses', { headers: { 'X-API-Key': key } });
    const response = (await getResponse(fresh.handlers, request)) as Response;
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: { name: string }[] };
    expect(page.data.map((c) => c.name)).toEqual(['Seeded']);
  });
});

describe('conditional reads against the mock', () => {
  it('tags a course and a page, answers 304 while unchanged, and a new body after a change', async () => {
    const { id } = await client.courses.create({ name: 'Tagged', description: '' });
    const { etag } = await client.courses.get(id).withResponse();
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(await client.courses.get(id, { ifNoneMatch: etag as string })).toBeInstanceOf(NotModified);
    const page = await client.courses.listPage({ limit: 2 }).withResponse();
    expect(await client.courses.listPage({ limit: 2 }, { ifNoneMatch: page.etag as string })).toBeInstanceOf(
      NotModified,
    );
    await client.courses.update(id, { name: 'Retagged' });
    expect(await client.courses.get(id, { ifNoneMatch: etag as string })).toMatchObject({ name: 'Retagged' });
    const changed = await client.courses.listPage({ limit: 2 }, { ifNoneMatch: page.etag as string });
    expect(changed).not.toBeInstanceOf(NotModified);
  });
});
